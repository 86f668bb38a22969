/// A balanced k-d tree over 3D points in local `Float` coordinates (metres), for exact k-nearest and
/// radius queries.
///
/// The tree stores a permuted copy of the coordinates as structure of arrays, so every leaf bucket is
/// a contiguous run of memory; ``pointIndex`` maps tree slots back to the caller's point indices.
/// Inner nodes split the widest axis of their points' bounding box at the median (ties ordered by point
/// index), so the tree is balanced and its shape, like the slot order, depends only on the input: a
/// parallel build gives the same tree as a serial one.
///
/// Queries are exact: results equal a brute-force search over the same `Float` arithmetic, with equal
/// distances ordered by ascending point index. The query API writes into caller-provided buffers or a
/// reusable ``KDTreeScratch`` and does not allocate.
///
/// - Complexity: build O(n log n) time, O(n) memory; a k-NN query is O(k log k + log n) on typical scans.
public struct KDTree: Sendable {
    /// One tree node: an inner split (`axis` 0...2) or a leaf (`axis == -1`) over slots `first..<end`.
    @usableFromInline
    struct Node: Sendable {
        /// Split coordinate (inner nodes): left points are `<= split`, right points `>= split`.
        @usableFromInline var split: Float
        /// Split axis 0, 1, 2, or -1 for a leaf.
        @usableFromInline var axis: Int32
        /// Left child (inner) or first slot (leaf).
        @usableFromInline var a: Int32
        /// Right child (inner) or end slot (leaf).
        @usableFromInline var b: Int32
    }

    /// Largest number of points a tree can hold (32-bit point ids).
    public static let maximumPointCount = Int(Int32.max) - 1

    /// Tree-ordered x coordinates (metres, local frame).
    public let xs: [Float]
    /// Tree-ordered y coordinates (metres, local frame).
    public let ys: [Float]
    /// Tree-ordered z coordinates (metres, local frame).
    public let zs: [Float]
    /// Original point index of each tree slot.
    public let pointIndex: [Int32]
    @usableFromInline let nodes: [Node]
    /// Depth of the deepest leaf (root = 1); sizes the traversal stack.
    public let depth: Int
    /// Maximum number of points in a leaf bucket.
    public let leafSize: Int

    /// Number of indexed points.
    public var count: Int { xs.count }

    /// Builds a tree over the local coordinates of `cloud`.
    /// - Parameters:
    ///   - cloud: the points; the tree indexes their local coordinates (metres about the cloud's origin).
    ///   - leafSize: maximum bucket size, clamped to 1...256.
    ///   - parallel: build independent subtrees on several threads (`DispatchQueue.concurrentPerform`);
    ///     the tree is identical to the serial build.
    /// - Throws: ``SpatialIndexError`` for non-finite coordinates, mismatched arrays or more than
    ///   ``maximumPointCount`` points.
    /// - Complexity: O(n log n).
    public init(_ cloud: PointCloud, leafSize: Int = 16, parallel: Bool = false) throws(SpatialIndexError) {
        try self.init(x: cloud.x, y: cloud.y, z: cloud.z, leafSize: leafSize, parallel: parallel)
    }

    /// Builds a tree over points given as coordinate arrays (metres, any common frame).
    /// - Parameters:
    ///   - x: the points' x coordinates.
    ///   - y: the points' y coordinates (as many as `x`).
    ///   - z: the points' z coordinates (as many as `x`).
    ///   - leafSize: maximum bucket size, clamped to 1...256.
    ///   - parallel: build independent subtrees on several threads (`DispatchQueue.concurrentPerform`);
    ///     the tree is identical to the serial build.
    /// - Throws: ``SpatialIndexError`` for non-finite coordinates, mismatched arrays or more than
    ///   ``maximumPointCount`` points.
    /// - Complexity: O(n log n).
    public init(x: [Float], y: [Float], z: [Float], leafSize: Int = 16, parallel: Bool = false) throws(SpatialIndexError) {
        try self.init(x: x, y: y, z: z, leafSize: leafSize, blockAlignment: 1, parallel: parallel)
    }

    /// Builds a tree whose inner nodes split at slot positions that are multiples of `blockAlignment`
    /// (1...`leafSize`) instead of at the exact median, so that every leaf except the last starts at a
    /// multiple of the block size and holds whole blocks, each ordered to be spatially compact (internal:
    /// batch queries then run whole SIMD blocks per leaf). Queries are exact either way. `parallel` as in
    /// the public initialisers.
    init(
        x: [Float], y: [Float], z: [Float], leafSize: Int, blockAlignment: Int, parallel: Bool = false
    ) throws(SpatialIndexError) {
        let n = x.count
        guard y.count == n, z.count == n else { throw .lengthMismatch(x: n, y: y.count, z: z.count) }
        guard n <= Self.maximumPointCount else { throw .tooManyPoints(count: n, limit: Self.maximumPointCount) }
        for i in 0..<n where !(x[i].isFinite && y[i].isFinite && z[i].isFinite) {
            throw .nonFiniteCoordinate(index: i)
        }
        let leaf = min(max(leafSize, 1), 256)
        let built = KDTreeBuilder.build(
            x: x, y: y, z: z, leafSize: leaf, alignment: min(max(blockAlignment, 1), leaf), parallel: parallel)
        self.leafSize = leaf
        self.nodes = built.nodes
        self.depth = built.depth
        self.pointIndex = built.ids
        self.xs = built.xs
        self.ys = built.ys
        self.zs = built.zs
    }

    /// A scratch buffer sized for queries on this tree returning up to `k` neighbours.
    public func makeScratch(k: Int = 0) -> KDTreeScratch { KDTreeScratch(depth: depth, k: k) }
}
