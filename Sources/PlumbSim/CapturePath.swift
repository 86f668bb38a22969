import PlumbKernel

/// Device poses for walking around one room, like a person scanning with a phone.
///
/// Stations are spaced along the room's boundary and moved inwards by the wall clearance (less in small
/// rooms, skipped where they would fall outside the room, near a wall or inside tall furniture). At every
/// station the device takes two frames: one looking at the nearby wall (turned ±35°) and one looking
/// across the room (turned ±30°), with a cycle of up/down tilts so floor and ceiling are seen.
public enum CapturePath {
    /// Camera-to-world poses (ARKit camera axes: x right, y up, looking along -z) for `room`.
    /// - Complexity: O(stations × (vertices + furniture)).
    public static func poses(for room: Room, in plan: FloorPlan, options: ScanOptions) -> [RigidTransform] {
        let poly = room.polygon
        guard poly.count >= 3 else { return [] }
        let ccw = Plan2D.signedArea(poly) > 0
        let y = plan.floorElevation(of: room) + options.deviceHeight
        let clearance = min(options.wallClearance, 0.3 * room.area.squareRoot())
        let tall = plan.furniture.filter { $0.roomID == room.id && $0.verticalRange.upperBound > y - 0.3 }
        let perimeter = poly.indices.reduce(0.0) { acc, i in
            let d = poly[(i + 1) % poly.count] - poly[i]
            return acc + (d * d).sum().squareRoot()
        }
        let count = max(4, Int((perimeter / options.stationSpacing).rounded()))
        let tilts: [Double] = [-25, 5, 30, -45, 12, 45, -10, -35].map { $0 * .pi / 180 }
        var out: [RigidTransform] = []
        var k = 0
        for s in 0..<count {
            // Point at arc length along the boundary, with the edge's inward normal.
            var dist = perimeter * (Double(s) + 0.5) / Double(count)
            var p = poly[0], inward = SIMD2<Double>(0, 1)
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let d = b - a
                let l = (d * d).sum().squareRoot()
                if dist <= l || i == poly.count - 1 {
                    p = a + d * (min(dist, l) / max(l, 1e-12))
                    let t = d / max(l, 1e-12)
                    inward = ccw ? SIMD2(-t.y, t.x) : SIMD2(t.y, -t.x)
                    break
                }
                dist -= l
            }
            var station: SIMD2<Double>?
            var c = clearance
            for _ in 0..<4 {
                let q = p + inward * c
                if room.contains(q) && Plan2D.boundaryDistance(poly, q) >= 0.5 * c
                    && !tall.contains(where: { Plan2D.contains($0.footprint, q) }) {
                    station = q
                    break
                }
                c *= 0.6
            }
            guard let st = station else { continue }
            let outward = -inward
            let side: Double = s % 2 == 0 ? 1 : -1
            for (look, turn) in [(outward, 35.0 * side), (inward, -30.0 * side)] {
                let yaw = turn * .pi / 180
                let dir = SIMD2(look.x * _cos(yaw) - look.y * _sin(yaw), look.x * _sin(yaw) + look.y * _cos(yaw))
                let pitch = tilts[k % tilts.count]
                k += 1
                out.append(lookPose(position: SIMD3(st.x, y, st.y), horizontal: dir, pitch: pitch))
            }
        }
        return out
    }

    /// The camera pose at `position` looking along the plan direction `horizontal` tilted up by `pitch` radians.
    public static func lookPose(position: SIMD3<Double>, horizontal h: SIMD2<Double>, pitch: Double) -> RigidTransform {
        let l = (h * h).sum().squareRoot()
        let hd = l > 0 ? h / l : SIMD2(0, -1)
        let f = SIMD3(hd.x * _cos(pitch), _sin(pitch), hd.y * _cos(pitch))
        let right = normalize(SIMD3(-f.z, 0, f.x))
        let back = -f
        return RigidTransform(column0: right, column1: cross(back, right), column2: back, translation: position)
    }
}
