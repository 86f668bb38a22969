/// A rectangular, vertical piece of wall surface with its own 2D coordinates, used to look for holes,
/// recesses and door leaves in the points around it.
///
/// Wall coordinates of a point `p` (same local frame as the cloud, metres):
/// `u = (p - origin) · along` runs along the wall from 0 to ``length``, `v = (p - origin) · up` runs up from the
/// floor (0) to ``height``, and `s = (p - origin) · inward` is the signed distance from the surface, positive
/// into the room (in front of the wall as the scanner saw it), negative behind it.
public struct WallPatch: Sendable, Hashable, Codable {
    /// Bottom end of the wall at its start, in cloud-local coordinates, metres.
    public var origin: SIMD3<Double>
    /// Unit vector along the wall (horizontal).
    public var along: SIMD3<Double>
    /// Unit up vector.
    public var up: SIMD3<Double>
    /// Unit normal pointing into the room.
    public var inward: SIMD3<Double>
    /// Length along `along`, metres.
    public var length: Double
    /// Height along `up`, metres.
    public var height: Double

    /// A patch from its bottom edge (start and end, cloud-local metres), the up vector, the height and the
    /// side the room is on (`roomSide`: any point inside the room, used to orient the normal).
    public init(start: SIMD3<Double>, end: SIMD3<Double>, up: SIMD3<Double>, height: Double, roomSide: SIMD3<Double>) {
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
    public func coordinates(of p: SIMD3<Double>) -> SIMD3<Double> {
        let r = p - origin
        return SIMD3(dot(r, along), dot(r, up), dot(r, inward))
    }

    /// Calls `body(u, v, s)` with the wall coordinates (`Float`, metres) of every point of `cloud` (points in
    /// the cloud's local frame), in index order. The projection behind every wall detector's pass over a room.
    /// - Complexity: O(n), no allocation.
    @inlinable
    public func forEachWallCoordinate(of cloud: PointCloud, _ body: (_ u: Float, _ v: Float, _ s: Float) -> Void) {
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

    /// The cloud-local point at wall coordinates (u, v, s).
    @inlinable
    public func point(u: Double, v: Double, s: Double = 0) -> SIMD3<Double> {
        origin + along * u + up * v + inward * s
    }
}
