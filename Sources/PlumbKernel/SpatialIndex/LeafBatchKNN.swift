import Dispatch

/// Exact k-nearest neighbours for all queries of one ``KDTree`` leaf bucket at a time (internal, used by
/// batch queries such as ``NormalEstimation``).
///
/// For a leaf, ``gather(_:first:end:k:stackB:)`` picks the reference point c nearest the centre of the
/// leaf's box and finds its exact k-th neighbour distance `dc` with one tree query. The leaf's queries within
/// `2 dc` of c are "covered": every point within `R = dc + max |q − c|` (over covered q) of their bounding
/// box is collected into structure-of-arrays candidate buffers. By the triangle inequality a covered query q
/// has its k nearest neighbours within `r(q) = dc + |q − c| <= R` of q, hence within `R` of the box: they are
/// all candidates. The same holds with the previous query p of the leaf: `r(q) <= d_k(p) + |q − p|`.
///
/// ``select(_:k:sorted:)`` makes one 8-lane pass over the candidates, keeping those within an optimistic
/// radius (1.1 × the previous query's k-th distance, capped by the guaranteed one); if fewer than k pass it
/// re-filters the stored distances with the guaranteed radius. It then selects the k smallest
/// (squared distance, point index) keys: exactly the tree's answer, since a set of at least k candidates
/// within radius ρ of q contains every point closer than its k-th element. Distances use the tree's `Float`
/// arithmetic (`dx * dx + dy * dy + dz * dz`, `dx = p.x - q.x`), radii carry a 1e-5 relative margin for
/// rounding, and uncovered queries (and any query with fewer than k candidates) fall back to the tree.
///
/// Memory is fixed at creation (``maximumCandidates``); a leaf with more candidates reports failure and its
/// queries use the tree. No allocation after `init`.
struct LeafBatchKNN {
    /// Largest candidate set per leaf.
    static let maximumCandidates = 4096

    let cx: UnsafeMutablePointer<Float>, cy: UnsafeMutablePointer<Float>, cz: UnsafeMutablePointer<Float>
    /// Point index of each candidate.
    let cid: UnsafeMutablePointer<Int32>
    /// Squared distances of the candidates to the current query.
    let dist: UnsafeMutablePointer<Float>
    /// Selection keys `(squared distance bits << 32) | point index` and the candidate position of each.
    let keys: UnsafeMutablePointer<UInt64>
    let pos: UnsafeMutablePointer<Int32>
    /// Traversal stack (depth + 2 entries).
    let stack: UnsafeMutablePointer<Int32>
    /// Result buffers (capacity `k`) for the tree query of a fallback.
    let fallbackIndices: UnsafeMutablePointer<Int32>
    let fallbackDistances: UnsafeMutablePointer<Float>
    /// Number of gathered candidates (the buffers hold this many, padded with +∞ to a multiple of 8).
    private(set) var count = 0
    /// The current leaf's reference point c and its exact k-th neighbour distance (m).
    private(set) var reference = SIMD3<Float>.zero
    private(set) var referenceRadius: Float = 0
    /// Queries farther than this from the reference are not covered (tree fallback).
    private(set) var coverage: Float = 0
    /// The previous query of the leaf and its exact k-th neighbour distance.
    private(set) var previous = SIMD3<Float>.zero
    private(set) var previousRadius: Float = 0

    init(depth: Int, k: Int) {
        fallbackIndices = .allocate(capacity: max(k, 1))
        fallbackDistances = .allocate(capacity: max(k, 1))
        let cap = Self.maximumCandidates + 8
        cx = .allocate(capacity: cap)
        cy = .allocate(capacity: cap)
        cz = .allocate(capacity: cap)
        cid = .allocate(capacity: cap)
        keys = .allocate(capacity: cap)
        dist = .allocate(capacity: cap)
        pos = .allocate(capacity: cap)
        stack = .allocate(capacity: depth + 2)
    }

    func deallocate() {
        cx.deallocate(); cy.deallocate(); cz.deallocate()
        cid.deallocate(); keys.deallocate(); dist.deallocate(); pos.deallocate(); stack.deallocate()
        fallbackIndices.deallocate(); fallbackDistances.deallocate()
    }

    /// Collects the candidates of the leaf holding slots `first..<end` for `k` neighbours (`k` <= points in
    /// the tree). Returns `false` when there are more than ``maximumCandidates`` (the buffers are then
    /// unusable for this leaf).
    mutating func gather(_ view: KDTreeView, first: Int, end: Int, k: Int, stackB: UnsafeMutablePointer<SIMD4<Float>>) -> Bool {
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for s in first..<end {
            let p = SIMD3(view.xs[s], view.ys[s], view.zs[s])
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let mid = 0.5 * (lo + hi)
        var ref = first
        var best = Float.infinity
        for s in first..<end {
            let d = SIMD3(view.xs[s], view.ys[s], view.zs[s]) - mid
            let d2 = (d * d).sum()
            if d2 < best { best = d2; ref = s }
        }
        let c = SIMD3(view.xs[ref], view.ys[ref], view.zs[ref])
        let found = view.knn(c, k: k, stackN: stack, stackB: stackB, outIdx: fallbackIndices, outD: fallbackDistances,
                             slots: true, sorted: false)
        guard found == k else { return false }
        var dk2: Float = 0
        for j in 0..<found { dk2 = max(dk2, fallbackDistances[j]) }
        reference = c
        referenceRadius = dk2.squareRoot()
        previous = c
        previousRadius = referenceRadius
        coverage = 2 * referenceRadius
        // Bounding box and farthest distance of the covered queries.
        lo = SIMD3(repeating: .infinity)
        hi = SIMD3(repeating: -.infinity)
        var farthest: Float = 0
        for s in first..<end {
            let p = SIMD3(view.xs[s], view.ys[s], view.zs[s])
            let d = p - c
            let d2 = (d * d).sum()
            guard d2.squareRoot() <= coverage else { continue }
            farthest = max(farthest, d2)
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let r = (referenceRadius + farthest.squareRoot()) * (1 + 1e-5)
        let r2 = r * r
        count = 0
        var top = 1
        stack[0] = 0
        while top > 0 {
            top -= 1
            let node = view.nodes[Int(stack[top])]
            if node.axis < 0 {
                for s in Int(node.a)..<Int(node.b) {
                    let px = view.xs[s], py = view.ys[s], pz = view.zs[s]
                    let bx = max(max(lo.x - px, px - hi.x), 0)
                    let by = max(max(lo.y - py, py - hi.y), 0)
                    let bz = max(max(lo.z - pz, pz - hi.z), 0)
                    guard bx * bx + by * by + bz * bz <= r2 else { continue }
                    guard count < Self.maximumCandidates else { return false }
                    cid[count] = view.ids[s]
                    cx[count] = px
                    cy[count] = py
                    cz[count] = pz
                    count += 1
                }
                continue
            }
            let axis = Int(node.axis)
            if hi[axis] + r >= node.split {
                stack[top] = node.b
                top += 1
            }
            if lo[axis] - r <= node.split {
                stack[top] = node.a
                top += 1
            }
        }
        var p = count
        while p % 8 != 0 {
            cx[p] = .infinity; cy[p] = .infinity; cz[p] = .infinity
            p += 1
        }
        return true
    }

    /// The `k` nearest candidates of `q` (a point of the gathered leaf): writes their candidate positions
    /// to ``pos``[0..<k] and returns `k`, or returns 0 when `q` is not covered or fewer than `k` candidates
    /// pass (the caller must then query the tree and report it with ``noteTreeResult(_:distances:count:)``).
    /// With `sorted`, ``pos`` is in ascending (distance, point index) order; otherwise in a deterministic
    /// selection order.
    mutating func select(_ q: SIMD3<Float>, k: Int, sorted: Bool) -> Int {
        let dq = q - reference
        let toReference = (dq * dq).sum().squareRoot()
        guard k > 0, toReference <= coverage else { return 0 }
        let dp = q - previous
        let guaranteed = min(referenceRadius + toReference, previousRadius + (dp * dp).sum().squareRoot()) * (1 + 1e-5)
        let optimistic = min(guaranteed, 1.1 * previousRadius)
        let qx = SIMD8<Float>(repeating: q.x), qy = SIMD8<Float>(repeating: q.y), qz = SIMD8<Float>(repeating: q.z)
        var limit = SIMD8<Float>(repeating: optimistic * optimistic)
        var m = 0
        var c = 0
        while c < count {
            let dx = UnsafeRawPointer(cx + c).loadUnaligned(as: SIMD8<Float>.self) - qx
            let dy = UnsafeRawPointer(cy + c).loadUnaligned(as: SIMD8<Float>.self) - qy
            let dz = UnsafeRawPointer(cz + c).loadUnaligned(as: SIMD8<Float>.self) - qz
            let d = dx * dx + dy * dy + dz * dz
            UnsafeMutableRawPointer(dist + c).storeBytes(of: d, as: SIMD8<Float>.self)
            let mask = d .<= limit
            if any(mask) {
                for lane in 0..<8 where mask[lane] {
                    keys[m] = UInt64(d[lane].bitPattern) << 32 | UInt64(UInt32(bitPattern: cid[c + lane]))
                    pos[m] = Int32(truncatingIfNeeded: c + lane)
                    m += 1
                }
            }
            c += 8
        }
        if m < k {
            // Re-filter the stored distances with the guaranteed radius.
            limit = SIMD8<Float>(repeating: guaranteed * guaranteed)
            m = 0
            c = 0
            while c < count {
                let d = UnsafeRawPointer(dist + c).loadUnaligned(as: SIMD8<Float>.self)
                let mask = d .<= limit
                if any(mask) {
                    for lane in 0..<8 where mask[lane] {
                        keys[m] = UInt64(d[lane].bitPattern) << 32 | UInt64(UInt32(bitPattern: cid[c + lane]))
                        pos[m] = Int32(truncatingIfNeeded: c + lane)
                        m += 1
                    }
                }
                c += 8
            }
            guard m >= k else { return 0 }
        }
        if m > k { Self.selectSmallest(keys, pos, m, k) }
        if sorted { Self.insertionSort(keys, pos, k) }
        var kth: UInt64 = 0
        for j in 0..<k { kth = max(kth, keys[j]) }
        previous = q
        previousRadius = Float(bitPattern: UInt32(truncatingIfNeeded: kth >> 32)).squareRoot()
        return k
    }

    /// Records the tree's answer for `q` (squared distances of its `count` nearest) as the previous query.
    mutating func noteTreeResult(_ q: SIMD3<Float>, distances: UnsafePointer<Float>, count: Int) {
        guard count > 0 else { return }
        var worst: Float = 0
        for j in 0..<count { worst = max(worst, distances[j]) }
        previous = q
        previousRadius = worst.squareRoot()
    }

    /// Moves the `k` smallest keys (with their positions) to the front, in deterministic order (quickselect,
    /// median-of-three pivots). O(m) expected.
    static func selectSmallest(_ keys: UnsafeMutablePointer<UInt64>, _ pos: UnsafeMutablePointer<Int32>, _ m: Int, _ k: Int) {
        var lo = 0, hi = m - 1
        let target = k - 1
        @inline(__always) func swap(_ i: Int, _ j: Int) {
            let t = keys[i]; keys[i] = keys[j]; keys[j] = t
            let u = pos[i]; pos[i] = pos[j]; pos[j] = u
        }
        while hi > lo {
            if hi - lo < 16 {
                insertionSort(keys + lo, pos + lo, hi - lo + 1)
                return
            }
            let mid = lo + (hi - lo) / 2
            if keys[mid] < keys[lo] { swap(mid, lo) }
            if keys[hi] < keys[lo] { swap(hi, lo) }
            if keys[hi] < keys[mid] { swap(hi, mid) }
            let pivot = keys[mid]
            var i = lo, j = hi
            while i <= j {
                while keys[i] < pivot { i += 1 }
                while keys[j] > pivot { j -= 1 }
                if i <= j {
                    swap(i, j)
                    i += 1
                    j -= 1
                }
            }
            if target <= j {
                hi = j
            } else if target >= i {
                lo = i
            } else {
                return
            }
        }
    }

    /// Sorts the first `n` keys ascending, moving their positions along.
    static func insertionSort(_ keys: UnsafeMutablePointer<UInt64>, _ pos: UnsafeMutablePointer<Int32>, _ n: Int) {
        guard n > 1 else { return }
        for i in 1..<n {
            let key = keys[i], p = pos[i]
            var j = i - 1
            while j >= 0 && keys[j] > key {
                keys[j + 1] = keys[j]
                pos[j + 1] = pos[j]
                j -= 1
            }
            keys[j + 1] = key
            pos[j + 1] = p
        }
    }
}

extension KDTree {
    /// The leaf buckets as slot ranges, in slot order (internal).
    func leafRanges() -> [Range<Int>] {
        var out: [Range<Int>] = []
        for node in nodes where node.axis < 0 { out.append(Int(node.a)..<Int(node.b)) }
        out.sort { $0.lowerBound < $1.lowerBound }
        return out
    }

    /// Runs `body(view, batch, leafSlots, gathered, stackNodes, stackBounds)` for every leaf, grouping
    /// consecutive leaves into chunks of about 4096 points spread over all cores when `parallel`. Each
    /// worker owns one ``LeafBatchKNN`` (sized for `k` neighbours) and one traversal stack (internal helper for batch k-NN).
    func forEachLeaf(
        k: Int, parallel: Bool,
        _ body: (KDTreeView, inout LeafBatchKNN, Range<Int>, Bool, UnsafeMutablePointer<Int32>,
            UnsafeMutablePointer<SIMD4<Float>>) -> Void
    ) {
        let leaves = leafRanges()
        guard !leaves.isEmpty else { return }
        var chunkStarts: [Int] = [0]
        var filled = 0
        for (i, leaf) in leaves.enumerated() {
            if filled >= 4096 {
                chunkStarts.append(i)
                filled = 0
            }
            filled += leaf.count
        }
        chunkStarts.append(leaves.count)
        let chunks = chunkStarts.count - 1
        let stackSize = depth + 2
        let treeDepth = depth
        withView { view in
            withoutActuallyEscaping(body) { body in
                let run: (Int) -> Void = { c in
                    let sn = UnsafeMutablePointer<Int32>.allocate(capacity: stackSize)
                    let sb = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: stackSize)
                    var batch = LeafBatchKNN(depth: treeDepth, k: k)
                    defer { sn.deallocate(); sb.deallocate(); batch.deallocate() }
                    for l in chunkStarts[c]..<chunkStarts[c + 1] {
                        let leaf = leaves[l]
                        let ok = batch.gather(view, first: leaf.lowerBound, end: leaf.upperBound, k: k, stackB: sb)
                        body(view, &batch, leaf, ok, sn, sb)
                    }
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
