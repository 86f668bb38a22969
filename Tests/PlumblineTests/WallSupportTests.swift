import Testing
import PlumbKernel
@testable import Plumbline

/// The stretch of a plane's line its points back as a wall (``WallCandidates/supportedRanges(_:within:line:stations:)``).
@Suite("Wall support along the line")
struct WallSupportTests {
    /// Parameters of `perMetre` points per metre, evenly spread over each of `stretches`.
    static func points(_ stretches: [(ClosedRange<Double>, Int)]) -> [Double] {
        stretches.flatMap { r, perMetre in
            let n = Int((r.upperBound - r.lowerBound) * Double(perMetre))
            return (0..<n).map { r.lowerBound + (Double($0) + 0.5) / Double(perMetre) }
        }
    }

    /// A wall seen on 0-2 m and the phone's scattered noise along the same line through the room (2-4 m,
    /// a fiftieth of the density), where the scanner walked on both sides of it: the wall ends near 2 m.
    /// Without sensor positions nothing tells the noise from the wall.
    @Test func noiseAlongTheLineWhereTheScannerWalkedIsNotWall() {
        let ts = Self.points([(0...2, 2000), (2...4, 40)])
        let line = (point: SIMD2(0.0, 0.0), direction: SIMD2(1.0, 0.0))
        let walked: [SIMD2<Double>] = [[2.5, 1], [3, -1], [3.5, 1.2], [2.8, -0.9], [1, 1.5]]
        let r = WallCandidates.supportedRanges(ts, within: 0...4, line: line, stations: walked)
        #expect(r.count == 1)
        // A bin is judged by the stations within 0.5 m of it along the line, so the wall's end is found to
        // that resolution; the noise beyond is dropped.
        #expect(abs(r[0].range.lowerBound) < 0.11 && abs(r[0].range.upperBound - 2) < 0.55, "\(r)")
        let blind = WallCandidates.supportedRanges(ts, within: 0...4)
        #expect(blind.count == 1 && blind[0].range.upperBound > 3.9)
    }

    /// Two collinear pieces 1.2 m apart: without sensor positions a door or passage in one wall (one
    /// stretch over the gap); with the scanner having walked through the gap (stations on both sides of the
    /// line there), the two sides of a room's arm (two stretches).
    @Test func aGapTheScannerWalkedThroughSplitsTheWall() {
        let ts = Self.points([(0...1.2, 1500), (2.4...3.6, 1000)])
        let line = (point: SIMD2(0.0, 0.0), direction: SIMD2(1.0, 0.0))
        let one = WallCandidates.supportedRanges(ts, within: 0...3.6, line: line, stations: [])
        #expect(one.count == 1 && one[0].range.upperBound - one[0].range.lowerBound > 3.5)
        let walked: [SIMD2<Double>] = [[1.8, 1], [1.75, 1.5], [1.8, -1], [1.85, -0.8]]
        let two = WallCandidates.supportedRanges(ts, within: 0...3.6, line: line, stations: walked)
        #expect(two.count == 2)
        guard two.count == 2 else { return }
        #expect(abs(two[0].range.upperBound - 1.2) < 0.11, "the stretch with more points first")
        #expect(abs(two[1].range.lowerBound - 2.4) < 0.11)
        // Stations on one side only (the room beside a doorway): one wall over the gap.
        let oneSide = WallCandidates.supportedRanges(ts, within: 0...3.6, line: line, stations: [[1.8, 1], [1.75, 1.5], [0.5, 2]])
        #expect(oneSide.count == 1)
    }
}
