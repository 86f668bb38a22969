/// Optimal one-to-one assignment (minimum total cost) by the Hungarian algorithm (Kuhn–Munkres with
/// row/column potentials, the O(n²·m) shortest-augmenting-path form).
///
/// Used by every matcher of the evaluation: rooms, walls, corners, openings and objects.
public enum HungarianAssignment {
    /// Why a cost matrix was refused.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `costs.count` is not `rows * columns`.
        case shapeMismatch(rows: Int, columns: Int, count: Int)
        /// The cost at (`row`, `column`) is NaN or infinite.
        case nonFiniteCost(row: Int, column: Int)
        /// More than ``maximumSide`` rows or columns.
        case tooLarge(rows: Int, columns: Int)

        /// A one-line human-readable description.
        public var description: String {
            switch self {
            case let .shapeMismatch(r, c, n): "cost matrix \(r)x\(c) needs \(r * c) entries, got \(n)"
            case let .nonFiniteCost(r, c): "cost at row \(r), column \(c) is not finite"
            case let .tooLarge(r, c): "cost matrix \(r)x\(c) exceeds \(HungarianAssignment.maximumSide) per side"
            }
        }
    }

    /// Largest accepted number of rows or columns (bounds memory and time: 4096² doubles = 128 MiB).
    public static let maximumSide = 4096

    /// The assignment of rows to columns minimising the summed cost, each row and column used at most
    /// once; `min(rows, columns)` pairs are assigned.
    ///
    /// - Parameters:
    ///   - costs: row-major `rows × columns` matrix of finite costs (any sign).
    /// - Returns: for each row, its column or `nil` (when there are more rows than columns).
    /// - Complexity: O(k²·K) time, O(rows·columns) memory, with k = min and K = max of the sides.
    public static func solve(costs: [Double], rows: Int, columns: Int) throws(Failure) -> [Int?] {
        guard rows >= 0, columns >= 0, costs.count == rows * columns else {
            throw .shapeMismatch(rows: rows, columns: columns, count: costs.count)
        }
        guard rows <= maximumSide, columns <= maximumSide else { throw .tooLarge(rows: rows, columns: columns) }
        for (k, c) in costs.enumerated() where !c.isFinite { throw .nonFiniteCost(row: k / max(columns, 1), column: k % max(columns, 1)) }
        if rows == 0 || columns == 0 { return Array(repeating: nil, count: rows) }
        if rows <= columns { return solveTall(costs, n: rows, m: columns) }
        // Transpose so the short side indexes the rows, then invert the result.
        var t = [Double](repeating: 0, count: costs.count)
        for r in 0..<rows { for c in 0..<columns { t[c * rows + r] = costs[r * columns + c] } }
        let colToRow = solveTall(t, n: columns, m: rows)
        var out = [Int?](repeating: nil, count: rows)
        for (c, r) in colToRow.enumerated() { if let r { out[r] = c } }
        return out
    }

    /// Convenience for a nested matrix (`costs[row][column]`, all rows the same length).
    public static func solve(_ costs: [[Double]]) throws(Failure) -> [Int?] {
        let rows = costs.count, columns = costs.first?.count ?? 0
        for (r, row) in costs.enumerated() where row.count != columns {
            throw .shapeMismatch(rows: rows, columns: columns, count: r * columns + row.count)
        }
        return try solve(costs: costs.flatMap { $0 }, rows: rows, columns: columns)
    }

    /// Core: n ≤ m, 1-based potentials as in the classical formulation.
    private static func solveTall(_ a: [Double], n: Int, m: Int) -> [Int?] {
        var u = [Double](repeating: 0, count: n + 1)
        var v = [Double](repeating: 0, count: m + 1)
        var p = [Int](repeating: 0, count: m + 1)  // p[j]: row (1-based) assigned to column j; 0 = free
        var way = [Int](repeating: 0, count: m + 1)
        var minv = [Double](repeating: 0, count: m + 1)
        var used = [Bool](repeating: false, count: m + 1)
        for i in 1...n {
            p[0] = i
            var j0 = 0
            for j in 0...m { minv[j] = .infinity; used[j] = false }
            repeat {
                used[j0] = true
                let i0 = p[j0]
                var delta = Double.infinity
                var j1 = 0
                let rowBase = (i0 - 1) * m
                for j in 1...m where !used[j] {
                    let cur = a[rowBase + j - 1] - u[i0] - v[j]
                    if cur < minv[j] { minv[j] = cur; way[j] = j0 }
                    if minv[j] < delta { delta = minv[j]; j1 = j }
                }
                for j in 0...m {
                    if used[j] { u[p[j]] += delta; v[j] -= delta } else { minv[j] -= delta }
                }
                j0 = j1
            } while p[j0] != 0
            repeat {
                let j1 = way[j0]
                p[j0] = p[j1]
                j0 = j1
            } while j0 != 0
        }
        var out = [Int?](repeating: nil, count: n)
        for j in 1...m where p[j] != 0 { out[p[j] - 1] = j - 1 }
        return out
    }
}

/// A one-to-one matching between two lists produced by ``HungarianAssignment`` with a gate: pairs
/// whose cost is not allowed (`nil` from the cost function) are never matched.
public struct GatedMatching: Sendable, Equatable {
    /// Matched pairs `(left index, right index)`, sorted by left index.
    public var pairs: [(Int, Int)]
    /// Left indices without a partner, ascending.
    public var unmatchedLeft: [Int]
    /// Right indices without a partner, ascending.
    public var unmatchedRight: [Int]

    /// Same pairs and same unmatched lists.
    public static func == (a: GatedMatching, b: GatedMatching) -> Bool {
        a.pairs.map(\.0) == b.pairs.map(\.0) && a.pairs.map(\.1) == b.pairs.map(\.1)
            && a.unmatchedLeft == b.unmatchedLeft && a.unmatchedRight == b.unmatchedRight
    }

    /// Minimum-cost matching of `left` × `right` items where `cost(i, j)` returns `nil` for forbidden
    /// pairs. Forbidden pairs get a cost above the sum of all allowed ones, so the optimum first
    /// maximises the number of allowed pairs, then minimises their summed cost. Lists longer than
    /// ``HungarianAssignment/maximumSide`` are matched greedily by ascending cost instead.
    /// - Complexity: O(k²·K) plus `left·right` cost evaluations.
    public init(left: Int, right: Int, cost: (Int, Int) -> Double?) {
        var c = [Double](repeating: 0, count: left * right)
        var allowed = [Bool](repeating: false, count: left * right)
        var total = 0.0
        for i in 0..<left {
            for j in 0..<right {
                if let v = cost(i, j), v.isFinite {
                    c[i * right + j] = v
                    allowed[i * right + j] = true
                    total += abs(v)
                }
            }
        }
        let big = 2 * total + 1
        for k in c.indices where !allowed[k] { c[k] = big }
        var assignment: [Int?]
        if let optimal = try? HungarianAssignment.solve(costs: c, rows: left, columns: right) {
            assignment = optimal
        } else {
            // Beyond HungarianAssignment.maximumSide: greedy by ascending cost over the allowed pairs.
            assignment = [Int?](repeating: nil, count: left)
            var usedColumns = [Bool](repeating: false, count: right)
            let order = c.indices.filter { allowed[$0] }.sorted { c[$0] != c[$1] ? c[$0] < c[$1] : $0 < $1 }
            for k in order where assignment[k / right] == nil && !usedColumns[k % right] {
                assignment[k / right] = k % right
                usedColumns[k % right] = true
            }
        }
        var pairs: [(Int, Int)] = []
        var usedRight = Set<Int>()
        for (i, j) in assignment.enumerated() {
            if let j, allowed[i * right + j] { pairs.append((i, j)); usedRight.insert(j) }
        }
        let matchedLeft = Set(pairs.map(\.0))
        self.pairs = pairs
        unmatchedLeft = (0..<left).filter { !matchedLeft.contains($0) }
        unmatchedRight = (0..<right).filter { !usedRight.contains($0) }
    }
}
