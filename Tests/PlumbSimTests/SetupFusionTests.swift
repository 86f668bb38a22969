import Foundation
import PlumbIO
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// Several setups of one room fused into one room (issue 25): the simulated bedroom's capture split into
/// two setups by where the sensor stood, fused as given (registered) and after moving one setup by a known
/// rigid motion (registered by ``SetupRegistration``); unrelated rooms are refused with the typed error.
@Suite struct SetupFusionTests {
    /// The bedroom's phone capture (union) and its two setups: the frames whose sensor stood west of the
    /// stations' median x, and the others.
    static func setups() throws -> (union: PointCloud, a: PointCloud, b: PointCloud) {
        try cache.value(0) { Result {
            let plan = try PlanFixtures.load("plain_bedroom")
            let union = try #require(try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 3).roomClouds.first?.cloud)
            let sensors = try #require(union.sensorOrigins), frames = try #require(union.frameIndex)
            let used = Set(frames).sorted().map { sensors[Int($0)].x }.sorted()
            let median = used[used.count / 2]
            var ia: [Int] = [], ib: [Int] = []
            for i in 0..<union.count { if sensors[Int(frames[i])].x < median { ia.append(i) } else { ib.append(i) } }
            return (union, union.subset(ia), union.subset(ib))
        } }.get()
    }
    private static let cache = Cache<Int, Result<(union: PointCloud, a: PointCloud, b: PointCloud), any Error>>()

    /// The build of `cloud` (y up).
    static func build(_ cloud: PointCloud) throws -> CapturedRoom {
        var o = RoomBuilder.Options()
        o.upAxis = .y
        return try RoomBuilder(options: o).build(cloud).room
    }

    /// The known motion applied to setup b in the unregistered tests: 37° about +y, (1.7, 0.3, -2.4) m.
    static let motion = RigidTransform(axis: SIMD3(0, 1, 0), angle: 37 * .pi / 180, translation: SIMD3(1.7, 0.3, -2.4))

    /// Largest distance, over the corners of `cloud`'s bounds, between where `a` and `b` put them, metres.
    static func displacement(_ a: RigidTransform, _ b: RigidTransform, over cloud: PointCloud) throws -> Double {
        let bounds = try #require(cloud.localBounds)
        var worst = 0.0
        for k in 0..<8 {
            let l = SIMD3<Double>(Double(k & 1 == 0 ? bounds.min.x : bounds.max.x), Double(k & 2 == 0 ? bounds.min.y : bounds.max.y),
                                  Double(k & 4 == 0 ? bounds.min.z : bounds.max.z))
            let p = cloud.origin + l
            worst = max(worst, length(a.apply(p) - b.apply(p)))
        }
        return worst
    }

    /// Registered setups (one frame): the fused cloud is the union's points, segmentation finds one room, and
    /// every wall of the fused build lies within 1 cm of the union's build.
    @Test func registeredSetupsFuseIntoOneRoom() throws {
        let (union, a, b) = try Self.setups()
        #expect(a.count > 10_000 && b.count > 10_000)
        var o = SetupFusion.Options()
        o.upAxis = .y
        let fused = try SetupFusion.fuse([.init(name: "a", cloud: a), .init(name: "b", cloud: b)], options: o)
        #expect(fused.cloud.count == union.count)
        #expect(fused.keepsSensors)
        #expect(fused.transforms == [.identity, .identity])
        print("setup overlap (registered): \(fused.overlaps)")
        var so = RoomSegmentation.Options()
        so.upAxis = .y
        let seg = try RoomSegmentation(options: so).segment(fused.cloud)
        #expect(seg.rooms.count <= 1, "fused setups segment into \(seg.rooms.count) rooms")
        let room = try Self.build(fused.cloud), reference = try Self.build(union)
        let deviation = try #require(InvarianceCases.wallDeviation(room, reference), "wall counts \(room.walls.count) vs \(reference.walls.count)")
        print("registered fusion: \(room.walls.count) walls, largest wall deviation from the union's build \(deviation * 1000) mm")
        #expect(deviation <= 0.01)
    }

    /// Setup b moved by a known yaw and translation: registration recovers the motion (under 0.2° and 1 cm
    /// anywhere in the room) and the fused build's walls lie within 1 cm of the union's build.
    @Test func unregisteredSetupIsRegisteredAndFused() throws {
        let (union, a, b) = try Self.setups()
        let moved = InvarianceCases.moved(b, by: Self.motion)
        var o = SetupFusion.Options()
        o.upAxis = .y
        o.register = true
        let fused = try SetupFusion.fuse([.init(name: "a", cloud: a), .init(name: "b", cloud: moved)], options: o)
        let t = fused.transforms[1]
        let (turn, _) = SetupRegistration.difference(t, Self.motion.inverse, at: .zero)
        let shift = try Self.displacement(t * Self.motion, .identity, over: b)
        let r = try #require(fused.registrations[1])
        let runnerUp = r.runnerUpInlierFraction.map { String(format: "%.3f", $0) } ?? "none"
        print(String(format: "overlap: setup on reference %.3f, reference on setup %.3f", r.setupOnReference, r.referenceOnSetup))
        print(String(format: "registration: rotation error %.4f°, largest displacement over the room %.2f mm, inliers %.3f, rms %.2f mm, %d hypotheses",
                     turn, shift * 1000, r.inlierFraction, r.rms * 1000, r.hypotheses) + ", runner-up \(runnerUp)")
        #expect(turn < 0.2)
        #expect(shift < 0.01)
        #expect(fused.cloud.count == union.count)
        let room = try Self.build(fused.cloud), reference = try Self.build(union)
        let deviation = try #require(InvarianceCases.wallDeviation(room, reference), "wall counts \(room.walls.count) vs \(reference.walls.count)")
        print("registered-by-ICP fusion: \(room.walls.count) walls, largest wall deviation from the union's build \(deviation * 1000) mm")
        #expect(deviation <= 0.01)
    }

    /// A setup of another room (the bathroom) cannot be registered onto the bedroom: the typed error names
    /// both setups and says what to try.
    @Test func differentRoomsAreRefused() throws {
        let (_, a, _) = try Self.setups()
        let plan = try PlanFixtures.load("small_bathroom")
        let other = try #require(try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 3).roomClouds.first?.cloud)
        var o = SetupFusion.Options()
        o.upAxis = .y
        o.register = true
        do {
            let f = try SetupFusion.fuse([.init(name: "bedroom.ply", cloud: a), .init(name: "bathroom.ply", cloud: other)], options: o)
            Issue.record("fused unrelated rooms: \(String(describing: f.registrations[1]))")
        } catch {
            print("different rooms: \(error)")
            guard case let .notRegistered(setup, reference, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(setup == "bathroom.ply" && reference == "bedroom.ply")
            #expect(error.description.contains("Give the setups' poses"))
        }
    }

    /// Real data (skipped without ../shared/data): PCL's room_scan1 moved by the known motion registers back
    /// onto itself; with room_scan2 present, the real pair registers (printed).
    @Test(.enabled(if: TestPaths.sharedData != nil)) func realRoomScan() throws {
        let dir = try #require(TestPaths.sharedData).appendingPathComponent("pcl-room")
        let scan1 = try PointCloudReader.read(contentsOf: dir.appendingPathComponent("room_scan1.pcd")).cloud
        var o = SetupFusion.Options()
        o.upAxis = .z
        o.register = true
        // z up: the motion is a turn about +z.
        let m = RigidTransform(axis: SIMD3(0, 0, 1), angle: 37 * .pi / 180, translation: SIMD3(1.7, -2.4, 0.3))
        let fused = try SetupFusion.fuse([.init(name: "room_scan1", cloud: scan1),
                                          .init(name: "moved", cloud: InvarianceCases.moved(scan1, by: m))], options: o)
        let (turn, _) = SetupRegistration.difference(fused.transforms[1], m.inverse, at: .zero)
        print(String(format: "room_scan1 onto itself: rotation error %.4f°, inliers %.3f", turn, fused.registrations[1]?.inlierFraction ?? 0))
        #expect(turn < 0.2)
        let url2 = dir.appendingPathComponent("room_scan2.pcd")
        guard FileManager.default.fileExists(atPath: url2.path) else { return }
        let scan2 = try PointCloudReader.read(contentsOf: url2).cloud
        do {
            let pair = try SetupFusion.fuse([.init(name: "room_scan1", cloud: scan1), .init(name: "room_scan2", cloud: scan2)], options: o)
            print("room_scan2 onto room_scan1: \(pair.transforms[1]), \(String(describing: pair.registrations[1]))")
        } catch {
            print("room_scan2 onto room_scan1: \(error)")
        }
    }
}
