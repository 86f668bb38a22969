import Foundation
import Testing
import PlumbKernel
@testable import Plumbline

/// The end of a wall beside a full-height passage: a plane 10-30 cm long from the floor to the ceiling, too
/// small to be a wall by its size, is one where it meets a wall square (``WallCandidates/adjoinWallEnds(_:centre:)``),
/// and the room stops across the passage beside it when the scanner saw through the passage from one side
/// (``WallCandidates/closeRanges(_:stations:cloud:reach:wallEnds:)``).
@Suite("Wall ends beside full-height passages")
struct WallEndTests {
    /// Heights (y) every `step` metres from `from` to `to`, each `repeats` times.
    static func heights(from: Float, to: Float, step: Float = 0.05, repeats: Int = 3) -> [Float] {
        stride(from: from, through: to, by: step).flatMap { [Float](repeating: $0, count: repeats) }
    }

    /// A wall end covers the room's height; furniture (floor to 2 m), a stack with a 60 cm gap, and a
    /// plane longer than ``WallCandidates/longestWallEnd`` do not have its profile.
    @Test func aWallEndRunsFromTheFloorToTheCeiling() {
        let hull = -0.1...0.1
        #expect(WallCandidates.isWallEnd(ys: Self.heights(from: 0.02, to: 2.55), hull: hull, floor: 0, ceiling: 2.6))
        #expect(!WallCandidates.isWallEnd(ys: Self.heights(from: 0.02, to: 2.0), hull: hull, floor: 0, ceiling: 2.6))
        let stack = Self.heights(from: 0.02, to: 0.9) + Self.heights(from: 1.5, to: 2.55)
        #expect(!WallCandidates.isWallEnd(ys: stack, hull: hull, floor: 0, ceiling: 2.6))
        #expect(!WallCandidates.isWallEnd(ys: Self.heights(from: 0.02, to: 2.55), hull: 0...0.8, floor: 0, ceiling: 2.6))
        // An absurd ceiling (a fitted plane extrapolated far away, or 1e19) is no room: false, no trap.
        #expect(!WallCandidates.isWallEnd(ys: Self.heights(from: 0.02, to: 2.55), hull: hull, floor: 0, ceiling: 1e19))
        #expect(!WallCandidates.isWallEnd(ys: Self.heights(from: 0.02, to: 2.55), hull: hull, floor: 0, ceiling: .nan))
        // The floor at y = 100 (a frame far from the origin): the same profile.
        #expect(WallCandidates.isWallEnd(ys: Self.heights(from: 100.02, to: 102.55), hull: hull, floor: 100, ceiling: 102.6))
    }

    static func measured(plane: Int, point: SIMD2<Double>, direction: SIMD2<Double>, range: ClosedRange<Double>,
                         isWall: Bool, isWallEnd: Bool = false) -> WallCandidates.Measured {
        let l = planLength(direction)
        return .init(plane: plane, point: point, direction: direction / l, range: range, count: isWall ? 50_000 : 2_000,
                     isWall: isWall, topCoverage: 1, density: 10_000, isTall: isWall, isWallEnd: isWallEnd)
    }

    /// A 20 cm piece fitted 10 degrees off square, one end on the north wall (z = 3), becomes a wall turned
    /// square to it about its centre; a piece standing free 1 m from every wall, and one behind the wall (the
    /// room's centre at (2, 1.5)), stay out.
    @Test func aWallEndMeetingAWallIsTurnedSquareToIt() {
        let off = 10 * Double.pi / 180
        var all = [
            Self.measured(plane: 0, point: [2, 3], direction: [1, 0], range: -2...2, isWall: true),
            Self.measured(plane: 1, point: [1, 2.9], direction: [sin(off), -cos(off)], range: -0.1...0.1, isWall: false, isWallEnd: true),
            Self.measured(plane: 2, point: [2, 1.5], direction: [0, 1], range: -0.1...0.1, isWall: false, isWallEnd: true),
            Self.measured(plane: 3, point: [3, 3.1], direction: [0, 1], range: -0.1...0.1, isWall: false, isWallEnd: true),
        ]
        WallCandidates.adjoinWallEnds(&all, centre: [2, 1.5])
        #expect(all[1].isWall)
        #expect(abs(all[1].direction.x) < 1e-12 && abs(all[1].direction.y + 1) < 1e-12, "\(all[1].direction)")
        #expect(abs(all[1].range.upperBound - 0.1 * cos(off)) < 1e-12, "\(all[1].range)")
        #expect(!all[2].isWall, "a free-standing piece is no wall end")
        #expect(!all[3].isWall, "a piece behind the wall (a window's reveal) is no wall end")
    }

    /// A 4 x 3 room (x 0...4, z 0...3) whose west side is a 2.8 m full-height passage beside a 20 cm wall
    /// end (x = 0, z 2.8...3) hanging from the north wall; the south wall runs on into the neighbour (x -3...0).
    /// The neighbour's far wall (x = -2, z 0.1...2.7) is seen through the passage from the sensor at
    /// (2, 1.4, 1.6) when `seenThrough`; the cloud is y-up.
    static func scene(seenThrough: Bool) throws -> (barriers: [BarrierFill.Barrier], cloud: PointCloud) {
        var columns = stride(from: Float(2.85), to: 3, by: 0.1).map { SIMD2<Float>(0, $0) }
        if seenThrough { columns += stride(from: Float(0.15), to: 2.7, by: 0.1).map { SIMD2<Float>(-2, $0) } }
        let cloud = try CollinearGapTests.columns(columns, seenFrom: [2, 1.4, 1.6])
        let barriers: [BarrierFill.Barrier] = [
            .init(wall: .line(point: [0, 3], direction: [0, -1]), range: 0...0.2),
            .init(wall: .line(point: [0, 3], direction: [1, 0]), range: 0...4),
            .init(wall: .line(point: [4, 0], direction: [0, 1]), range: 0...3),
            .init(wall: .line(point: [-3, 0], direction: [1, 0]), range: 0...7),
        ]
        return (barriers, cloud)
    }

    static let inside: [SIMD2<Double>] = [[2, 1.6], [1, 1], [3, 2], [1.2, 2.2], [3, 0.8]]

    /// Seen through from inside: the wall end reaches across the 2.8 m passage (beyond the 2 m a hidden
    /// wall end is lengthened) to the south wall, and the room floods only its own 12 m². As an ordinary
    /// wall it is not lengthened, and the room runs out into the neighbour.
    @Test func theRoomStopsAcrossAPassageBesideAWallEnd() throws {
        let (barriers, cloud) = try Self.scene(seenThrough: true)
        let closed = WallCandidates.closeRanges(barriers, stations: Self.inside, cloud: cloud, wallEnds: [0])
        #expect(abs(closed[0].range.upperBound - 3) < 1e-9, "\(closed[0].range)")
        let grid = try BarrierFill.fill(seeds: Self.inside, barriers: closed, bounds: ([-4, -1], [5, 4]))
        #expect(!grid.touchesBorder)
        #expect(grid.occupiedArea > 11 && grid.occupiedArea < 12.5, "\(grid.occupiedArea) m²")
        let plain = WallCandidates.closeRanges(barriers, stations: Self.inside, cloud: cloud)
        #expect(plain[0].range.upperBound < 0.2 + 1e-9, "\(plain[0].range)")
    }

    /// Not seen through (nothing beyond: unseen is not empty), or walked through (a station beyond it): the
    /// wall end stays as seen.
    @Test func aPassageNotSeenThroughOrWalkedThroughStaysOpen() throws {
        let (barriers, dark) = try Self.scene(seenThrough: false)
        let unseen = WallCandidates.closeRanges(barriers, stations: Self.inside, cloud: dark, wallEnds: [0])
        #expect(unseen[0].range.upperBound < 0.2 + 1e-9, "\(unseen[0].range)")
        let (_, cloud) = try Self.scene(seenThrough: true)
        let walked = WallCandidates.closeRanges(barriers, stations: Self.inside + [[-1, 1.5]], cloud: cloud, wallEnds: [0])
        #expect(walked[0].range.upperBound < 0.2 + 1e-9, "\(walked[0].range)")
    }

    /// A 60 cm wall (z = 0, x 0...0.6) whose corner with the west wall was fitted 15 cm inside its west end
    /// (x = 0.15), and a wall 90 cm beyond its east end (x = 1.5): the east end is lengthened to that wall.
    /// The corner counts at the wall's own end only (slack half its length); with the 50 cm slack of longer
    /// walls it was the nearest meeting point past `east - 0.5` and held the east end short.
    @Test func aShortWallsCornerHoldsOnlyItsOwnEnd() {
        let barriers: [BarrierFill.Barrier] = [
            .init(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...0.6),
            .init(wall: .line(point: [0.15, -2], direction: [0, 1]), range: 0...2),
            .init(wall: .line(point: [1.5, -2], direction: [0, 1]), range: 0...2),
        ]
        let closed = WallCandidates.closeRanges(barriers)
        #expect(abs(closed[0].range.upperBound - 1.5) < 1e-9, "\(closed[0].range)")
        #expect(closed[0].range.lowerBound == 0, "\(closed[0].range)")
    }
}
