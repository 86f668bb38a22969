/// Exact overlap of simple plan polygons (convex or not), plan (x, z) metres.
///
/// Both polygons are ear-clipped into triangles and every pair of triangles whose bounding boxes meet
/// is intersected exactly by Sutherland–Hodgman clipping; the areas add up to the exact intersection
/// area (up to floating-point rounding, ~1e-12 relative). Coordinates are recentred on the first
/// polygon's first vertex before any arithmetic.
public enum PolygonOverlap {
    /// Area of the intersection of two simple polygons (either orientation, no repeated closing
    /// vertex), square metres. 0 when either has fewer than 3 vertices or a non-finite coordinate.
    /// - Complexity: O(n² + m² + n·m) for n and m vertices.
    public static func intersectionArea(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Double {
        guard a.count >= 3, b.count >= 3, isFinite(a), isFinite(b) else { return 0 }
        let o = a[0]
        let pa = a.map { $0 - o }, pb = b.map { $0 - o }
        let ta = triangles(pa), tb = triangles(pb)
        let boxA = ta.map(bounds), boxB = tb.map(bounds)
        var total = 0.0
        for (i, t) in ta.enumerated() {
            for (j, u) in tb.enumerated() {
                let ba = boxA[i], bb = boxB[j]
                if ba.max.x <= bb.min.x || bb.max.x <= ba.min.x || ba.max.y <= bb.min.y || bb.max.y <= ba.min.y { continue }
                total += abs(PlanPolygon.signedArea(clip(t, by: u)))
            }
        }
        return total
    }

    /// Intersection over union of two simple polygons' areas (0 when the union is empty).
    /// - Complexity: as ``intersectionArea(_:_:)``.
    public static func iou(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Double {
        let inter = intersectionArea(a, b)
        let union = abs(PlanPolygon.signedArea(a)) + abs(PlanPolygon.signedArea(b)) - inter
        return union > 0 ? min(max(inter / union, 0), 1) : 0
    }

    /// The intersection of convex polygon `subject` with convex counter-clockwise polygon `clipper`.
    /// - Complexity: O(n·m).
    public static func clip(_ subject: [SIMD2<Double>], by clipper: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var out = subject
        let ccw = PlanPolygon.signedArea(clipper) >= 0
        for k in clipper.indices where !out.isEmpty {
            let p = clipper[k], q = clipper[(k + 1) % clipper.count]
            let e = q - p
            // Outward normal of a counter-clockwise edge is (e.z, -e.x).
            var n = SIMD2(e.y, -e.x)
            if !ccw { n = -n }
            out = PlanPolygon.clipConvex(out, normal: n, offset: (n * p).sum())
        }
        return out.count >= 3 ? out : []
    }

    /// The intersection area of two convex polygons (either orientation), square metres.
    /// - Complexity: O(n·m).
    public static func convexIntersectionArea(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>]) -> Double {
        guard a.count >= 3, b.count >= 3, isFinite(a), isFinite(b) else { return 0 }
        let o = a[0]
        return abs(PlanPolygon.signedArea(clip(a.map { $0 - o }, by: b.map { $0 - o })))
    }

    private static func isFinite(_ p: [SIMD2<Double>]) -> Bool { p.allSatisfy { $0.x.isFinite && $0.y.isFinite } }

    private static func triangles(_ p: [SIMD2<Double>]) -> [[SIMD2<Double>]] {
        PlanPolygon.triangulate(p).map { [p[$0.0], p[$0.1], p[$0.2]] }
    }

    private static func bounds(_ t: [SIMD2<Double>]) -> (min: SIMD2<Double>, max: SIMD2<Double>) {
        var lo = t[0], hi = t[0]
        for v in t { lo = pointwiseMin(lo, v); hi = pointwiseMax(hi, v) }
        return (lo, hi)
    }
}
