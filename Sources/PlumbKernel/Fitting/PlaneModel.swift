/// An infinite plane `normal · p = offset`, with a unit normal, in double precision.
///
/// Planes fitted from a ``PointCloud`` are expressed in the cloud's **local** frame (relative to its
/// `origin`); ``translated(by:)`` re-expresses them in a frame whose origin is shifted, e.g. the world.
/// Sign convention of fitted planes: the normal's largest-magnitude component is positive.
public struct PlaneModel: Sendable, Equatable, Hashable, Codable {
    /// Unit normal.
    public var normal: SIMD3<Double>
    /// Signed distance of the plane from the frame origin along `normal`, metres.
    public var offset: Double

    /// A plane from a normal (normalised here) and offset. The offset is scaled with the normal.
    public init(normal: SIMD3<Double>, offset: Double) {
        let l = length(normal)
        self.normal = l > 0 ? normal / l : normal
        self.offset = l > 0 ? offset / l : offset
    }

    /// The plane through `point` with the given normal.
    public init(normal: SIMD3<Double>, through point: SIMD3<Double>) {
        let n = normalize(normal)
        self.normal = n
        self.offset = dot(n, point)
    }

    /// The plane through three points, or `nil` when they are (nearly) collinear.
    public init?(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>) {
        let n = cross(b - a, c - a)
        let scale = max(dot(b - a, b - a), dot(c - a, c - a))
        guard scale > 0, dot(n, n) > 1e-20 * scale * scale else { return nil }
        self.init(normal: n, through: a)
    }

    /// Signed orthogonal distance of `p` (same frame) from the plane, metres.
    @inlinable
    public func signedDistance(_ p: SIMD3<Double>) -> Double { dot(normal, p) - offset }

    /// The same plane expressed in a frame whose origin sits at `-shift` relative to this one, i.e.
    /// for points `p' = p + shift`. Use `translated(by: cloud.origin)` to go from local to world.
    public func translated(by shift: SIMD3<Double>) -> PlaneModel {
        var out = self
        out.offset = offset + dot(normal, shift)
        return out
    }

    /// The orthogonal projection of `p` onto the plane.
    public func project(_ p: SIMD3<Double>) -> SIMD3<Double> { p - signedDistance(p) * normal }

    /// Flips the normal so its largest-magnitude component is positive (deterministic orientation).
    mutating func canonicalise() {
        let a = SIMD3(abs(normal.x), abs(normal.y), abs(normal.z))
        let k = a.x >= a.y && a.x >= a.z ? 0 : (a.y >= a.z ? 1 : 2)
        if normal[k] < 0 {
            normal = -normal
            offset = -offset
        }
    }
}
