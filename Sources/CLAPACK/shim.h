// LAPACKE (C interface to LAPACK) and CBLAS, as shipped by Debian's liblapacke-dev and libopenblas-dev.
// Only PlumbKernel's LinearAlgebra wrapper imports this module.
#include <lapacke.h>
#include <cblas.h>
