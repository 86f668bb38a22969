import Foundation
import PlumbKernel
import PlumbIO
import Plumbline
import Testing
import PlumbSim

/// Automatic up axis on simulated phone scans (y up) and the same scans turned z-up, as a laser scanner
/// would write them: the right axis is found, and the z-up build gives the same walls.
@Suite("Up-axis detection")
struct UpAxisDetectionTests {
    @Test(arguments: ["small_bathroom", "plain_bedroom"])
    func detectsTheUpAxis(planName: String) throws {
        let plan = try PlanFixtures.load(planName)
        let scan = try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 1)
        var yUp = scan.roomClouds[0].cloud
        yUp.normals = nil
        let fromY = try RoomBuilder().build(yUp)
        #expect(fromY.upAxis == .y)
        // z-up copy: (x, y, z) -> (x, -z, y); the builder's z-to-y rotation maps it back exactly.
        var zUp = yUp
        zUp.origin = SIMD3(yUp.origin.x, -yUp.origin.z, yUp.origin.y)
        zUp.y = yUp.z.map { -$0 }
        zUp.z = yUp.y
        // The sensor positions turn with the points (kept y-up they would contradict them).
        zUp.sensorOrigins = yUp.sensorOrigins?.map { SIMD3($0.x, -$0.z, $0.y) }
        let fromZ = try RoomBuilder().build(zUp)
        #expect(fromZ.upAxis == .z)
        let a = fromY.room.walls.map { Double($0.dimensions.x) }.sorted()
        let b = fromZ.room.walls.map { Double($0.dimensions.x) }.sorted()
        #expect(a.count == b.count, "\(a) vs \(b)")
        for (x, y) in zip(a, b) { #expect(abs(x - y) < 0.01, "\(a) vs \(b)") }
        let r = try Evaluator.evaluate(model: EvaluationModel(room: fromZ.room), plan: plan, roomID: plan.rooms[0].id)
        #expect(r.aggregate.walls.truePositives == plan.walls.count, "z-up build walls matched: \(r.aggregate.walls.truePositives)")
    }

    /// Random rooms the builder read z-up before the stations' spread decided (`plumb eval --random 100
    /// --seed 7919 --detect-up`: plans 10, 27 and 97, a closet, a bedroom under a roof slope and a bathroom
    /// whose floor and ceiling were seen in pieces) are read y-up, and build as when told the axis.
    @Test func randomRoomsAreReadTheRightWayUp() {
        var o = RandomEvaluation.Options()
        o.seed = 7919
        o.count = 98
        o.only = [10, 27, 97]
        o.detectsUpAxis = true
        let detected = RandomEvaluation.run(o)
        o.detectsUpAxis = false
        let told = RandomEvaluation.run(o)
        #expect(detected.rooms.allSatisfy { $0.refusalKey != "wrongUpAxis" }, "\(detected.rooms.compactMap(\.refusal))")
        #expect(detected.rooms.map(\.floorIoU) == told.rooms.map(\.floorIoU))
    }

    /// PCL's real 360-degree laser scan of a room (z up): the axis is found and the room is about
    /// 5 m x 4.7 m with a 2.9 m ceiling (skips without ../shared/data).
    @Test(.enabled(if: TestPaths.sharedData != nil)) func realLaserScanIsZUp() throws {
        let url = TestPaths.sharedData!.appendingPathComponent("pcl-room/room_scan1.pcd")
        let cloud = try PointCloudReader.read(contentsOf: url).cloud
        let r = try RoomBuilder().build(cloud)
        #expect(r.upAxis == .z)
        #expect(abs(r.ceilingY - r.floorY - 2.92) < 0.1, "ceiling height \(r.ceilingY - r.floorY)")
        #expect(r.room.walls.count >= 4)
    }
}
