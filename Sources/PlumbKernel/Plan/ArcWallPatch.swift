#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// A piece of a curved (circular-arc) wall surface with its own 2D coordinates, the arc counterpart of
/// ``WallPatch`` for looking for holes and recesses in the points around it.
///
/// Wall coordinates of a point `p` (cloud-local frame, y up, metres): `u` is the arc length along the wall
/// surface (radius ``radius``) from the start angle towards the end angle, 0…``length``; `v = p.y - floorY`
/// runs up from the floor (0) to ``height``; `s` is the signed radial distance from the surface, positive
/// into the room (towards the centre when the room is inside the circle), negative behind it. For
/// openings a few centimetres deep this unrolls the wall exactly along `u` and `s`; points far behind the
/// wall are mapped radially, which, as for ``WallPatch``, is used only as evidence.
package struct ArcWallPatch: Sendable, Hashable, Codable, WallSurfaceCoordinates {
    /// Circle centre in plan (local x, z), metres.
    package var centre: SIMD2<Double>
    /// Radius of the wall surface, metres.
    package var radius: Double
    /// Plan angle (atan2 of z, x about ``centre``) where `u` = 0, radians.
    package var startAngle: Double
    /// Signed angular extent from ``startAngle`` to the wall's end, radians (negative: clockwise).
    package var sweep: Double
    /// Local y of the floor, metres.
    package var floorY: Double
    /// Height of the wall, metres.
    package var height: Double
    /// True when the room lies inside the circle (the wall bulges away from it).
    package var roomInside: Bool

    /// A patch on the arc from plan point `start` to `end` (both on or near the circle, the minor arc
    /// between them), `height` above `floorY`; `roomInside` tells which side of the surface the room is on.
    package init(centre: SIMD2<Double>, radius: Double, start: SIMD2<Double>, end: SIMD2<Double>,
                floorY: Double, height: Double, roomInside: Bool) {
        self.centre = centre
        self.radius = radius
        let a = atan2(start.y - centre.y, start.x - centre.x), b = atan2(end.y - centre.y, end.x - centre.x)
        self.startAngle = a
        self.sweep = Self.wrapped(b - a)
        self.floorY = floorY
        self.height = height
        self.roomInside = roomInside
    }

    /// Arc length of the wall surface, metres.
    package var length: Double { radius * abs(sweep) }

    /// `angle` brought into (-π, π].
    @inlinable
    static func wrapped(_ angle: Double) -> Double {
        var x = angle
        while x > .pi { x -= 2 * .pi }
        while x <= -.pi { x += 2 * .pi }
        return x
    }

    /// Plan angle of the surface point at arc length `u`, radians.
    package func angle(atU u: Double) -> Double { startAngle + (sweep < 0 ? -u : u) / radius }

    /// The cloud-local point at wall coordinates (u, v, s).
    package func point(u: Double, v: Double, s: Double = 0) -> SIMD3<Double> {
        let t = angle(atU: u), r = radius + (roomInside ? -s : s)
        return SIMD3(centre.x + r * cos(t), floorY + v, centre.y + r * sin(t))
    }

    /// Wall coordinates (u, v, s) of a cloud-local point, metres; `u` is outside 0…``length`` for points
    /// beyond the wall's ends (angles more than half a turn away wrap round).
    package func coordinates(of p: SIMD3<Double>) -> SIMD3<Double> {
        let dx = p.x - centre.x, dz = p.z - centre.y
        let r = (dx * dx + dz * dz).squareRoot()
        let d = Self.wrapped(atan2(dz, dx) - startAngle)
        let u = (sweep < 0 ? -d : d) * radius
        return SIMD3(u, p.y - floorY, roomInside ? radius - r : r - radius)
    }

    /// Calls `body(u, v, s)` for the points of `cloud` whose wall coordinates lie in the open box
    /// `u` × `v` × `s`, in index order. Points are first tested on height and radial distance (no
    /// trigonometry), the angle only for those left.
    /// - Complexity: O(n), no allocation.
    package func forEachWallCoordinate(of cloud: PointCloud, u: (Float, Float), v: (Float, Float), s: (Float, Float),
                                      _ body: (_ u: Float, _ v: Float, _ s: Float) -> Void) {
        let cx = Float(centre.x), cz = Float(centre.y), fy = Float(floorY), r0 = Float(radius)
        let a0 = startAngle, backwards = sweep < 0, rad = radius
        let inside = roomInside
        cloud.x.withUnsafeBufferPointer { xs in
            cloud.y.withUnsafeBufferPointer { ys in
                cloud.z.withUnsafeBufferPointer { zs in
                    for i in 0..<xs.count {
                        let pv = ys[i] - fy
                        guard pv > v.0, pv < v.1 else { continue }
                        let dx = xs[i] - cx, dz = zs[i] - cz
                        let r = (dx * dx + dz * dz).squareRoot()
                        let ps = inside ? r0 - r : r - r0
                        guard ps > s.0, ps < s.1 else { continue }
                        let d = Self.wrapped(atan2(Double(dz), Double(dx)) - a0)
                        let pu = Float((backwards ? -d : d) * rad)
                        guard pu > u.0, pu < u.1 else { continue }
                        body(pu, pv, ps)
                    }
                }
            }
        }
    }
}
