import Foundation
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// The capture session on simulated LiDAR frames: accuracy against the merged-cloud build, several
/// rooms in one world frame, and relocalization into a saved world map.
@Suite("Capture replay", .serialized)
struct CaptureReplayTests {
    static func replay(_ frames: [DepthFrame], session: CaptureSession, live: Bool = false,
                       pause: Bool = true) async throws -> CapturedRoomData {
        var c = CaptureConfiguration()
        c.liveUpdates = live
        try await session.run(configuration: c)
        for f in frames { try await session.ingest(f) }
        return try await session.stop(pauseSession: pause)
    }

    static func medianLengthError(_ room: CapturedRoom, _ plan: FloorPlan, _ roomID: String) throws -> (Double, Int) {
        let r = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: plan, roomID: roomID)
        return (r.aggregate.wallLengthError.median, r.aggregate.walls.truePositives)
    }

    /// Replaying the frames gives a room as accurate as building the merged cloud (within 1 cm on the
    /// median wall length error) with every wall found.
    @Test(arguments: ["plain_bedroom", "non_orthogonal_room"])
    func replayMatchesMergedCloudBuild(planName: String) async throws {
        let plan = try PlanFixtures.load(planName)
        let scan = try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 1)
        let data = try await Self.replay(scan.frames.map(\.frame), session: CaptureSession())
        let roomID = plan.rooms[0].id
        var o = RoomBuilder.Options()
        o.upAxis = .y
        let fromCloud = try RoomBuilder(options: o).build(scan.roomClouds[0].cloud).room
        let fromCapture = try RoomBuilder().build(data).room
        let (ec, tc) = try Self.medianLengthError(fromCapture, plan, roomID)
        let (ep, tp) = try Self.medianLengthError(fromCloud, plan, roomID)
        #expect(tc == tp, "walls matched: capture \(tc), merged cloud \(tp)")
        #expect(fromCapture.walls.count == fromCloud.walls.count,
                "walls built: capture \(fromCapture.walls.count), merged cloud \(fromCloud.walls.count)")
        #expect(ec <= ep + 0.01, "median wall length error: capture \(ec) m, merged cloud \(ep) m")
        #expect(data.points.count < scan.roomClouds[0].cloud.count / 3, "fusion compresses the points")
    }

    /// Two rooms in one session with stop(pauseSession: false): both rooms come out in the plan's (world)
    /// frame, each as accurate (floor IoU) as building that room's merged cloud.
    @Test func twoRoomsShareTheWorldFrame() async throws {
        let plan = try PlanFixtures.load("apartment_3room")
        let scan = try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 1)
        let session = CaptureSession()
        var ids: [String] = []
        for f in scan.frames where ids.last != f.roomID { ids.append(f.roomID) }
        for (k, id) in ids.prefix(2).enumerated() {
            let frames = scan.frames.filter { $0.roomID == id }.map(\.frame)
            let data = try await Self.replay(frames, session: session, pause: false)
            #expect(data.runIndex == k)
            let room = try RoomBuilder().build(data).room
            let r = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: plan, roomID: id)
            var o = RoomBuilder.Options()
            o.upAxis = .y
            let cloud = try #require(scan.roomClouds.first { $0.roomID == id }).cloud
            let ref = try Evaluator.evaluate(model: EvaluationModel(room: RoomBuilder(options: o).build(cloud).room), plan: plan, roomID: id)
            #expect(r.aggregate.floorIoU.median >= ref.aggregate.floorIoU.median - 0.05,
                    "room \(id): floor IoU \(r.aggregate.floorIoU.median), merged cloud \(ref.aggregate.floorIoU.median)")
        }
        let map = try await session.worldMap()
        #expect(map.planes.count >= 8)
    }

    /// A second session whose device frame is displaced and turned relocalizes into the first session's
    /// saved map within 2 cm and 0.5°, and its room lands on the plan.
    @Test func secondSessionRelocalizes() async throws {
        let plan = try PlanFixtures.load("plain_bedroom")
        let sim = try ScanSimulator(plan: plan)
        let first = CaptureSession()
        _ = try await Self.replay(sim.simulate(preset: .phone, seed: 1).frames.map(\.frame), session: first, pause: false)
        let saved = try WorldMap.decode(try await first.worldMap().encoded())
        // The device's frame: world = G · device, with G a turn of 37° about the vertical, a slight tilt
        // and a 3.2 m shift.
        let G = RigidTransform(axis: SIMD3(0.02, 1, -0.01), angle: 37 * .pi / 180, translation: SIMD3(3.2, -0.4, -1.7))
        let frames = sim.simulate(preset: .phone, seed: 2).frames.map { f -> DepthFrame in
            var d = f.frame
            d.cameraToWorld = (G.inverse * d.cameraToWorld).orthonormalized()
            return d
        }
        let second = CaptureSession(worldMap: saved)
        let events = Task { var out: [CaptureEvent] = []; for await e in second.events { out.append(e) }; return out }
        let data = try await Self.replay(frames, session: second)
        await second.finish()
        let relocalized = await events.value.compactMap { e -> RigidTransform? in
            if case let .relocalized(t, _, _) = e { t } else { nil }
        }
        let T = try #require(relocalized.first)
        let err = T.inverse * G
        let angle = InstructionAdvisor.angleDegrees(.identity, err)
        // Position error over the room: at the device-frame points of the camera path.
        let worst = frames.map { G.apply($0.cameraToWorld.translation) }.map { p in
            length(T.apply(G.inverse.apply(p)) - p)
        }.max()!
        #expect(angle < 0.5, "rotation error \(angle)°")
        #expect(worst < 0.02, "position error \(worst) m")
        #expect(data.deviceToWorld == T)
        let room = try RoomBuilder().build(data).room
        let r = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: plan, roomID: plan.rooms[0].id)
        #expect(r.aggregate.floorIoU.median > 0.97)
        #expect(r.aggregate.wallOffsetError.median < 0.02)
    }

    /// A scan of a different room does not fit the map: a typed failure, not a wrong placement.
    @Test func wrongRoomFailsToRelocalize() throws {
        let bedroom = try ScanSimulator(plan: PlanFixtures.load("plain_bedroom")).simulate(preset: .phone, seed: 1)
        var bedMap = FusedVoxelMap(voxelSize: CaptureSession.worldMapCellSize, capacity: 4_000_000, origin: .zero)
        bedMap.fold(points: bedroom.roomClouds[0].cloud)
        let map = try WorldMap(cloud: bedMap.pointCloud(), cellSize: CaptureSession.worldMapCellSize)
        let other = try ScanSimulator(plan: PlanFixtures.load("non_orthogonal_room")).simulate(preset: .phone, seed: 1)
        var scanMap = FusedVoxelMap(voxelSize: CaptureSession.worldMapCellSize, capacity: 4_000_000, origin: .zero)
        scanMap.fold(points: other.roomClouds[0].cloud)
        #expect(throws: RelocalizationError.self) {
            _ = try Relocalizer.relocalize(scan: scanMap.pointCloud(), map: map)
        }
    }
}
