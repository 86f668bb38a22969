/// Eigenvalues and eigenvectors of a real symmetric matrix.
public struct SymmetricEigenDecomposition<Scalar: LinearAlgebraScalar>: Sendable, Equatable, Codable {
    /// All eigenvalues in ascending order.
    public var values: [Scalar]
    /// Orthonormal eigenvectors as columns; column `k` belongs to `values[k]`.
    public var vectors: Matrix<Scalar>
}

extension LinearAlgebra {
    /// All eigenpairs of a symmetric matrix, eigenvalues ascending (LAPACK `?syevr`, MRRR algorithm).
    ///
    /// Symmetry is checked to a relative tolerance of `1e3 * ulp` of the largest entry; only the upper
    /// triangle is passed on.
    /// - Throws: ``LinearAlgebraError`` for empty, non-square, non-symmetric or non-finite input, or when
    ///   LAPACK fails to converge.
    /// - Complexity: O(n³).
    public static func symmetricEigen<S>(_ a: Matrix<S>) throws(LinearAlgebraError) -> SymmetricEigenDecomposition<S> {
        try checkShape(a)
        guard a.rows == a.columns else { throw .notSquare(rows: a.rows, columns: a.columns) }
        try a.validateFinite()
        let n = a.rows
        let tol = a.maxAbsEntry * S.ulpOfOne * 1000
        for j in 0..<n {
            for i in 0..<j where abs(a[i, j] - a[j, i]) > tol { throw .notSymmetric(row: i, column: j) }
        }
        var work = a.elements
        var w = [S](repeating: 0, count: n)
        var z = [S](repeating: 0, count: n * n)
        var isuppz = [Int32](repeating: 0, count: 2 * n)
        var found: Int32 = 0
        let info = work.withUnsafeMutableBufferPointer { ap in
            w.withUnsafeMutableBufferPointer { wp in
                z.withUnsafeMutableBufferPointer { zp in
                    isuppz.withUnsafeMutableBufferPointer { ip in
                        S.lapack.syevr(n: Int32(n), a: ap.baseAddress!, w: wp.baseAddress!, z: zp.baseAddress!,
                                 found: &found, isuppz: ip.baseAddress!)
                    }
                }
            }
        }
        try translate(info: info, routine: S.lapack.lapackPrefix + "syevr")
        guard Int(found) == n else { throw .failedToConverge(routine: S.lapack.lapackPrefix + "syevr", info: n - Int(found)) }
        return SymmetricEigenDecomposition(values: w, vectors: Matrix(rows: n, columns: n, columnMajor: z))
    }
}
