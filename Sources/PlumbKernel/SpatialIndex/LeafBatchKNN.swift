import Dispatch

/// Exact k-nearest neighbours of every point of a cloud, answered one ``KDTree`` leaf at a time (internal;
/// used by ``NormalEstimation``).
///
/// The tree is built with splits on multiples of 8 slots (``KDTree/init(x:y:z:leafSize:blockAlignment:)``), so
/// every leaf is a run of whole 8-point blocks in the tree's slot order, and inside a leaf each block comes
/// from further median splits (spatially compact); ``KNNLeafTable`` keeps padded copies of the coordinates,
/// the bounding box of every node and the bounding box of every block.
///
/// For a leaf B the worker collects the leaves within `R` of B's box (a tree descent with box-to-box
/// distances; `R` is twice the largest k-th neighbour distance of the previous leaf's queries answered
/// from candidates, or of its tree-answered ones when there were none, so that one far outlier does not
/// blow up the next gather; halved up to three times while the gather overflows). Every point within `R`
/// of a query of B lies in those leaves. Each query q then gets a guaranteed radius
/// `ρ(q) = min(R, min_p (d_k(p) + |q − p|))` over the last 16 answered queries p (triangle inequality:
/// the k nearest of p lie within `d_k(p) + |q − p|` of q), scans only the blocks whose box is within ρ
/// (of the candidate leaves whose box is), 8 lanes at a time, and counts the points within ρ (first
/// within an optimistic radius, see ``optimisticSlack``). When at least k are, their k nearest are the
/// exact answer, because every point closer than the k-th was scanned: the k-th smallest squared
/// distance is found by counting (`CountingThreshold`, on the stored distances of the blocks with a
/// point within the radius), ties at it go to the smallest point indices, and one branch-free pass
/// writes the neighbours. Otherwise (ρ was capped by `R`, or the leaf had too many candidates) the query
/// gathers its own candidate leaves, those within its bound `min_p (d_k(p) + |q − p|)` of q itself, and
/// is answered the same way; only without a bound (the first query of a work run) or when that gather
/// overflows does it go to the tree (``KDTreeView/knn(_:k:stackN:stackB:outIdx:outD:slots:sorted:)``).
///
/// Distances use the tree's `Float` arithmetic (`dx * dx + dy * dy + dz * dz`, `dx = p.x - q.x`), and the
/// box bounds are computed in the same order, so a box bound never exceeds a computed point distance;
/// radii carry a 1e-5 relative margin for rounding. The neighbours are reported in ascending slot order
/// (independent of which path answered and of the work split), so sums over them are deterministic.
/// No allocation after `init`.
struct LeafBatchKNN {
    /// Largest number of candidate points (sum over the candidate leaves) per leaf.
    static let maximumCandidates = 16_384
    /// Largest number of candidate leaves per leaf.
    static let maximumLeaves = 2_048
    /// Answered queries remembered for the per-query bound.
    static let recent = 16
    /// The gather radius is this multiple of the previous leaf's largest k-th neighbour distance (see above).
    static let radiusFactor: Float = 2
    /// The optimistic first radius is `optimisticSlack · min (d_k(p) + optimisticDrift · |q − p|)` over
    /// the remembered queries p (only speed depends on these: too small a radius costs a second scan).
    static let optimisticSlack: Float = 1.05, optimisticDrift: Float = 0.25
    /// Gathers tried per leaf, halving the radius after each overflow.
    static let gatherAttempts = 4

    let k: Int
    /// Candidate leaves: first slot, end slot (padded to whole blocks), box.
    private(set) var leafFirst: UnsafeMutablePointer<Int32>, leafEnd: UnsafeMutablePointer<Int32>
    /// Candidate leaf boxes as structure of arrays, padded to whole 8-lane blocks with empty boxes.
    private(set) var boxLoX: UnsafeMutablePointer<Float>, boxLoY: UnsafeMutablePointer<Float>, boxLoZ: UnsafeMutablePointer<Float>
    private(set) var boxHiX: UnsafeMutablePointer<Float>, boxHiY: UnsafeMutablePointer<Float>, boxHiZ: UnsafeMutablePointer<Float>
    private(set) var leafCount = 0
    /// A second candidate-leaf list (same layout: boxes in one allocation of 6 × ``boxStride``), swapped
    /// in for one query's own gather (see `fromOwnGather`).
    private var spareLeaves: (
        first: UnsafeMutablePointer<Int32>, end: UnsafeMutablePointer<Int32>,
        box: UnsafeMutablePointer<Float>, count: Int)
    /// Entries per candidate-leaf box array: ``maximumLeaves`` plus a padding block.
    static let boxStride = maximumLeaves + 8
    /// Whether the current leaf's candidates were gathered (false: too many; every query gathers its own
    /// candidates or uses the tree).
    private(set) var gathered = false
    /// Gather radius of the current leaf (m).
    private(set) var gatherRadius: Float = 0
    /// The current leaf node and whether its gather has run.
    private var currentNode = 0
    private var attempted = false
    /// Keys `(squared distance bits << 32) | point index` of the selected neighbours (for `keep`), and
    /// the point indices of tied neighbours.
    let work: UnsafeMutablePointer<UInt64>, spare: UnsafeMutablePointer<UInt64>
    /// The 8 squared distances of each of the current query's ``hitBlocks`` (blocks with a point within
    /// the radius; see `collect`).
    let blockDistances: UnsafeMutablePointer<Float>
    /// Bitmap of the candidate leaves near the current query (see `collect`).
    let nearWords: UnsafeMutablePointer<UInt64>
    /// Blocks of the current query with a point within the radius; their first slots are `queue[0..<hitBlocks]`.
    private var hitBlocks = 0
    /// Recently answered queries (coordinates and k-th neighbour distance), a ring of ``recent``.
    let rx: UnsafeMutablePointer<Float>, ry: UnsafeMutablePointer<Float>, rz: UnsafeMutablePointer<Float>
    let rk: UnsafeMutablePointer<Float>
    private var ringNext = 0
    private(set) var ringCount = 0
    /// Largest k-th neighbour distance answered from the leaf's candidates / otherwise (own gather or tree)
    /// since the last gather (m).
    private var leafLargest: Float = 0, treeLargest: Float = 0
    /// First slots of the blocks the current query scans, then of its ``hitBlocks``, ascending (see `collect`).
    let queue: UnsafeMutablePointer<Int32>
    /// Tree traversal stacks and fallback result buffers.
    let stackN: UnsafeMutablePointer<Int32>, stackB: UnsafeMutablePointer<SIMD4<Float>>
    let fallbackIndices: UnsafeMutablePointer<Int32>, fallbackDistances: UnsafeMutablePointer<Float>
    /// Queries answered from the leaf's candidates / from their own gather / by the tree (statistics for
    /// tests).
    private(set) var batched = 0, ownGathers = 0, fallbacks = 0

    init(depth: Int, k: Int) {
        self.k = k
        leafFirst = .allocate(capacity: Self.maximumLeaves)
        leafEnd = .allocate(capacity: Self.maximumLeaves)
        let stride = Self.boxStride
        let box = UnsafeMutablePointer<Float>.allocate(capacity: 6 * stride)
        boxLoX = box; boxLoY = box + stride; boxLoZ = box + 2 * stride
        boxHiX = box + 3 * stride; boxHiY = box + 4 * stride; boxHiZ = box + 5 * stride
        spareLeaves = (.allocate(capacity: Self.maximumLeaves), .allocate(capacity: Self.maximumLeaves),
                       .allocate(capacity: 6 * stride), 0)
        work = .allocate(capacity: Self.maximumCandidates)
        spare = .allocate(capacity: Self.maximumCandidates)
        blockDistances = .allocate(capacity: Self.maximumCandidates)
        nearWords = .allocate(capacity: Self.maximumLeaves / 64 + 1)
        queue = .allocate(capacity: Self.maximumCandidates / 8 + 4)
        rx = .allocate(capacity: Self.recent)
        ry = .allocate(capacity: Self.recent)
        rz = .allocate(capacity: Self.recent)
        rk = .allocate(capacity: Self.recent)
        for i in 0..<Self.recent { rx[i] = 0; ry[i] = 0; rz[i] = 0; rk[i] = .infinity }
        stackN = .allocate(capacity: depth + 2)
        stackB = .allocate(capacity: depth + 2)
        fallbackIndices = .allocate(capacity: max(k, 1))
        fallbackDistances = .allocate(capacity: max(k, 1))
    }

    func deallocate() {
        leafFirst.deallocate(); leafEnd.deallocate()
        boxLoX.deallocate()
        spareLeaves.first.deallocate(); spareLeaves.end.deallocate(); spareLeaves.box.deallocate()
        work.deallocate(); spare.deallocate()
        queue.deallocate()
        blockDistances.deallocate()
        nearWords.deallocate()
        rx.deallocate(); ry.deallocate(); rz.deallocate(); rk.deallocate()
        stackN.deallocate(); stackB.deallocate(); fallbackIndices.deallocate(); fallbackDistances.deallocate()
    }

    /// Starts the leaf `node` of `table`: its candidates are gathered before its first query that has a
    /// neighbour-distance estimate (the first query of a run goes to the tree).
    mutating func begin(_ table: KNNLeafView, node: Int) {
        currentNode = node
        gathered = false
        attempted = false
        leafCount = 0
    }

    /// Collects the candidate leaves of the current leaf: every leaf whose box is within the gather radius
    /// of its box, in ascending slot order. Leaves `gathered` false when there are too many.
    private mutating func gather(_ table: KNNLeafView) {
        attempted = true
        // Outliers (answered by their own gather or the tree) would inflate the radius and overflow the
        // candidate buffers; they count only when no query was answered from the leaf's candidates.
        var radius = Self.radiusFactor * (leafLargest > 0 ? leafLargest : treeLargest)
        leafLargest = 0
        treeLargest = 0
        // Too many candidates: retry with half the radius (queries whose bound exceeds it gather their own).
        for _ in 0..<Self.gatherAttempts {
            if collectLeaves(table, lo: table.lo[currentNode], hi: table.hi[currentNode], radius: radius) {
                gatherRadius = radius
                gathered = true
                return
            }
            radius *= 0.5
        }
    }

    /// Fills the candidate-leaf list with every leaf whose box is within `radius` of the box `lo`...`hi`
    /// (the current leaf's, or a query point's), in ascending slot order; false when they exceed
    /// ``maximumLeaves`` or ``maximumCandidates``.
    private mutating func collectLeaves(
        _ table: KNNLeafView, lo: SIMD4<Float>, hi: SIMD4<Float>, radius: Float
    ) -> Bool {
        leafCount = 0
        let r2 = radius * radius * (1 + 1e-5)
        var points = 0
        var top = 1
        stackN[0] = 0
        while top > 0 {
            top -= 1
            let id = Int(stackN[top])
            let nlo = table.lo[id], nhi = table.hi[id]
            guard Self.gap2(nlo - hi, lo - nhi) <= r2 else { continue }
            let nd = table.nodes[id]
            if nd.axis >= 0 {
                // Left first, so leaves come out in ascending slot order.
                stackN[top] = nd.b
                stackN[top + 1] = nd.a
                top += 2
                continue
            }
            let first = Int(nd.a), end = (Int(nd.b) + 7) & ~7
            points += end - first
            guard leafCount < Self.maximumLeaves, points <= Self.maximumCandidates else { return false }
            leafFirst[leafCount] = Int32(first)
            leafEnd[leafCount] = Int32(end)
            boxLoX[leafCount] = nlo.x
            boxLoY[leafCount] = nlo.y
            boxLoZ[leafCount] = nlo.z
            boxHiX[leafCount] = nhi.x
            boxHiY[leafCount] = nhi.y
            boxHiZ[leafCount] = nhi.z
            leafCount += 1
        }
        var pad = leafCount
        while pad % 8 != 0 {
            boxLoX[pad] = .infinity; boxLoY[pad] = .infinity; boxLoZ[pad] = .infinity
            boxHiX[pad] = -.infinity; boxHiY[pad] = -.infinity; boxHiZ[pad] = -.infinity
            pad += 1
        }
        return true
    }

    /// Squared length of the positive parts of the larger of `a` and `b` per lane (x, y, z): the squared
    /// distance between two boxes (or a point and a box) from their per-axis gaps, summed in the same
    /// order as a point distance.
    @inline(__always)
    static func gap2(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
        var g = a.replacing(with: b, where: b .> a)
        g.replace(with: 0, where: g .< 0)
        return g.x * g.x + g.y * g.y + g.z * g.z
    }

    /// Answers the query at tree slot `s` (a point of the gathered leaf) and returns the k-th neighbour
    /// distance (m). Writes the k neighbour slots in ascending order to `neighbours`, which must have room
    /// for k + 1 entries (the branch-free selection writes one past the k-th; the extra entry's value is
    /// unspecified), and with `keep > 0` the nearest `keep` point indices by ascending (distance, index)
    /// to `nearest`.
    mutating func answer(
        _ table: KNNLeafView, slot s: Int, keep: Int,
        neighbours: UnsafeMutablePointer<Int32>, nearest: UnsafeMutablePointer<Int32>
    ) -> Float {
        let q = SIMD3(table.xs[s], table.ys[s], table.zs[s])
        if !attempted && ringCount > 0 { gather(table) }
        if gathered, let kth = fromCandidates(table, q, keep: keep, neighbours: neighbours, nearest: nearest) {
            batched += 1
            remember(q, kth)
            leafLargest = max(leafLargest, kth)
            return kth
        }
        if let kth = fromOwnGather(table, q, keep: keep, neighbours: neighbours, nearest: nearest) {
            ownGathers += 1
            remember(q, kth)
            treeLargest = max(treeLargest, kth)
            return kth
        }
        fallbacks += 1
        let kth = fromTree(table, q, keep: keep, neighbours: neighbours, nearest: nearest)
        remember(q, kth)
        treeLargest = max(treeLargest, kth)
        return kth
    }

    /// Exchanges the candidate-leaf list with ``spareLeaves``.
    private mutating func swapLeafLists() {
        let box = boxLoX, stride = Self.boxStride
        (leafFirst, spareLeaves.first) = (spareLeaves.first, leafFirst)
        (leafEnd, spareLeaves.end) = (spareLeaves.end, leafEnd)
        (leafCount, spareLeaves.count) = (spareLeaves.count, leafCount)
        let o = spareLeaves.box
        boxLoX = o; boxLoY = o + stride; boxLoZ = o + 2 * stride
        boxHiX = o + 3 * stride; boxHiY = o + 4 * stride; boxHiZ = o + 5 * stride
        spareLeaves.box = box
    }

    /// Answers q, when the leaf's candidates could not, from its own gather: the leaves within its
    /// guaranteed radius g (from the remembered queries) of q itself, collected into ``spareLeaves`` so
    /// that the leaf's list stays for its next queries. That bound is often loose here (hundreds of points
    /// within it), so the scan tries g/4 and g/2 first. Nil when there is no bound or too many candidates.
    private mutating func fromOwnGather(
        _ table: KNNLeafView, _ q: SIMD3<Float>, keep: Int,
        neighbours: UnsafeMutablePointer<Int32>, nearest: UnsafeMutablePointer<Int32>
    ) -> Float? {
        guard ringCount > 0 else { return nil }
        let g = bounds(q).guaranteed
        guard g.isFinite else { return nil }
        swapLeafLists()
        defer { swapLeafLists() }
        let p = SIMD4(q.x, q.y, q.z, 0)
        guard collectLeaves(table, lo: p, hi: p, radius: g) else { return nil }
        var fraction: Float = 0.25
        while true {
            let radius2 = (fraction * g) * (fraction * g)
            let m = collect(table, q, radius2: radius2)
            if m >= k {
                return select(table, radius2: radius2, count: m, keep: keep, neighbours: neighbours, nearest: nearest)
            }
            if fraction == 1 { return nil }
            fraction *= 2
        }
    }

    private mutating func remember(_ q: SIMD3<Float>, _ kth: Float) {
        rx[ringNext] = q.x
        ry[ringNext] = q.y
        rz[ringNext] = q.z
        rk[ringNext] = kth
        ringNext = (ringNext + 1) % Self.recent
        ringCount = min(ringCount + 1, Self.recent)
    }

    /// Radii for q from the remembered queries p: guaranteed `min (d_k(p) + |q − p|)` (with margin), and
    /// an optimistic guess (see ``optimisticSlack``) that usually holds k points with few extra.
    @inline(__always)
    private func bounds(_ q: SIMD3<Float>) -> (guaranteed: Float, optimistic: Float) {
        let qx = SIMD8<Float>(repeating: q.x), qy = SIMD8<Float>(repeating: q.y), qz = SIMD8<Float>(repeating: q.z)
        var best = SIMD8<Float>(repeating: .infinity), guess = best
        var i = 0
        while i < Self.recent {
            let dx = UnsafeRawPointer(rx + i).loadUnaligned(as: SIMD8<Float>.self) - qx
            let dy = UnsafeRawPointer(ry + i).loadUnaligned(as: SIMD8<Float>.self) - qy
            let dz = UnsafeRawPointer(rz + i).loadUnaligned(as: SIMD8<Float>.self) - qz
            let r = UnsafeRawPointer(rk + i).loadUnaligned(as: SIMD8<Float>.self)
            let d = (dx * dx + dy * dy + dz * dz).squareRoot()
            best = best.replacing(with: r + d, where: r + d .< best)
            let g = r + Self.optimisticDrift * d
            guess = guess.replacing(with: g, where: g .< guess)
            i += 8
        }
        return (best.smallestLane * (1 + 1e-5), Self.optimisticSlack * guess.smallestLane)
    }

    private mutating func fromCandidates(
        _ table: KNNLeafView, _ q: SIMD3<Float>, keep: Int,
        neighbours: UnsafeMutablePointer<Int32>, nearest: UnsafeMutablePointer<Int32>
    ) -> Float? {
        let b = bounds(q)
        let rho = min(b.guaranteed, gatherRadius)
        let opt = min(b.optimistic, rho)
        // Optimistic radius first; if it holds fewer than k points, the guaranteed one.
        var radius2 = opt * opt
        var m = collect(table, q, radius2: radius2)
        if m < k {
            guard opt < rho else { return nil }
            radius2 = rho * rho
            m = collect(table, q, radius2: radius2)
            guard m >= k else { return nil }
        }
        return select(table, radius2: radius2, count: m, keep: keep, neighbours: neighbours, nearest: nearest)
    }

    /// The k nearest among the ``hitBlocks``' points, of which `m` are within `radius2`: the k-th
    /// smallest distance by counting, then the points up to it in ascending slot order.
    private mutating func select(
        _ table: KNNLeafView, radius2: Float, count m: Int, keep: Int,
        neighbours: UnsafeMutablePointer<Int32>, nearest: UnsafeMutablePointer<Int32>
    ) -> Float {
        let values = UnsafeRawPointer(blockDistances).assumingMemoryBound(to: Int32.self)
        let t = CountingThreshold.find(
            rank: k, values: values, blocks: hitBlocks, upper: Int32(bitPattern: radius2.bitPattern),
            upperCount: m)
        let kth = t.atOrBelow == k
            ? compact(table, values, threshold: t.bits, keep: keep, neighbours: neighbours)
            : compactTies(table, values, threshold: t.bits, need: k - t.below, keep: keep, neighbours: neighbours)
        if keep > 0 {
            Self.insertionSort(work, k)
            for j in 0..<keep { nearest[j] = Int32(bitPattern: UInt32(truncatingIfNeeded: work[j])) }
        }
        return Float(bitPattern: UInt32(bitPattern: kth)).squareRoot()
    }

    /// Writes the slots of the hit blocks' points whose distance bits are `<= threshold` (exactly k) to
    /// `neighbours` in ascending slot order, and with `keep > 0` their keys to ``work``; returns the largest
    /// of their distance bits (the k-th distance).
    @inline(__always)
    private func compact(
        _ table: KNNLeafView, _ values: UnsafePointer<Int32>, threshold: Int32, keep: Int,
        neighbours: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        let limit = SIMD8<Int32>(repeating: threshold)
        // The largest kept value, as a `Float` maximum of the kept lanes (the others read as +0).
        var largest = SIMD8<Float>()
        var o = 0
        let base = queue, ids = table.ids, work = work
        @inline(__always) func blocks(_ keys: Bool) {
            for i in 0..<hitBlocks {
                let v = UnsafeRawPointer(values + 8 * i).loadUnaligned(as: SIMD8<Int32>.self)
                let above = v .> limit
                let kept = unsafeBitCast(v & ~unsafeBitCast(above, to: SIMD8<Int32>.self), to: SIMD8<Float>.self)
                largest.replace(with: kept, where: kept .> largest)
                let bits = Self.laneBits(.!above), c = base[i]
                // Branch-free: every lane is written, only the selected ones advance (room for k + 1).
                for lane in 0..<8 {
                    neighbours[o] = c &+ Int32(lane)
                    if keys {
                        work[o] = UInt64(UInt32(bitPattern: v[lane])) << 32
                            | UInt64(UInt32(bitPattern: ids[Int(c) + lane]))
                    }
                    o &+= Int(bits >> UInt32(lane) & 1)
                }
            }
        }
        if keep > 0 { blocks(true) } else { blocks(false) }
        return Int32(bitPattern: largest.max().bitPattern)
    }

    /// As ``compact(_:_:threshold:keep:neighbours:)`` when several distances equal the k-th
    /// (`threshold`): every point below it, and of those at it the `need` with the smallest point index.
    private func compactTies(
        _ table: KNNLeafView, _ values: UnsafePointer<Int32>, threshold: Int32, need: Int, keep: Int,
        neighbours: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        let ids = table.ids
        // Point indices of the tied points, sorted; the need-th smallest is the last one taken.
        var tied = 0
        for i in 0..<hitBlocks * 8 where values[i] == threshold {
            spare[tied] = UInt64(UInt32(bitPattern: ids[Int(queue[i >> 3]) + (i & 7)]))
            tied += 1
        }
        Self.insertionSort(spare, tied)
        let cut = Int32(truncatingIfNeeded: spare[need - 1])
        var o = 0
        for i in 0..<hitBlocks * 8 {
            let v = values[i], s = Int(queue[i >> 3]) + (i & 7)
            guard v < threshold || (v == threshold && ids[s] <= cut) else { continue }
            neighbours[o] = Int32(truncatingIfNeeded: s)
            work[o] = UInt64(UInt32(bitPattern: v)) << 32 | UInt64(UInt32(bitPattern: ids[s]))
            o += 1
        }
        return threshold
    }

    /// Computes the squared distance from q of every candidate point in a block near q, keeps the blocks
    /// with a point within squared distance `radius2` (``hitBlocks``, in ascending slot order) and returns
    /// the number of points within it.
    ///
    /// Branches that depend on whether a block is near or holds a hit are unpredictable and cost more than
    /// the arithmetic, so: the candidate leaves' boxes are tested 8 per step into a bitmap of the near
    /// ones (``nearWords``; one loop over its bits then ends once per query, where a loop per 8 boxes
    /// ended unpredictably for every 8: 0.90x time at 1M points); the near leaves have their blocks
    /// tested 4 boxes per step and the near ones appended to ``queue`` branch-free; a straight pass
    /// computes the distances of the queued blocks into ``blockDistances`` and keeps those with a hit,
    /// again branch-free (every block written, only hit blocks advance).
    @inline(__always)
    private mutating func collect(_ table: KNNLeafView, _ q: SIMD3<Float>, radius2: Float) -> Int {
        let qx = SIMD8<Float>(repeating: q.x), qy = SIMD8<Float>(repeating: q.y), qz = SIMD8<Float>(repeating: q.z)
        let limit = SIMD8<Float>(repeating: radius2)
        let zero = SIMD8<Float>(repeating: 0)
        let dist = blockDistances
        let qx4 = SIMD4<Float>(repeating: q.x), qy4 = SIMD4<Float>(repeating: q.y), qz4 = SIMD4<Float>(repeating: q.z)
        let limit4 = SIMD4<Float>(repeating: radius2), zero4 = SIMD4<Float>(repeating: 0)
        let laneIndex4 = SIMD4<Int32>(0, 1, 2, 3)
        // The near candidate leaves as a bitmap first, then one loop over its bits.
        let words = (leafCount + 63) >> 6
        for w in 0..<words { nearWords[w] = 0 }
        var l = 0
        while l < leafCount {
            // Box distances of 8 candidate leaves at once (same operation order as a point distance).
            var gx = UnsafeRawPointer(boxLoX + l).loadUnaligned(as: SIMD8<Float>.self) - qx
            var gy = UnsafeRawPointer(boxLoY + l).loadUnaligned(as: SIMD8<Float>.self) - qy
            var gz = UnsafeRawPointer(boxLoZ + l).loadUnaligned(as: SIMD8<Float>.self) - qz
            let hx = qx - UnsafeRawPointer(boxHiX + l).loadUnaligned(as: SIMD8<Float>.self)
            let hy = qy - UnsafeRawPointer(boxHiY + l).loadUnaligned(as: SIMD8<Float>.self)
            let hz = qz - UnsafeRawPointer(boxHiZ + l).loadUnaligned(as: SIMD8<Float>.self)
            gx.replace(with: hx, where: hx .> gx)
            gy.replace(with: hy, where: hy .> gy)
            gz.replace(with: hz, where: hz .> gz)
            gx.replace(with: zero, where: gx .< zero)
            gy.replace(with: zero, where: gy .< zero)
            gz.replace(with: zero, where: gz .< zero)
            nearWords[l >> 6] |= UInt64(Self.laneBits(gx * gx + gy * gy + gz * gz .<= limit)) << UInt64(l & 63)
            l += 8
        }
        var queued = 0
        for w in 0..<words {
            var nearBits = nearWords[w]
            while nearBits != 0 {
                let leaf = w << 6 | nearBits.trailingZeroBitCount
                nearBits &= nearBits &- 1
                var block = Int(leafFirst[leaf]) >> 3
                let endBlock = Int(leafEnd[leaf]) >> 3
                while block < endBlock {
                    // Box distances of the leaf's next 4 blocks (lanes past the leaf's end masked off); the
                    // near ones are queued branch-free (every lane written, only near ones advance).
                    var bx = UnsafeRawPointer(table.blockLoX + block).loadUnaligned(as: SIMD4<Float>.self) - qx4
                    var by = UnsafeRawPointer(table.blockLoY + block).loadUnaligned(as: SIMD4<Float>.self) - qy4
                    var bz = UnsafeRawPointer(table.blockLoZ + block).loadUnaligned(as: SIMD4<Float>.self) - qz4
                    let ux = qx4 - UnsafeRawPointer(table.blockHiX + block).loadUnaligned(as: SIMD4<Float>.self)
                    let uy = qy4 - UnsafeRawPointer(table.blockHiY + block).loadUnaligned(as: SIMD4<Float>.self)
                    let uz = qz4 - UnsafeRawPointer(table.blockHiZ + block).loadUnaligned(as: SIMD4<Float>.self)
                    bx.replace(with: ux, where: ux .> bx)
                    by.replace(with: uy, where: uy .> by)
                    bz.replace(with: uz, where: uz .> bz)
                    bx.replace(with: zero4, where: bx .< zero4)
                    by.replace(with: zero4, where: by .< zero4)
                    bz.replace(with: zero4, where: bz .< zero4)
                    let inLeaf = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: endBlock - block)) .> laneIndex4
                    let near = unsafeBitCast((bx * bx + by * by + bz * bz .<= limit4) .& inLeaf, to: SIMD4<Int32>.self)
                    let first = Int32(truncatingIfNeeded: block << 3)
                    queue[queued] = first
                    queued &+= Int(near.x & 1)
                    queue[queued] = first &+ 8
                    queued &+= Int(near.y & 1)
                    queue[queued] = first &+ 16
                    queued &+= Int(near.z & 1)
                    queue[queued] = first &+ 24
                    queued &+= Int(near.w & 1)
                    block += 4
                }
            }
        }
        // Distances of the queued blocks; the blocks with a point within the radius are kept, compacted
        // branch-free in place (their distances in ``blockDistances``, their first slots in ``queue``).
        var hits = 0
        var within = SIMD8<Int32>()
        for v in 0..<queued {
            let c = Int(queue[v])
            let dx = UnsafeRawPointer(table.xs + c).loadUnaligned(as: SIMD8<Float>.self) - qx
            let dy = UnsafeRawPointer(table.ys + c).loadUnaligned(as: SIMD8<Float>.self) - qy
            let dz = UnsafeRawPointer(table.zs + c).loadUnaligned(as: SIMD8<Float>.self) - qz
            let d = dx * dx + dy * dy + dz * dz
            let mask = d .<= limit
            UnsafeMutableRawPointer(dist + 8 * hits).storeBytes(of: d, as: SIMD8<Float>.self)
            queue[hits] = Int32(truncatingIfNeeded: c)
            within &-= unsafeBitCast(mask, to: SIMD8<Int32>.self)
            // `any` becomes a byte movemask and test; `bit` keeps it out of a branch.
            hits &+= DistinctKeySelection.bit(any(mask))
        }
        hitBlocks = hits
        return Int(within.wrappedSum())
    }

    /// The set lanes of `mask` as bits 0...7.
    @inline(__always)
    static func laneBits(_ mask: SIMDMask<SIMD8<Int32>>) -> UInt32 {
        let v = unsafeBitCast(mask, to: SIMD8<UInt32>.self) & SIMD8<UInt32>(1, 2, 4, 8, 16, 32, 64, 128)
        let h = v.lowHalf | v.highHalf
        return h.x | h.y | h.z | h.w
    }

    private mutating func fromTree(
        _ table: KNNLeafView, _ q: SIMD3<Float>, keep: Int,
        neighbours: UnsafeMutablePointer<Int32>, nearest: UnsafeMutablePointer<Int32>
    ) -> Float {
        // The remembered queries bound the k-NN radius; the tree then skips everything beyond it.
        let g = ringCount > 0 ? bounds(q).guaranteed : .infinity
        var found = table.tree.knn(q, k: k, stackN: stackN, stackB: stackB, outIdx: fallbackIndices,
                                   outD: fallbackDistances, slots: true, sorted: keep > 0, within: g * g)
        if found < k {
            found = table.tree.knn(q, k: k, stackN: stackN, stackB: stackB, outIdx: fallbackIndices,
                                   outD: fallbackDistances, slots: true, sorted: keep > 0)
        }
        var worst: Float = 0
        for j in 0..<found { worst = max(worst, fallbackDistances[j]) }
        for j in 0..<min(keep, found) { nearest[j] = table.ids[Int(fallbackIndices[j])] }
        for j in 0..<found { work[j] = UInt64(UInt32(bitPattern: fallbackIndices[j])) }
        Self.insertionSort(work, found)
        for j in 0..<found { neighbours[j] = Int32(bitPattern: UInt32(truncatingIfNeeded: work[j])) }
        return worst.squareRoot()
    }

    /// Sorts the first `n` keys ascending.
    static func insertionSort(_ keys: UnsafeMutablePointer<UInt64>, _ n: Int) {
        guard n > 1 else { return }
        for i in 1..<n {
            let key = keys[i]
            var j = i - 1
            while j >= 0 && keys[j] > key {
                keys[j + 1] = keys[j]
                j -= 1
            }
            keys[j + 1] = key
        }
    }
}
