/// A line segment in plan: world (x, z) metres, seen from above (+Y up).
public struct PlanSegment: Sendable, Hashable, Codable {
    /// First end point, world (x, z).
    public var start: SIMD2<Float>
    /// Second end point, world (x, z).
    public var end: SIMD2<Float>

    /// A segment between two plan points.
    public init(start: SIMD2<Float>, end: SIMD2<Float>) {
        self.start = start
        self.end = end
    }

    /// Length, metres.
    public var length: Float { ((end - start) * (end - start)).sum().squareRoot() }

    /// Mid point, world (x, z).
    public var midpoint: SIMD2<Float> { (start + end) * 0.5 }

    /// Unit direction from `start` to `end`; zero for a degenerate segment.
    public var direction: SIMD2<Float> {
        let l = length
        return l > 0 ? (end - start) / l : .zero
    }

    /// Distance from a plan point to the closest point of the segment, metres.
    public func distance(to p: SIMD2<Float>) -> Float {
        let d = end - start
        let l2 = (d * d).sum()
        let t: Float = l2 > 0 ? min(max(((p - start) * d).sum() / l2, 0), 1) : 0
        let q = start + d * t
        return ((p - q) * (p - q)).sum().squareRoot()
    }

    /// Position of the orthogonal projection of `p` along the line, as a fraction of the segment
    /// (0 at `start`, 1 at `end`; outside [0, 1] beyond the ends). 0 for a degenerate segment.
    public func parameter(ofProjection p: SIMD2<Float>) -> Float {
        let d = end - start
        let l2 = (d * d).sum()
        return l2 > 0 ? ((p - start) * d).sum() / l2 : 0
    }
}
