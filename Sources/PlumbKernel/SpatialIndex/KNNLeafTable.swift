import Dispatch

/// Read-only data for batch k-NN over a block-aligned ``KDTree`` (internal, see ``LeafBatchKNN``): the
/// tree's coordinates and point indices in slot order padded with +∞ / `Int32.max` to whole 8-point
/// blocks, and the bounding box of every node (`w` lanes zero).
struct KNNLeafTable {
    let xs: [Float], ys: [Float], zs: [Float]
    let ids: [Int32]
    let lo: [SIMD4<Float>], hi: [SIMD4<Float>]
    /// Bounding box of every 8-point block (block `b` = slots `8b..<8b+8`, padding excluded) as six arrays
    /// of ``blockStride`` entries one after the other (low x, y, z, high x, y, z), each ending with
    /// ``blockPadding`` empty boxes (+∞ low, −∞ high) so that 4-lane loads stay inside.
    let blockBoxes: [Float]
    /// Entries per block-box array: blocks plus ``blockPadding``.
    let blockStride: Int
    /// Leaf node ids in ascending slot order.
    let leaves: [Int32]

    /// Empty block boxes after the last block.
    static let blockPadding = 4

    /// Copies and pads the tree's arrays and computes the block and node boxes; with `parallel` and at
    /// least 2^18 points, each axis's copy and block bounds and the index copy run concurrently (same
    /// result). O(n).
    init(_ tree: KDTree, parallel: Bool = false) {
        let n = tree.count
        let padded = (n + 7) & ~7
        let span = padded / 8 + Self.blockPadding
        // Per axis: the padded coordinates, with their block bounds written straight into the block-box
        // array; then the padded point indices.
        var axes = [[Float]](repeating: [], count: 3)
        var indices = [[Int32]](repeating: [], count: 1)
        let sources = [tree.xs, tree.ys, tree.zs], pointIndex = tree.pointIndex
        let boxes = [Float](unsafeUninitializedCapacity: 6 * span) { bb, initialized in
            let box = SendablePointer(p: bb.baseAddress!)
            axes.withUnsafeMutableBufferPointer { ab in
                indices.withUnsafeMutableBufferPointer { ib in
                    let a = SendablePointer(p: ab.baseAddress!), i = SendablePointer(p: ib.baseAddress!)
                    let job: @Sendable (Int) -> Void = { j in
                        guard j < 3 else {
                            i.p[0] = Self.padded(pointIndex, to: padded, with: .max)
                            return
                        }
                        let v = Self.padded(sources[j], to: padded, with: .infinity)
                        Self.writeBlockBounds(v, lo: box.p + j * span, hi: box.p + (3 + j) * span)
                        a.p[j] = v
                    }
                    if parallel && n >= 1 << 18 {
                        DispatchQueue.concurrentPerform(iterations: 4, execute: job)
                    } else {
                        for j in 0..<4 { job(j) }
                    }
                }
            }
            initialized = 6 * span
        }
        let count = tree.nodes.count
        var lo = [SIMD4<Float>](repeating: .zero, count: count), hi = lo
        var leaves: [Int32] = []
        // Leaves from their blocks (every leaf starts on a block boundary and the padding of a partial last
        // block is excluded from its box); inner nodes from their children, which have larger ids than
        // their parent (pre-order construction): fill boxes bottom-up.
        tree.nodes.withUnsafeBufferPointer { nodes in
            boxes.withUnsafeBufferPointer { bb in
                let lx = bb.baseAddress!, ly = lx + span, lz = lx + 2 * span
                let hx = lx + 3 * span, hy = lx + 4 * span, hz = lx + 5 * span
                for id in stride(from: count - 1, through: 0, by: -1) {
                    let nd = nodes[id]
                    if nd.axis >= 0 {
                        lo[id] = pointwiseMin(lo[Int(nd.a)], lo[Int(nd.b)])
                        hi[id] = pointwiseMax(hi[Int(nd.a)], hi[Int(nd.b)])
                        continue
                    }
                    var l = SIMD4<Float>(.infinity, .infinity, .infinity, 0), h = -l
                    h.w = 0
                    for b in (Int(nd.a) >> 3)..<((Int(nd.b) + 7) >> 3) {
                        l = pointwiseMin(l, SIMD4(lx[b], ly[b], lz[b], 0))
                        h = pointwiseMax(h, SIMD4(hx[b], hy[b], hz[b], 0))
                    }
                    lo[id] = l
                    hi[id] = h
                }
            }
            for id in 0..<count where nodes[id].axis < 0 { leaves.append(Int32(id)) }
        }
        blockBoxes = boxes
        blockStride = span
        self.xs = axes[0]
        self.ys = axes[1]
        self.zs = axes[2]
        self.ids = indices[0]
        self.lo = lo
        self.hi = hi
        self.leaves = leaves
    }

    /// `v` followed by `fill` up to `count` entries, in one allocation.
    static func padded<T>(_ v: [T], to count: Int, with fill: T) -> [T] {
        guard count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = buffer.baseAddress!
            v.withUnsafeBufferPointer { src in
                if let p = src.baseAddress { out.initialize(from: p, count: src.count) }
            }
            (out + v.count).initialize(repeating: fill, count: count - v.count)
            initialized = count
        }
    }
}

/// Raw pointers into a ``KNNLeafTable`` and its ``KDTree`` for the duration of a batch (internal).
struct KNNLeafView {
    let xs: UnsafePointer<Float>, ys: UnsafePointer<Float>, zs: UnsafePointer<Float>
    let ids: UnsafePointer<Int32>
    let lo: UnsafePointer<SIMD4<Float>>, hi: UnsafePointer<SIMD4<Float>>
    /// Block boxes (see ``KNNLeafTable/blockBoxes``).
    let blockLoX: UnsafePointer<Float>, blockLoY: UnsafePointer<Float>, blockLoZ: UnsafePointer<Float>
    let blockHiX: UnsafePointer<Float>, blockHiY: UnsafePointer<Float>, blockHiZ: UnsafePointer<Float>
    let nodes: UnsafePointer<KDTree.Node>
    let tree: KDTreeView
}

extension KDTree {
    /// Queries answered per call of the group body of ``forEachNeighbourhoodGroup(k:keep:parallel:_:)``
    /// (at most; fewer at the end of a work run).
    static let neighbourhoodGroupSize = 16

    /// Exact k-NN of every indexed point (internal batch helper): calls `body(view, slot, neighbours,
    /// nearest)` once per tree slot, where `neighbours` holds the tree slots of its `k` nearest points
    /// (itself included; ties by point index) in ascending slot order, and `nearest` the point indices of
    /// its `keep` nearest by ascending (distance, index). See ``forEachNeighbourhoodGroup(k:keep:parallel:_:)``.
    @discardableResult
    func forEachNeighbourhood(
        k: Int, keep: Int, parallel: Bool,
        _ body: (KNNLeafView, Int, UnsafePointer<Int32>, UnsafePointer<Int32>) -> Void
    ) -> (batched: Int, ownGathers: Int, fallbacks: Int) {
        let kk = min(k, count)
        return forEachNeighbourhoodGroup(k: k, keep: keep, parallel: parallel) { view, first, slots, nb, nearest in
            for i in 0..<slots { body(view, first + i, nb + i * kk, nearest + i * keep) }
        }
    }

    /// Exact k-NN of every indexed point, handed over in groups of consecutive tree slots (internal batch
    /// helper for ``NormalEstimation``): calls `body(view, first, count, neighbours, nearest)` for the
    /// slots `first..<first + count` (`count` ≤ ``neighbourhoodGroupSize``), where row `i` of
    /// `neighbours` (`min(k, n)` entries per row, `n` the number of indexed points) holds the tree slots of slot `first + i`'s nearest
    /// points (itself included; ties by point index) in ascending slot order, and row `i` of `nearest`
    /// (`keep` entries per row) the point indices of its `keep` nearest by ascending (distance, index).
    /// Work is split into runs of consecutive leaves of about 4096 points, spread over all cores when
    /// `parallel`; each slot is visited exactly once, and the groups and their contents do not depend on
    /// the split between cores (a group never spans two runs, and runs are fixed by the tree). The tree
    /// must be built with `blockAlignment: 8`.
    /// - Returns: how many queries were answered from their leaf's candidates, from their own gather, and
    ///   by the tree.
    @discardableResult
    func forEachNeighbourhoodGroup(
        k: Int, keep: Int, parallel: Bool,
        _ body: (KNNLeafView, Int, Int, UnsafePointer<Int32>, UnsafePointer<Int32>) -> Void
    ) -> (batched: Int, ownGathers: Int, fallbacks: Int) {
        let n = count
        let kk = min(k, n)
        guard kk > 0 else { return (0, 0, 0) }
        let table = KNNLeafTable(self, parallel: parallel)
        let leaves = table.leaves
        var chunkStarts: [Int] = [0]
        var filled = 0
        for (i, leaf) in leaves.enumerated() {
            if filled >= 4096 {
                chunkStarts.append(i)
                filled = 0
            }
            let nd = nodes[Int(leaf)]
            filled += Int(nd.b - nd.a)
        }
        chunkStarts.append(leaves.count)
        let chunks = chunkStarts.count - 1
        let treeDepth = depth
        let group = Self.neighbourhoodGroupSize
        var stats = [SIMD3<Int>](repeating: .zero, count: chunks)
        withView { tree in
            table.xs.withUnsafeBufferPointer { x in
                table.ys.withUnsafeBufferPointer { y in
                    table.zs.withUnsafeBufferPointer { z in
                        table.ids.withUnsafeBufferPointer { ids in
                            table.lo.withUnsafeBufferPointer { lo in
                                table.hi.withUnsafeBufferPointer { hi in
                                    table.blockBoxes.withUnsafeBufferPointer { boxes in
                                        stats.withUnsafeMutableBufferPointer { st in
                                            let b = boxes.baseAddress!, stride = table.blockStride
                                            let view = KNNLeafView(
                                                xs: x.baseAddress!, ys: y.baseAddress!, zs: z.baseAddress!,
                                                ids: ids.baseAddress!, lo: lo.baseAddress!, hi: hi.baseAddress!,
                                                blockLoX: b, blockLoY: b + stride, blockLoZ: b + 2 * stride,
                                                blockHiX: b + 3 * stride, blockHiY: b + 4 * stride,
                                                blockHiZ: b + 5 * stride, nodes: tree.nodes, tree: tree)
                                            let out = SendablePointer(p: st.baseAddress!)
                                            withoutActuallyEscaping(body) { body in
                                                let run: (Int) -> Void = { c in
                                                    var batch = LeafBatchKNN(depth: treeDepth, k: kk)
                                                    // One row per query of the group; +1: the selection
                                                    // writes one entry past a row (into the next row, which
                                                    // its own answer then overwrites, or into this slack).
                                                    let rows = UnsafeMutablePointer<Int32>.allocate(capacity: group * kk + 1)
                                                    let nearestRows = UnsafeMutablePointer<Int32>.allocate(capacity: max(group * keep, 1))
                                                    defer {
                                                        batch.deallocate()
                                                        rows.deallocate()
                                                        nearestRows.deallocate()
                                                    }
                                                    var first = 0, answered = 0
                                                    for l in chunkStarts[c]..<chunkStarts[c + 1] {
                                                        let node = Int(leaves[l])
                                                        batch.begin(view, node: node)
                                                        let nd = view.nodes[node]
                                                        for s in Int(nd.a)..<Int(nd.b) {
                                                            if answered == 0 { first = s }
                                                            assert(s == first + answered, "leaves of a run are consecutive")
                                                            _ = batch.answer(
                                                                view, slot: s, keep: keep, neighbours: rows + answered * kk,
                                                                nearest: nearestRows + answered * keep)
                                                            answered += 1
                                                            if answered == group {
                                                                body(view, first, answered, rows, nearestRows)
                                                                answered = 0
                                                            }
                                                        }
                                                    }
                                                    if answered > 0 { body(view, first, answered, rows, nearestRows) }
                                                    out.p[c] = SIMD3(batch.batched, batch.ownGathers, batch.fallbacks)
                                                }
                                                if parallel && chunks > 1 {
                                                    nonisolated(unsafe) let r = run
                                                    DispatchQueue.concurrentPerform(iterations: chunks) { c in r(c) }
                                                } else {
                                                    for c in 0..<chunks { run(c) }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let total = stats.reduce(SIMD3<Int>.zero, &+)
        return (total.x, total.y, total.z)
    }
}

extension KNNLeafTable {
    /// Per 8-slot block of the padded coordinate array `v`: the smallest and largest coordinate (padding
    /// +∞ ignored) at `lo[b]` and `hi[b]`, then ``blockPadding`` empty entries (+∞, −∞); both have room for
    /// `v.count / 8 + blockPadding` entries.
    static func writeBlockBounds(_ v: [Float], lo: UnsafeMutablePointer<Float>, hi: UnsafeMutablePointer<Float>) {
        let blocks = v.count / 8
        v.withUnsafeBufferPointer { src in
            guard let base = src.baseAddress, blocks > 0 else { return }
            let raw = UnsafeRawPointer(base)
            for b in 0..<blocks {
                let x = raw.loadUnaligned(fromByteOffset: 32 * b, as: SIMD8<Float>.self)
                // Padding is +∞: it never lowers the minimum, and is replaced for the maximum.
                let finite = x.replacing(with: -.infinity, where: x .== .infinity)
                lo[b] = x.smallestLane
                hi[b] = finite.largestLane
            }
        }
        (lo + blocks).initialize(repeating: .infinity, count: blockPadding)
        (hi + blocks).initialize(repeating: -.infinity, count: blockPadding)
    }
}
