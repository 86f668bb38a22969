/// An infinite straight line in a 2D frame, double precision: the points `point + t * direction`, or
/// equivalently `normal · p = offset`.
///
/// Sign convention of fitted lines: the direction's largest-magnitude component is positive and
/// `normal` is `direction` rotated +90° (counter-clockwise).
public struct Line2DModel: Sendable, Equatable, Hashable, Codable {
    /// A point on the line (for fitted lines: the centroid of the points), metres.
    public var point: SIMD2<Double>
    /// Unit direction.
    public var direction: SIMD2<Double>

    /// A line through `point` along `direction` (normalised here).
    /// - Precondition: `direction` is non-zero.
    public init(point: SIMD2<Double>, direction: SIMD2<Double>) {
        let l = (direction * direction).sum().squareRoot()
        precondition(l > 0, "zero line direction")
        self.point = point
        self.direction = direction / l
    }

    /// The line through two distinct points, or `nil` when they (nearly) coincide.
    public init?(through a: SIMD2<Double>, _ b: SIMD2<Double>) {
        let d = b - a
        let scale = max(abs(a.x), abs(a.y), abs(b.x), abs(b.y), 1e-300)
        guard (d * d).sum().squareRoot() > 1e-12 * scale else { return nil }
        self.init(point: a, direction: d)
    }

    /// Unit normal: ``direction`` rotated by +90°.
    public var normal: SIMD2<Double> { SIMD2(-direction.y, direction.x) }

    /// Offset of the normal form `normal · p = offset`, metres.
    public var offset: Double { (normal * point).sum() }

    /// Signed orthogonal distance of `p` from the line (positive on the ``normal`` side), metres.
    @inlinable
    public func signedDistance(_ p: SIMD2<Double>) -> Double {
        let d = p - point
        return -direction.y * d.x + direction.x * d.y
    }

    /// Flips the direction so its largest-magnitude component is positive.
    mutating func canonicalise() {
        let k = abs(direction.x) >= abs(direction.y) ? 0 : 1
        if direction[k] < 0 { direction = -direction }
    }
}
