import Testing
import PlumbKernel
@testable import Plumbline

/// Two pieces of one wall line with a gap between them (the jambs of a full-height passage): the gap is an
/// opening in the wall, and the room stops there, when the scanner saw through it and did not walk through
/// it (``WallCandidates/closeRanges(_:stations:cloud:reach:wallEnds:)``). A gap never seen through is left open.
@Suite("Gaps between pieces of one wall line")
struct CollinearGapTests {
    /// A 4 x 3 room (x 0...4, z 0...3) whose west wall (x = 0) is seen as two pieces, z 0...0.8 and
    /// 2.4...3, around a 1.6 m passage. The pieces' points (40 per 10 cm of wall) and, when `seenThrough`,
    /// the far wall of the space beyond the passage (x = -2, z 0.4...2.8) are seen from the sensor at
    /// (2, 1.4, 1.6); the cloud is y-up.
    static func scene(seenThrough: Bool) throws -> (barriers: [BarrierFill.Barrier], cloud: PointCloud) {
        var columns = stride(from: Float(0.05), to: 0.8, by: 0.1).map { SIMD2<Float>(0, $0) }
        columns += stride(from: Float(2.45), to: 3, by: 0.1).map { SIMD2<Float>(0, $0) }
        if seenThrough { columns += stride(from: Float(0.45), to: 2.8, by: 0.1).map { SIMD2<Float>(-2, $0) } }
        let cloud = try Self.columns(columns, seenFrom: [2, 1.4, 1.6])
        let barriers: [BarrierFill.Barrier] = [
            .init(wall: .line(point: [0, 0], direction: [0, 1]), range: 0...0.8),
            .init(wall: .line(point: [0, 3], direction: [0, -1]), range: 0...0.6),
            .init(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...4),
            .init(wall: .line(point: [4, 0], direction: [0, 1]), range: 0...3),
            .init(wall: .line(point: [4, 3], direction: [-1, 0]), range: 0...4),
        ]
        return (barriers, cloud)
    }

    static let inside: [SIMD2<Double>] = [[2, 1.6], [1, 1], [3, 2], [1.2, 2.2], [3, 0.8]]

    /// A y-up cloud of vertical columns of points (40 each, 0 to 2.34 m high) standing at the plan positions
    /// `columns` (x, z), all seen from one sensor at `sensor`.
    static func columns(_ columns: [SIMD2<Float>], seenFrom sensor: SIMD3<Double>) throws -> PointCloud {
        var xs: [Float] = [], ys: [Float] = [], zs: [Float] = []
        for c in columns {
            for k in 0..<40 { xs.append(c.x); ys.append(Float(k) * 0.06); zs.append(c.y) }
        }
        var cloud = try PointCloud(x: xs, y: ys, z: zs)
        cloud.sensorOrigins = [sensor]
        cloud.frameIndex = [UInt32](repeating: 0, count: cloud.count)
        return cloud
    }

    /// The passage was seen through from inside the room: both jambs are lengthened across it, and the
    /// room floods only its own 12 m².
    @Test func aPassageSeenThroughClosesTheRoom() throws {
        let (barriers, cloud) = try Self.scene(seenThrough: true)
        #expect(WallCandidates.seenThrough(from: [0, 0.8], to: [0, 2.4], cloud: cloud))
        let closed = WallCandidates.closeRanges(barriers, stations: Self.inside, cloud: cloud)
        #expect(abs(closed[0].range.upperBound - 2.4) < 1e-9, "\(closed[0].range)")
        #expect(abs(closed[1].range.upperBound - 2.2) < 1e-9, "\(closed[1].range)")
        let grid = try BarrierFill.fill(seeds: Self.inside, barriers: closed, bounds: ([-3, -1], [5, 4]))
        #expect(!grid.touchesBorder)
        #expect(grid.occupiedArea > 11 && grid.occupiedArea < 12.5, "\(grid.occupiedArea) m²")
        // Without the cloud (no sight lines) the gap stays open.
        let open = WallCandidates.closeRanges(barriers, stations: Self.inside)
        #expect(open[0].range.upperBound < 0.8 + 1e-9)
    }

    /// The same gap never seen through (nothing beyond it: the mouth of a notch whose back wall hides it):
    /// not an opening the scanner saw, so it is not closed.
    @Test func aGapNeverSeenThroughStaysOpen() throws {
        let (barriers, cloud) = try Self.scene(seenThrough: false)
        #expect(!WallCandidates.seenThrough(from: [0, 0.8], to: [0, 2.4], cloud: cloud))
        let closed = WallCandidates.closeRanges(barriers, stations: Self.inside, cloud: cloud)
        #expect(closed[0].range.upperBound < 0.8 + 1e-9 && closed[1].range.upperBound < 0.6 + 1e-9)
    }

    /// The scanner walked through the passage (stations on both sides of it): the space beyond is part of
    /// the room, and the gap is not closed.
    @Test func aGapTheScannerWalkedThroughStaysOpen() throws {
        let (barriers, cloud) = try Self.scene(seenThrough: true)
        let closed = WallCandidates.closeRanges(barriers, stations: Self.inside + [[-1, 1.6]], cloud: cloud)
        #expect(closed[0].range.upperBound < 0.8 + 1e-9 && closed[1].range.upperBound < 0.6 + 1e-9)
    }

    /// Pieces are of one line only when parallel and within 5 cm of each other's line, and beside each
    /// other rather than overlapping.
    @Test func onlyPiecesOfOneLineCount() {
        let c = BarrierFill.Barrier(wall: .line(point: [0, 0], direction: [0, 1]), range: 0...0.8)
        let beyond = BarrierFill.Barrier(wall: .line(point: [0.03, 3], direction: [0, -1]), range: 0...0.6)
        #expect(WallCandidates.collinearPiece(beyond, of: c).map { abs($0 - 2.4) < 1e-9 } == true)
        let offset = BarrierFill.Barrier(wall: .line(point: [0.08, 3], direction: [0, -1]), range: 0...0.6)
        #expect(WallCandidates.collinearPiece(offset, of: c) == nil)
        let turned = BarrierFill.Barrier(wall: .line(point: [0, 2.4], direction: [0.2, 0.98]), range: 0...0.6)
        #expect(WallCandidates.collinearPiece(turned, of: c) == nil)
        let overlapping = BarrierFill.Barrier(wall: .line(point: [0, 0.5], direction: [0, 1]), range: 0...1)
        #expect(WallCandidates.collinearPiece(overlapping, of: c) == nil)
    }

    /// The sight lines through the passage cross it at 0-2.4 m (the sensor at 1.4 m, the far wall's points
    /// from the floor up) and hit 2 m beyond: seen through below 1.8 m and past 1 m too; not past 3 m, and
    /// not below 0 m. A sensor standing on the line (within 30 cm) sees along it, not through it.
    @Test func heightAndDepthOfWhatWasSeenThrough() throws {
        var (_, cloud) = try Self.scene(seenThrough: true)
        #expect(WallCandidates.seenThrough(from: [0, 0.8], to: [0, 2.4], cloud: cloud, beyond: 1.0, below: 1.8))
        #expect(!WallCandidates.seenThrough(from: [0, 0.8], to: [0, 2.4], cloud: cloud, beyond: 3.0))
        #expect(!WallCandidates.seenThrough(from: [0, 0.8], to: [0, 2.4], cloud: cloud, below: 0))
        cloud.sensorOrigins = [SIMD3(0.2, 1.4, 1.6)]
        #expect(!WallCandidates.seenThrough(from: [0, 0.8], to: [0, 2.4], cloud: cloud))
    }
}
