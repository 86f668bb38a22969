/// A rectangular box with arbitrary orientation, in double precision.
///
/// The axes form a right-handed orthonormal frame (`axis2 == cross(axis0, axis1)`); the box spans
/// `centre ± halfExtents[k] * axisk`. Boxes computed from a ``PointCloud`` are in the cloud's **local**
/// frame; ``translated(by:)`` with `cloud.origin` moves them to world coordinates.
public struct OrientedBox: Sendable, Equatable, Hashable, Codable {
    /// Centre, metres.
    public var centre: SIMD3<Double>
    /// First unit axis.
    public var axis0: SIMD3<Double>
    /// Second unit axis.
    public var axis1: SIMD3<Double>
    /// Third unit axis, `cross(axis0, axis1)`.
    public var axis2: SIMD3<Double>
    /// Half side lengths along `axis0`, `axis1`, `axis2`, metres (non-negative).
    public var halfExtents: SIMD3<Double>

    /// A box from its parts. `axis2` is recomputed as `cross(axis0, axis1)`.
    public init(centre: SIMD3<Double>, axis0: SIMD3<Double>, axis1: SIMD3<Double>, halfExtents: SIMD3<Double>) {
        self.centre = centre
        self.axis0 = axis0
        self.axis1 = axis1
        self.axis2 = cross(axis0, axis1)
        self.halfExtents = halfExtents
    }

    /// The axes as an array `[axis0, axis1, axis2]`.
    public var axes: [SIMD3<Double>] { [axis0, axis1, axis2] }

    /// Full side lengths, metres.
    public var size: SIMD3<Double> { 2 * halfExtents }

    /// Volume, m³.
    public var volume: Double { 8 * halfExtents.x * halfExtents.y * halfExtents.z }

    /// Surface area, m².
    public var surfaceArea: Double {
        let s = size
        return 2 * (s.x * s.y + s.y * s.z + s.x * s.z)
    }

    /// The eight corners; corner `k` takes `+halfExtents[j]` along axis j when bit j of k is set, else `−`.
    public var corners: [SIMD3<Double>] {
        (0..<8).map { (k: Int) -> SIMD3<Double> in
            let sx: Double = k & 1 != 0 ? halfExtents.x : -halfExtents.x
            let sy: Double = k & 2 != 0 ? halfExtents.y : -halfExtents.y
            let sz: Double = k & 4 != 0 ? halfExtents.z : -halfExtents.z
            return centre + sx * axis0 + sy * axis1 + sz * axis2
        }
    }

    /// Coordinates of `p` in the box frame (components along the axes, relative to the centre), metres.
    @inlinable
    public func boxCoordinates(of p: SIMD3<Double>) -> SIMD3<Double> {
        let d = p - centre
        return SIMD3(dot(d, axis0), dot(d, axis1), dot(d, axis2))
    }

    /// True when `p` is inside the box or within `tolerance` metres of it (per axis).
    @inlinable
    public func contains(_ p: SIMD3<Double>, tolerance: Double = 0) -> Bool {
        let q = boxCoordinates(of: p)
        let h = halfExtents + tolerance
        return abs(q.x) <= h.x && abs(q.y) <= h.y && abs(q.z) <= h.z
    }

    /// The same box moved by `shift` (e.g. the cloud origin, to go from local to world coordinates).
    public func translated(by shift: SIMD3<Double>) -> OrientedBox {
        var out = self
        out.centre += shift
        return out
    }
}
