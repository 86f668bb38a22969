/// Thin singular value decomposition `A = U * diag(singularValues) * Vᵀ` of an m x n matrix.
public struct SingularValueDecomposition<Scalar: LinearAlgebraScalar>: Sendable, Equatable, Codable {
    /// Left singular vectors, m x k with k = min(m, n), orthonormal columns.
    public var u: Matrix<Scalar>
    /// Singular values, k of them, non-negative and descending.
    public var singularValues: [Scalar]
    /// Right singular vectors transposed, k x n, orthonormal rows.
    public var vt: Matrix<Scalar>

    /// Right singular vector `k` (row `k` of ``vt``) as an array of n entries.
    public func rightSingularVector(_ k: Int) -> [Scalar] { (0..<vt.columns).map { vt[k, $0] } }

    /// Ratio of the largest to the smallest singular value (infinite when the smallest is zero).
    public var conditionNumber: Scalar {
        guard let lo = singularValues.last, let hi = singularValues.first else { return 0 }
        return lo > 0 ? hi / lo : .infinity
    }
}

extension LinearAlgebra {
    /// Thin SVD of a general matrix (LAPACK `?gesvd`, jobu = jobvt = "S").
    ///
    /// - Throws: ``LinearAlgebraError`` for empty or non-finite input, or
    ///   ``LinearAlgebraError/failedToConverge(routine:info:)`` when `info` superdiagonals of the
    ///   bidiagonal form did not converge.
    /// - Complexity: O(m n min(m, n)).
    public static func svd<S>(_ a: Matrix<S>) throws(LinearAlgebraError) -> SingularValueDecomposition<S> {
        try checkShape(a)
        try a.validateFinite()
        let m = a.rows, n = a.columns, k = min(m, n)
        var work = a.elements
        var s = [S](repeating: 0, count: k)
        var u = [S](repeating: 0, count: m * k)
        var vt = [S](repeating: 0, count: k * n)
        var superb = [S](repeating: 0, count: max(1, k - 1))
        let info = work.withUnsafeMutableBufferPointer { ap in
            s.withUnsafeMutableBufferPointer { sp in
                u.withUnsafeMutableBufferPointer { up in
                    vt.withUnsafeMutableBufferPointer { vp in
                        superb.withUnsafeMutableBufferPointer { bp in
                            S.lapack.gesvd(m: Int32(m), n: Int32(n), a: ap.baseAddress!, s: sp.baseAddress!,
                                     u: up.baseAddress!, vt: vp.baseAddress!, ldvt: Int32(k), superb: bp.baseAddress!)
                        }
                    }
                }
            }
        }
        try translate(info: info, routine: S.lapack.lapackPrefix + "gesvd")
        return SingularValueDecomposition(
            u: Matrix(rows: m, columns: k, columnMajor: u), singularValues: s,
            vt: Matrix(rows: k, columns: n, columnMajor: vt))
    }
}
