import PlumbKernel

/// Plan geometry of one room's straight wall, in `Double`, with the normal turned to face into the room.
struct WallFace {
    /// Room index in the input list and wall index in that room's `walls`.
    var room: Int, wall: Int
    /// Plan end points (local x = ∓width/2), world (x, z) metres.
    var start: SIMD2<Double>, end: SIMD2<Double>
    /// Unit plan direction start → end.
    var direction: SIMD2<Double>
    /// Unit plan normal pointing into the room the wall bounds.
    var inward: SIMD2<Double>
    /// World y of the bottom and top, metres.
    var bottom: Double, top: Double

    var length: Double { planLength(end - start) }
    var midpoint: SIMD2<Double> { (start + end) / 2 }

    /// The face of `surface` (wall `wall` of room `room`), or `nil` for curved, non-upright or degenerate
    /// walls. The room side is the side of the surface's local z on which a point 15 cm off the wall's
    /// midpoint lies inside one of `floors`; when neither or both sides test inside, the side facing
    /// `roomCentre` (plan), and local z when there is no centre either.
    init?(_ surface: CapturedRoom.Surface, room: Int, wall: Int, floors: [PlanPolygon], roomCentre: SIMD2<Double>?) {
        guard surface.curve == nil, surface.isUpright(tolerance: 0.01), surface.dimensions.x > 0.01 else { return nil }
        let s = surface.planCenterLine
        start = SIMD2<Double>(s.start)
        end = SIMD2<Double>(s.end)
        let l = planLength(end - start)
        guard l > 0.01 else { return nil }
        direction = (end - start) / l
        let z = SIMD2<Double>(Double(surface.transform.zAxis.x), Double(surface.transform.zAxis.z))
        var n = SIMD2(-direction.y, direction.x)
        if (n * z).sum() < 0 { n = -n }
        let mid = (start + end) / 2
        let inFront = floors.contains { $0.contains(SIMD2<Float>(mid + n * 0.15)) }
        let behind = floors.contains { $0.contains(SIMD2<Float>(mid - n * 0.15)) }
        if behind && !inFront {
            n = -n
        } else if inFront == behind, let c = roomCentre, ((c - mid) * n).sum() < 0 {
            n = -n
        }
        inward = n
        self.room = room
        self.wall = wall
        bottom = Double(surface.bottomElevation)
        top = Double(surface.topElevation)
    }

    /// Signed distance of a plan point in front of the face (into the room), metres.
    func signedDistance(_ p: SIMD2<Double>) -> Double { ((p - start) * inward).sum() }

    /// Parameter (metres from `start` along `direction`) of a plan point's projection.
    func along(_ p: SIMD2<Double>) -> Double { ((p - start) * direction).sum() }
}
