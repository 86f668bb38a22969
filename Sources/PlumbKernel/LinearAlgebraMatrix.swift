/// A small dense matrix stored column-major, the layout LAPACK expects.
///
/// Entry (`row`, `column`) lives at `elements[column * rows + row]`. Meant for the small systems of
/// geometry fitting (up to a few thousand rows, a handful of columns), not for large-scale numerics.
public struct Matrix<Scalar: LinearAlgebraScalar>: Sendable, Equatable, Hashable, Codable {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let columns: Int
    /// Entries in column-major order (`rows * columns` of them).
    public var elements: [Scalar]

    /// A `rows` x `columns` matrix filled with `value`.
    /// - Precondition: `rows >= 0`, `columns >= 0`.
    public init(rows: Int, columns: Int, repeating value: Scalar = 0) {
        precondition(rows >= 0 && columns >= 0, "negative matrix dimension")
        self.rows = rows
        self.columns = columns
        self.elements = [Scalar](repeating: value, count: rows * columns)
    }

    /// A matrix from entries listed column by column.
    /// - Precondition: `columnMajor.count == rows * columns`.
    public init(rows: Int, columns: Int, columnMajor: [Scalar]) {
        precondition(rows >= 0 && columns >= 0 && columnMajor.count == rows * columns, "element count mismatch")
        self.rows = rows
        self.columns = columns
        self.elements = columnMajor
    }

    /// A matrix from nested rows (`rowArrays[i][j]` is entry (i, j)); convenient for literals in tests.
    /// - Precondition: all rows have the same length.
    public init(_ rowArrays: [[Scalar]]) {
        let r = rowArrays.count
        let c = rowArrays.first?.count ?? 0
        precondition(rowArrays.allSatisfy { $0.count == c }, "ragged rows")
        self.init(rows: r, columns: c)
        for i in 0..<r { for j in 0..<c { elements[j * r + i] = rowArrays[i][j] } }
    }

    /// The `n` x `n` identity.
    public static func identity(_ n: Int) -> Matrix {
        var m = Matrix(rows: n, columns: n)
        for i in 0..<n { m.elements[i * n + i] = 1 }
        return m
    }

    /// Entry at (`row`, `column`).
    @inlinable
    public subscript(row: Int, column: Int) -> Scalar {
        get { elements[column * rows + row] }
        set { elements[column * rows + row] = newValue }
    }

    /// Column `j` as an array.
    public func column(_ j: Int) -> [Scalar] { Array(elements[(j * rows)..<((j + 1) * rows)]) }

    /// The transpose.
    /// - Complexity: O(rows * columns).
    public var transposed: Matrix {
        var t = Matrix(rows: columns, columns: rows)
        for j in 0..<columns { for i in 0..<rows { t[j, i] = self[i, j] } }
        return t
    }

    /// Matrix product.
    /// - Precondition: `lhs.columns == rhs.rows`.
    /// - Complexity: O(lhs.rows * lhs.columns * rhs.columns).
    public static func * (lhs: Matrix, rhs: Matrix) -> Matrix {
        precondition(lhs.columns == rhs.rows, "inner dimensions differ")
        var out = Matrix(rows: lhs.rows, columns: rhs.columns)
        for j in 0..<rhs.columns {
            for k in 0..<lhs.columns {
                let b = rhs[k, j]
                if b == 0 { continue }
                for i in 0..<lhs.rows { out.elements[j * lhs.rows + i] += lhs.elements[k * lhs.rows + i] * b }
            }
        }
        return out
    }

    /// Largest absolute entry (zero for an empty matrix).
    public var maxAbsEntry: Scalar { elements.reduce(0) { Swift.max($0, abs($1)) } }

    /// Checks every entry is finite.
    /// - Throws: ``LinearAlgebraError/nonFiniteEntry(row:column:)`` for the first offending entry.
    public func validateFinite() throws(LinearAlgebraError) {
        for (k, v) in elements.enumerated() where !v.isFinite {
            throw .nonFiniteEntry(row: k % rows, column: k / rows)
        }
    }
}
