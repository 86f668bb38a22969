import Foundation
import Plumbline

/// Hand-made rooms for the StructureBuilder tests: axis-aligned rectangles in plan with walls whose local
/// z faces into the room (as RoomBuilder and RoomPlan write them), a floor with its outline, and
/// deterministic identifiers.
enum StructureFixtures {
    /// A deterministic identifier for element `element` of room `room`.
    static func id(_ room: Int, _ element: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8%03X-%012X", room, element))!
    }

    /// A wall from plan point `a` to `b` (x, z) standing on `floorY`, `height` tall; local z is the
    /// left-hand normal `(-d.z, d.x)` of the direction a → b.
    static func wall(_ a: SIMD2<Float>, _ b: SIMD2<Float>, floorY: Float, height: Float, id: UUID) -> CapturedRoom.Surface {
        let d = b - a
        let l = (d * d).sum().squareRoot()
        let x = SIMD3<Float>(d.x / l, 0, d.y / l), z = SIMD3<Float>(-d.y / l, 0, d.x / l)
        let m = (a + b) / 2
        return CapturedRoom.Surface(
            category: .wall, dimensions: SIMD3(l, height, 0),
            transform: Transform4x4(xAxis: x, yAxis: SIMD3(0, 1, 0), zAxis: z, translation: SIMD3(m.x, floorY + height / 2, m.y)),
            identifier: id)
    }

    /// The rectangle `lo…hi` (plan x, z) as a room: walls south, east, north, west (each facing in),
    /// a floor at `floorY`.
    static func room(_ index: Int, lo: SIMD2<Float>, hi: SIMD2<Float>, floorY: Float = 0, height: Float = 2.5) -> CapturedRoom {
        let c = [lo, SIMD2(hi.x, lo.y), hi, SIMD2(lo.x, hi.y)]
        let walls = (0..<4).map { k in wall(c[k], c[(k + 1) % 4], floorY: floorY, height: height, id: id(index, k)) }
        let centre = (lo + hi) / 2
        let floor = CapturedRoom.Surface(
            category: .floor, dimensions: SIMD3(hi.x - lo.x, hi.y - lo.y, 0),
            transform: Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0),
                                    translation: SIMD3(centre.x, floorY, centre.y)),
            identifier: id(index, 100),
            polygonCorners: c.map { SIMD3($0.x - centre.x, -($0.y - centre.y), 0) })
        return CapturedRoom(identifier: id(index, 999), walls: walls, floors: [floor])
    }

    /// A door, window or opening in `host` centred `along` metres from the host's centre (local x),
    /// `bottom` metres above the host's bottom, `inset` metres off the host's plane along its local z.
    static func embedded(_ category: CapturedRoom.Surface.Category, in host: CapturedRoom.Surface, along: Float, bottom: Float,
                         width: Float, height: Float, id: UUID) -> CapturedRoom.Surface {
        var t = host.transform
        let base = host.transform.translation.y - host.dimensions.y / 2
        t.translation = host.transform.apply(toPoint: SIMD3(along, 0, 0))
        t.translation.y = base + bottom + height / 2
        return CapturedRoom.Surface(category: category, dimensions: SIMD3(width, height, 0), transform: t, identifier: id,
                                    parentIdentifier: host.identifier)
    }
}
