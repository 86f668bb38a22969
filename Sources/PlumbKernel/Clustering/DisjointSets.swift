/// Disjoint sets of the integers `0..<count` (union-find), for grouping elements that are joined
/// transitively: planes that are pieces of one wall face, voxels that touch, faces or objects seen from two
/// rooms.
///
/// ``find(_:)`` halves the path it walks (every node visited is pointed at its grandparent), and
/// ``union(_:_:)`` joins by index: the smaller of the two representatives becomes the new one. So, as long
/// as sets are joined only by ``union(_:_:)``, the representative of a set is its smallest member, whatever
/// the order of the unions: results that depend on representatives are deterministic and independent of
/// the visiting order. ``link(_:under:)`` lets a caller choose the representative instead (then that
/// guarantee is the caller's).
///
/// Indices only: no geometry, units or frame. Memory: one `Int` per element.
/// - Complexity: ``find(_:)`` and ``union(_:_:)`` run in O(log n) amortised time with path halving
///   alone, nearly constant in practice.
public struct DisjointSets: Sendable, Hashable {
    /// `parent[i]` is `i` for a representative, else another member of `i`'s set nearer the representative.
    @usableFromInline var parent: [Int]

    /// `count` singleton sets, `{0}, {1}, …, {count - 1}`. O(count).
    @inlinable
    public init(count: Int) {
        precondition(count >= 0, "DisjointSets needs a count of 0 or more, not \(count)")
        parent = Array(0..<count)
    }

    /// Number of elements (not of sets).
    @inlinable
    public var count: Int { parent.count }

    /// The representative of `i`'s set (the set's smallest member when only ``union(_:_:)`` joined
    /// sets), halving the path from `i` to it. `i` must be in `0..<count`.
    @inlinable
    public mutating func find(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    /// Joins the sets of `a` and `b` (their representatives found in that order); the smaller
    /// representative represents the union. Returns `false` when they were already one set.
    @inlinable
    @discardableResult
    public mutating func union(_ a: Int, _ b: Int) -> Bool {
        let ra = find(a), rb = find(b)
        guard ra != rb else { return false }
        parent[Swift.max(ra, rb)] = Swift.min(ra, rb)
        return true
    }

    /// Joins the set represented by `child` into the set represented by `root`, which stays its
    /// representative (both must be representatives of different sets): for callers whose merge has a
    /// direction, such as a part absorbed into its neighbour.
    @inlinable
    public mutating func link(_ child: Int, under root: Int) {
        precondition(parent[child] == child && parent[root] == root && child != root,
                     "DisjointSets.link needs the representatives of two different sets")
        parent[child] = root
    }
}
