import Foundation
import Testing
@testable import PlumbKernel
@testable import Plumbline
@testable import PlumbSim

/// Furniture recovery: equal-height neighbours split at their gaps, boxes extended across the dropped wall
/// band, parts standing inside one another joined, phantoms rejected; and the simulated rooms that had merged
/// rows scored against their truth.
@Suite struct ObjectRecoveryTests {
    /// Three desks 1.4 x 0.7 m, tops at 0.75 m, in a row with 10 cm gaps. Each desk shows its top, front and
    /// back (the faces into the gaps are hidden, as seen from a walk along the row); the gaps hold only a few spilled returns at top height (one per 2 cm along the row's depth),
    /// which bridge the voxel cluster. The splitter must return one part per desk holding at least 95 % of
    /// that desk's points; with sparse cells disabled the gaps hold the row together.
    @Test func deskRowSplitsAtSparseGaps() throws {
        var rng = SeededGenerator(seed: 11)
        var pts: [SIMD3<Float>] = []
        var owner: [Int] = []
        func jitter() -> Float { (Float.random(in: -1...1, using: &rng) + Float.random(in: -1...1, using: &rng)) * 0.004 }
        for k in 0..<3 {
            let x0 = Float(k) * 1.5
            // Top, front and back faces; the faces into the gaps are hidden, only the row's ends show theirs.
            for x in stride(from: x0, through: x0 + 1.4, by: 0.006) {
                for z in stride(from: Float(0), through: 0.7, by: 0.006) { pts.append(SIMD3(x + jitter(), 0.75 + jitter(), z + jitter())) }
                for y in stride(from: Float(0.04), through: 0.75, by: 0.012) {
                    pts.append(SIMD3(x + jitter(), y + jitter(), jitter()))
                    pts.append(SIMD3(x + jitter(), y + jitter(), 0.7 + jitter()))
                }
            }
            for end in [Float(0), 4.4] where end >= x0 && end <= x0 + 1.4 {
                for z in stride(from: Float(0), through: 0.7, by: 0.012) {
                    for y in stride(from: Float(0.04), through: 0.75, by: 0.012) { pts.append(SIMD3(end + jitter(), y + jitter(), z + jitter())) }
                }
            }
            owner += Array(repeating: k, count: pts.count - owner.count)
        }
        // Spilled returns in the two gaps (x 1.4-1.5 and 2.9-3.0): sparse, at the tops' height.
        for gap in [Float(1.45), 2.95] {
            for z in stride(from: Float(0), through: 0.7, by: 0.02) {
                pts.append(SIMD3(gap + Float.random(in: -0.04...0.04, using: &rng), 0.75, z))
                owner.append(-1)
            }
        }
        let c = try ObjectExtractionTests.cloud(pts)
        let all = Array(0..<c.count)
        let parts = ClusterSplitter().split(all, cloud: c)
        #expect(parts.count == 3, "\(parts.count) parts")
        for k in 0..<3 {
            let mine = owner.filter { $0 == k }.count
            let best = parts.map { p in p.filter { owner[$0] == k }.count }.max() ?? 0
            #expect(Double(best) >= 0.95 * Double(mine), "desk \(k): best part holds \(best) of \(mine)")
        }
        var merging = ClusterSplitter()
        merging.sparseCellShare = 0
        #expect(merging.split(all, cloud: c).count < 3, "without sparse cells the gaps should bridge the row")
    }

    /// The gap-cell rule itself: a low-count cell between dense cells on both sides is flagged; a cell that is
    /// uniformly sparse with its neighbours, or dense only on one side (an edge), is not.
    @Test func gapCellsNeedDenseCellsOnBothSides() {
        // 7 x 1 grid: dense, dense, sparse gap, dense, sparse edge run, sparse, sparse.
        let counts: [Int32] = [200, 180, 3, 190, 4, 5, 4]
        let gaps = ClusterSplitter.gapCells(counts, nu: 7, nv: 1, share: 0.1, reach: 2)
        #expect(gaps == [false, false, true, false, false, false, false])
    }

    /// A 1.2 x 0.5 m cabinet whose back stops 8-13 cm short of a wall (its back points were dropped with the
    /// wall band) reaches the wall; one 30 cm away, or turned 45 degrees to the wall, keeps its box.
    @Test func boxesReachTheWallAcrossTheDroppedBand() {
        // Room 4 x 3 m, counter-clockwise; the wall z = 0 runs along x.
        let corners: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 3], [0, 3]]
        let edges = (0..<4).map { k -> RoomOutline.Edge in
            let a = corners[k], b = corners[(k + 1) % 4]
            return RoomOutline.Edge(wall: .line(point: a, direction: (b - a) / planLength(b - a)), wallIndex: k)
        }
        let outline = RoomOutline(corners: corners, edges: edges)
        func box(backGap: Double, yaw: Double = 0) -> OrientedBox {
            let u = SIMD3(cos(yaw), 0, sin(yaw)), v = SIMD3(-sin(yaw), 0, cos(yaw))
            return OrientedBox(centre: SIMD3(2, 0.45, backGap + 0.25), axis0: u, axis1: v,
                               halfExtents: SIMD3(0.6, 0.25, 0.45))
        }
        let extender = WallSupportedBox()
        for gap in [0.08, 0.1, 0.13] {
            let e = extender.extended(box(backGap: gap), outline: outline)
            let back = e.centre.z - e.halfExtents.y
            let front = e.centre.z + e.halfExtents.y
            #expect(abs(back) < 1e-9, "gap \(gap): back at \(back)")
            #expect(abs(front - (gap + 0.5)) < 1e-9, "gap \(gap): front moved to \(front)")
            #expect(abs(e.halfExtents.x - 0.6) < 1e-9)
        }
        #expect(extender.extended(box(backGap: 0.3), outline: outline) == box(backGap: 0.3))
        #expect(extender.extended(box(backGap: 0.1, yaw: .pi / 4), outline: outline) == box(backGap: 0.1, yaw: .pi / 4))
    }

    /// Cells far taller than their part's median that touch a part of their height move to it; cells that
    /// rise less (a chair back over its seat) or touch no such part stay.
    @Test func tallCellsMoveToThePartOfTheirHeight() {
        // 5 x 3 grid, row-major. Part 0: a counter (top 0.9) whose last column (u = 3) holds the fridge's side
        // face (1.85); part 1: the fridge (u = 4, 1.85). Part 2 (row 2): a seat (0.45) with a back cell (0.9).
        let top: [Float] = [0.9, 0.9, 0.9, 1.85, 1.85,
                            0.9, 0.9, 0.9, 1.85, 1.85,
                            0.45, 0.45, 0.45, 0.9, 0.45]
        var label: [Int32] = [0, 0, 0, 0, 1,
                              0, 0, 0, 0, 1,
                              2, 2, 2, 2, 2]
        ClusterSplitter.moveTallCells(&label, top: top, parts: 3, nu: 5, nv: 3, rise: 0.6)
        #expect(label == [0, 0, 0, 1, 1,
                          0, 0, 0, 1, 1,
                          2, 2, 2, 2, 2])
    }

    /// A television (1.5 x 0.08 m, 0.52-1.37 m) standing on the back of a low cabinet (2.0 x 0.45 m, top 0.5 m):
    /// the television is a slab, but it rises 0.85 m above the cabinet, so it must stay a part of its own
    /// holding at least 90 % of its points; a chair back rising 0.45 m above its seat still joins the seat
    /// (``ObjectExtractionTests/chairWithBackStaysWhole()``).
    @Test func televisionOnCabinetStaysApart() throws {
        let (parts, tvPart, fromTV, tvCount) = try ObjectExtractionTests.splitTwoBoxes(
            (SIMD3(0, 0.04, 0), SIMD3(2.0, 0.5, 0.45)), (SIMD3(0.25, 0.52, 0.05), SIMD3(1.75, 1.37, 0.13)), step: 0.01, sigma: 0.004, seed: 9)
        #expect(parts.count == 2, "\(parts.count) parts")
        #expect(Double(fromTV) >= 0.9 * Double(tvCount), "television part holds \(fromTV) of \(tvCount)")
        #expect(Double(tvPart.count - fromTV) < 0.1 * Double(tvCount), "cabinet points in the television part")
    }

    /// Two parts of one cabinet cut apart by an occlusion shadow (overlapping boxes of the same height range)
    /// join; a television standing on a cabinet (inside its footprint, above its top) and two cabinets side by
    /// side stay apart.
    @Test func partsInsideOneAnotherJoin() throws {
        var rng = SeededGenerator(seed: 5)
        var a: [SIMD3<Float>] = [], b: [SIMD3<Float>] = [], tv: [SIMD3<Float>] = [], side: [SIMD3<Float>] = []
        // Cabinet x 0-1.8, z 0-0.45, 0.5 m high; part a spans x 0-1.3, part b x 0.6-1.8 (overlapping ranges).
        ObjectExtractionTests.boxSurface(min: SIMD3(0, 0, 0), max: SIMD3(1.3, 0.5, 0.45), step: 0.02, sigma: 0.003, rng: &rng, into: &a)
        ObjectExtractionTests.boxSurface(min: SIMD3(0.6, 0, 0), max: SIMD3(1.8, 0.5, 0.45), step: 0.02, sigma: 0.003, rng: &rng, into: &b)
        // Television 1.5 x 0.08 m over the cabinet's back, 0.52-1.37 m.
        ObjectExtractionTests.boxSurface(min: SIMD3(0.15, 0.52, 0.05), max: SIMD3(1.65, 1.37, 0.13), step: 0.02, sigma: 0.003, rng: &rng, into: &tv)
        // A second cabinet beside the first, 5 cm away.
        ObjectExtractionTests.boxSurface(min: SIMD3(1.85, 0, 0), max: SIMD3(2.65, 0.5, 0.45), step: 0.02, sigma: 0.003, rng: &rng, into: &side)
        let c = try ObjectExtractionTests.cloud(a + b + tv + side)
        let ia = Array(0..<a.count), ib = Array(a.count..<(a.count + b.count))
        let itv = Array((a.count + b.count)..<(a.count + b.count + tv.count))
        let iside = Array((a.count + b.count + tv.count)..<c.count)
        let merger = ContainedPartMerge()
        let merged = merger.merged([ia, ib, itv, iside], cloud: c)
        #expect(merged.count == 3, "\(merged.count) parts")
        #expect(merged.contains { Set($0) == Set(ia + ib) }, "the two cabinet parts join")
        #expect(merged.contains { Set($0) == Set(itv) }, "the television stays apart")
        #expect(merged.contains { Set($0) == Set(iside) }, "the neighbouring cabinet stays apart")
    }

    /// End to end on simulated phone scans of the rooms whose rows of desks, cabinets, stacked pieces and stray
    /// returns used to fail (seed 1, objects F1 at 3D IoU 0.25 on main before this change: cluttered_office
    /// 0.650, sloped_ceiling_room 0.727, non_orthogonal_room 0.667, open_plan 0.714). Measured at commit time:
    /// 0.955, 1.000, 0.909, 0.842.
    @Test(arguments: [("cluttered_office", 0.9), ("sloped_ceiling_room", 0.95), ("non_orthogonal_room", 0.85), ("open_plan", 0.8)])
    func roomsWithRowsAndPhantoms(name: String, minimumF1: Double) throws {
        guard let objects = try ObjectExtractionTests.simulatedObjectScore(name) else { return }
        let d = objects.detection
        print("\(name): objects TP \(d.truePositives) FP \(d.falsePositives) FN \(d.falseNegatives) F1 \(d.f1)")
        #expect(d.f1 >= minimumF1, "\(name) object F1 \(d.f1)")
    }
}
