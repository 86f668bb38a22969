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
    /// Points per box of ``blocks``.
    static let blockSize = 128

    /// Draws `m` points from the remaining set (`rx`, `ry`, `rz`; optional normals per remaining position).
    mutating func draw(
        rx: [Float], ry: [Float], rz: [Float], normalAt: ((Int) -> SIMD3<Float>)?, m: Int,
        rng: inout SeededGenerator
    ) {
        let n = rx.count
        var positions = [Int32]()
        if n <= m {
            positions = (0..<Int32(n)).map { $0 }
        } else {
            positions.reserveCapacity(m)
            for _ in 0..<m { positions.append(Int32(rng.nextIndex(below: n))) }
        }
        // Ascending positions first, so the reads of the (large) remaining arrays walk memory forwards; the
        // sampled coordinates are copied once, in that order, and everything after works on the copies.
        var keyed = positions.map { (UInt64(0), $0) }
        RadixSort.sortPairs(&keyed, digits: 0..<4)
        let count = keyed.count
        var sx = [Float](repeating: 0, count: count), sy = sx, sz = sx
        var lo = SIMD3<Float>(repeating: .infinity)
        for k in 0..<count {
            let p = Int(keyed[k].1)
            sx[k] = rx[p]
            sy[k] = ry[p]
            sz[k] = rz[p]
            lo = pointwiseMin(lo, SIMD3(sx[k], sy[k], sz[k]))
        }
        let slotPosition = keyed.map(\.1)
        for k in 0..<count {
            let q = (SIMD3(sx[k], sy[k], sz[k]) - lo) * 20  // 5 cm cells
            let c = SIMD3<UInt64>(
                UInt64(min(q.x, 2_097_151)), UInt64(min(q.y, 2_097_151)), UInt64(min(q.z, 2_097_151)))
            // The slot stands in for the position: slots ascend with positions, so (key, slot) order is
            // (key, position) order.
            keyed[k] = (Self.morton(c), Int32(k))
        }
        // Ascending by (key, position): stable by key over the position order, the order of a comparison sort.
        RadixSort.sortPairs(&keyed, digits: 4..<12)
        x = keyed.map { sx[Int($0.1)] }
        y = keyed.map { sy[Int($0.1)] }
        z = keyed.map { sz[Int($0.1)] }
        blocks = SampleBlockBoxes(x: x, y: y, z: z, blockSize: Self.blockSize)
        if let normalAt {
            let ns = keyed.map { normalAt(Int(slotPosition[Int($0.1)])) }
            nx = ns.map(\.x)
            ny = ns.map(\.y)
            nz = ns.map(\.z)
        } else {
            nx = []
            ny = []
            nz = []
        }
    }

    private static func spread(_ v: UInt64) -> UInt64 {
        var x = v & 0x1F_FFFF
        x = (x | x << 32) & 0x1F_0000_0000_FFFF
        x = (x | x << 16) & 0x1F_0000_FF00_00FF
        x = (x | x << 8) & 0x100F_00F0_0F00_F00F
        x = (x | x << 4) & 0x10C3_0C30_C30C_30C3
        x = (x | x << 2) & 0x1249_2492_4924_9249
        return x
    }

    private static func morton(_ c: SIMD3<UInt64>) -> UInt64 { spread(c.x) | spread(c.y) << 1 | spread(c.z) << 2 }

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

    /// Scores every hypothesis on the subsample (SIMD kernel on the blocks a plane can reach, see
    /// ``SampleBlockBoxes``; the counts are exactly the whole-sample ones) and returns the best: most support, then lowest
    /// position in `hyps`. Identical with or without `parallel`.
    func best(of hyps: [PlaneHypothesis], threshold: Float, parallel: Bool) -> PlaneHypothesis? {
        guard !hyps.isEmpty else { return nil }
        var support = [Int](repeating: 0, count: hyps.count)
        x.withUnsafeBufferPointer { bx in
            y.withUnsafeBufferPointer { by in
                z.withUnsafeBufferPointer { bz in
                    support.withUnsafeMutableBufferPointer { sp in
                        let out = SendablePointer(p: sp.baseAddress!)
                        let chunk = 16
                        let chunks = (hyps.count + chunk - 1) / chunk
                        let run: (Int) -> Void = { c in
                            for h in (c * chunk)..<min(hyps.count, (c + 1) * chunk) {
                                out.p[h] = blocks.count(
                                    x: bx, y: by, z: bz, normal: hyps[h].normal, offset: hyps[h].offset,
                                    threshold: threshold)
                            }
                        }
                        if parallel && chunks > 1 {
                            nonisolated(unsafe) let r = run
                            DispatchQueue.concurrentPerform(iterations: chunks) { r($0) }
                        } else {
                            for c in 0..<chunks { run(c) }
                        }
                    }
                }
            }
        }
        var bestIndex = 0
        for h in 1..<hyps.count where support[h] > support[bestIndex] { bestIndex = h }
        var b = hyps[bestIndex]
        b.support = support[bestIndex]
        return b
    }
}
