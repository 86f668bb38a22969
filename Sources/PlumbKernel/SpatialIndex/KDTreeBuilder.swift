import Dispatch

/// Median-split construction of a ``KDTree`` (internal).
///
/// Points travel as 16-byte elements `(x, y, z, id bits)` between two buffers: each split reads its slot
/// range from one buffer and writes the two halves, stably, into the same range of the other, so every
/// pass is sequential in memory. The median is found on packed 64-bit keys (order-preserving coordinate
/// bits above the point index, so ties by index are free and a comparison is one integer compare): a
/// sample brackets the median, one pass keeps the keys inside the bracket, a small selection finishes.
/// Leaves write the final structure-of-arrays slots.
///
/// The tree depends only on the input: the sets at every node are fixed by the (key, index) order, and
/// the slot order inside a leaf block follows from the stable partitions. With `parallel`, the top levels
/// are split level by level and the subtrees below are built concurrently into separate node arrays that
/// are spliced in pre-order, giving the same tree as the serial build.
struct KDTreeBuilder {
    /// The built tree's parts.
    struct Result {
        var nodes: [KDTree.Node]
        var depth: Int
        var xs: [Float], ys: [Float], zs: [Float]
        var ids: [Int32]
    }

    /// Builds the tree over `x`, `y`, `z` (finite, equal lengths, at most ``KDTree/maximumPointCount``).
    /// - Parameters:
    ///   - leafSize: maximum bucket size (1...256).
    ///   - alignment: split positions are multiples of this (1...`leafSize`) relative to slot 0; with
    ///     `alignment > 1` each leaf's slots are further ordered into spatially compact aligned blocks.
    ///   - parallel: build independent subtrees on several threads (same result).
    static func build(x: [Float], y: [Float], z: [Float], leafSize: Int, alignment: Int, parallel: Bool) -> Result {
        let n = x.count
        let a = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: max(n, 1))
        let b = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: max(n, 1))
        defer {
            a.deallocate()
            b.deallocate()
        }
        let useThreads = parallel && n >= 1 << 16
        x.withUnsafeBufferPointer { xb in
            y.withUnsafeBufferPointer { yb in
                z.withUnsafeBufferPointer { zb in
                    guard n > 0 else { return }
                    let sx = SendablePointer(p: UnsafeMutablePointer(mutating: xb.baseAddress!))
                    let sy = SendablePointer(p: UnsafeMutablePointer(mutating: yb.baseAddress!))
                    let sz = SendablePointer(p: UnsafeMutablePointer(mutating: zb.baseAddress!))
                    let dst = SendablePointer(p: a)
                    let chunk = 1 << 15
                    let pack: @Sendable (Int) -> Void = { c in
                        for i in (c * chunk)..<min(n, (c + 1) * chunk) {
                            dst.p[i] = SIMD4(sx.p[i], sy.p[i], sz.p[i], Float(bitPattern: UInt32(truncatingIfNeeded: i)))
                        }
                    }
                    let chunks = (n + chunk - 1) / chunk
                    if useThreads {
                        DispatchQueue.concurrentPerform(iterations: chunks, execute: pack)
                    } else {
                        for c in 0..<chunks { pack(c) }
                    }
                }
            }
        }
        var nodes: [KDTree.Node] = []
        var depth = 0
        var ys: [Float] = [], zs: [Float] = [], ids: [Int32] = []
        let xs = [Float](unsafeUninitializedCapacity: n) { xo, xc in
            ys = [Float](unsafeUninitializedCapacity: n) { yo, yc in
                zs = [Float](unsafeUninitializedCapacity: n) { zo, zc in
                    ids = [Int32](unsafeUninitializedCapacity: n) { io, ic in
                        let context = KDTreeBuildContext(
                            buffers: (a, b), xs: xo.baseAddress, ys: yo.baseAddress, zs: zo.baseAddress,
                            ids: io.baseAddress, leafSize: leafSize, alignment: alignment)
                        if useThreads {
                            (nodes, depth) = context.buildParallel(count: n)
                        } else {
                            nodes.reserveCapacity(max(1, 2 * (n / max(leafSize / 2, 1)) + 1))
                            _ = context.buildSubtree(first: 0, end: n, depth: 1, parity: 0, nodes: &nodes, maxDepth: &depth)
                        }
                        ic = n
                    }
                    zc = n
                }
                yc = n
            }
            xc = n
        }
        return Result(nodes: nodes, depth: depth, xs: xs, ys: ys, zs: zs, ids: ids)
    }
}

/// The buffers of one build; every method touches only the slot range it is given, so disjoint subtrees
/// may be built on different threads (internal).
struct KDTreeBuildContext: @unchecked Sendable {
    /// Element buffers; a node at parity `p` reads `buffers[p]` and writes its halves to `buffers[1 - p]`.
    let buffers: (UnsafeMutablePointer<SIMD4<Float>>, UnsafeMutablePointer<SIMD4<Float>>)
    let xs: UnsafeMutablePointer<Float>?, ys: UnsafeMutablePointer<Float>?, zs: UnsafeMutablePointer<Float>?
    let ids: UnsafeMutablePointer<Int32>?
    let leafSize: Int
    let alignment: Int

    /// Ranges up to this size find their median by quickselect on all keys; larger ones sample first.
    static let directSelectLimit = 512

    @inline(__always)
    func buffer(_ parity: Int) -> UnsafeMutablePointer<SIMD4<Float>> { parity == 0 ? buffers.0 : buffers.1 }

    /// A split of slots `first..<end`: halves `first..<mid` and `mid..<end`, already written to the other
    /// buffer.
    struct Split {
        var axis: Int32
        var value: Float
        var mid: Int
    }

    /// Builds the subtree over `first..<end` (data in `buffer(parity)`) in pre-order into `nodes`, with
    /// child links relative to the start of `nodes`' subtree (its root gets `nodes.count` at entry).
    func buildSubtree(
        first: Int, end: Int, depth: Int, parity: Int, nodes: inout [KDTree.Node], maxDepth: inout Int
    ) -> Int32 {
        let id = Int32(nodes.count)
        maxDepth = max(maxDepth, depth)
        if end - first <= leafSize {
            nodes.append(.init(split: 0, axis: -1, a: Int32(first), b: Int32(end)))
            finishLeaf(first: first, end: end, parity: parity, blocks: alignment > 1)
            return id
        }
        guard let s = split(first: first, end: end, parity: parity) else {
            // All points coincide: one (possibly large) bucket.
            nodes.append(.init(split: 0, axis: -1, a: Int32(first), b: Int32(end)))
            finishLeaf(first: first, end: end, parity: parity, blocks: false)
            return id
        }
        nodes.append(.init(split: s.value, axis: s.axis, a: 0, b: 0))
        let left = buildSubtree(first: first, end: s.mid, depth: depth + 1, parity: 1 - parity, nodes: &nodes, maxDepth: &maxDepth)
        let right = buildSubtree(first: s.mid, end: end, depth: depth + 1, parity: 1 - parity, nodes: &nodes, maxDepth: &maxDepth)
        nodes[Int(id)].a = left
        nodes[Int(id)].b = right
        return id
    }

    /// The tree over `0..<count` built with the top levels split level by level and the subtrees below
    /// them built concurrently, spliced in pre-order: the same nodes as ``buildSubtree`` from the root.
    func buildParallel(count n: Int) -> ([KDTree.Node], Int) {
        // Top entries: an inner split (children are entry indices), a finished leaf, or a subtree task.
        enum Entry {
            case inner(axis: Int32, value: Float, left: Int, right: Int)
            case leaf(first: Int, end: Int)
            case task(first: Int, end: Int, depth: Int, parity: Int)
        }
        var entries: [Entry] = [.task(first: 0, end: n, depth: 1, parity: 0)]
        var frontier = [0]
        var maxDepth = 1
        let topLevels = 4
        for _ in 0..<topLevels {
            let open = frontier.filter { e in
                if case let .task(first, end, _, _) = entries[e] { return end - first > leafSize }
                return false
            }
            if open.isEmpty { break }
            var results = [Split?](repeating: nil, count: open.count)
            results.withUnsafeMutableBufferPointer { rb in
                let out = SendablePointer(p: rb.baseAddress!)
                let work = open.map { e -> (Int, Int, Int) in
                    guard case let .task(first, end, _, parity) = entries[e] else { return (0, 0, 0) }
                    return (first, end, parity)
                }
                DispatchQueue.concurrentPerform(iterations: work.count) { i in
                    let (first, end, parity) = work[i]
                    out.p[i] = split(first: first, end: end, parity: parity)
                    if out.p[i] == nil { writeSlots(first: first, end: end, parity: parity) }
                }
            }
            var next: [Int] = []
            for (i, e) in open.enumerated() {
                guard case let .task(first, end, depth, parity) = entries[e] else { continue }
                if let s = results[i] {
                    let l = entries.count
                    entries.append(.task(first: first, end: s.mid, depth: depth + 1, parity: 1 - parity))
                    entries.append(.task(first: s.mid, end: end, depth: depth + 1, parity: 1 - parity))
                    entries[e] = .inner(axis: s.axis, value: s.value, left: l, right: l + 1)
                    next += [l, l + 1]
                    maxDepth = max(maxDepth, depth + 1)
                } else {
                    entries[e] = .leaf(first: first, end: end)
                }
            }
            frontier = next
        }
        // Subtrees, concurrently, each into its own node array.
        let tasks = entries.indices.filter { if case .task = entries[$0] { return true } else { return false } }
        var built = [([KDTree.Node], Int)](repeating: ([], 0), count: tasks.count)
        built.withUnsafeMutableBufferPointer { bb in
            let out = SendablePointer(p: bb.baseAddress!)
            let work = tasks.map { e -> (Int, Int, Int, Int) in
                guard case let .task(first, end, depth, parity) = entries[e] else { return (0, 0, 0, 0) }
                return (first, end, depth, parity)
            }
            DispatchQueue.concurrentPerform(iterations: work.count) { i in
                let (first, end, depth, parity) = work[i]
                var sub: [KDTree.Node] = []
                sub.reserveCapacity(2 * ((end - first) / max(leafSize / 2, 1)) + 1)
                var d = 0
                _ = buildSubtree(first: first, end: end, depth: depth, parity: parity, nodes: &sub, maxDepth: &d)
                out.p[i] = (sub, d)
            }
        }
        var taskOf = [Int: Int]()
        for (i, e) in tasks.enumerated() {
            taskOf[e] = i
            maxDepth = max(maxDepth, built[i].1)
        }
        // Splice in pre-order.
        var nodes: [KDTree.Node] = []
        nodes.reserveCapacity(built.reduce(entries.count) { $0 + $1.0.count })
        func emit(_ e: Int) -> Int32 {
            let id = Int32(nodes.count)
            switch entries[e] {
            case let .inner(axis, value, left, right):
                nodes.append(.init(split: value, axis: axis, a: 0, b: 0))
                let l = emit(left)
                let r = emit(right)
                nodes[Int(id)].a = l
                nodes[Int(id)].b = r
            case let .leaf(first, end):
                nodes.append(.init(split: 0, axis: -1, a: Int32(first), b: Int32(end)))
            case .task:
                for var nd in built[taskOf[e]!].0 {
                    if nd.axis >= 0 {
                        nd.a += id
                        nd.b += id
                    }
                    nodes.append(nd)
                }
            }
            return id
        }
        _ = emit(0)
        return (nodes, maxDepth)
    }

    /// Final slots of a leaf: with `blocks`, ordered into aligned blocks by the same median splits as inner
    /// nodes (widest axis, next block boundary after the median) down to single blocks, without nodes.
    func finishLeaf(first: Int, end: Int, parity: Int, blocks: Bool) {
        if blocks && end - first > alignment, let s = split(first: first, end: end, parity: parity) {
            finishLeaf(first: first, end: s.mid, parity: 1 - parity, blocks: true)
            finishLeaf(first: s.mid, end: end, parity: 1 - parity, blocks: true)
        } else {
            writeSlots(first: first, end: end, parity: parity)
        }
    }

    /// Copies slots `first..<end` of `buffer(parity)` to the output arrays.
    func writeSlots(first: Int, end: Int, parity: Int) {
        let src = buffer(parity)
        guard let xs, let ys, let zs, let ids else { return }
        for s in first..<end {
            let e = src[s]
            xs[s] = e.x
            ys[s] = e.y
            zs[s] = e.z
            ids[s] = Int32(bitPattern: e.w.bitPattern)
        }
    }

    /// Splits slots `first..<end` (more than one block) of `buffer(parity)` across the widest axis of their
    /// box at the (key, index) element of rank `mid - first`, `mid` the median or the next block boundary
    /// after it; writes the halves stably to the other buffer. `nil` when all points coincide.
    func split(first: Int, end: Int, parity: Int) -> Split? {
        let src = buffer(parity) + first, dst = buffer(1 - parity) + first
        let n = end - first
        let (lo, hi) = Self.bounds(src, n)
        let ext = hi - lo
        let axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : (ext.y >= ext.z ? 1 : 2)
        if ext[axis] == 0 { return nil }
        // first is a block boundary and n > alignment, so the boundary stays inside the range.
        let rank = alignment > 1 ? (n / 2 + alignment - 1) / alignment * alignment : n / 2
        let value: Float = switch axis {
        case 0: Self.partition(KDAxisX.self, src: src, dst: dst, n: n, rank: rank)
        case 1: Self.partition(KDAxisY.self, src: src, dst: dst, n: n, rank: rank)
        default: Self.partition(KDAxisZ.self, src: src, dst: dst, n: n, rank: rank)
        }
        return Split(axis: Int32(axis), value: value, mid: first + rank)
    }

    /// Bounding box of `n` elements (x, y, z lanes; exact: min/max do not round).
    @inline(__always)
    static func bounds(_ p: UnsafeMutablePointer<SIMD4<Float>>, _ n: Int) -> (SIMD4<Float>, SIMD4<Float>) {
        var lo0 = SIMD4<Float>(repeating: .infinity), lo1 = lo0
        var hi0 = SIMD4<Float>(repeating: -.infinity), hi1 = hi0
        var i = 0
        while i + 2 <= n {
            let e0 = p[i], e1 = p[i + 1]
            lo0.replace(with: e0, where: e0 .< lo0)
            hi0.replace(with: e0, where: e0 .> hi0)
            lo1.replace(with: e1, where: e1 .< lo1)
            hi1.replace(with: e1, where: e1 .> hi1)
            i += 2
        }
        if i < n {
            let e0 = p[i]
            lo0.replace(with: e0, where: e0 .< lo0)
            hi0.replace(with: e0, where: e0 .> hi0)
        }
        lo0.replace(with: lo1, where: lo1 .< lo0)
        hi0.replace(with: hi1, where: hi1 .> hi0)
        return (lo0, hi0)
    }

    /// Order-preserving key: coordinate bits (with -0 read as +0, as `Float` comparison does) above the
    /// point index, so integer order is (coordinate, index) order.
    @inline(__always)
    static func key(_ v: Float, _ idBits: Float) -> UInt64 {
        let u = (v + 0).bitPattern
        let o = u ^ (UInt32(bitPattern: Int32(bitPattern: u) >> 31) | 0x8000_0000)
        return UInt64(o) << 32 | UInt64(idBits.bitPattern)
    }

    /// Writes the `n` elements at `src` to `dst`, the `rank` smallest by (axis key, index) first, each half
    /// in source order; returns the axis coordinate of the element of rank `rank`. The median search uses
    /// `dst` as scratch before the partition overwrites it.
    static func partition<A: KDAxisLane>(
        _: A.Type, src: UnsafeMutablePointer<SIMD4<Float>>, dst: UnsafeMutablePointer<SIMD4<Float>>, n: Int, rank: Int
    ) -> Float {
        let pivot = UnsafeMutableRawPointer(dst).withMemoryRebound(to: UInt64.self, capacity: 2 * n) { scratch in
            selectKey(A.self, src: src, n: n, rank: rank, scratch: scratch)
        }
        var l = 0, r = rank
        var value: Float = 0
        for i in 0..<n {
            let e = src[i]
            let v = A.lane(e)
            let k = key(v, e.w)
            let left = DistinctKeySelection.bit(k < pivot)
            dst[r &+ ((l &- r) & (0 &- left))] = e
            l &+= left
            r &+= 1 &- left
            if k == pivot { value = v }
        }
        return value
    }

    /// The key of rank `rank` among the `n` elements at `src` (`scratch`: `2 n` keys). Large ranges
    /// bracket it between two sample keys, keep only the keys inside the bracket, and continue on those.
    static func selectKey<A: KDAxisLane>(
        _: A.Type, src: UnsafeMutablePointer<SIMD4<Float>>, n: Int, rank: Int, scratch: UnsafeMutablePointer<UInt64>
    ) -> UInt64 {
        if n > directSelectLimit,
           let narrowed = narrow(count: n, rank: rank, sample: scratch + n, into: scratch, key: { i in
               key(A.lane(src[i]), src[i].w)
           }) {
            return selectKey(in: scratch, narrowed.kept, rank: rank - narrowed.below, other: scratch + n)
        }
        for i in 0..<n {
            let e = src[i]
            scratch[i] = key(A.lane(e), e.w)
        }
        return DistinctKeySelection.select(rank: rank, among: scratch, count: n, scratch: scratch + n, spare: scratch)
    }

    /// The key of rank `rank` among `keys[0..<n]`, with `other` (`n` keys) as scratch; both are permuted.
    static func selectKey(
        in keys: UnsafeMutablePointer<UInt64>, _ n: Int, rank: Int, other: UnsafeMutablePointer<UInt64>
    ) -> UInt64 {
        var data = keys, spare = other, count = n, target = rank
        while count > directSelectLimit {
            let source = data
            guard let narrowed = narrow(count: count, rank: target, sample: spare, into: spare, key: { source[$0] })
            else { break }
            (data, spare) = (spare, data)
            count = narrowed.kept
            target -= narrowed.below
        }
        return DistinctKeySelection.select(rank: target, among: data, count: count, scratch: spare, spare: data)
    }

    /// One narrowing step of a rank search among the `n` keys `key(0..<n)`: brackets rank `rank` between
    /// two keys of an evenly spaced sample (written to `sample`, room for `3 sampleSize(n)` keys), then
    /// writes the keys inside the bracket, in order, to `into` (every key is written, only those inside
    /// advance: room for `n`; `sample` may be the same buffer, it is no longer needed by then). Returns how
    /// many keys lie below the bracket and how many were kept; `nil` when the bracket misses the rank or
    /// keeps every key (the caller then selects among all of them).
    @inline(__always)
    static func narrow(
        count n: Int, rank: Int, sample: UnsafeMutablePointer<UInt64>, into out: UnsafeMutablePointer<UInt64>,
        key: (Int) -> UInt64
    ) -> (below: Int, kept: Int)? {
        let s = sampleSize(n)
        for i in 0..<s { sample[i] = key(i * n / s) }
        let (p1, p2) = bracket(sample, s, rank: rank * s / n)
        let width = p2 &- p1
        var below = 0, m = 0
        for i in 0..<n {
            let k = key(i)
            below &+= DistinctKeySelection.bit(k < p1)
            out[m] = k
            m &+= DistinctKeySelection.bit(k &- p1 <= width)
        }
        guard rank >= below && rank < below + m && m < n else { return nil }
        return (below, m)
    }

    /// Sample size for bracketing the median of `n` keys.
    @inline(__always)
    static func sampleSize(_ n: Int) -> Int { min(n / 4, 4 * Int(Float(n).squareRoot())) }

    /// Keys around sample rank `rank` (about three standard deviations of the sample rank of the true
    /// median either side); `sample` has room for `3 s` keys: the sample first (kept), then scratch.
    static func bracket(_ sample: UnsafeMutablePointer<UInt64>, _ s: Int, rank: Int) -> (UInt64, UInt64) {
        let d = Int(1.5 * Float(s).squareRoot()) + 1
        let lo = max(rank - d, 0), hi = min(rank + d, s - 1)
        let p1 = DistinctKeySelection.select(rank: lo, among: sample, count: s, scratch: sample + s, spare: sample + 2 * s)
        let p2 = DistinctKeySelection.select(rank: hi, among: sample, count: s, scratch: sample + s, spare: sample + 2 * s)
        return (p1, p2)
    }
}

/// Reads one coordinate of a build element (internal; specialises the partition loops per axis).
protocol KDAxisLane {
    static func lane(_ e: SIMD4<Float>) -> Float
}

/// The x lane.
enum KDAxisX: KDAxisLane {
    @inline(__always) static func lane(_ e: SIMD4<Float>) -> Float { e.x }
}

/// The y lane.
enum KDAxisY: KDAxisLane {
    @inline(__always) static func lane(_ e: SIMD4<Float>) -> Float { e.y }
}

/// The z lane.
enum KDAxisZ: KDAxisLane {
    @inline(__always) static func lane(_ e: SIMD4<Float>) -> Float { e.z }
}
