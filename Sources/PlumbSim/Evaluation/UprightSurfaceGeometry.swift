import Foundation
import Plumbline

/// Plan geometry of an upright RoomPlan surface (wall, door, window, opening) in `Double`: its
/// plan segment (local x from -w/2 to +w/2 at the origin), direction, normal and vertical extent.
public struct UprightSurfaceGeometry: Sendable, Equatable {
    /// Plan start point (local x = -width/2), world (x, z) metres.
    public var start: SIMD2<Double>
    /// Plan end point (local x = +width/2), world (x, z) metres.
    public var end: SIMD2<Double>
    /// Unit plan direction start → end (local x projected; (1, 0) if degenerate).
    public var direction: SIMD2<Double>
    /// Unit plan normal (local z projected).
    public var normal: SIMD2<Double>
    /// World y of the bottom and top, metres.
    public var bottom: Double, top: Double
    /// Whether the surface is curved (its ``start`` and ``end`` are then the ends of an arc, and
    /// ``direction`` is its chord, not its tangent).
    public var isCurved: Bool

    /// The geometry of `surface`.
    public init(_ surface: CapturedRoom.Surface) {
        let s = surface.planCenterLine
        start = SIMD2<Double>(s.start)
        end = SIMD2<Double>(s.end)
        let d = end - start
        let l = (d * d).sum().squareRoot()
        direction = l > 1e-9 ? d / l : SIMD2(1, 0)
        let z = SIMD2<Double>(Double(surface.transform.zAxis.x), Double(surface.transform.zAxis.z))
        let zl = (z * z).sum().squareRoot()
        normal = zl > 1e-9 ? z / zl : SIMD2(-direction.y, direction.x)
        bottom = Double(surface.bottomElevation)
        top = Double(surface.topElevation)
        isCurved = surface.curve != nil
    }

    /// Plan length, metres.
    public var length: Double { ((end - start) * (end - start)).sum().squareRoot() }
    /// Plan midpoint.
    public var midpoint: SIMD2<Double> { (start + end) / 2 }

    /// Signed distance of a plan point from this segment's infinite line along ``normal``, metres.
    public func signedDistance(_ p: SIMD2<Double>) -> Double {
        let n = SIMD2(-direction.y, direction.x)
        let s = ((normal * n).sum() >= 0) ? 1.0 : -1.0
        return s * ((p - start) * n).sum()
    }

    /// Unsigned angle between the two undirected plan lines, radians in 0…π/2.
    public func angle(to o: UprightSurfaceGeometry) -> Double {
        let c = abs((direction * o.direction).sum())
        return acos(min(c, 1))
    }

    /// Length of the overlap of `o` projected onto this segment's line, metres.
    public func projectedOverlap(_ o: UprightSurfaceGeometry) -> Double {
        let a = ((o.start - start) * direction).sum(), b = ((o.end - start) * direction).sum()
        return max(0, min(max(a, b), length) - max(min(a, b), 0))
    }

    /// Vertical overlap with another surface, metres (negative when apart).
    public func verticalOverlap(_ o: UprightSurfaceGeometry) -> Double { min(top, o.top) - max(bottom, o.bottom) }
}
