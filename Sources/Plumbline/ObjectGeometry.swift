import PlumbKernel

extension CapturedRoom.Object {
    /// World position of the box centre (the transform's translation), metres.
    public var center: SIMD3<Float> { transform.translation }

    /// Box volume, cubic metres.
    public var volume: Float { dimensions.x * dimensions.y * dimensions.z }

    /// The 8 box corners in world coordinates. Corner `i` is the local point
    /// `(±w/2, ±h/2, ±d/2)` with the + sign on x when bit 0 of `i` is set, on y for bit 1, on z for bit 2
    /// (so corners 0…3 are the bottom face, 4…7 the top).
    public var worldCorners: [SIMD3<Float>] {
        let h = dimensions / 2
        return (0..<8).map { i in
            let s = SIMD3<Float>(i & 1 != 0 ? 1 : -1, i & 2 != 0 ? 1 : -1, i & 4 != 0 ? 1 : -1)
            return transform.apply(toPoint: s * h)
        }
    }

    /// The bottom face's 4 corners projected to plan (x, z), counter-clockwise seen from above: the
    /// object's footprint on the floor (for an upright box).
    public var footprint: PlanPolygon {
        let h = dimensions / 2
        let local: [SIMD3<Float>] = [
            SIMD3(-h.x, -h.y, -h.z), SIMD3(-h.x, -h.y, h.z), SIMD3(h.x, -h.y, h.z), SIMD3(h.x, -h.y, -h.z),
        ]
        let poly = PlanPolygon(local.map { let p = transform.apply(toPoint: $0); return SIMD2(p.x, p.z) })
        return poly.signedArea > 0 ? poly.reversed : poly
    }

    /// World axis-aligned bounds of the 8 corners, metres.
    public var worldBounds: (min: SIMD3<Float>, max: SIMD3<Float>) {
        let c = worldCorners
        var lo = c[0], hi = c[0]
        for p in c.dropFirst() {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return (lo, hi)
    }

    /// Lowest world y of the box, metres (the floor it stands on, for floor-standing objects).
    public var bottomElevation: Float { worldBounds.min.y }
    /// Highest world y of the box, metres.
    public var topElevation: Float { worldBounds.max.y }

    /// Whether a world point lies inside the box (inclusive, with `tolerance` metres of slack).
    public func contains(_ p: SIMD3<Float>, tolerance: Float = 0) -> Bool {
        let l = transform.rigidInverse.apply(toPoint: p)
        let h = dimensions / 2 + tolerance
        return abs(l.x) <= h.x && abs(l.y) <= h.y && abs(l.z) <= h.z
    }
}
