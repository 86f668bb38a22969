import Foundation
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

    /// A phone's stray returns in a plane's band across the room (a few points per 10 cm, a thousandth of
    /// the wall's own density), spread so no gap between them reaches 2.5 m: without sensor positions they
    /// back no wall. Without the floor of a hundredth of the median backed bin they strung walls on past the
    /// room (random plans 8 and 51 of seed 2026 without sensor positions: floor IoU 0.482 and 0.261, 0.742
    /// and 0.742 with it). With sensor positions the floor is off: the stations judge (a station off the line
    /// on one side cuts nothing).
    @Test func strayReturnsBackNoWall() {
        var ts = Self.points([(0...2, 50_000)])
        for t in [2.55, 2.75, 3.45, 4.05, 4.85, 5.55] { ts += [Double](repeating: t, count: 5) }
        let r = WallCandidates.supportedRanges(ts, within: 0...5.6)
        #expect(r.count == 1 && abs(r[0].range.upperBound - 2) < 0.11, "\(r)")
        let line = (point: SIMD2(0.0, 0.0), direction: SIMD2(1.0, 0.0))
        let sensed = WallCandidates.supportedRanges(ts, within: 0...5.6, line: line, stations: [[1, 2]])
        #expect(sensed.count == 1 && sensed[0].range.upperBound > 5.5, "\(sensed)")
        // A wall seen only over tall furniture (a tenth of the density) is still a wall.
        let above = Self.points([(0...2, 50_000), (2...4, 5_000)])
        let both = WallCandidates.supportedRanges(above, within: 0...4)
        #expect(both.count == 1 && both[0].range.upperBound > 3.9, "\(both)")
    }

    /// The floor and ceiling points along a wall's foot and top lie in its plane's band, all the way across
    /// the room where the wall has ended: they show the floor and the ceiling, not a wall
    /// (``WallCandidates/bodyParameters(ys:ts:line:structure:)``, the backing used without sensor positions).
    @Test func floorAndCeilingAlongTheLineBackNoWall() {
        let structure = RoomStructure(floorY: 0, ceilings: [RoomStructure.CeilingPlane(normal: SIMD3(0, 1, 0), offset: -2.6)],
                                      floorPlanes: [], ceilingPlanes: [], wallCandidates: [])
        var ys: [Float] = [], ts: [Double] = []
        // The wall, 0-2 m, 0.1-2.4 m high.
        for t in Self.points([(0...2, 200)]) {
            for k in 0..<24 { ys.append(Float(k) * 0.1 + 0.1); ts.append(t) }
        }
        // Floor and ceiling points within 2 cm of their levels, 0-5 m.
        for (i, t) in Self.points([(0...5, 2_000)]).enumerated() {
            ys.append(i % 2 == 0 ? Float(i % 5) * 0.005 : 2.6 - Float(i % 5) * 0.005)
            ts.append(t)
        }
        let line = (point: SIMD2(0.0, 0.0), direction: SIMD2(1.0, 0.0))
        let all = WallCandidates.supportedRanges(ts, within: 0...5, line: line)
        #expect(all.count == 1 && all[0].range.upperBound > 4.9, "the floor strings it on: \(all)")
        let body = WallCandidates.bodyParameters(ys: ys, ts: ts, line: line, structure: structure)
        #expect(body.count == 400 * 24, "\(body.count) points clear of the floor and ceiling")
        let wall = WallCandidates.supportedRanges(body, within: 0...5, line: line)
        #expect(wall.count == 1 && abs(wall[0].range.upperBound - 2) < 0.11, "\(wall)")
    }

    /// The mouth of an arm of an L- or T-shaped room: the walls at both ends of the gap run on square to the
    /// wall, at least 0.6 m to the same side (``WallCandidates/armMouth(from:to:line:uprights:)``). A
    /// doorway's jambs are as deep as the wall is thick; walls running off to opposite sides are a step in
    /// the wall, not an arm.
    @Test func anArmsMouthIsNoDoorway() {
        let line = (point: SIMD2(0.0, 0.0), direction: SIMD2(1.0, 0.0))
        let (a, b) = (SIMD2(1.0, 0), SIMD2(2.2, 0))
        let arm: [(SIMD2<Double>, SIMD2<Double>)] = [([1.02, 0.03], [1.0, -2]), ([2.2, -2.5], [2.18, -0.02])]
        #expect(WallCandidates.armMouth(from: a, to: b, line: line, uprights: arm))
        // A side wall running through the line (a cross-shaped room) counts for the side it runs on.
        #expect(WallCandidates.armMouth(from: a, to: b, line: line, uprights: [([1, 1.5], [1, -2]), arm[1]]))
        let jambs: [(SIMD2<Double>, SIMD2<Double>)] = [([1, 0], [1, -0.15]), ([2.2, 0], [2.2, -0.15])]
        #expect(!WallCandidates.armMouth(from: a, to: b, line: line, uprights: jambs))
        #expect(!WallCandidates.armMouth(from: a, to: b, line: line, uprights: [arm[0], ([2.2, 0], [2.2, 2])]))
        #expect(!WallCandidates.armMouth(from: a, to: b, line: line, uprights: [arm[0]]))
        // Along the line, not square to it: no side wall.
        #expect(!WallCandidates.armMouth(from: a, to: b, line: line, uprights: [arm[0], ([2.2, 0], [4, -0.3])]))
        // Without sensor positions the pieces on either side of the mouth are two walls, not one over a door.
        let ts = Self.points([(0...1, 1500), (2.2...3.6, 1000)])
        let one = WallCandidates.supportedRanges(ts, within: 0...3.6, line: line)
        #expect(one.count == 1)
        let two = WallCandidates.supportedRanges(ts, within: 0...3.6, line: line,
                                                 mouth: { WallCandidates.armMouth(from: $0, to: $1, line: line, uprights: arm) })
        #expect(two.count == 2 && abs(two[0].range.upperBound - 1) < 0.11, "\(two)")
    }

    /// A plane a few degrees off a wall (RANSAC's fit through the wall and noise across the room) joined to
    /// the wall lengthens it only as far as it stays on the wall's face
    /// (``WallCandidates/Measured/rangeOnFace(_:tolerance:)``).
    @Test func aSlantedPieceLengthensAWallOnlyOnItsFace() {
        func measured(_ point: SIMD2<Double>, _ angle: Double, _ range: ClosedRange<Double>) -> WallCandidates.Measured {
            WallCandidates.Measured(plane: 0, point: point, direction: SIMD2(cos(angle), sin(angle)), range: range, count: 1,
                                    isWall: true, topCoverage: 1, density: 1, isTall: true)
        }
        let wall = measured([0, 0], 0, 0...2)
        // 3 degrees off, crossing the wall's line at x = 1, from x = 0 to 5.
        let slanted = measured([1, 0], 3 * .pi / 180, -1...4)
        guard let r = wall.rangeOnFace(slanted, tolerance: 0.05) else { Issue.record("no part on the face"); return }
        let reach = 0.05 / tan(3 * .pi / 180)
        #expect(abs(r.lo - (1 - reach)) < 0.01 && abs(r.hi - (1 + reach)) < 0.01, "\(r)")
        #expect(wall.rangeAlong(slanted).hi > 4.9, "the whole range projected")
        // A piece on the face lengthens it fully; one off the face not at all.
        let onFace = measured([3, 0.02], 0, -0.5...1)
        #expect(wall.rangeOnFace(onFace, tolerance: 0.05).map { abs($0.hi - 4) < 1e-9 && abs($0.lo - 2.5) < 1e-9 } == true)
        #expect(wall.rangeOnFace(measured([3, 0.08], 0, -0.5...1), tolerance: 0.05) == nil)
    }
}
