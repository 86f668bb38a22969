import Testing
@testable import PlumbKernel
@testable import Plumbline

@Suite("Distance to a room outline")
struct OutlineDistanceTests {
    /// A 4 x 3 m room whose east side is a shallow arc (a circle through its two corners, centred far west).
    func room() -> RoomOutline {
        let corners: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 3], [0, 3]]
        let centre = SIMD2<Double>(-6, 1.5), radius = planLength(SIMD2<Double>(4, 0) - centre)
        let sides: [PlanWall] = [
            .line(point: [0, 0], direction: [1, 0]), .arc(center: centre, radius: radius),
            .line(point: [4, 3], direction: [-1, 0]), .line(point: [0, 3], direction: [0, -1]),
        ]
        return RoomOutline(corners: corners, edges: sides.map { RoomOutline.Edge(wall: $0, wallIndex: nil) })
    }

    @Test("nearest side: straight sides as segments (ends included), the curved one as its circle")
    func matchesGeometry() {
        let d = OutlineDistance(room())
        let radius = planLength(SIMD2<Double>(10, -1.5))
        #expect(abs(d.distance(to: [2, 0.5]) - 0.5) < 1e-12)  // south side
        #expect(abs(d.distance(to: [0.25, 1.5]) - 0.25) < 1e-12)  // west side
        #expect(abs(d.distance(to: [-1, -1]) - 2.0.squareRoot()) < 1e-12)  // beyond the corner: the end point
        #expect(abs(d.distance(to: [3.5, 1.5]) - abs(9.5 - radius)) < 1e-12)  // the arc, radially
        #expect(OutlineDistance(RoomOutline(corners: [], edges: [])).distance(to: [0, 0]) == .infinity)
    }
}
