/// Akl–Toussaint throw-away in 3D: the points of a cloud that can be vertices of its convex hull.
///
/// One SIMD pass computes the bounding box of every block of 32 consecutive points (and of every
/// superblock of 8 blocks). The points extreme
/// along 13 fixed directions (the 3 axes, 6 face diagonals and 4 body diagonals of a cube, both signs) are
/// found with those boxes (a block is scanned only if its box can beat the best value so far) and span an
/// inner polytope P0 (``ConvexHull3D`` of at most 26 points). A point strictly inside P0 cannot be a hull
/// vertex: whole blocks whose box lies inside P0 are dropped, and in the other blocks each point is tested
/// only against the faces of P0 that the block's box reaches (8 points per SIMD step, in `Float`). The rest
/// ("survivors") contain every hull vertex; points within 1e-5 of the coordinate scale of P0's faces
/// (far above the `Float` rounding of the test) are kept.
///
/// Since every dropped point is inside the hull of the survivors, any box containing the survivors
/// contains the whole cloud.
struct HullPrefilter {
    /// Survivors as `Double` offsets from `reference` (cloud local frame), in index order.
    var points: [SIMD3<Double>]
    /// The centre of the cloud's bounding box (local frame, metres).
    var reference: SIMD3<Double>

    /// Points per block (4 SIMD8 vectors); blocks are grouped by `superFactor` into superblocks.
    static let blockSize = 32
    static let superFactor = 8

    /// The 13 direction classes (unnormalised; both signs are used).
    static let directions: [SIMD3<Double>] = [
        SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1),
        SIMD3(1, 1, 0), SIMD3(1, -1, 0), SIMD3(1, 0, 1), SIMD3(1, 0, -1), SIMD3(0, 1, 1), SIMD3(0, 1, -1),
        SIMD3(1, 1, 1), SIMD3(1, 1, -1), SIMD3(1, -1, 1), SIMD3(-1, 1, 1),
    ]

    /// Result of ``run(x:y:z:)``.
    enum Outcome {
        /// Survivors found.
        case survivors(HullPrefilter)
        /// A coordinate is NaN or infinite (the caller locates it for its error).
        case nonFinite
        /// The extreme points do not span 3D (flat, collinear or tiny input): no throw-away possible.
        case degenerate
    }

    /// Block bounds as Double centre (relative to the reference) and half size.
    struct Boxes {
        var centre: [SIMD3<Double>]
        var half: [SIMD3<Double>]

        /// Largest value of `dot(p, d)` over box `b` (`ad` = |d| componentwise).
        @inline(__always) func upper(_ b: Int, _ d: SIMD3<Double>, _ ad: SIMD3<Double>) -> Double {
            dot(centre[b], d) + dot(half[b], ad)
        }
    }

    /// Runs the throw-away over `x`, `y`, `z` (equal counts, local frame).
    /// - Complexity: O(n) for the block pass plus O(s) for the s points in blocks that reach P0's
    ///   boundary; O(n / 32) extra memory.
    static func run(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>) -> Outcome {
        let n = x.count
        guard n >= 4 else { return .degenerate }
        let blocks = (n + blockSize - 1) / blockSize
        let supers = (blocks + superFactor - 1) / superFactor
        let superSize = blockSize * superFactor
        var lo = [SIMD3<Float>](repeating: .zero, count: blocks)
        var hi = [SIMD3<Float>](repeating: .zero, count: blocks)
        var finite = true
        lo.withUnsafeMutableBufferPointer { lo in
            hi.withUnsafeMutableBufferPointer { hi in
                finite = blockBounds(x: x, y: y, z: z, lo: lo, hi: hi)
            }
        }
        guard finite else { return .nonFinite }
        var all0 = lo[0], all1 = hi[0]
        for b in 0..<blocks {
            all0 = pointwiseMin(all0, lo[b])
            all1 = pointwiseMax(all1, hi[b])
        }
        // Reference: the bounding-box centre rounded to Float, so `q - r` is exact enough in Float too.
        let rf = SIMD3<Float>(0.5 * (SIMD3<Double>(all0) + SIMD3<Double>(all1)))
        let r = SIMD3<Double>(rf)
        var sub = Boxes(centre: [SIMD3<Double>](repeating: .zero, count: blocks), half: [SIMD3<Double>](repeating: .zero, count: blocks))
        var top = Boxes(centre: [SIMD3<Double>](repeating: .zero, count: supers), half: [SIMD3<Double>](repeating: .zero, count: supers))
        for b in 0..<blocks {
            let l = SIMD3<Double>(lo[b]), h = SIMD3<Double>(hi[b])
            sub.centre[b] = 0.5 * (l + h) - r
            sub.half[b] = 0.5 * (h - l)
        }
        for s in 0..<supers {
            var l = lo[s * superFactor], h = hi[s * superFactor]
            for b in (s * superFactor)..<min(blocks, (s + 1) * superFactor) {
                l = pointwiseMin(l, lo[b])
                h = pointwiseMax(h, hi[b])
            }
            let ld = SIMD3<Double>(l), hd = SIMD3<Double>(h)
            top.centre[s] = 0.5 * (ld + hd) - r
            top.half[s] = 0.5 * (hd - ld)
        }
        let scale = max(pointwiseMax(r, -r).max(), 0.5 * (SIMD3<Double>(all1) - SIMD3<Double>(all0)).max(), 1e-30)
        // Double tests keep points within `margin` of P0's faces; the Float point test keeps those
        // within `floatMargin`, far above its rounding error (a few 1e-7 of the scale).
        let margin = 1e-9 * scale
        let floatMargin = Float(1e-5 * scale)
        @inline(__always) func point(_ i: Int) -> SIMD3<Double> {
            SIMD3(Double(x[i]), Double(y[i]), Double(z[i])) - r
        }

        // Extreme points along ±13 directions, exact (ties: lowest index). Superblocks, then blocks,
        // that cannot reach the best value so far are skipped.
        var chosen: [Int] = []
        for d0 in directions {
            for d in [d0, -d0] {
                let ad = pointwiseMax(d, -d)
                var first = 0, firstUpper = -Double.infinity
                for s in 0..<supers {
                    let u = top.upper(s, d, ad)
                    if u > firstUpper { firstUpper = u; first = s }
                }
                var best = -Double.infinity, arg = first * superSize
                for i in (first * superSize)..<min(n, (first + 1) * superSize) {
                    let v = dot(point(i), d)
                    if v > best { best = v; arg = i }
                }
                for s in 0..<supers where s != first && top.upper(s, d, ad) + margin >= best {
                    for b in (s * superFactor)..<min(blocks, (s + 1) * superFactor) where sub.upper(b, d, ad) + margin >= best {
                        for i in (b * blockSize)..<min(n, (b + 1) * blockSize) {
                            let v = dot(point(i), d)
                            if v > best || (v == best && i < arg) { best = v; arg = i }
                        }
                    }
                }
                chosen.append(arg)
            }
        }
        chosen = Array(Set(chosen)).sorted()
        let extremes = chosen.map(point)
        guard let inner = ConvexHull3D.compute(extremes) else { return .degenerate }
        // P0's faces as unit outward normal and offset (relative to r).
        var normals: [SIMD3<Double>] = []
        var offsets: [Double] = []
        for t in inner.triangles {
            let a = extremes[t.x]
            let c = cross(extremes[t.y] - a, extremes[t.z] - a)
            let l = length(c)
            guard l > 0 else { continue }
            normals.append(c / l)
            offsets.append(dot(c / l, a))
        }
        guard normals.count >= 4 else { return .degenerate }
        let absNormals = normals.map { pointwiseMax($0, -$0) }
        let floatNormals = normals.map { SIMD3<Float>($0) }, floatOffsets = offsets.map { Float($0) }

        var survivors: [SIMD3<Double>] = []
        var activeTop: [Int] = [], active: [Int] = []
        activeTop.reserveCapacity(normals.count)
        active.reserveCapacity(normals.count)
        let px = x.baseAddress!, py = y.baseAddress!, pz = z.baseAddress!
        let rx = SIMD8<Float>(repeating: rf.x), ry = SIMD8<Float>(repeating: rf.y), rz = SIMD8<Float>(repeating: rf.z)
        for s in 0..<supers {
            activeTop.removeAll(keepingCapacity: true)
            for f in 0..<normals.count where top.upper(s, normals[f], absNormals[f]) - offsets[f] >= -margin {
                activeTop.append(f)
            }
            if activeTop.isEmpty { continue }
            for b in (s * superFactor)..<min(blocks, (s + 1) * superFactor) {
                active.removeAll(keepingCapacity: true)
                for f in activeTop where sub.upper(b, normals[f], absNormals[f]) - offsets[f] >= -margin { active.append(f) }
                if active.isEmpty { continue }
                let startIndex = b * blockSize, end = min(n, startIndex + blockSize)
                var i = startIndex
                while i + 8 <= end {
                    let vx = UnsafeRawPointer(px + i).loadUnaligned(as: SIMD8<Float>.self) - rx
                    let vy = UnsafeRawPointer(py + i).loadUnaligned(as: SIMD8<Float>.self) - ry
                    let vz = UnsafeRawPointer(pz + i).loadUnaligned(as: SIMD8<Float>.self) - rz
                    var keep = SIMDMask<SIMD8<Int32>>(repeating: false)
                    for f in active {
                        let nf = floatNormals[f]
                        let s = vx * nf.x + vy * nf.y + vz * nf.z - floatOffsets[f]
                        keep .|= s .>= -floatMargin
                    }
                    if any(keep) {
                        for lane in 0..<8 where keep[lane] { survivors.append(point(i + lane)) }
                    }
                    i += 8
                }
                while i < end {
                    let q = SIMD3<Float>(px[i], py[i], pz[i]) - rf
                    for f in active where dot(q, floatNormals[f]) - floatOffsets[f] >= -floatMargin {
                        survivors.append(point(i))
                        break
                    }
                    i += 1
                }
            }
        }
        return .survivors(HullPrefilter(points: survivors, reference: r))
    }

    /// Smallest lane (halving with compare-and-blend; `SIMD8.min()` is not inlined).
    @inline(__always) static func laneMin(_ v: SIMD8<Float>) -> Float {
        let a = v.lowHalf.replacing(with: v.highHalf, where: v.highHalf .< v.lowHalf)
        let b = a.lowHalf.replacing(with: a.highHalf, where: a.highHalf .< a.lowHalf)
        return b.x < b.y ? b.x : b.y
    }

    /// Per-block bounding boxes (8 lanes at a time). Returns false when a coordinate is not finite.
    static func blockBounds(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        lo: UnsafeMutableBufferPointer<SIMD3<Float>>, hi: UnsafeMutableBufferPointer<SIMD3<Float>>
    ) -> Bool {
        let n = x.count
        let px = x.baseAddress!, py = y.baseAddress!, pz = z.baseAddress!
        // x·0 is NaN exactly when x is NaN or ±∞: one lane sum detects any non-finite coordinate.
        var poison = SIMD8<Float>.zero
        for b in 0..<lo.count {
            let start = b * blockSize, end = min(n, start + blockSize)
            var lx = SIMD8<Float>(repeating: .infinity), ly = lx, lz = lx
            var hx = SIMD8<Float>(repeating: -.infinity), hy = hx, hz = hx
            var i = start
            while i + 8 <= end {
                let vx = UnsafeRawPointer(px + i).loadUnaligned(as: SIMD8<Float>.self)
                let vy = UnsafeRawPointer(py + i).loadUnaligned(as: SIMD8<Float>.self)
                let vz = UnsafeRawPointer(pz + i).loadUnaligned(as: SIMD8<Float>.self)
                poison += (vx + vy + vz) * 0
                // `replacing(with:where:)` compiles to compare-and-blend; the generic pointwiseMin does not.
                lx.replace(with: vx, where: vx .< lx); ly.replace(with: vy, where: vy .< ly); lz.replace(with: vz, where: vz .< lz)
                hx.replace(with: vx, where: vx .> hx); hy.replace(with: vy, where: vy .> hy); hz.replace(with: vz, where: vz .> hz)
                i += 8
            }
            var l = SIMD3(laneMin(lx), laneMin(ly), laneMin(lz)), h = SIMD3(-laneMin(-hx), -laneMin(-hy), -laneMin(-hz))
            while i < end {
                let q = SIMD3(px[i], py[i], pz[i])
                poison[0] += (q.x + q.y + q.z) * 0
                l = pointwiseMin(l, q)
                h = pointwiseMax(h, q)
                i += 1
            }
            lo[b] = l
            hi[b] = h
        }
        return poison.sum() == 0
    }
}
