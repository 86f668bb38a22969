/// A rectangle in 2D: centre, unit direction of its first side, half side lengths.
public struct Rectangle2D: Sendable, Equatable, Hashable, Codable {
    /// Centre, metres.
    public var centre: SIMD2<Double>
    /// Unit direction of the first side (the second side is this rotated +90°).
    public var axis: SIMD2<Double>
    /// Half side lengths along `axis` and its +90° rotation, metres.
    public var halfExtents: SIMD2<Double>
    /// Area, m².
    public var area: Double { 4 * halfExtents.x * halfExtents.y }

    /// A rectangle from its parts.
    public init(centre: SIMD2<Double>, axis: SIMD2<Double>, halfExtents: SIMD2<Double>) {
        self.centre = centre
        self.axis = axis
        self.halfExtents = halfExtents
    }
}

/// Minimum-area enclosing rectangle by rotating calipers (Toussaint 1983; Freeman & Shapira 1975:
/// one side of the optimum is collinear with a hull edge).
public enum MinimumAreaRectangle {
    /// The minimum-area rectangle enclosing `hull` (counter-clockwise convex polygon as returned by
    /// ``ConvexHull2D/hull(_:)``). Degenerate hulls give zero-width rectangles (segment) or a
    /// zero-size one (point); empty input gives `nil`. Ties in area keep the first edge found.
    /// - Complexity: O(h) for h hull vertices, no allocation.
    public static func enclosing(hull: [SIMD2<Double>]) -> Rectangle2D? {
        hull.withUnsafeBufferPointer { enclosing(hull: $0) }
    }

    /// ``enclosing(hull:)`` over a buffer (no allocation).
    static func enclosing(hull: UnsafeBufferPointer<SIMD2<Double>>) -> Rectangle2D? {
        let m = hull.count
        guard m > 0 else { return nil }
        if m == 1 { return Rectangle2D(centre: hull[0], axis: SIMD2(1, 0), halfExtents: .zero) }
        if m == 2 {
            let d = hull[1] - hull[0]
            let l = (d * d).sum().squareRoot()
            let e = l > 0 ? d / l : SIMD2(1, 0)
            return Rectangle2D(centre: 0.5 * (hull[0] + hull[1]), axis: e, halfExtents: SIMD2(0.5 * l, 0))
        }
        do {
            let h = hull
            var best = Rectangle2D(centre: h[0], axis: SIMD2(1, 0), halfExtents: SIMD2(.infinity, .infinity))
            var bestArea = Double.infinity
            var right = 0, top = 0, left = 0
            // Caliper indices run past m; wrap without a division in the common case.
            @inline(__always) func at(_ k: Int) -> SIMD2<Double> { h[k < m ? k : (k < 2 * m ? k - m : k % m)] }
            for i in 0..<m {
                let o = h[i]
                let d = at(i + 1) - o
                let l = (d * d).sum().squareRoot()
                guard l > 0 else { continue }
                let e = d / l, nrm = SIMD2(-e.y, e.x) // inward normal of a CCW polygon
                @inline(__always) func pe(_ k: Int) -> Double { ((at(k) - o) * e).sum() }
                @inline(__always) func pn(_ k: Int) -> Double { ((at(k) - o) * nrm).sum() }
                if right < i { right = i }
                var steps = 0
                while steps < m && pe(right + 1) > pe(right) { right += 1; steps += 1 }
                if top < right { top = right }
                steps = 0
                while steps < m && pn(top + 1) > pn(top) { top += 1; steps += 1 }
                if left < top { left = top }
                steps = 0
                while steps < m && pe(left + 1) < pe(left) { left += 1; steps += 1 }
                let maxE = pe(right), minE = pe(left), maxN = pn(top)
                let area = (maxE - minE) * maxN
                if area < bestArea {
                    bestArea = area
                    best = Rectangle2D(centre: o + 0.5 * (maxE + minE) * e + 0.5 * maxN * nrm, axis: e,
                                       halfExtents: SIMD2(0.5 * (maxE - minE), 0.5 * maxN))
                }
            }
            return best
        }
    }
}
