/// A rectangular, vertical piece of wall surface with its own 2D coordinates, used to look for holes,
/// recesses and door leaves in the points around it.
///
/// Wall coordinates of a point `p` (same local frame as the cloud, metres):
/// `u = (p - origin) · along` runs along the wall from 0 to ``length``, `v = (p - origin) · up` runs up from the
/// floor (0) to ``height``, and `s = (p - origin) · inward` is the signed distance from the surface, positive
/// into the room (in front of the wall as the scanner saw it), negative behind it.
package struct WallPatch: Sendable, Hashable, Codable {
    /// Bottom end of the wall at its start, in cloud-local coordinates, metres.
    package var origin: SIMD3<Double>
    /// Unit vector along the wall (horizontal).
    package var along: SIMD3<Double>
    /// Unit up vector.
    package var up: SIMD3<Double>
    /// Unit normal pointing into the room.
    package var inward: SIMD3<Double>
    /// Length along `along`, metres.
    package var length: Double
    /// Height along `up`, metres.
    package var height: Double

    /// A patch from its bottom edge (start and end, cloud-local metres), the up vector, the height and the
    /// side the room is on (`roomSide`: any point inside the room, used to orient the normal).
    package init(start: SIMD3<Double>, end: SIMD3<Double>, up: SIMD3<Double>, height: Double, roomSide: SIMD3<Double>) {
        let upUnit = normalize(up)
        var d = end - start
        d -= upUnit * dot(d, upUnit)
        let len = PlumbKernel.length(d)
        self.origin = start
        self.along = len > 0 ? d / len : SIMD3(1, 0, 0)
        self.up = upUnit
        var n = cross(upUnit, self.along)
        if dot(roomSide - start, n) < 0 { n = -n }
        self.inward = n
        self.length = len
        self.height = height
    }

    /// Wall coordinates (u, v, s) of a cloud-local point, metres.
    @inlinable
    package func coordinates(of p: SIMD3<Double>) -> SIMD3<Double> {
        let r = p - origin
        return SIMD3(dot(r, along), dot(r, up), dot(r, inward))
    }

    /// Calls `body(u, v, s)` with the wall coordinates (`Float`, metres) of every point of `cloud` (points in
    /// the cloud's local frame), in index order. The projection behind every wall detector's pass over a room.
    /// - Complexity: O(n), no allocation.
    @inlinable
    package func forEachWallCoordinate(of cloud: PointCloud, _ body: (_ u: Float, _ v: Float, _ s: Float) -> Void) {
        let o = SIMD3<Float>(origin), a = SIMD3<Float>(along), y = SIMD3<Float>(up), n = SIMD3<Float>(inward)
        cloud.x.withUnsafeBufferPointer { xs in
            cloud.y.withUnsafeBufferPointer { ys in
                cloud.z.withUnsafeBufferPointer { zs in
                    for i in 0..<xs.count {
                        let r = SIMD3(xs[i], ys[i], zs[i]) - o
                        body((r * a).sum(), (r * y).sum(), (r * n).sum())
                    }
                }
            }
        }
    }

    /// Like ``forEachWallCoordinate(of:_:)``, but calls `body` only for the points whose coordinates lie in
    /// the box `u` × `v` × `s` (open bounds; callers pass a box around what they keep, and `body` still
    /// applies its own tests). Eight points at a time are projected with SIMD arithmetic that gives exactly
    /// the coordinates of the scalar projection, so the points reaching `body`, their order and their values
    /// are those the scalar pass would give inside the box.
    /// - Complexity: O(n), no allocation.
    @inlinable
    package func forEachWallCoordinate(of cloud: PointCloud, u: (Float, Float), v: (Float, Float), s: (Float, Float),
                                      _ body: (_ u: Float, _ v: Float, _ s: Float) -> Void) {
        forEachIndexedWallCoordinate(of: cloud, u: u, v: v, s: s) { pu, pv, ps, _ in body(pu, pv, ps) }
    }

    /// Like ``forEachWallCoordinate(of:u:v:s:_:)``, also passing each point's index in `cloud`.
    /// - Complexity: O(n), no allocation.
    @inlinable
    package func forEachIndexedWallCoordinate(of cloud: PointCloud, u: (Float, Float), v: (Float, Float), s: (Float, Float),
                                             _ body: (_ u: Float, _ v: Float, _ s: Float, _ index: Int) -> Void) {
        let o = SIMD3<Float>(origin), a = SIMD3<Float>(along), y = SIMD3<Float>(up), n = SIMD3<Float>(inward)
        let ox = SIMD8<Float>(repeating: o.x), oy = SIMD8<Float>(repeating: o.y), oz = SIMD8<Float>(repeating: o.z)
        let u0 = SIMD8<Float>(repeating: u.0), u1 = SIMD8<Float>(repeating: u.1)
        let v0 = SIMD8<Float>(repeating: v.0), v1 = SIMD8<Float>(repeating: v.1)
        let s0 = SIMD8<Float>(repeating: s.0), s1 = SIMD8<Float>(repeating: s.1)
        cloud.x.withUnsafeBufferPointer { xs in
            cloud.y.withUnsafeBufferPointer { ys in
                cloud.z.withUnsafeBufferPointer { zs in
                    let count = xs.count
                    var i = 0
                    while i + 8 <= count {
                        let rx = UnsafeRawPointer(xs.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self) - ox
                        let ry = UnsafeRawPointer(ys.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self) - oy
                        let rz = UnsafeRawPointer(zs.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self) - oz
                        // (r * d).sum() of SIMD3 adds x, y, z in that order: the same expression per lane.
                        let ss = (rx * n.x + ry * n.y) + rz * n.z
                        var m = (ss .> s0) .& (ss .< s1)
                        if any(m) {
                            let uu = (rx * a.x + ry * a.y) + rz * a.z
                            let vv = (rx * y.x + ry * y.y) + rz * y.z
                            m = m .& (uu .> u0) .& (uu .< u1) .& (vv .> v0) .& (vv .< v1)
                            if any(m) { for lane in 0..<8 where m[lane] { body(uu[lane], vv[lane], ss[lane], i + lane) } }
                        }
                        i += 8
                    }
                    while i < count {
                        let r = SIMD3(xs[i], ys[i], zs[i]) - o
                        let pu = (r * a).sum(), pv = (r * y).sum(), ps = (r * n).sum()
                        if pu > u.0, pu < u.1, pv > v.0, pv < v.1, ps > s.0, ps < s.1 { body(pu, pv, ps, i) }
                        i += 1
                    }
                }
            }
        }
    }

    /// The cloud-local point at wall coordinates (u, v, s).
    @inlinable
    package func point(u: Double, v: Double, s: Double = 0) -> SIMD3<Double> {
        origin + along * u + up * v + inward * s
    }
}
