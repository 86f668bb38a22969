import Testing
import PlumbKernel
@testable import Plumbline

@Suite("Outline seed cells")
struct SeedCellsTests {
    /// The reference: counts in a dictionary keyed by 25 cm cell, sorted by count (descending), then x, z.
    static func reference(_ planes: [DetectedPlane], _ cloud: PointCloud) -> [SIMD2<Int>] {
        var counts: [SIMD2<Int>: Int] = [:]
        for plane in planes {
            for i in plane.inliers {
                let p = SIMD2(Double(cloud.x[Int(i)]), Double(cloud.z[Int(i)]))
                counts[SIMD2(Int((p.x / 0.25).rounded(.down)), Int((p.y / 0.25).rounded(.down))), default: 0] += 1
            }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : ($0.key.x, $0.key.y) < ($1.key.x, $1.key.y) }
            .map(\.key)
    }

    @Test("ranked cells and bounds equal the dictionary count on random floors with negative coordinates and ties")
    func matchesDictionaryCount() throws {
        var rng = SeededGenerator(seed: 5)
        for trial in 0..<20 {
            let n = 200 + rng.nextIndex(below: 5000)
            // Coarse coordinates (multiples of 5 cm) give many equal counts; some fall on cell borders.
            let xs = (0..<n).map { _ in Float(rng.nextIndex(below: 160)) * 0.05 - 3 }
            let zs = (0..<n).map { _ in Float(rng.nextIndex(below: 120)) * 0.05 - 1.5 - Float(trial) * 0.1 }
            let cloud = try PointCloud(x: xs, y: [Float](repeating: 0, count: n), z: zs)
            let split = rng.nextIndex(below: n)
            let planes = [Array(0..<split), Array(split..<n)].map {
                DetectedPlane(normal: SIMD3(0, 1, 0), offset: 0, inliers: $0.map { Int32($0) }, centroid: .zero,
                              rms: 0, area: 1, gridCellSize: 0.1)
            }
            let got = RoomBuilder.seedCells(planes: planes, cloud: cloud)
            #expect(got.cells == Self.reference(planes, cloud))
            #expect(got.lo == SIMD2(Double(xs.min()!), Double(zs.min()!)))
            #expect(got.hi == SIMD2(Double(xs.max()!), Double(zs.max()!)))
        }
    }

    @Test("no inliers: no cells")
    func empty() throws {
        let plane = DetectedPlane(normal: SIMD3(0, 1, 0), offset: 0, inliers: [], centroid: .zero, rms: 0, area: 1,
                                  gridCellSize: 0.1)
        let cloud = try PointCloud(x: [1], y: [0], z: [1])
        #expect(RoomBuilder.seedCells(planes: [plane], cloud: cloud).cells.isEmpty)
    }
}
