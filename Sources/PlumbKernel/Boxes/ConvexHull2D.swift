/// Planar convex hull by Andrew's monotone chain.
public enum ConvexHull2D {
    /// Vertices of the convex hull of `points`, counter-clockwise, starting at the lowest-x (then
    /// lowest-y) point, without collinear or duplicate vertices. One or two points for degenerate input
    /// (all coincident / all collinear); empty for empty input. Non-finite points must be filtered first.
    ///
    /// Above 4096 points, points strictly inside the octagon of the extreme points along 8 directions
    /// (Akl–Toussaint) are dropped before the sort: they cannot be hull vertices. Points within a
    /// rounding margin of the octagon's edges are kept, so the result is that of the plain algorithm.
    /// - Complexity: O(n + m log m) time for m points left after the throw-away (O(n log n) worst case),
    ///   O(n) memory.
    public static func hull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard points.count > 1 else { return points }
        let p = (points.count > 4096 ? throwAway(points) : points).sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        var h = [SIMD2<Double>](repeating: .zero, count: 2 * p.count)
        let count = p.withUnsafeBufferPointer { ps in h.withUnsafeMutableBufferPointer { chain(sorted: ps, into: $0) } }
        h.removeLast(h.count - count)
        return h
    }

    /// Andrew's monotone chain over points already sorted by x then y: writes the hull as documented
    /// for ``hull(_:)`` into the start of `h` and returns its vertex count. No allocation.
    /// - Precondition: `h.count >= 2 * p.count` (the working stack of the second chain sits on top of
    ///   the first).
    /// - Complexity: O(m) for m sorted points.
    static func chain(sorted p: UnsafeBufferPointer<SIMD2<Double>>, into h: UnsafeMutableBufferPointer<SIMD2<Double>>) -> Int {
        let m = p.count
        precondition(h.count >= 2 * m, "hull buffer too small")
        guard m > 1 else {
            if m == 1 { h[0] = p[0] }
            return m
        }
        @inline(__always) func turn(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var c = 0
        for k in 0..<m {
            let q = p[k]
            while c >= 2 && turn(h[c - 2], h[c - 1], q) <= 0 { c -= 1 }
            h[c] = q
            c += 1
        }
        let lowerCount = c + 1
        var k = m - 2
        while k >= 0 {
            let q = p[k]
            while c >= lowerCount && turn(h[c - 2], h[c - 1], q) <= 0 { c -= 1 }
            h[c] = q
            c += 1
            k -= 1
        }
        c -= 1 // the first point again
        if c == 2 && h[0] == h[1] { c -= 1 }
        return c
    }

    /// `points` without those strictly inside the octagon spanned by the extreme points along the
    /// directions x, x + y, y, −x + y, −x, −x − y, −y, x − y (counter-clockwise), by more than a rounding
    /// margin of the edge length. Order is kept. O(n).
    static func throwAway(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        // Extremes along x, x + y, y, −x + y, −x, −x − y, −y, x − y (first point on ties).
        var best = SIMD8<Double>(repeating: -.infinity)
        var arg = [Int](repeating: 0, count: 8)
        var scale = 0.0
        points.withUnsafeBufferPointer { ps in
            for i in 0..<ps.count {
                let q = ps[i]
                let s = q.x + q.y, t = q.x - q.y
                let v = SIMD8<Double>(q.x, s, q.y, -t, -q.x, -s, -q.y, t)
                let better = v .> best
                if any(better) {
                    best.replace(with: v, where: better)
                    for lane in 0..<8 where better[lane] { arg[lane] = i }
                }
                scale = max(scale, abs(q.x), abs(q.y))
            }
        }
        let arg2 = arg.map { points[$0] }
        // Edges of the octagon (skipping repeated vertices), as inward normal and offset.
        var edges: [(a: SIMD2<Double>, e: SIMD2<Double>, margin: Double)] = []
        for i in 0..<8 {
            let a = arg2[i], b = arg2[(i + 1) % 8]
            let d = b - a
            let l = (d * d).sum().squareRoot()
            guard l > 0 else { continue }
            edges.append((a, d, 1e-9 * l * max(scale, 1e-300)))
        }
        guard edges.count >= 3 else { return points }
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(points.count / 4)
        points.withUnsafeBufferPointer { ps in
            for q in ps {
                var inside = true
                for edge in edges {
                    let t = edge.e.x * (q.y - edge.a.y) - edge.e.y * (q.x - edge.a.x)
                    if !(t > edge.margin) { inside = false; break }
                }
                if !inside { out.append(q) }
            }
        }
        return out
    }
}
