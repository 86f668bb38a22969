/// A balanced k-d tree over 3D points in local `Float` coordinates (metres), for exact k-nearest and
/// radius queries.
///
/// The tree stores a permuted copy of the coordinates as structure of arrays, so every leaf bucket is
/// a contiguous run of memory; ``pointIndex`` maps tree slots back to the caller's point indices.
/// Inner nodes split the widest axis of their points' bounding box at the median (ties ordered by point
/// index), so the tree is balanced and its shape depends only on the input.
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
    /// - Throws: ``SpatialIndexError`` for non-finite coordinates, mismatched arrays or more than
    ///   ``maximumPointCount`` points.
    /// - Complexity: O(n log n).
    public init(_ cloud: PointCloud, leafSize: Int = 16) throws(SpatialIndexError) {
        try self.init(x: cloud.x, y: cloud.y, z: cloud.z, leafSize: leafSize)
    }

    /// Builds a tree over points given as coordinate arrays (metres, any common frame).
    /// - Parameter leafSize: maximum bucket size, clamped to 1...256.
    /// - Throws: ``SpatialIndexError`` for non-finite coordinates, mismatched arrays or more than
    ///   ``maximumPointCount`` points.
    /// - Complexity: O(n log n).
    public init(x: [Float], y: [Float], z: [Float], leafSize: Int = 16) throws(SpatialIndexError) {
        try self.init(x: x, y: y, z: z, leafSize: leafSize, blockAlignment: 1)
    }

    /// Builds a tree whose inner nodes split at slot positions that are multiples of `blockAlignment`
    /// (1...`leafSize`) instead of at the exact median, so that every leaf except the last starts at a
    /// multiple of the block size and holds whole blocks (internal: batch queries then run whole SIMD
    /// blocks per leaf). Queries are exact either way.
    init(x: [Float], y: [Float], z: [Float], leafSize: Int, blockAlignment: Int) throws(SpatialIndexError) {
        let n = x.count
        guard y.count == n, z.count == n else { throw .lengthMismatch(x: n, y: y.count, z: z.count) }
        guard n <= Self.maximumPointCount else { throw .tooManyPoints(count: n, limit: Self.maximumPointCount) }
        for i in 0..<n where !(x[i].isFinite && y[i].isFinite && z[i].isFinite) {
            throw .nonFiniteCoordinate(index: i)
        }
        let leaf = min(max(leafSize, 1), 256)
        var builder = KDTreeBuilder(x: x, y: y, z: z, leafSize: leaf, alignment: min(max(blockAlignment, 1), leaf))
        builder.build()
        self.leafSize = leaf
        self.nodes = builder.nodes
        self.depth = builder.maxDepth
        self.pointIndex = builder.perm
        self.xs = builder.px
        self.ys = builder.py
        self.zs = builder.pz
    }

    /// A scratch buffer sized for queries on this tree returning up to `k` neighbours.
    public func makeScratch(k: Int = 0) -> KDTreeScratch { KDTreeScratch(depth: depth, k: k) }
}

/// Median-split construction of a ``KDTree`` (internal). Works on coordinate arrays that are permuted
/// along with the index permutation, so every pass over a node's range is sequential in memory.
struct KDTreeBuilder {
    let leafSize: Int
    /// Split positions are multiples of this (relative to slot 0); 1 = exact median.
    let alignment: Int
    var px: [Float], py: [Float], pz: [Float]
    var perm: [Int32]
    var nodes: [KDTree.Node] = []
    var maxDepth = 0

    init(x: [Float], y: [Float], z: [Float], leafSize: Int, alignment: Int = 1) {
        self.alignment = alignment
        self.px = x
        self.py = y
        self.pz = z
        self.leafSize = leafSize
        self.perm = (0..<Int32(x.count)).map { $0 }
    }

    mutating func build() {
        let n = px.count
        nodes.reserveCapacity(max(1, 2 * (n / max(leafSize / 2, 1)) + 1))
        _ = buildNode(first: 0, end: n, depth: 1)
    }

    private mutating func buildNode(first: Int, end: Int, depth: Int) -> Int32 {
        let id = Int32(nodes.count)
        maxDepth = max(maxDepth, depth)
        if end - first <= leafSize {
            nodes.append(.init(split: 0, axis: -1, a: Int32(first), b: Int32(end)))
            if alignment > 1 { orderBlocks(first: first, end: end) }
            return id
        }
        let (lo, hi) = withCoordinates { x, y, z, _ in Self.bounds(x: x, y: y, z: z, first: first, end: end) }
        let ext = hi - lo
        let axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : (ext.y >= ext.z ? 1 : 2)
        if ext[axis] == 0 {
            // All points coincide: one (possibly large) bucket.
            nodes.append(.init(split: 0, axis: -1, a: Int32(first), b: Int32(end)))
            return id
        }
        // Median, or the next block boundary after it (first is a block boundary; leafSize >= alignment,
        // so the boundary stays inside the range).
        let mid = alignment > 1 ? first + ((end - first) / 2 + alignment - 1) / alignment * alignment : (first + end) / 2
        let split: Float = withCoordinates { x, y, z, ids in
            let key = axis == 0 ? x : (axis == 1 ? y : z)
            Self.select(key: key, x: x, y: y, z: z, ids: ids, first: first, end: end, nth: mid)
            return key[mid]
        }
        nodes.append(.init(split: split, axis: Int32(axis), a: 0, b: 0))
        let left = buildNode(first: first, end: mid, depth: depth + 1)
        let right = buildNode(first: mid, end: end, depth: depth + 1)
        nodes[Int(id)].a = left
        nodes[Int(id)].b = right
        return id
    }

    /// Orders the slots of a leaf so that each aligned block is spatially compact: the same median splits
    /// as inner nodes (widest axis, next block boundary after the median), down to single blocks, without
    /// creating nodes. Queries do not depend on the order of points inside a leaf; batch scans use the
    /// blocks' boxes to skip blocks (``KNNLeafTable``).
    private mutating func orderBlocks(first: Int, end: Int) {
        guard end - first > alignment else { return }
        let (lo, hi) = withCoordinates { x, y, z, _ in Self.bounds(x: x, y: y, z: z, first: first, end: end) }
        let ext = hi - lo
        let axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : (ext.y >= ext.z ? 1 : 2)
        guard ext[axis] > 0 else { return }
        let mid = first + ((end - first) / 2 + alignment - 1) / alignment * alignment
        withCoordinates { x, y, z, ids in
            let key = axis == 0 ? x : (axis == 1 ? y : z)
            Self.select(key: key, x: x, y: y, z: z, ids: ids, first: first, end: end, nth: mid)
        }
        orderBlocks(first: first, end: mid)
        orderBlocks(first: mid, end: end)
    }

    private mutating func withCoordinates<R>(
        _ body: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
            UnsafeMutablePointer<Int32>) -> R
    ) -> R {
        px.withUnsafeMutableBufferPointer { x in
            py.withUnsafeMutableBufferPointer { y in
                pz.withUnsafeMutableBufferPointer { z in
                    perm.withUnsafeMutableBufferPointer { ids in
                        body(x.baseAddress!, y.baseAddress!, z.baseAddress!, ids.baseAddress!)
                    }
                }
            }
        }
    }

    /// Bounding box of slots `first..<end`: 8 slots per step per axis (exact: min/max do not round).
    private static func bounds(
        x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>, z: UnsafeMutablePointer<Float>,
        first: Int, end: Int
    ) -> (SIMD3<Float>, SIMD3<Float>) {
        var lx = SIMD8<Float>(repeating: .infinity), ly = lx, lz = lx
        var hx = SIMD8<Float>(repeating: -.infinity), hy = hx, hz = hx
        var s = first
        while s + 8 <= end {
            let vx = UnsafeRawPointer(x + s).loadUnaligned(as: SIMD8<Float>.self)
            let vy = UnsafeRawPointer(y + s).loadUnaligned(as: SIMD8<Float>.self)
            let vz = UnsafeRawPointer(z + s).loadUnaligned(as: SIMD8<Float>.self)
            // (replacing(with:where:) inlines; the generic pointwiseMin/Max on SIMD8 did not.)
            lx.replace(with: vx, where: vx .< lx)
            ly.replace(with: vy, where: vy .< ly)
            lz.replace(with: vz, where: vz .< lz)
            hx.replace(with: vx, where: vx .> hx)
            hy.replace(with: vy, where: vy .> hy)
            hz.replace(with: vz, where: vz .> hz)
            s += 8
        }
        var lo = SIMD3(lx.smallestLane, ly.smallestLane, lz.smallestLane), hi = SIMD3(hx.largestLane, hy.largestLane, hz.largestLane)
        while s < end {
            let p = SIMD3(x[s], y[s], z[s])
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
            s += 1
        }
        return (lo, hi)
    }

    /// Quickselect (median-of-three, Hoare partition) so that slot `nth` holds its sorted element by
    /// (key, index) and everything before it orders before it; all four arrays move together. Keys are
    /// unique thanks to the index tie-break, so duplicates cannot degrade the partition.
    private static func select(
        key: UnsafeMutablePointer<Float>, x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>,
        z: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>, first: Int, end: Int, nth: Int
    ) {
        @inline(__always) func less(_ a: Int, _ b: Int) -> Bool {
            key[a] < key[b] || (key[a] == key[b] && ids[a] < ids[b])
        }
        @inline(__always) func lessThanPivot(_ a: Int, _ pk: Float, _ pi: Int32) -> Bool {
            key[a] < pk || (key[a] == pk && ids[a] < pi)
        }
        @inline(__always) func pivotLessThan(_ a: Int, _ pk: Float, _ pi: Int32) -> Bool {
            pk < key[a] || (pk == key[a] && pi < ids[a])
        }
        @inline(__always) func swap(_ a: Int, _ b: Int) {
            let tx = x[a]; x[a] = x[b]; x[b] = tx
            let ty = y[a]; y[a] = y[b]; y[b] = ty
            let tz = z[a]; z[a] = z[b]; z[b] = tz
            let ti = ids[a]; ids[a] = ids[b]; ids[b] = ti
        }
        var lo = first, hi = end - 1
        while hi > lo {
            let m = lo + (hi - lo) / 2
            if less(m, lo) { swap(m, lo) }
            if less(hi, lo) { swap(hi, lo) }
            if less(hi, m) { swap(hi, m) }
            let pk = key[m], pi = ids[m]
            var i = lo, j = hi
            while i <= j {
                while lessThanPivot(i, pk, pi) { i += 1 }
                while pivotLessThan(j, pk, pi) { j -= 1 }
                if i <= j {
                    swap(i, j)
                    i += 1
                    j -= 1
                }
            }
            if nth <= j {
                hi = j
            } else if nth >= i {
                lo = i
            } else {
                return
            }
        }
    }
}
