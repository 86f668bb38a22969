/// Planar convex hull by Andrew's monotone chain.
public enum ConvexHull2D {
    /// Vertices of the convex hull of `points`, counter-clockwise, starting at the lowest-x (then
    /// lowest-y) point, without collinear or duplicate vertices. One or two points for degenerate input
    /// (all coincident / all collinear); empty for empty input. Non-finite points must be filtered first.
    /// - Complexity: O(n log n) time, O(n) memory.
    public static func hull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard points.count > 1 else { return points }
        let p = points.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        var h = [SIMD2<Double>]()
        h.reserveCapacity(2 * p.count)
        @inline(__always) func turn(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        for q in p {
            while h.count >= 2 && turn(h[h.count - 2], h[h.count - 1], q) <= 0 { h.removeLast() }
            h.append(q)
        }
        let lowerCount = h.count + 1
        for q in p.reversed().dropFirst() {
            while h.count >= lowerCount && turn(h[h.count - 2], h[h.count - 1], q) <= 0 { h.removeLast() }
            h.append(q)
        }
        h.removeLast() // the first point again
        if h.count == 2 && h[0] == h[1] { h.removeLast() }
        return h
    }
}
