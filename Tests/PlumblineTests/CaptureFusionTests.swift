import Foundation
import PlumbKernel
import Testing
@testable import Plumbline

@Suite("Capture fusion")
struct CaptureFusionTests {
    /// Fused voxel means of exact box-room frames lie on the walls (within noise) and each voxel mean lies
    /// in its own voxel.
    @Test func fusedPointsLieOnTheWalls() throws {
        let room = CaptureFixtures.BoxRoom()
        var map = FusedVoxelMap(voxelSize: 0.02, capacity: 2_000_000, origin: SIMD3(2, 1, 1))
        let frames = CaptureFixtures.slowWalk(room: room, count: 20)
        var fused = 0
        for (i, f) in frames.enumerated() {
            let s = map.integrate(f, frameNumber: UInt32(i + 1), minimumConfidence: 1, depthRange: 0.1...5)
            #expect(s.validFraction > 0.9)
            fused += s.fusedPoints
        }
        let cloud = map.pointCloud()
        #expect(cloud.count == map.count)
        #expect(cloud.intensity!.reduce(0, +) == Float(fused))
        var worst = 0.0, sum = 0.0
        for i in 0..<cloud.count {
            let p = cloud.worldPoint(i)
            let d = [p.x, room.width - p.x, p.y, room.height - p.y, p.z, room.depth - p.z].map(abs).min()!
            worst = max(worst, d)
            sum += d
        }
        // σ = 3 mm per point; means of several points are closer. Noise tails can reach ~1.5 cm.
        #expect(sum / Double(cloud.count) < 0.003)
        #expect(worst < 0.02)
    }

    /// The map never holds more than its capacity after a frame and evicts single-point voxels first.
    @Test func capacityIsEnforced() {
        var map = FusedVoxelMap(voxelSize: 0.01, capacity: 20_000, origin: SIMD3(2, 1, 1))
        for (i, f) in CaptureFixtures.slowWalk(count: 6).enumerated() {
            map.integrate(f, frameNumber: UInt32(i + 1), minimumConfidence: 1, depthRange: 0.1...5)
            #expect(map.count <= 20_000)
        }
        #expect(map.evicted > 0)
        #expect(map.slotCount <= 2 * 131_072)
    }

    /// Same frames in the same order give the same voxels byte for byte.
    @Test func fusionIsDeterministic() {
        func run() -> PointCloud {
            var map = FusedVoxelMap(voxelSize: 0.02, capacity: 500_000, origin: .zero)
            for (i, f) in CaptureFixtures.slowWalk(count: 5).enumerated() {
                map.integrate(f, frameNumber: UInt32(i), minimumConfidence: 1, depthRange: 0.1...5)
            }
            return map.pointCloud()
        }
        #expect(run() == run())
    }

    /// Median depth from the histogram matches the exact median to 1 cm.
    @Test func medianDepthMatches() {
        let f = CaptureFixtures.frame(pose: CaptureFixtures.pose(SIMD3(2, 1.4, 1.5), yaw: 0.3), timestamp: 0, sigma: 0)
        var map = FusedVoxelMap(voxelSize: 0.02, capacity: 500_000, origin: .zero)
        let s = map.integrate(f, frameNumber: 1, minimumConfidence: 1, depthRange: 0.1...5)
        let valid = f.depth.filter { $0 > 0 }.sorted()
        let exact = Double(valid[(valid.count - 1) / 2])
        #expect(abs(s.medianDepth - exact) <= 0.01)
    }

    /// Not a pass/fail test: prints the fusion time per 256 x 192 frame (benchmarks live in Benchmarks/).
    @Test func reportFusionTime() {
        let frames = CaptureFixtures.slowWalk(count: 30)
        var map = FusedVoxelMap(voxelSize: 0.02, capacity: 1_500_000, origin: SIMD3(2, 1, 1))
        let clock = ContinuousClock()
        var total = Duration.zero
        for (i, f) in frames.enumerated() {
            let t0 = clock.now
            map.integrate(f, frameNumber: UInt32(i + 1), minimumConfidence: 1, depthRange: 0.1...5)
            total += clock.now - t0
        }
        print("fusion: \(total / frames.count) per frame, \(map.count) voxels")
        #expect(map.count > 0)
    }
}
