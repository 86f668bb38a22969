import Testing
import PlumbKernel
@testable import Plumbline

/// Rooms whose walls leave a side open are closed across the gap, where a person would draw the boundary.
@Suite("Open side closure")
struct OpenSideClosureTests {
    static let bounds: (min: SIMD2<Double>, max: SIMD2<Double>) = ([-1, -1], [6, 5])

    /// Three walls of a 4 x 3 room (the east side open, like a kitchen open to the living room).
    @Test func anOpenSideIsBridgedBetweenTheFreeEnds() throws {
        let walls: [BarrierFill.Barrier] = [
            .init(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...4),
            .init(wall: .line(point: [0, 3], direction: [0, -1]), range: 0...3),
            .init(wall: .line(point: [4, 3], direction: [-1, 0]), range: 0...4),
        ]
        let open = try BarrierFill.fill(seed: [2, 1.5], barriers: walls, bounds: Self.bounds)
        #expect(open.touchesBorder)
        let bridges = OpenSideClosure.bridges(walls)
        #expect(bridges.count == 1)
        guard let b = bridges.first else { return }
        let ends = [b.wall.point(at: b.range.lowerBound), b.wall.point(at: b.range.upperBound)]
        #expect(ends.contains { planLength($0 - SIMD2(4, 0)) < 1e-9 } && ends.contains { planLength($0 - SIMD2(4, 3)) < 1e-9 })
        let closed = try BarrierFill.fill(seed: [2, 1.5], barriers: walls + bridges, bounds: Self.bounds)
        #expect(!closed.touchesBorder)
        #expect(closed.occupiedArea > 11 && closed.occupiedArea < 12.5)
    }

    /// A closed room has no free ends, so nothing is added.
    @Test func aClosedRoomGetsNoBridge() {
        let walls: [BarrierFill.Barrier] = [
            .init(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...4),
            .init(wall: .line(point: [4, 0], direction: [0, 1]), range: 0...3),
            .init(wall: .line(point: [4, 3], direction: [-1, 0]), range: 0...4),
            .init(wall: .line(point: [0, 3], direction: [0, -1]), range: 0...3),
        ]
        #expect(OpenSideClosure.bridges(walls).isEmpty)
    }
}
