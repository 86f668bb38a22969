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

    /// A 4 x 3 room whose south-east corner was not seen as walls (the south wall stops at x = 2, the east
    /// wall at z = 1.5): without sensor positions the free ends are joined by a diagonal. The scanner walked
    /// on both sides of that diagonal, so the diagonal is not drawn.
    @Test func noBridgeCutsThroughTheStations() {
        let walls: [BarrierFill.Barrier] = [
            .init(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...2),
            .init(wall: .line(point: [4, 3], direction: [0, -1]), range: 0...1.5),
            .init(wall: .line(point: [4, 3], direction: [-1, 0]), range: 0...4),
            .init(wall: .line(point: [0, 3], direction: [0, -1]), range: 0...3),
        ]
        #expect(OpenSideClosure.bridges(walls).count == 1, "the free ends (2, 0) and (4, 1.5) are joined")
        let stations: [SIMD2<Double>] = [[1, 1], [2, 2], [3, 2.4], [3.5, 0.5], [3.2, 0.3], [1, 2.4]]
        #expect(OpenSideClosure.separatesStations(from: [2, 0], to: [4, 1.5], stations, clearance: 0.3))
        #expect(OpenSideClosure.bridges(walls, stations: stations).isEmpty)
        // A station within the clearance of the line (someone standing in a doorway) does not count; one
        // beyond it does, unless two are asked for.
        #expect(!OpenSideClosure.separatesStations(from: [2, 0], to: [4, 1.5], [[2, 2], [3, 2.4], [3.1, 0.65]], clearance: 0.3))
        #expect(OpenSideClosure.separatesStations(from: [2, 0], to: [4, 1.5], [[2, 2], [3, 2.4], [3.2, 0.3]], clearance: 0.3))
        #expect(!OpenSideClosure.separatesStations(from: [2, 0], to: [4, 1.5], [[2, 2], [3, 2.4], [3.2, 0.3]], clearance: 0.3,
                                                   minimum: 2))
    }

    /// An L-shaped room whose inner walls stop short of their corner: they are lengthened to meet there, as
    /// without sensor positions, because the scanner stood on one side of those lines only; a wall is not
    /// lengthened across the stations.
    @Test func wallsAreLengthenedOnlyWhereTheScannerDidNotWalk() {
        // L: x 0...4, z 0...4 minus the square x 2...4, z 2...4; the inner walls stop 1 m short of (2, 2).
        let walls: [BarrierFill.Barrier] = [
            .init(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...4),
            .init(wall: .line(point: [4, 0], direction: [0, 1]), range: 0...2),
            .init(wall: .line(point: [4, 2], direction: [-1, 0]), range: 0...1),
            .init(wall: .line(point: [2, 4], direction: [0, -1]), range: 0...1),
            .init(wall: .line(point: [2, 4], direction: [-1, 0]), range: 0...2),
            .init(wall: .line(point: [0, 4], direction: [0, -1]), range: 0...4),
        ]
        let inside: [SIMD2<Double>] = [[1, 1], [3, 1], [1, 3], [1.6, 1.6], [3.5, 0.5], [1.5, 2.5], [1.8, 0.8]]
        for stations in [[], inside] {
            let closed = WallCandidates.closeRanges(walls, stations: stations)
            #expect(abs(closed[2].range.upperBound - 2) < 1e-9 && abs(closed[3].range.upperBound - 2) < 1e-9)
        }
        // A vertical plane through the room (x 0...1 at z = 1.5, a tall cabinet side say) would be lengthened
        // to the inner wall's line x = 2; the scanner stood on both sides of that stretch, so it is not.
        let shortSouth = [BarrierFill.Barrier(wall: .line(point: [0, 1.5], direction: [1, 0]), range: 0...1)] + walls.dropFirst()
        let across = WallCandidates.closeRanges(shortSouth, stations: inside)
        #expect(across[0].range.upperBound < 1.5, "a line through the room is not lengthened across the stations")
        #expect(WallCandidates.closeRanges(shortSouth)[0].range.upperBound > 1.9)
    }
}
