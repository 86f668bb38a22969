import PlumbKernel

extension CapturedRoom.Surface {
    /// World position of the rectangle's centre (the transform's translation), metres.
    public var center: SIMD3<Float> { transform.translation }

    /// Width along local x, metres (`dimensions.x`).
    public var width: Float { dimensions.x }
    /// Height along local y, metres (`dimensions.y`; for floors the local-y extent).
    public var height: Float { dimensions.y }
    /// Thickness along the normal, metres (`dimensions.z`): 0 in RoomPlan exports, the measured wall
    /// thickness in Plumbline's.
    public var thickness: Float { dimensions.z }

    /// Unit surface normal in world coordinates (local +z).
    public var normal: SIMD3<Float> { normalize(transform.zAxis) }
    /// Unit width direction in world coordinates (local +x).
    public var widthDirection: SIMD3<Float> { normalize(transform.xAxis) }

    /// The `dimensions` rectangle in the local frame, counter-clockwise seen from local +z: bottom-left,
    /// bottom-right, top-right, top-left (`(∓w/2, ∓h/2, 0)`).
    public var localRectangle: [SIMD3<Float>] {
        let w = dimensions.x / 2, h = dimensions.y / 2
        return [SIMD3(-w, -h, 0), SIMD3(w, -h, 0), SIMD3(w, h, 0), SIMD3(-w, h, 0)]
    }

    /// The exact outline in the local frame: `polygonCorners` when present, else ``localRectangle``.
    public var localOutline: [SIMD3<Float>] { polygonCorners.isEmpty ? localRectangle : polygonCorners }

    /// The 4 corners of the `dimensions` rectangle in world coordinates, in ``localRectangle`` order
    /// (for an upright surface: bottom-left, bottom-right, top-right, top-left seen from the front).
    public var worldCorners: [SIMD3<Float>] { localRectangle.map { transform.apply(toPoint: $0) } }

    /// ``localOutline`` in world coordinates (for floors: the floor polygon at floor height).
    public var worldOutline: [SIMD3<Float>] { localOutline.map { transform.apply(toPoint: $0) } }

    /// The outline's area in square metres: the shoelace area of ``localOutline`` in local x-y
    /// (equal to width × height for rectangles), computed in `Double`.
    public var area: Double {
        var s = 0.0
        let pts = localOutline
        guard pts.count >= 3 else { return 0 }
        for i in 0..<pts.count {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            s += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
        }
        return abs(s) / 2
    }

    /// The world outline projected to plan (x, z): for a floor, its footprint polygon.
    public var planOutline: PlanPolygon { PlanPolygon(worldOutline.map { SIMD2($0.x, $0.z) }) }

    /// For an upright surface (wall, door, window, opening): the segment between the world (x, z) of the
    /// local points `(-w/2, 0, 0)` and `(+w/2, 0, 0)`, i.e. the surface's end points in plan. With a
    /// thickness, this is the wall's centre line (the transform sits mid-thickness).
    public var planCenterLine: PlanSegment {
        let w = dimensions.x / 2
        let a = transform.apply(toPoint: SIMD3(-w, 0, 0)), b = transform.apply(toPoint: SIMD3(w, 0, 0))
        return PlanSegment(start: SIMD2(a.x, a.z), end: SIMD2(b.x, b.z))
    }

    /// For an upright surface: the plan rectangle width × thickness around ``planCenterLine``
    /// (degenerate, zero area, when the thickness is 0), counter-clockwise seen from above.
    public var planFootprint: PlanPolygon {
        let w = dimensions.x / 2, t = dimensions.z / 2
        let local: [SIMD3<Float>] = [SIMD3(-w, 0, -t), SIMD3(-w, 0, t), SIMD3(w, 0, t), SIMD3(w, 0, -t)]
        let poly = PlanPolygon(local.map { let p = transform.apply(toPoint: $0); return SIMD2(p.x, p.z) })
        return poly.signedArea > 0 ? poly.reversed : poly
    }

    /// Lowest world y of the outline, metres (for walls and doors: the floor they stand on).
    public var bottomElevation: Float { worldOutline.map(\.y).min() ?? center.y }
    /// Highest world y of the outline, metres.
    public var topElevation: Float { worldOutline.map(\.y).max() ?? center.y }

    /// Whether local y is world up within `tolerance` (cosine distance): walls, doors, windows, openings.
    public func isUpright(tolerance: Float = 1e-3) -> Bool {
        normalize(transform.yAxis).y >= 1 - tolerance
    }

    /// Whether local z is world up within `tolerance` (cosine distance): floors.
    public func isHorizontal(tolerance: Float = 1e-3) -> Bool {
        normalize(transform.zAxis).y >= 1 - tolerance
    }

    /// Signed distance of a world point from the surface's plane along ``normal``, metres.
    public func signedDistance(to p: SIMD3<Float>) -> Float { dot(p - center, normal) }

    /// A world point expressed in the surface's local frame (rigid transforms), metres.
    public func localPoint(_ p: SIMD3<Float>) -> SIMD3<Float> { transform.rigidInverse.apply(toPoint: p) }
}
