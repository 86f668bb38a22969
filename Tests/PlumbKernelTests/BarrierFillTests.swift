import Testing
import PlumbKernel

/// Flooding a 4 m x 3 m room bounded by four wall lines.
@Suite("Barrier flood fill")
struct BarrierFillTests {
    static let walls: [BarrierFill.Barrier] = [
        .init(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...4),
        .init(wall: .line(point: [4, 0], direction: [0, 1]), range: 0...3),
        .init(wall: .line(point: [4, 3], direction: [-1, 0]), range: 0...4),
        .init(wall: .line(point: [0, 3], direction: [0, -1]), range: 0...3),
    ]
    static let bounds: (min: SIMD2<Double>, max: SIMD2<Double>) = ([-1, -1], [5, 4])

    @Test func floodStopsAtTheWalls() throws {
        let grid = try BarrierFill.fill(seed: [2, 1.5], barriers: Self.walls, bounds: Self.bounds)
        // Inside the barrier lines less their rasterised width (at most two 4 cm cells each side).
        #expect(grid.occupiedArea > (4 - 0.16) * (3 - 0.16) && grid.occupiedArea < 12)
    }

    @Test func aGapLetsTheFloodOut() throws {
        var open = Self.walls
        open[1].range = 0...1  // the east wall stops 2 m short of the corner (and 0.2 m extension)
        let grid = try BarrierFill.fill(seed: [2, 1.5], barriers: open, bounds: Self.bounds)
        #expect(grid.occupiedArea > 15)
    }

    @Test func aSeedOnAWallFallsBackToTheNextOne() throws {
        #expect(throws: PointCloudError.self) {
            try BarrierFill.fill(seed: [2, 0], barriers: Self.walls, bounds: Self.bounds)
        }
        let fromSecond = try BarrierFill.fill(seeds: [[2, 0], [9, 9], [2, 1.5]], barriers: Self.walls, bounds: Self.bounds)
        let direct = try BarrierFill.fill(seed: [2, 1.5], barriers: Self.walls, bounds: Self.bounds)
        #expect(fromSecond == direct)
        #expect(throws: PointCloudError.self) {
            try BarrierFill.fill(seeds: [[2, 0], [4, 1]], barriers: Self.walls, bounds: Self.bounds)
        }
    }

    /// Two pieces on a 4 x 1 m raster of 10 cm cells: x 0.2-1 and x 1.5-3.8, both z 0.2-0.8.
    static func twoPieces() throws -> FootprintGrid {
        var grid = try FootprintGrid(covering: [0, 0], [4, 1], cell: 0.1)
        for k in grid.cells.indices {
            let i = k % grid.width, j = k / grid.width
            let p = grid.vertex(i, j) + 0.05
            if p.y > 0.2 && p.y < 0.8 && ((p.x > 0.2 && p.x < 1) || (p.x > 1.5 && p.x < 3.8)) { grid.cells[k] = 1 }
        }
        return grid
    }

    /// Of two separate pieces, the one holding the first listed point that lies on a piece is kept.
    @Test func keepComponentKeepsTheSeedsPiece() throws {
        let grid = try Self.twoPieces()
        var small = grid
        let keptSmall = small.keepComponent(containingFirstOf: [[1.2, 0.5], [0.5, 0.5]])
        #expect(keptSmall)
        #expect(abs(small.occupiedArea - 0.8 * 0.6) < 1e-9)
        var large = grid
        large.keepLargestComponentFilled()
        #expect(abs(large.occupiedArea - 2.3 * 0.6) < 1e-9)
        var none = grid
        let keptNone = none.keepComponent(containingFirstOf: [[1.2, 0.5]])
        #expect(!keptNone)
        #expect(none.occupiedArea == 0)
    }

    /// A barrier across the room between the stations: flooding from every station fills both sides, and the
    /// pieces holding enough stations are kept (a piece with one station, someone looking through a door,
    /// is not).
    @Test func everyStationFloodsItsSideAndThinPiecesGo() throws {
        var cut = Self.walls
        cut.append(.init(wall: .line(point: [2, -1], direction: [0, 1]), range: 0...5))  // x = 2, through the room
        let first = try BarrierFill.fill(seeds: [[1, 1.5], [3, 1.5]], barriers: cut, bounds: Self.bounds)
        let every = try BarrierFill.fill(seeds: [[1, 1.5], [3, 1.5]], barriers: cut, bounds: Self.bounds, fromEvery: true)
        #expect(first.occupiedArea < 0.6 * every.occupiedArea)
        #expect(every.occupiedArea > 10.5 && every.occupiedArea < 12)

        let grid = try Self.twoPieces()
        var both = grid
        #expect(both.keepComponents(holdingAtLeast: 1, of: [[0.5, 0.5], [2, 0.5]]) == 2)
        #expect(both == grid)
        var one = grid
        #expect(one.keepComponents(holdingAtLeast: 2, of: [[0.5, 0.5], [2, 0.5], [3, 0.5]]) == 1)
        #expect(abs(one.occupiedArea - 2.3 * 0.6) < 1e-9)
        var unchanged = grid
        #expect(unchanged.keepComponents(holdingAtLeast: 3, of: [[0.5, 0.5]]) == 0)
        #expect(unchanged == grid)
    }
}
