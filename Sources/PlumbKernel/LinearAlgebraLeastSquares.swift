extension LinearAlgebra {
    /// Solves `min ‖A x − b‖₂` for each column of `b` (LAPACK `?gels`, QR for m ≥ n, minimum-norm LQ
    /// solution for m < n). Returns the n x nrhs solution.
    ///
    /// Rank is checked on the diagonal of the triangular factor: a pivot below
    /// `rankTolerance * max|pivot|` throws ``LinearAlgebraError/rankDeficient(column:)`` (LAPACK only
    /// reports exact zeros). Default tolerance: `max(m, n) * ulp`.
    /// - Throws: ``LinearAlgebraError`` for empty, non-finite, mismatched or rank-deficient input.
    /// - Complexity: O(m n² + m n nrhs).
    public static func leastSquares<S>(
        _ a: Matrix<S>, _ b: Matrix<S>, rankTolerance: S? = nil
    ) throws(LinearAlgebraError) -> Matrix<S> {
        try checkShape(a)
        try checkShape(b)
        guard b.rows == a.rows else {
            throw .dimensionMismatch("right-hand side has \(b.rows) rows, matrix has \(a.rows)")
        }
        try a.validateFinite()
        try b.validateFinite()
        let m = a.rows, n = a.columns, nrhs = b.columns, ldb = max(m, n)
        var work = a.elements
        var rhs = [S](repeating: 0, count: ldb * nrhs)
        for j in 0..<nrhs { for i in 0..<m { rhs[j * ldb + i] = b[i, j] } }
        let info = work.withUnsafeMutableBufferPointer { ap in
            rhs.withUnsafeMutableBufferPointer { bp in
                S.lapack.gels(m: Int32(m), n: Int32(n), nrhs: Int32(nrhs), a: ap.baseAddress!, b: bp.baseAddress!,
                        ldb: Int32(ldb))
            }
        }
        if info > 0 { throw .rankDeficient(column: Int(info) - 1) }
        try translate(info: info, routine: S.lapack.lapackPrefix + "gels")
        let k = min(m, n)
        var maxPivot: S = 0
        for i in 0..<k { maxPivot = max(maxPivot, abs(work[i * m + i])) }
        let tol = (rankTolerance ?? S(max(m, n)) * S.ulpOfOne) * maxPivot
        for i in 0..<k where abs(work[i * m + i]) <= tol { throw .rankDeficient(column: i) }
        var x = Matrix<S>(rows: n, columns: nrhs)
        for j in 0..<nrhs { for i in 0..<n { x[i, j] = rhs[j * ldb + i] } }
        return x
    }
}
