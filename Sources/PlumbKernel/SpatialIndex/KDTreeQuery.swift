/// Raw pointers into a ``KDTree``'s arrays for the duration of a batch of queries (internal).
@usableFromInline
struct KDTreeView {
    let xs: UnsafePointer<Float>, ys: UnsafePointer<Float>, zs: UnsafePointer<Float>
    let ids: UnsafePointer<Int32>
    let nodes: UnsafePointer<KDTree.Node>
    let hasNodes: Bool

    /// k-NN into `outIdx`/`outD` (capacity >= k); returns the number found, sorted by (distance, point
    /// index). With `slots`, `outIdx` receives tree slots (positions in `xs`/`ys`/`zs`) instead of point
    /// indices, for callers that then read coordinates in tree order. Without `sorted` the results come in
    /// (deterministic) heap order. `within` (m², default ∞) is a squared distance the caller knows to hold at
    /// least k points: farther nodes and points are skipped (the answer is unchanged when that holds).
    func knn(
        _ q: SIMD3<Float>, k: Int, stackN: UnsafeMutablePointer<Int32>, stackB: UnsafeMutablePointer<SIMD4<Float>>,
        outIdx: UnsafeMutablePointer<Int32>, outD: UnsafeMutablePointer<Float>, slots: Bool = false,
        sorted: Bool = true, within: Float = .infinity
    ) -> Int {
        guard k > 0, hasNodes else { return 0 }
        var heap = NeighborHeap(ids: outIdx, dists: outD, capacity: k, tieKey: ids)
        var top = 1
        stackN[0] = 0
        stackB[0] = .zero
        while top > 0 {
            top -= 1
            let nodeID = Int(stackN[top])
            let box = stackB[top]
            let bound = box.w
            if bound > within || (heap.isFull && bound > heap.worstDistance) { continue }
            let node = nodes[nodeID]
            if node.axis < 0 {
                // 8 points at a time (same arithmetic per lane as the scalar tail), offering only lanes that
                // can enter the heap.
                var s = Int(node.a)
                let end = Int(node.b)
                let qx = SIMD8<Float>(repeating: q.x), qy = SIMD8<Float>(repeating: q.y)
                let qz = SIMD8<Float>(repeating: q.z)
                while s + 8 <= end {
                    let dx = UnsafeRawPointer(xs + s).loadUnaligned(as: SIMD8<Float>.self) - qx
                    let dy = UnsafeRawPointer(ys + s).loadUnaligned(as: SIMD8<Float>.self) - qy
                    let dz = UnsafeRawPointer(zs + s).loadUnaligned(as: SIMD8<Float>.self) - qz
                    let d = dx * dx + dy * dy + dz * dz
                    let limit = SIMD8<Float>(repeating: heap.isFull ? heap.worstDistance : within)
                    let mask = d .<= limit
                    if any(mask) {
                        for lane in 0..<8 where mask[lane] {
                            heap.offer(d[lane], Int32(truncatingIfNeeded: s + lane))
                        }
                    }
                    s += 8
                }
                while s < end {
                    let dx = xs[s] - q.x, dy = ys[s] - q.y, dz = zs[s] - q.z
                    let d = dx * dx + dy * dy + dz * dz
                    if d <= within { heap.offer(d, Int32(truncatingIfNeeded: s)) }
                    s += 1
                }
                continue
            }
            let axis = Int(node.axis)
            let diff = q[axis] - node.split
            // Far child: per-axis offsets from the query to its box; the bound is their squared length in
            // the same operation order as a point distance, so it never exceeds a computed point distance.
            var far4 = box
            far4[axis] = diff
            far4.w = far4.x * far4.x + far4.y * far4.y + far4.z * far4.z
            let (near, far) = diff < 0 ? (node.a, node.b) : (node.b, node.a)
            stackN[top] = far
            stackB[top] = far4
            stackN[top + 1] = near
            stackB[top + 1] = box
            top += 2
        }
        let found = sorted ? heap.sortAscending() : heap.count
        if !slots {
            for r in 0..<found { outIdx[r] = ids[Int(outIdx[r])] }
        }
        return found
    }

    /// Calls `body(index, squaredDistance)` for every point with squared distance <= `r2`, in tree order.
    func radius(
        _ q: SIMD3<Float>, r2: Float, stackN: UnsafeMutablePointer<Int32>, stackB: UnsafeMutablePointer<SIMD4<Float>>,
        _ body: (Int32, Float) -> Void
    ) {
        guard hasNodes else { return }
        var top = 1
        stackN[0] = 0
        stackB[0] = .zero
        while top > 0 {
            top -= 1
            let nodeID = Int(stackN[top])
            let box = stackB[top]
            let bound = box.w
            if bound > r2 { continue }
            let node = nodes[nodeID]
            if node.axis < 0 {
                for s in Int(node.a)..<Int(node.b) {
                    let dx = xs[s] - q.x, dy = ys[s] - q.y, dz = zs[s] - q.z
                    let d = dx * dx + dy * dy + dz * dz
                    if d <= r2 { body(ids[s], d) }
                }
                continue
            }
            let axis = Int(node.axis)
            let diff = q[axis] - node.split
            // Far child: per-axis offsets from the query to its box; the bound is their squared length in
            // the same operation order as a point distance, so it never exceeds a computed point distance.
            var far4 = box
            far4[axis] = diff
            far4.w = far4.x * far4.x + far4.y * far4.y + far4.z * far4.z
            let (near, far) = diff < 0 ? (node.a, node.b) : (node.b, node.a)
            // Near child first in output order: push far below near.
            stackN[top] = far
            stackB[top] = far4
            stackN[top + 1] = near
            stackB[top + 1] = box
            top += 2
        }
    }
}

/// Bounded max-heap of (squared distance, slot) pairs ordered by distance, then by the point index
/// `tieKey[slot]` (internal).
struct NeighborHeap {
    let ids: UnsafeMutablePointer<Int32>
    let dists: UnsafeMutablePointer<Float>
    let capacity: Int
    let tieKey: UnsafePointer<Int32>
    var count = 0

    init(ids: UnsafeMutablePointer<Int32>, dists: UnsafeMutablePointer<Float>, capacity: Int, tieKey: UnsafePointer<Int32>) {
        self.ids = ids
        self.dists = dists
        self.capacity = capacity
        self.tieKey = tieKey
    }

    var isFull: Bool { count == capacity }
    var worstDistance: Float { dists[0] }

    @inline(__always)
    private func greater(_ a: Int, _ b: Int) -> Bool {
        dists[a] > dists[b] || (dists[a] == dists[b] && tieKey[Int(ids[a])] > tieKey[Int(ids[b])])
    }

    @inline(__always)
    private func swap(_ a: Int, _ b: Int) {
        let d = dists[a]; dists[a] = dists[b]; dists[b] = d
        let i = ids[a]; ids[a] = ids[b]; ids[b] = i
    }

    @inline(__always)
    mutating func offer(_ d: Float, _ id: Int32) {
        if count < capacity {
            var c = count
            dists[c] = d
            ids[c] = id
            count += 1
            while c > 0 {
                let p = (c - 1) / 2
                guard greater(c, p) else { break }
                swap(c, p)
                c = p
            }
        } else if d < dists[0] || (d == dists[0] && tieKey[Int(id)] < tieKey[Int(ids[0])]) {
            dists[0] = d
            ids[0] = id
            siftDown(0, count)
        }
    }

    @inline(__always)
    private func siftDown(_ start: Int, _ n: Int) {
        var c = start
        while true {
            let l = 2 * c + 1
            if l >= n { return }
            var m = l
            if l + 1 < n && greater(l + 1, l) { m = l + 1 }
            guard greater(m, c) else { return }
            swap(m, c)
            c = m
        }
    }

    /// Heap-sorts in place into ascending order; returns the count.
    mutating func sortAscending() -> Int {
        var n = count
        while n > 1 {
            swap(0, n - 1)
            n -= 1
            siftDown(0, n)
        }
        return count
    }
}

extension KDTree {
    /// Runs `body` with a raw view of the tree's arrays (no copies).
    @usableFromInline
    func withView<R>(_ body: (KDTreeView) throws -> R) rethrows -> R {
        try xs.withUnsafeBufferPointer { x in
            try ys.withUnsafeBufferPointer { y in
                try zs.withUnsafeBufferPointer { z in
                    try pointIndex.withUnsafeBufferPointer { ids in
                        try nodes.withUnsafeBufferPointer { nd in
                            // Empty arrays may have nil base addresses; a dangling pointer is never read then.
                            let dummyF = UnsafePointer<Float>(bitPattern: MemoryLayout<Float>.alignment)!
                            let view = KDTreeView(
                                xs: x.baseAddress ?? dummyF, ys: y.baseAddress ?? dummyF, zs: z.baseAddress ?? dummyF,
                                ids: ids.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Int32>.alignment)!,
                                nodes: nd.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Node>.alignment)!,
                                hasNodes: !nd.isEmpty && !x.isEmpty)
                            return try body(view)
                        }
                    }
                }
            }
        }
    }

    /// The `k` nearest points to `query` (local frame, metres), written to `scratch.indices` and
    /// `scratch.squaredDistances` in ascending order of distance, equal distances by ascending index.
    ///
    /// Returns the number of results: `min(k, count)`, or 0 when `k <= 0` or the query is not finite.
    /// Does not allocate once `scratch` has room for `k`.
    /// - Complexity: about O(log n + k log k) for well-spread points.
    @discardableResult
    public func nearest(to query: SIMD3<Float>, k: Int, scratch: inout KDTreeScratch) -> Int {
        guard k > 0, query.x.isFinite, query.y.isFinite, query.z.isFinite else {
            scratch.resultCount = 0
            return 0
        }
        let kk = min(k, count)
        scratch.reserve(depth: depth, k: kk)
        let found = withView { v in
            scratch.stackNodes.withUnsafeMutableBufferPointer { sn in
                scratch.stackBounds.withUnsafeMutableBufferPointer { sb in
                    scratch.indices.withUnsafeMutableBufferPointer { oi in
                        scratch.squaredDistances.withUnsafeMutableBufferPointer { od in
                            v.knn(query, k: kk, stackN: sn.baseAddress!, stackB: sb.baseAddress!,
                                  outIdx: oi.baseAddress!, outD: od.baseAddress!)
                        }
                    }
                }
            }
        }
        scratch.resultCount = found
        return found
    }

    /// Replaces the contents of `indices` with every point within `radius` metres of `query`
    /// (squared `Float` distance <= radius²), in deterministic tree order.
    ///
    /// Does not allocate when the array's capacity suffices (its capacity is kept).
    /// - Throws: ``SpatialIndexError/invalidQuery(_:)`` for a negative or non-finite radius or query.
    /// - Complexity: O(log n + m) for m results on well-spread points.
    public func neighbors(
        within radius: Float, of query: SIMD3<Float>, indices: inout [Int32], scratch: inout KDTreeScratch
    ) throws(SpatialIndexError) {
        indices.removeAll(keepingCapacity: true)
        try visit(within: radius, of: query, scratch: &scratch) { id, _ in indices.append(id) }
    }

    /// Like ``neighbors(within:of:indices:scratch:)`` and also fills `squaredDistances` (m²) in step.
    /// - Throws: ``SpatialIndexError/invalidQuery(_:)`` for a negative or non-finite radius or query.
    public func neighbors(
        within radius: Float, of query: SIMD3<Float>, indices: inout [Int32], squaredDistances: inout [Float],
        scratch: inout KDTreeScratch
    ) throws(SpatialIndexError) {
        indices.removeAll(keepingCapacity: true)
        squaredDistances.removeAll(keepingCapacity: true)
        try visit(within: radius, of: query, scratch: &scratch) { id, d in
            indices.append(id)
            squaredDistances.append(d)
        }
    }

    /// Calls `body(pointIndex, squaredDistance)` for every point within `radius` of `query`, in tree order.
    /// - Throws: ``SpatialIndexError/invalidQuery(_:)`` for a negative or non-finite radius or query.
    public func visit(
        within radius: Float, of query: SIMD3<Float>, scratch: inout KDTreeScratch, _ body: (Int32, Float) -> Void
    ) throws(SpatialIndexError) {
        guard radius.isFinite, radius >= 0 else { throw .invalidQuery("radius \(radius) is negative or not finite") }
        guard query.x.isFinite, query.y.isFinite, query.z.isFinite else {
            throw .invalidQuery("query point \(query) is not finite")
        }
        scratch.reserve(depth: depth, k: 0)
        let r2 = radius * radius
        withView { v in
            scratch.stackNodes.withUnsafeMutableBufferPointer { sn in
                scratch.stackBounds.withUnsafeMutableBufferPointer { sb in
                    v.radius(query, r2: r2, stackN: sn.baseAddress!, stackB: sb.baseAddress!, body)
                }
            }
        }
    }
}
