import Foundation
import PlumbKernel
import Plumbline
import Testing
@testable import PlumbSim

/// Stray returns hundreds of metres out (a real scan's multipath and sky hits) are dropped before fitting;
/// what a room scan legitimately sees through its door, a room-width beyond, is kept.
@Suite struct FarPointFilterTests {
    static func scan() throws -> PointCloud {
        let plan = try PlanFixtures.load("plain_bedroom")
        let s = try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 3)
        return try #require(s.roomClouds.first?.cloud)
    }

    /// 19 strays at ~655 m (0.001 % of the points), spread through the file: the model is byte-identical to
    /// the one built without them, and the 19 are counted. With the filter off the scan is refused as too
    /// large, which is what the strays did before.
    @Test func straysInterleavedChangeNothing() throws {
        let full = try Self.scan()
        // Positions, frames and sensors only, so both clouds carry exactly the same attributes.
        var clean = PointCloud(origin: full.origin)
        clean.x = full.x; clean.y = full.y; clean.z = full.z
        clean.frameIndex = full.frameIndex
        clean.sensorOrigins = full.sensorOrigins
        var noisy = PointCloud(origin: clean.origin)
        var frames: [UInt32] = []
        let strays = 19
        let every = clean.count / strays
        var g = SeededGenerator(seed: 655)
        for i in 0..<clean.count {
            noisy.append(local: clean.localPoint(i))
            frames.append(clean.frameIndex?[i] ?? 0)
            if i % every == every / 2, frames.count - i - 1 < strays {
                noisy.append(local: SIMD3<Float>(655 * g.nextUnitVector(fallback: SIMD3(1, 0, 0))))
                frames.append(clean.frameIndex?[i] ?? 0)
            }
        }
        noisy.frameIndex = clean.frameIndex == nil ? nil : frames
        noisy.sensorOrigins = clean.sensorOrigins
        var o = RoomBuilder.Options()
        o.upAxis = .y
        let a = try RoomBuilder(options: o).build(clean)
        let b = try RoomBuilder(options: o).build(noisy)
        #expect(noisy.count == clean.count + strays)
        #expect(a.droppedFarPoints == 0)
        #expect(b.droppedFarPoints == strays)
        #expect(try RoomPlanJSON.encode(a.room) == RoomPlanJSON.encode(b.room))
        o.farPointQuantile = 0
        #expect(throws: RoomBuildError.self) { try RoomBuilder(options: o).build(noisy) }
    }

    /// A patch of a neighbour's wall 5 m beyond the room (seen through an open door) is within one room-width
    /// of the bulk and kept.
    @Test func aNeighbourSeenThroughADoorIsKept() throws {
        let clean = try Self.scan()
        var cloud = clean
        let b = try #require(clean.localBounds)
        for k in 0..<2000 {
            let u = Float(k % 40) / 40, v = Float(k / 40) / 50
            cloud.append(local: SIMD3(b.max.x + 5, b.min.y + 2 * v, b.min.z + 1 + u))
        }
        if let f = clean.frameIndex { cloud.frameIndex = f + [UInt32](repeating: 0, count: 2000) }
        if let i = clean.intensity { cloud.intensity = i + [Float](repeating: 0, count: 2000) }
        var o = RoomBuilder.Options()
        o.upAxis = .y
        #expect(try RoomBuilder(options: o).build(cloud).droppedFarPoints == 0)
    }
}
