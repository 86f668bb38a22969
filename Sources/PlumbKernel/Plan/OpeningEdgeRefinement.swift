/// Sub-cell edges of an opening found on the wall raster.
///
/// The raster rectangle of an opening is only as fine as its cells, and a cell holding a single stray
/// wall-surface point is wall: range noise along oblique rays scatters points of the reveal (the hole's
/// side faces, perpendicular to the wall) a few centimetres into the hole at `|s|` within the surface
/// tolerance, so the raster rectangle, and the extreme wall point beside it, both sit 2–7 cm inside the
/// true edge. Each edge is instead measured in a strip across it (1 cm bins of the coordinate across the
/// edge, over the opening's extent along it less one cell at each end, from three cells on the wall side
/// to two cells on the opening side of the raster edge):
///
/// 1. **Reveal ridge.** Points behind the surface (`-maximumRecess < s < -tol`) on a reveal all project
///    onto the edge line, a ridge far denser than the glass or the space seen through the hole on one
///    side and the stray returns behind the wall on the other. When the densest three bins hold at least
///    `EdgeStrip.minimumRidgePoints` and their mean is `EdgeStrip.ridgeContrast` times the mean of the
///    bins on either side of them (two bins apart; the opening side must be in the strip, so a uniform
///    glass level at its end is no ridge), the edge is their count-weighted centre.
/// 2. **Half density.** Otherwise (a hole with no depth, a reveal the scanner never faced) the edge is where
///    the density of wall-surface points falls below half of its median on the wall side, interpolated
///    between bin centres: the centre of a step blurred by symmetric noise.
/// 3. Otherwise the innermost wall-surface point less than a cell inside the raster edge, and failing that
///    the raster edge.
///
/// A floor-reaching opening's bottom (`vMin == 0`) and an opening's top at the wall's top are not moved.
extension WallOpeningDetector {
    /// Tuning of the edge measurement.
    struct EdgeStrip {
        /// Bin width across the edge, metres.
        static let bin: Float = 0.01
        /// Fewest reveal points in the densest three bins for a ridge.
        static let minimumRidgePoints = 12
        /// Smallest ratio of the ridge's mean bin count to the mean of the bins on either side of it.
        static let ridgeContrast: Float = 4
        /// Smallest median count per bin on the wall side for the half-density edge.
        static let minimumWallDensity = 4
    }

    /// Moves each edge of the raster rectangle of `op` to its measured position (see the extension's
    /// description). `near` holds (u, v, s) of the points near the wall; `top` is the wall height.
    /// - Complexity: O(near) per opening, no allocation per point.
    static func refineEdges(_ op: inout Opening, _ near: [SIMD3<Float>], tol: Float, maximumRecess: Float,
                            cell: Double, top: Double) {
        let c = Float(cell), bin = EdgeStrip.bin
        let bins = Int((5 * c / bin).rounded())
        // Edges 0 left, 1 right, 2 bottom, 3 top: raster position and the direction into the opening.
        let raster: [Float] = [Float(op.uMin), Float(op.uMax), Float(op.vMin), Float(op.vMax)]
        let inward: [Float] = [1, -1, 1, -1]
        let active = [true, true, op.vMin > 0, op.vMax < top]
        var wall = [Int](repeating: 0, count: 4 * bins), reveal = [Int](repeating: 0, count: 4 * bins)
        var innermost: [Float] = [-.infinity, -.infinity, -.infinity, -.infinity]
        let u0 = raster[0], u1 = raster[1], v0 = raster[2], v1 = raster[3]
        // Every strip lies in the raster rectangle grown by three cells.
        let boxU = (u0 - 3 * c, u1 + 3 * c), boxV = (v0 - 3 * c, v1 + 3 * c)
        for p in near where p.x >= boxU.0 && p.x <= boxU.1 && p.y >= boxV.0 && p.y <= boxV.1 {
            let onWall = abs(p.z) <= tol
            guard onWall || (p.z < -tol && p.z > -maximumRecess) else { continue }
            let insideV = p.y > v0 + c && p.y < v1 - c, insideU = p.x > u0 + c && p.x < u1 - c
            for e in 0..<4 where active[e] && (e < 2 ? insideV : insideU) {
                // t < 0 on the wall side, t > 0 inside the opening.
                let t = inward[e] * ((e < 2 ? p.x : p.y) - raster[e])
                guard t >= -3 * c, t < 2 * c else { continue }
                let k = Swift.min(bins - 1, Int((t + 3 * c) / bin))
                if onWall {
                    wall[e * bins + k] += 1
                    if t < c { innermost[e] = Swift.max(innermost[e], t) }
                } else {
                    reveal[e * bins + k] += 1
                }
            }
        }
        var moved = raster
        for e in 0..<4 where active[e] {
            let w = Array(wall[(e * bins)..<((e + 1) * bins)]), r = Array(reveal[(e * bins)..<((e + 1) * bins)])
            // Ridge and half-density positions are measured from the strip's wall-side end, 3 cells before
            // the raster edge; t from the raster edge.
            let t: Float?
            if let x = revealRidge(r, bin: bin) ?? halfDensityEdge(w, wallBins: Int((3 * c / bin).rounded()), bin: bin) {
                t = x - 3 * c
            } else {
                t = innermost[e].isFinite ? innermost[e] : nil
            }
            if let t { moved[e] = raster[e] + inward[e] * t }
        }
        op.uMin = Double(moved[0]); op.uMax = Double(moved[1])
        op.vMin = Double(moved[2]); op.vMax = Double(moved[3])
    }

    /// Position (metres from the strip's first bin) of a reveal ridge in the bin counts `r`, or `nil` when
    /// none stands out.
    static func revealRidge(_ r: [Int], bin: Float) -> Float? {
        let n = r.count
        guard n >= 5 else { return nil }
        var m = 1, best = -1
        for k in 1..<(n - 1) where r[k - 1] + r[k] + r[k + 1] > best {
            best = r[k - 1] + r[k] + r[k + 1]
            m = k
        }
        guard best >= EdgeStrip.minimumRidgePoints, m + 3 < n else { return nil }
        // Mean count per bin of r[range], 0 for an empty range.
        func mean(_ range: Range<Int>) -> Float {
            range.isEmpty ? 0 : Float(r[range].reduce(0, +)) / Float(range.count)
        }
        let level = Float(best) / 3
        guard level >= EdgeStrip.ridgeContrast * mean(0..<Swift.max(0, m - 2)),
              level >= EdgeStrip.ridgeContrast * mean((m + 3)..<n) else { return nil }
        var sum: Float = 0
        for k in (m - 1)...(m + 1) { sum += Float(r[k]) * (Float(k) + 0.5) }
        return sum / Float(best) * bin
    }

    /// Position (metres from the strip's first bin) where the wall-point counts `w` fall below half of their
    /// median over the first `wallBins` bins (the wall side) for two bins in a row (or at the last bin),
    /// interpolated between bin centres; `nil` when the wall side is too sparse or the counts never fall.
    static func halfDensityEdge(_ w: [Int], wallBins: Int, bin: Float) -> Float? {
        guard wallBins >= 3, wallBins < w.count else { return nil }
        let reference = w[0..<wallBins].sorted()[wallBins / 2]
        guard reference >= EdgeStrip.minimumWallDensity else { return nil }
        let half = Float(reference) / 2
        for k in 1..<w.count where Float(w[k]) < half && (k + 1 == w.count || Float(w[k + 1]) < half) {
            let a = Float(w[k - 1]), b = Float(w[k])
            // Between the centres of bins k-1 and k when k-1 is at or above half, else at bin k's start.
            let f = a >= half ? (a - half) / Swift.max(1e-6, a - b) : 0.5
            return (Float(k) - 0.5 + f) * bin
        }
        return nil
    }
}
