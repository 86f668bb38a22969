// LAPACKE (C interface to LAPACK) and CBLAS, as shipped by Debian's liblapacke-dev and libopenblas-dev.
// Only PlumbKernel's LinearAlgebra wrapper imports this module (`internal import CLAPACK`).
#include <lapacke.h>
#include <cblas.h>

// OpenBLAS's thread count (module.modulemap links libopenblas, which exports both in its serial,
// pthread and OpenMP builds). Declared here as well because <cblas.h> may come from another CBLAS
// (Debian's cblas.h alternative) that does not declare them. The kernel sets 1 before its first LAPACK
// call, unless OPENBLAS_NUM_THREADS is set; the kernel tests read the count back.
void openblas_set_num_threads(int num_threads);
int openblas_get_num_threads(void);
