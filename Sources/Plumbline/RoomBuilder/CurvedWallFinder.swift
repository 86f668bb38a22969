import Foundation
import PlumbKernel

/// Finds curved (cylindrical) walls among the vertical planes of a segmentation.
///
/// Plane segmentation with a 2 cm band cuts a curved wall into several narrow vertical strips. For each
/// vertical strip the plan-view points are fitted with a line and with a circle; a strip is *curved* when
/// the circle explains significantly more (an F-test on the residual sums of squares, with at least a 1 cm
/// sagitta over the strip). Curved strips that lie on one circle (median distance under 3 cm) are merged,
/// and one circle is fitted to all their points (algebraic Hyper fit, then geometric Levenberg–Marquardt).
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

    static func find(planes: [DetectedPlane], candidates: [Int], cloud: PointCloud, band: ClosedRange<Float>) -> [Arc] {
        var curved: [(plane: Int, circle: CircleModel, points: [SIMD2<Double>])] = []
        for k in candidates {
            let pts = planPoints(planes[k], cloud, band: band, limit: 3000)
            guard pts.count >= 60,
                  let line = try? Line2DFit.fit(pts),
                  let circle = try? CircleFit.fit(pts, maxIterations: 30) else { continue }
            let c = circle.model
            guard c.radius > 0.4, c.radius < 25 else { continue }
            let n = Double(pts.count)
            let rssLine = line.residuals.rms * line.residuals.rms * n
            let rssCircle = circle.residuals.rms * circle.residuals.rms * n
            guard rssCircle > 0 else { continue }
            let f = (rssLine - rssCircle) / (rssCircle / (n - 3))
            // Sagitta of the strip's chord on the fitted circle.
            var lo = Double.infinity, hi = -Double.infinity
            let d = line.model.direction
            for p in pts {
                let t = planDot(p, d)
                lo = Swift.min(lo, t)
                hi = Swift.max(hi, t)
            }
            let chord = hi - lo
            let sagitta = c.radius - (Swift.max(0, c.radius * c.radius - chord * chord / 4)).squareRoot()
            if f > 200, sagitta > 0.01 { curved.append((k, c, pts)) }
        }
        // Merge strips that lie on the same circle.
        var arcs: [Arc] = []
        var used = Set<Int>()
        for (a, s) in curved.enumerated() where !used.contains(a) {
            var members = [a]
            for (b, t) in curved.enumerated() where b != a && !used.contains(b) {
                let ds = t.points.map { abs(s.circle.signedDistance($0)) }.sorted()
                if ds[ds.count / 2] < 0.03 { members.append(b) }
            }
            let pts = members.flatMap { curved[$0].points }
            guard let fit = try? CircleFit.fit(pts) else { continue }
            members.forEach { used.insert($0) }
            // Angular extent about the mean direction, so the range does not wrap.
            var mean = SIMD2<Double>.zero
            for p in pts { mean += (p - fit.model.centre) / Swift.max(1e-9, planLength(p - fit.model.centre)) }
            let ref = atan2(mean.y, mean.x)
            var lo = Double.infinity, hi = -Double.infinity
            for p in pts {
                var a = atan2(p.y - fit.model.centre.y, p.x - fit.model.centre.x) - ref
                while a > .pi { a -= 2 * .pi }
                while a < -.pi { a += 2 * .pi }
                lo = Swift.min(lo, a)
                hi = Swift.max(hi, a)
            }
            arcs.append(Arc(circle: fit.model, planes: members.map { curved[$0].plane }, angles: (ref + lo)...(ref + hi)))
        }
        return arcs
    }
}
