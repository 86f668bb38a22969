import Dispatch

/// A plane candidate `dot(normal, p) + offset = 0` in the local frame, with its support on the subsample.
struct PlaneHypothesis {
    var normal: SIMD3<Float>
    var offset: Float
    var support: Int
}

/// Draws local three-point plane hypotheses from a spatially sorted random subsample and scores them with
/// ``PlaneInlierKernel`` (internal to ``PlaneSegmenter``).
///
/// The subsample (with replacement, seeded) is sorted along a Morton curve of 5 cm cells, so the three
/// points of a hypothesis are picked within a small window of that order: they are near each other and
/// usually on the same surface, which makes small planes as easy to hit as large ones. Support is the
/// inlier count on the whole subsample, so the largest remaining plane wins each round.
struct PlaneHypothesisSampler {
    /// Subsample coordinates in Morton order (local frame).
    var x: [Float] = [], y: [Float] = [], z: [Float] = []
    /// Subsample normals (when the cloud has normals), same order.
    var nx: [Float] = [], ny: [Float] = [], nz: [Float] = []
    /// Bounding box of each run of ``blockSize`` consecutive subsample points (the last may be shorter):
    /// along the Morton order a run covers a small region, so most planes miss most boxes.
    var blocks = SampleBlockBoxes()
    /// Buffers of ``draw(rx:ry:rz:normalAt:m:rng:)`` kept between rounds (no page faults per round).
    private var scratch = DrawScratch()
    /// Points per box of ``blocks``.
    static let blockSize = 128

    /// Draws `m` points from the remaining set (`rx`, `ry`, `rz`; optional normals per remaining position).
    mutating func draw(
        rx: [Float], ry: [Float], rz: [Float], normalAt: ((Int) -> SIMD3<Float>)?, m: Int,
        rng: inout SeededGenerator
    ) {
        let n = rx.count
        let count = min(n, m)
        // Ascending positions first, so the reads of the (large) remaining arrays walk memory forwards; the
        // sampled coordinates are copied once, in that order, and everything after works on the copies.
        Self.resize(&scratch.positions, count)
        scratch.positions.withUnsafeMutableBufferPointer { pos in
            if n <= m {
                for k in 0..<count { pos[k] = UInt32(k) }
            } else {
                for k in 0..<m { pos[k] = UInt32(truncatingIfNeeded: rng.nextIndex(below: n)) }
            }
        }
        if n > m { RadixSort.sortBits(&scratch.positions, bits: 0..<Self.bitLength(UInt64(n - 1))) }
        Self.resize(&scratch.x, count)
        Self.resize(&scratch.y, count)
        Self.resize(&scratch.z, count)
        Self.resize(&scratch.keys, count)
        Self.resize(&x, count)
        Self.resize(&y, count)
        Self.resize(&z, count)
        let slotWidth = Self.bitLength(UInt64(max(count, 1) - 1))
        var keyBits: UInt64 = 0
        withUnsafeMutableBuffers(&scratch) { sx, sy, sz, keys, pos in
            rx.withUnsafeBufferPointer { bx in
                ry.withUnsafeBufferPointer { by in
                    rz.withUnsafeBufferPointer { bz in
                        var lo = SIMD3<Float>(repeating: .infinity), hi = -lo
                        for k in 0..<count {
                            let p = Int(pos[k])
                            sx[k] = bx[p]
                            sy[k] = by[p]
                            sz[k] = bz[p]
                            lo = pointwiseMin(lo, SIMD3(sx[k], sy[k], sz[k]))
                            hi = pointwiseMax(hi, SIMD3(sx[k], sy[k], sz[k]))
                        }
                        // Rounding is monotonic, so no point's cell coordinate exceeds the top corner's.
                        if count > 0 && ((hi - lo) * 20).max() < 1024 {
                            // Cells below 2^10 on every axis (a sample under 51 m across): the same keys from
                            // 32-bit arithmetic.
                            for k in 0..<count {
                                let q = (SIMD3(sx[k], sy[k], sz[k]) - lo) * 20  // 5 cm cells
                                let key = MortonKey.key10(UInt32(q.x), UInt32(q.y), UInt32(q.z))
                                keys[k] = UInt64(key)
                                keyBits |= UInt64(key)
                            }
                        } else {
                            for k in 0..<count {
                                let q = (SIMD3(sx[k], sy[k], sz[k]) - lo) * 20  // 5 cm cells
                                let key = MortonKey.key(
                                    UInt64(min(q.x, 2_097_151)), UInt64(min(q.y, 2_097_151)), UInt64(min(q.z, 2_097_151)))
                                keys[k] = key
                                keyBits |= key
                            }
                        }
                    }
                }
            }
        }
        // Slot order by (key, slot), which is (key, position) order: slots ascend with positions.
        let keyWidth = Self.bitLength(keyBits)
        if slotWidth + keyWidth <= 64 {
            // Key and slot share one word and only the key's bits are sorted (stable, so equal keys stay in
            // slot order).
            scratch.keys.withUnsafeMutableBufferPointer { keys in
                for k in 0..<count { keys[k] = keys[k] &<< UInt64(slotWidth) | UInt64(k) }
            }
            RadixSort.sortBits(&scratch.keys, bits: slotWidth..<(slotWidth + keyWidth))
            let mask = (UInt64(1) &<< UInt64(slotWidth)) &- 1
            scratch.keys.withUnsafeMutableBufferPointer { keys in
                for k in 0..<count { keys[k] &= mask }
            }
        } else {
            // A key too wide to share the word (a scan kilometres across): sort (key, slot) pairs.
            var keyed = scratch.keys.enumerated().map { ($0.element, Int32($0.offset)) }
            RadixSort.sortPairs(&keyed, digits: 4..<12)
            for k in 0..<count { scratch.keys[k] = UInt64(keyed[k].1) }
        }
        // `scratch.keys` now holds the slots in Morton order.
        gatherColumns(scratch.keys, count: count, from: scratch.x, scratch.y, scratch.z, into: &x, &y, &z)
        blocks = SampleBlockBoxes(x: x, y: y, z: z, blockSize: Self.blockSize)
        if let normalAt {
            let ns = scratch.keys.map { normalAt(Int(scratch.positions[Int($0)])) }
            nx = ns.map(\.x)
            ny = ns.map(\.y)
            nz = ns.map(\.z)
        } else {
            nx = []
            ny = []
            nz = []
        }
    }

    /// Sets `a` to `count` elements (contents unspecified), keeping its storage when the count is unchanged.
    private static func resize<T: ExpressibleByIntegerLiteral>(_ a: inout [T], _ count: Int) {
        if a.count != count { a = [T](repeating: 0, count: count) }
    }

    /// Number of significant bits of `v` (0 for 0).
    private static func bitLength(_ v: UInt64) -> Int { UInt64.bitWidth - v.leadingZeroBitCount }

    /// Up to `count` valid hypotheses (points within `span` of each other, not collinear, normals agreeing
    /// within `cosTolerance` when present), at most `4 * count` attempts.
    func hypotheses(count: Int, span: Float, cosTolerance: Float, rng: inout SeededGenerator) -> [PlaneHypothesis] {
        let m = x.count
        guard m >= 3 else { return [] }
        let window = min(32, m - 1)
        let span2 = span * span
        var out = [PlaneHypothesis]()
        out.reserveCapacity(count)
        var attempts = 0
        while out.count < count && attempts < 4 * count {
            attempts += 1
            let i = rng.nextIndex(below: m)
            func partner() -> Int {
                let step = 1 + rng.nextIndex(below: window)
                let j = (rng.next() & 1 == 0) ? i + step : i - step
                return j < 0 ? i + step : (j >= m ? i - step : j)
            }
            let j = partner(), k = partner()
            guard j != k, j >= 0, j < m, k >= 0, k < m else { continue }
            let a = SIMD3(x[i], y[i], z[i]), b = SIMD3(x[j], y[j], z[j]), c = SIMD3(x[k], y[k], z[k])
            let ab = b - a, ac = c - a, bc = c - b
            let lab = dot(ab, ab), lac = dot(ac, ac)
            guard lab <= span2, lac <= span2, dot(bc, bc) <= span2, lab > 1e-6, lac > 1e-6 else { continue }
            let cr = cross(ab, ac)
            let lcr = dot(cr, cr)
            guard lcr > 0.0025 * lab * lac else { continue }  // angle at a above ~3 degrees
            let nrm = cr / lcr.squareRoot()
            if !nx.isEmpty {
                var ok = true
                for t in [i, j, k] where abs(nrm.x * nx[t] + nrm.y * ny[t] + nrm.z * nz[t]) < cosTolerance { ok = false }
                if !ok { continue }
            }
            out.append(PlaneHypothesis(normal: nrm, offset: -dot(nrm, a), support: 0))
        }
        return out
    }

    /// Scores the hypotheses on the subsample (SIMD kernel on the blocks a plane can reach, see
    /// ``SampleBlockBoxes``; counts are exactly the whole-sample ones) and returns the best: most support,
    /// then lowest position in `hyps`. A hypothesis whose support cannot exceed the best one before it (in its
    /// chunk, with `parallel`) is dropped as soon as its upper bound shows that, so losers are rarely counted
    /// in full. Identical with or without `parallel`.
    func best(of hyps: [PlaneHypothesis], threshold: Float, parallel: Bool) -> PlaneHypothesis? {
        guard !hyps.isEmpty else { return nil }
        let chunk = 16
        let chunks = (hyps.count + chunk - 1) / chunk
        // Best (index, support) of each chunk, each chunk starting from `floor`.
        var chunkBest = [(index: Int, support: Int)](repeating: (-1, -1), count: chunks)
        x.withUnsafeBufferPointer { bx in
            y.withUnsafeBufferPointer { by in
                z.withUnsafeBufferPointer { bz in
                    chunkBest.withUnsafeMutableBufferPointer { cb in
                        let out = SendablePointer(p: cb.baseAddress!)
                        let run: (Int, Int) -> Void = { c, floor in
                            var best = (index: -1, support: floor)
                            for h in (c * chunk)..<min(hyps.count, (c + 1) * chunk) {
                                if let support = blocks.count(
                                    x: bx, y: by, z: bz, normal: hyps[h].normal, offset: hyps[h].offset,
                                    threshold: threshold, above: best.support)
                                {
                                    best = (h, support)
                                }
                            }
                            out.p[c] = best
                        }
                        if parallel && chunks > 1 {
                            nonisolated(unsafe) let r = run
                            DispatchQueue.concurrentPerform(iterations: chunks) { r($0, -1) }
                        } else {
                            // One running best across the chunks: a later chunk only has to beat it.
                            var floor = -1
                            for c in 0..<chunks {
                                run(c, floor)
                                floor = max(floor, cb[c].support)
                            }
                        }
                    }
                }
            }
        }
        // Chunks in order, a later one only when strictly better: the first hypothesis of most support.
        var winner = (index: -1, support: -1)
        for c in chunkBest where c.index >= 0 && c.support > winner.support { winner = c }
        var b = hyps[winner.index]
        b.support = winner.support
        return b
    }
}

/// Working arrays of one subsample draw: sorted positions, the gathered coordinates in position order, and
/// the Morton keys (then the slots in Morton order).
private struct DrawScratch {
    var positions: [UInt32] = []
    var x: [Float] = [], y: [Float] = [], z: [Float] = []
    var keys: [UInt64] = []
}

/// Calls `body` with mutable buffers of the coordinates and keys and the positions of `s`.
private func withUnsafeMutableBuffers<R>(
    _ s: inout DrawScratch,
    _ body: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>,
             UnsafeMutableBufferPointer<UInt64>, UnsafeBufferPointer<UInt32>) -> R
) -> R {
    s.x.withUnsafeMutableBufferPointer { x in
        s.y.withUnsafeMutableBufferPointer { y in
            s.z.withUnsafeMutableBufferPointer { z in
                s.keys.withUnsafeMutableBufferPointer { k in
                    s.positions.withUnsafeBufferPointer { p in body(x, y, z, k, p) }
                }
            }
        }
    }
}
