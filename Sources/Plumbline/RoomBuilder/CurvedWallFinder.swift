import Foundation
import PlumbKernel

/// Finds curved (cylindrical) walls among the vertical planes of a segmentation.
///
/// Plane segmentation with a 3 cm band cuts a curved wall into several narrow vertical strips. Each
/// vertical plane's plan-view points (within the wall height band) are fitted with a line and a circle; a
/// strip *bends* when the circle explains the points significantly better (F-test over 50, sagitta of the
/// strip's chord at least 5 mm, radius 0.5–25 m). The points of all bending strips are pooled and one
/// circle is found robustly (MSAC, 2 cm threshold, seeded), so strips of different walls or furniture do
/// not spoil it. Every vertical plane with at least 70 % of its points within 3 cm of the circle (flat
/// strips nearly tangent to it included) joins the arc; the joined planes' points within 4 cm are then
/// refitted geometrically (Levenberg–Marquardt) twice. An arc is kept when it really bends (``isCurved``),
/// its points cover at least half of its angular range (``angularCoverage(_:centre:angles:)``)
/// and at least half of its support comes from planes that passed the wall tests (`candidates`): sheets of
/// outliers along the scanner's rays and furniture sides bend too, but they are not tall, dense walls.
/// What is left is searched again for further arcs.
enum CurvedWallFinder {
    struct Arc: Sendable {
        var circle: CircleModel
        /// Plane indices absorbed into the arc.
        var planes: [Int]
        /// Angular range covered by the points, radians counter-clockwise from +x (may exceed π).
        var angles: ClosedRange<Double>
    }

    /// Plan-view points of plane `k`'s inliers within the height band, at most `limit` of them (evenly
    /// strided, so the result is deterministic).
    static func planPoints(_ plane: DetectedPlane, _ cloud: PointCloud, band: ClosedRange<Float>, limit: Int) -> [SIMD2<Double>] {
        var out: [SIMD2<Double>] = []
        let stride = Swift.max(1, plane.inliers.count / limit)
        var k = 0
        while k < plane.inliers.count {
            let i = Int(plane.inliers[k])
            if band.contains(cloud.y[i]) { out.append(SIMD2(Double(cloud.x[i]), Double(cloud.z[i]))) }
            k += stride
        }
        return out
    }

    /// Whether a strip's points are explained significantly better by a circle than by a line.
    static func bends(_ pts: [SIMD2<Double>]) -> Bool {
        guard pts.count >= 60, let line = try? Line2DFit.fit(pts),
              let circle = try? CircleFit.fit(pts, maxIterations: 30) else { return false }
        let c = circle.model
        guard c.radius > 0.5, c.radius < 25 else { return false }
        let n = Double(pts.count)
        let rssLine = line.residuals.rms * line.residuals.rms * n
        let rssCircle = circle.residuals.rms * circle.residuals.rms * n
        guard rssCircle > 0 else { return false }
        let f = (rssLine - rssCircle) / (rssCircle / (n - 3))
        var lo = Double.infinity, hi = -Double.infinity
        for p in pts {
            let t = planDot(p, line.model.direction)
            lo = Swift.min(lo, t)
            hi = Swift.max(hi, t)
        }
        let chord = hi - lo
        let sagitta = c.radius - (Swift.max(0, c.radius * c.radius - chord * chord / 4)).squareRoot()
        return f > 50 && sagitta > 0.005
    }

    static func find(planes: [DetectedPlane], candidates: [Int], cloud: PointCloud, band: ClosedRange<Float>, seed: UInt64 = 0) -> [Arc] {
        let vertical = planes.indices.filter { abs(planes[$0].normal.y) < 0.05 && planes[$0].area >= 0.2 }
        var points: [Int: [SIMD2<Double>]] = [:]
        for k in vertical { points[k] = planPoints(planes[k], cloud, band: band, limit: 3000) }
        var bending = vertical.filter { bends(points[$0]!) }
        var free = Set(vertical)
        var arcs: [Arc] = []
        while !bending.isEmpty {
            let pooled = bending.flatMap { points[$0]! }
            guard pooled.count >= 200,
                  let robust = try? CircleFit.robust(pooled, radiusRange: 0.5...25,
                                                     options: RobustFitOptions(inlierThreshold: 0.02, maxIterations: 2000, seed: seed)),
                  robust.inlierIndices.count >= 200 else { break }
            var circle = robust.model
            var members: [Int] = []
            for k in vertical.sorted() where free.contains(k) {
                let pts = points[k]!
                guard pts.count >= 30 else { continue }
                let near = pts.filter { abs(circle.signedDistance($0)) < 0.03 }.count
                if Double(near) >= 0.7 * Double(pts.count) { members.append(k) }
            }
            guard !members.isEmpty else { break }
            var support: [SIMD2<Double>] = []
            for _ in 0..<2 {
                support = members.flatMap { points[$0]! }.filter { abs(circle.signedDistance($0)) < 0.04 }
                guard support.count >= 100, let fit = try? CircleFit.fit(support),
                      fit.model.radius.isFinite, fit.model.centre.x.isFinite, fit.model.centre.y.isFinite else { break }
                circle = fit.model
            }
            for k in members { free.remove(k) }
            let wallLike = Set(candidates)
            let fromWalls = members.filter { wallLike.contains($0) }.flatMap { points[$0]! }
                .filter { abs(circle.signedDistance($0)) < 0.04 }.count
            bending.removeAll { members.contains($0) }
            guard circle.radius.isFinite, circle.radius <= 25, circle.centre.x.isFinite, circle.centre.y.isFinite,
                  support.count >= 100, let range = angularRange(support, centre: circle.centre),
                  range.upperBound - range.lowerBound > 0.15, 2 * fromWalls >= support.count,
                  angularCoverage(support, centre: circle.centre, angles: range) >= 0.5,
                  isCurved(support, circle: circle, angles: range) else { continue }
            arcs.append(Arc(circle: circle, planes: members, angles: range))
        }
        return arcs
    }

    /// Whether an arc really bends: its sagitta over the covered angles is at least 5 cm and the circle's
    /// RMS residual is under half the best line's (a huge circle through a flat wall fails both).
    static func isCurved(_ pts: [SIMD2<Double>], circle: CircleModel, angles: ClosedRange<Double>) -> Bool {
        let span = Swift.min(angles.upperBound - angles.lowerBound, Double.pi)
        let sagitta = circle.radius * (1 - cos(span / 2))
        guard sagitta >= 0.05, let line = try? Line2DFit.fit(pts) else { return false }
        var ss = 0.0
        for p in pts { ss += circle.signedDistance(p) * circle.signedDistance(p) }
        return (ss / Double(pts.count)).squareRoot() < 0.5 * line.residuals.rms
    }

    /// Share of the 0.05 rad bins of `angles` holding at least one of `pts` (about `centre`). A curved wall
    /// is seen along most of its arc (doors and windows leave gaps); strips of two parallel straight walls
    /// on opposite sides of a room also lie near one circle, but only at two short stretches of it.
    static func angularCoverage(_ pts: [SIMD2<Double>], centre: SIMD2<Double>, angles: ClosedRange<Double>) -> Double {
        let bin = 0.05
        let n = Swift.max(1, Int(((angles.upperBound - angles.lowerBound) / bin).rounded(.up)))
        var seen = [Bool](repeating: false, count: n)
        for p in pts {
            var a = atan2(p.y - centre.y, p.x - centre.x) - angles.lowerBound
            while a < 0 { a += 2 * .pi }
            while a >= 2 * .pi { a -= 2 * .pi }
            let k = Int(a / bin)
            if k < n { seen[k] = true }
        }
        return Double(seen.filter { $0 }.count) / Double(n)
    }

    /// Angular extent of `pts` about `centre`, measured from their mean direction so it does not wrap.
    static func angularRange(_ pts: [SIMD2<Double>], centre: SIMD2<Double>) -> ClosedRange<Double>? {
        guard !pts.isEmpty else { return nil }
        var mean = SIMD2<Double>.zero
        for p in pts { mean += (p - centre) / Swift.max(1e-9, planLength(p - centre)) }
        let ref = atan2(mean.y, mean.x)
        var lo = Double.infinity, hi = -Double.infinity
        for p in pts {
            var a = atan2(p.y - centre.y, p.x - centre.x) - ref
            while a > .pi { a -= 2 * .pi }
            while a < -.pi { a += 2 * .pi }
            lo = Swift.min(lo, a)
            hi = Swift.max(hi, a)
        }
        return (ref + lo)...(ref + hi)
    }
}
