/// A circle in a 2D frame, double precision.
public struct CircleModel: Sendable, Equatable, Hashable, Codable {
    /// Centre, metres.
    public var centre: SIMD2<Double>
    /// Radius, metres (positive).
    public var radius: Double

    /// A circle from centre and radius.
    public init(centre: SIMD2<Double>, radius: Double) {
        self.centre = centre
        self.radius = radius
    }

    /// The circle through three points (circumcircle), or `nil` when they are (nearly) collinear.
    public init?(through a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) {
        let ab = b - a, ac = c - a
        let d = 2 * (ab.x * ac.y - ab.y * ac.x)
        let scale = max((ab * ab).sum(), (ac * ac).sum())
        guard scale > 0, abs(d) > 1e-10 * scale else { return nil }
        let ab2 = (ab * ab).sum(), ac2 = (ac * ac).sum()
        let ux = (ac.y * ab2 - ab.y * ac2) / d
        let uy = (ab.x * ac2 - ac.x * ab2) / d
        self.init(centre: a + SIMD2(ux, uy), radius: (ux * ux + uy * uy).squareRoot())
    }

    /// Signed orthogonal distance of `p` from the circle (positive outside), metres.
    @inlinable
    public func signedDistance(_ p: SIMD2<Double>) -> Double {
        let d = p - centre
        return (d * d).sum().squareRoot() - radius
    }

    /// Polar angle of `p` about the centre, radians in (−π, π], counter-clockwise from +x.
    public func angle(of p: SIMD2<Double>) -> Double { atan2Double(p.y - centre.y, p.x - centre.x) }

    /// The point on the circle at polar angle `theta` (radians).
    public func point(atAngle theta: Double) -> SIMD2<Double> {
        centre + radius * SIMD2(cosDouble(theta), sinDouble(theta))
    }
}

/// A circular arc: a circle and the counter-clockwise angular interval covered.
public struct ArcModel: Sendable, Equatable, Hashable, Codable {
    /// The supporting circle.
    public var circle: CircleModel
    /// Start angle, radians in (−π, π], measured counter-clockwise from +x about the centre.
    public var startAngle: Double
    /// Angular extent, radians in [0, 2π]; the arc runs counter-clockwise from ``startAngle``.
    public var extent: Double

    /// An arc from its parts.
    public init(circle: CircleModel, startAngle: Double, extent: Double) {
        self.circle = circle
        self.startAngle = startAngle
        self.extent = extent
    }

    /// End angle `startAngle + extent`, radians (may exceed π; not wrapped).
    public var endAngle: Double { startAngle + extent }

    /// Arc length, metres.
    public var arcLength: Double { circle.radius * extent }
}
