/// Problems reported by the ``LinearAlgebra`` wrapper, translated from LAPACK `info` codes and from
/// input checks done before LAPACK is called.
public enum LinearAlgebraError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The matrix has no rows or no columns.
    case emptyMatrix(rows: Int, columns: Int)
    /// A dimension exceeds what LAPACK's 32-bit integers (or a sane memory budget) can address.
    case dimensionTooLarge(rows: Int, columns: Int)
    /// An operation that needs a square matrix got a `rows` x `columns` one.
    case notSquare(rows: Int, columns: Int)
    /// The matrix is not symmetric: entries (`row`, `column`) and (`column`, `row`) differ.
    case notSymmetric(row: Int, column: Int)
    /// Entry (`row`, `column`) is NaN or infinite.
    case nonFiniteEntry(row: Int, column: Int)
    /// Operand shapes do not fit together (e.g. right-hand side rows differ from matrix rows).
    case dimensionMismatch(String)
    /// LAPACK rejected argument number `position` of `routine` (negative `info`); a wrapper bug.
    case illegalArgument(routine: String, position: Int)
    /// The iterative part of `routine` did not converge (`info` > 0 from an eigen or SVD routine).
    case failedToConverge(routine: String, info: Int)
    /// The least-squares matrix is (numerically) rank deficient: diagonal entry `column` of its
    /// triangular factor is zero or negligible.
    case rankDeficient(column: Int)

    public var description: String {
        switch self {
        case let .emptyMatrix(r, c): "empty \(r)x\(c) matrix"
        case let .dimensionTooLarge(r, c): "matrix of \(r)x\(c) is too large for LAPACK"
        case let .notSquare(r, c): "expected a square matrix, got \(r)x\(c)"
        case let .notSymmetric(r, c): "matrix is not symmetric at (\(r), \(c))"
        case let .nonFiniteEntry(r, c): "matrix entry (\(r), \(c)) is NaN or infinite"
        case let .dimensionMismatch(why): "dimension mismatch: \(why)"
        case let .illegalArgument(f, p): "LAPACK \(f) rejected argument \(p)"
        case let .failedToConverge(f, i): "LAPACK \(f) failed to converge (info \(i))"
        case let .rankDeficient(c): "rank deficient: pivot \(c) of the triangular factor is negligible"
        }
    }
}
