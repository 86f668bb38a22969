/// Checked wrappers around the few LAPACK routines Plumbline needs: symmetric eigen decomposition
/// (`?syevr`), singular value decomposition (`?gesvd`) and linear least squares (`?gels`).
///
/// This is the only library code that imports `CLAPACK` (an `internal import`: no LAPACK type or raw
/// routine is part of PlumbKernel's API). Inputs are validated first (shape, finite entries, 32-bit LAPACK
/// dimension limits) and LAPACK `info` codes become ``LinearAlgebraError``. All routines copy their input;
/// nothing is modified in place.
///
/// Threads: the first call sets OpenBLAS to one thread for the whole process (`openblas_set_num_threads(1)`),
/// because the kernel solves only small systems and OpenBLAS's idle workers otherwise spin on the other
/// cores. A process that wants its own count sets `OPENBLAS_NUM_THREADS` before the first call; the kernel
/// then leaves OpenBLAS alone.
public enum LinearAlgebra {
    /// Largest dimension accepted (LAPACK uses 32-bit integers; also caps memory for absurd input).
    public static let maximumDimension = 1 << 24
    /// Largest number of entries accepted in one matrix (128 Mi entries).
    public static let maximumElementCount = 1 << 27

    static func checkShape<S>(_ a: Matrix<S>) throws(LinearAlgebraError) {
        guard a.rows > 0, a.columns > 0 else { throw .emptyMatrix(rows: a.rows, columns: a.columns) }
        guard a.rows <= maximumDimension, a.columns <= maximumDimension,
              a.rows.multipliedReportingOverflow(by: a.columns).partialValue <= maximumElementCount
        else { throw .dimensionTooLarge(rows: a.rows, columns: a.columns) }
    }

    static func translate(info: Int32, routine: String) throws(LinearAlgebraError) {
        if info < 0 { throw .illegalArgument(routine: routine, position: Int(-info)) }
        if info > 0 { throw .failedToConverge(routine: routine, info: Int(info)) }
    }
}
