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

    /// The SIMD kernel fuses exactly what a double-precision reference unprojection gives: same valid and
    /// fused pixel counts, same voxels with the same point counts, and means within 5 µm. The image is
    /// 61 x 37 (not a multiple of 8: exercises the partial last block), with dropouts, all three confidence
    /// levels, depths outside the fused range and a pose turned about a skew axis.
    @Test(arguments: [UInt8(0), 1, 2])
    func kernelMatchesReferenceUnprojection(minimumConfidence: UInt8) throws {
        let w = 61, h = 37, n = w * h
        var g = SeededGenerator(seed: 7)
        var depth = [Float](repeating: 0, count: n), conf = [UInt8](repeating: 0, count: n)
        for i in 0..<n {
            depth[i] = g.nextUnitDouble() < 0.1 ? 0 : Float(0.05 + 6 * g.nextUnitDouble())
            conf[i] = UInt8(g.nextIndex(below: 3))
        }
        let pose = RigidTransform(axis: normalize(SIMD3(0.3, 1, -0.2)), angle: 2.1, translation: SIMD3(1.7, 1.3, -2.4))
        let frame = try DepthFrame(width: w, height: h, depth: depth, confidence: conf,
                                   intrinsics: CameraIntrinsics(fx: 50, fy: 48, cx: 30.2, cy: 18.7),
                                   cameraToWorld: pose, timestamp: 0)
        let voxel = 0.02, origin = SIMD3<Double>(1, 1, -2), range: ClosedRange<Float> = 0.1...5
        var map = FusedVoxelMap(voxelSize: voxel, capacity: 100_000, origin: origin)
        let s = map.integrate(frame, frameNumber: 1, minimumConfidence: minimumConfidence, depthRange: range)
        // Reference: per voxel, count and sum of the double-precision points.
        var ref: [SIMD3<Int>: (Int, SIMD3<Double>)] = [:]
        var valid = 0, nearBoundary = 0
        frame.forEachPoint(minimumConfidence: minimumConfidence) { i, p in
            valid += 1
            guard range.contains(depth[i]) else { return }
            let q = (p - origin) / voxel
            let f = q.rounded(.down)
            if (q - f).min() < 1e-4 || (q - f).max() > 1 - 1e-4 { nearBoundary += 1 }
            let k = SIMD3<Int>(Int(f.x), Int(f.y), Int(f.z))
            let e = ref[k] ?? (0, .zero)
            ref[k] = (e.0 + 1, e.1 + p)
        }
        #expect(s.validPixels == valid)
        #expect(s.fusedPoints == ref.values.reduce(0) { $0 + $1.0 })
        #expect(s.outOfRange == 0)
        var matched = 0
        var worst = 0.0
        map.forEachVoxel { local, count in
            let p = origin + SIMD3<Double>(local)
            let k = SIMD3<Int>(((p - origin) / voxel).rounded(.down))
            guard let e = ref[k], e.0 == Int(count) else { return }
            matched += 1
            worst = max(worst, length(e.1 / Double(e.0) - p))
        }
        // Float rounding may move a point lying within 1e-4 voxel of a face into the neighbour voxel.
        #expect(map.count >= ref.count - nearBoundary && map.count <= ref.count + nearBoundary)
        #expect(matched >= ref.count - 2 * nearBoundary, "\(matched) of \(ref.count) voxels match (\(nearBoundary) near a face)")
        #expect(worst < 5e-6, "largest mean difference \(worst) m")
    }

    /// The eight-lane home-slot hash equals the scalar one used by insertion and rehashing.
    @Test func simdHomeHashEqualsScalar() {
        var g = SeededGenerator(seed: 3)
        for mask in [UInt32(0xFFFF), 0xF_FFFF, 0x7FF_FFFF] {
            for _ in 0..<100 {
                var x = SIMD8<UInt32>(), y = SIMD8<UInt32>(), z = SIMD8<UInt32>()
                for l in 0..<8 {
                    x[l] = UInt32(2 + g.nextIndex(below: 65532))
                    y[l] = UInt32(2 + g.nextIndex(below: 65532))
                    z[l] = UInt32(2 + g.nextIndex(below: 65532))
                }
                let v = FusionRowKernel.home(x, y, z, mask: mask)
                for l in 0..<8 {
                    #expect(v[l] == FusedVoxelMap.home(bx: x[l], by: y[l], bz: z[l], mask: mask))
                }
            }
        }
    }

    /// The branch-free floor equals `rounded(.down)` on integers, halves, values just off integers and
    /// random values of both signs.
    @Test func simdFloorEqualsRoundedDown() {
        var values: [Float] = [0, -0.0, 1, -1, 0.5, -0.5, 2.5, -2.5, 32765.999, -32765.999, 1e-7, -1e-7]
        for k in [-3000, -2, -1, 0, 1, 2, 7, 3000] {
            values += [Float(k).nextDown, Float(k), Float(k).nextUp]
        }
        var g = SeededGenerator(seed: 5)
        for _ in 0..<2000 { values.append(Float(-32766 + 65532 * g.nextUnitDouble())) }
        while values.count % 8 != 0 { values.append(0.25) }
        for i in stride(from: 0, to: values.count, by: 8) {
            let q = SIMD8<Float>(values[i..<(i + 8)])
            let (iv, fv) = FusionRowKernel.floor(q)
            for l in 0..<8 {
                #expect(fv[l] == q[l].rounded(.down), "floor(\(q[l]))")
                #expect(iv[l] == Int32(q[l].rounded(.down)))
            }
        }
    }

    /// A frame whose arrays do not match its size (built without validation) fuses nothing, without
    /// crashing or reading out of bounds.
    @Test func mismatchedFrameFusesNothing() {
        var f = CaptureFixtures.frame(pose: CaptureFixtures.pose(SIMD3(2, 1.4, 1.5), yaw: 0.3), timestamp: 0)
        f.depth.removeLast(100)
        var map = FusedVoxelMap(voxelSize: 0.02, capacity: 10_000, origin: .zero)
        let s = map.integrate(f, frameNumber: 1, minimumConfidence: 0, depthRange: 0.1...5)
        #expect(s.fusedPoints == 0 && s.validPixels == 0)
        #expect(map.count == 0)
    }

    /// Reserving capacity sizes the table once (at most half full) and later frames of that size do not grow it.
    @Test func reservedTableDoesNotGrow() {
        var map = FusedVoxelMap(voxelSize: 0.02, capacity: 1_500_000, origin: SIMD3(2, 1, 1))
        map.reserveCapacity(200_000 + 256 * 192)
        let slots = map.slotCount
        #expect(slots == 1 << 19)
        for (i, f) in CaptureFixtures.slowWalk(count: 5).enumerated() {
            map.integrate(f, frameNumber: UInt32(i + 1), minimumConfidence: 1, depthRange: 0.1...5)
        }
        #expect(map.count > 10_000)
        #expect(map.slotCount == slots)
    }

    /// The table a run allocates ahead of its first frame takes that frame's origin without being
    /// re-allocated; a map already holding voxels cannot be rebased (their local coordinates would move).
    @Test func preparedTableTakesTheFirstFramesOrigin() throws {
        var m = FusedVoxelMap(voxelSize: 0.02, capacity: 1_000_000, origin: .zero)
        m.reserveCapacity(600_000)
        let slots = m.slotCount
        let r = try #require(m.rebased(at: SIMD3(10, 0, -5)))
        #expect(r.origin == SIMD3(10, 0, -5))
        #expect(r.slotCount == slots && slots >= 1_200_000)
        m.insert(world: SIMD3(0.5, 1, 0.5), weight: 1, frameNumber: 1)
        #expect(m.count == 1)
        #expect(m.rebased(at: SIMD3(10, 0, -5)) == nil)
    }
}
