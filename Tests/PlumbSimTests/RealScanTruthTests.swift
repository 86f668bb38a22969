import Foundation
import PlumbIO
import PlumbKernel
import Plumbline
import Testing
@testable import PlumbSim

/// Real-scan truth files and the scorer that measures builds of real scans against them: decoding both
/// layouts, typed errors, the model-to-scan frame mapping, oracle scores with known answers, and the
/// current builder's scores on the two real scans (skipped without ../shared/data).
@Suite("Real-scan truth")
struct RealScanTruthTests {
    // MARK: Fixtures

    /// A z-up truth like room_scan1's (flat layout), inline so the oracle tests run without shared data.
    static let roomJSON = """
        {"floor_z": -1.28, "ceiling_z": 1.66, "ceiling_height": 2.94, "uncertainty_m": 0.04,
         "rooms": [{"name": "room", "polygon_xy": [[-2.59, -1.47], [8.06, -1.47], [8.06, 3.10], [-2.59, 3.10]], "area_m2": 48.7}]}
        """

    static func roomTruth() throws -> RealScanTruth { try RealScanTruth.decode(Data(roomJSON.utf8)) }

    /// A model wall from scan-frame plan point `a` to `b`, from scan height `bottom` to `top`, written in
    /// the model frame of `frame` (as RoomBuilder would).
    static func wall(_ a: SIMD2<Double>, _ b: SIMD2<Double>, bottom: Double, top: Double, frame: RealScanFrame,
                     truth: RealScanTruth) -> CapturedRoom.Surface {
        let ma = frame.modelPoint(fromScan: truth.point(plan: a, height: bottom))
        let mb = frame.modelPoint(fromScan: truth.point(plan: b, height: bottom))
        let y0 = ma.y, y1 = frame.modelPoint(fromScan: truth.point(plan: a, height: top)).y
        let d = SIMD2(mb.x - ma.x, mb.z - ma.z)
        let l = (d * d).sum().squareRoot()
        let t = d / l
        let m = (ma + mb) / 2
        let transform = Transform4x4(
            xAxis: SIMD3(Float(t.x), 0, Float(t.y)), yAxis: SIMD3(0, 1, 0), zAxis: SIMD3(Float(-t.y), 0, Float(t.x)),
            translation: SIMD3(Float(m.x), Float((y0 + y1) / 2), Float(m.z)))
        return CapturedRoom.Surface(category: .wall, dimensions: SIMD3(Float(l), Float(y1 - y0), 0), transform: transform)
    }

    /// A model room whose floor is `polygon` (scan plan) at scan height `floor` with walls along its sides
    /// up to `floor + height`, in the model frame of `frame`.
    static func room(_ polygon: [SIMD2<Double>], floor: Double, height: Double, frame: RealScanFrame,
                     truth: RealScanTruth) -> CapturedRoom {
        let m = polygon.map { frame.modelPoint(fromScan: truth.point(plan: $0, height: floor)) }
        let f = TruthSurfaceBuilder.floor(polygon: m.map { SIMD2($0.x, $0.z) }, elevation: m[0].y, identifier: UUID(), story: 0)
        let walls = polygon.indices.map {
            wall(polygon[$0], polygon[($0 + 1) % polygon.count], bottom: floor, top: floor + height, frame: frame, truth: truth)
        }
        var r = CapturedRoom(walls: walls, floors: [f])
        if frame.modelOrigin != .zero {
            let o = frame.modelOrigin
            r.unknownFields["plumblineOrigin"] = .array([.number(o.x), .number(o.y), .number(o.z)])
        }
        return r
    }

    /// A synthetic z-up scan of the inline room: points every ~4 cm on the four walls (floor to ceiling)
    /// and a sparser floor, with ±1 cm noise (seeded).
    static func roomCloud(_ truth: RealScanTruth) throws -> PointCloud {
        var g = SeededGenerator(seed: 7)
        let p = truth.rooms[0].polygon
        var pts: [SIMD3<Double>] = []
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            let l = ((b - a) * (b - a)).sum().squareRoot()
            for _ in 0..<Int(l * 25 * 70) {
                let u = g.nextUnitDouble(), h = g.nextUnitDouble() * truth.ceilingHeight
                let q = a + (b - a) * u
                pts.append(SIMD3(q.x + 0.01 * (g.nextUnitDouble() * 2 - 1), q.y + 0.01 * (g.nextUnitDouble() * 2 - 1), truth.floorLevel + h))
            }
        }
        for _ in 0..<20_000 {
            pts.append(SIMD3(-2.59 + 10.65 * g.nextUnitDouble(), -1.47 + 4.57 * g.nextUnitDouble(), truth.floorLevel))
        }
        return try PointCloud(worldPoints: pts)
    }

    // MARK: Decoding

    @Test(.enabled(if: TestPaths.sharedData != nil)) func decodesTheRoomScanTruth() throws {
        let t = try RealScanTruth.load(contentsOf: TestPaths.sharedData!.appendingPathComponent("pcl-room/room_scan1.truth.json"))
        #expect(t.up == .z)
        #expect(t.floorLevel == -1.28)
        #expect(abs(t.ceilingHeight - 2.94) < 1e-9)
        #expect(t.rooms.count == 1 && t.rooms[0].isComplete && t.rooms[0].polygon.count == 4)
        #expect(abs(t.rooms[0].area - 48.67) < 0.01)
        #expect(t.walls.isEmpty && t.floorPlane == nil && t.uncertainty == 0.04 && t.roomsComplete)
    }

    @Test(.enabled(if: TestPaths.sharedData != nil)) func decodesTheCorridorTruth() throws {
        let t = try RealScanTruth.load(contentsOf: TestPaths.sharedData!.appendingPathComponent("realdata/3dtk_osnabrueck_corridor/truth.json"))
        #expect(t.up == .z)
        #expect(t.floorLevel == -0.362)
        #expect(t.ceilingHeight == 2.44)
        #expect(!t.roomsComplete && t.rooms.count == 1)
        #expect(abs(t.rooms[0].area - 19.95) < 0.01)
        #expect(t.walls.map(\.name) == ["south wall", "north partition line"])
        let f = try #require(t.floorPlane)
        #expect(abs((f.normal * f.normal).sum() - 1) < 1e-12)
        // The plane passes 0.4 mm from the stated floor level at plan (0, 0), and drops ~0.42 m by x = 8.5.
        #expect(abs(t.floorHeight(atPlan: .zero) - -0.362) < 0.001)
        #expect(abs(t.floorHeight(atPlan: SIMD2(8.5, 0)) - t.floorHeight(atPlan: .zero) + 0.425) < 0.005)
        #expect(t.uncertainty == 0.03)
        // Round trip through the planar layout the encoder writes.
        let again = try RealScanTruth.decode(JSONEncoder().encode(t))
        #expect(again == t)
    }

    @Test func encodesAndDecodesTheFlatLayoutToTheSameValue() throws {
        let t = try Self.roomTruth()
        #expect(try RealScanTruth.decode(JSONEncoder().encode(t)) == t)
        #expect(try JSONDecoder().decode(RealScanTruth.self, from: Data(Self.roomJSON.utf8)) == t)
    }

    @Test func brokenTruthFilesGiveErrorsNamingTheField() throws {
        func error(_ s: String) -> RealScanTruthError? {
            do { _ = try RealScanTruth.decode(Data(s.utf8)); return nil } catch { return error }
        }
        let rooms = #""rooms": [{"polygon_xy": [[0, 0], [4, 0], [4, 3], [0, 3]]}]"#
        #expect(error("{\"floor_z\": 0, \"ceiling_height\": 2.5, \(rooms)}") == .missingField("uncertainty_m | uncertainty"))
        #expect(error("{\"ceiling_height\": 2.5, \"uncertainty_m\": 0.03, \(rooms)}") == .missingField("floor | floor_z | floor_level | floor_plane"))
        #expect(error("{\"floor_z\": 0, \"uncertainty_m\": 0.03, \(rooms)}") == .missingField("ceiling_height | ceiling_z | ceiling_plane"))
        #expect(error(#"{"floor_z": 0, "ceiling_height": 2.5, "uncertainty_m": 0.03}"#) == .missingField("rooms"))
        #expect(error("{\"floor_z\": \"low\", \"ceiling_height\": 2.5, \"uncertainty_m\": 0.03, \(rooms)}") == .badField("floor_z", reason: "not a number"))
        #expect(error("{\"up\": \"x\", \"floor\": 0, \"ceiling_height\": 2.5, \"uncertainty_m\": 0.03, \(rooms)}") == .badField("up", reason: "'x' is not y or z"))
        #expect(error("[1, 2]") == .unreadable(detail: "the top level is not a JSON object"))
        if case .unreadable = error("{not json") {} else { Issue.record("malformed JSON must be unreadable") }
        // Inconsistent values.
        if case .badField("ceiling_height", _) = error("{\"floor_z\": 0, \"ceiling_z\": 3, \"ceiling_height\": 2.5, \"uncertainty_m\": 0.03, \(rooms)}") {} else {
            Issue.record("ceiling_z - floor_z must agree with ceiling_height")
        }
        let base = #""floor_z": 0, "ceiling_height": 2.5, "uncertainty_m": 0.03"#
        if case .badField("rooms[0].area_m2", _) = error("{\(base), \"rooms\": [{\"polygon_xy\": [[0, 0], [4, 0], [4, 3], [0, 3]], \"area_m2\": 15}]}") {} else {
            Issue.record("a declared area far from the polygon's must be rejected")
        }
        if case .badField("rooms[0].polygon_xy", _) = error("{\(base), \"rooms\": [{\"polygon_xy\": [[0, 0], [4, 3], [4, 0], [0, 3]]}]}") {} else {
            Issue.record("a self-crossing polygon must be rejected")
        }
        if case .badField("rooms[0].polygon_xy[1]", _) = error("{\(base), \"rooms\": [{\"polygon_xy\": [[0, 0], [4], [4, 3]]}]}") {} else {
            Issue.record("a vertex that is not a pair must be named")
        }
        if case .badField("rooms[0].plane_axes", _) = error("{\"up\": \"z\", \"floor\": 0, \"ceiling_height\": 2.5, \"uncertainty_m\": 0.03, \"rooms\": [{\"plane_axes\": \"x,z\", \"polygon\": [[0, 0], [4, 0], [4, 3]]}]}") {} else {
            Issue.record("plane axes that contradict the up axis must be rejected")
        }
        if case .badField("walls[0].normal", _) = error("{\(base), \(rooms), \"walls\": [{\"normal\": [0, 0, 1], \"point\": [0, 0, 0]}]}") {} else {
            Issue.record("a horizontal 'wall' plane must be rejected")
        }
        #expect(error("{\(base), \(rooms), \"walls\": [{\"normal\": [0, 1, 0]}]}") == .missingField("walls[0].point"))
    }

    // MARK: Frame mapping

    @Test func frameMappingUndoesTheBuildersTurnAndOrigin() {
        let o = SIMD3(1500.0, 2.0, -700.0)
        let f = RealScanFrame(up: .z, modelOrigin: o)
        let p = SIMD3(3.0, 4.0, 5.0)
        // RoomBuilder turns z-up input with (x, y, z) -> (x, z, -y) and subtracts the (turned) origin.
        let model = SIMD3(p.x, p.z, -p.y) - o
        #expect(f.modelPoint(fromScan: p) == model)
        #expect(f.scanPoint(fromModel: model) == p)
        #expect(f.scanDirection(fromModel: SIMD3(0, 1, 0)) == SIMD3(0, 0, 1))
        let y = RealScanFrame(up: .y, modelOrigin: o)
        #expect(y.scanPoint(fromModel: p) == p + o)
    }

    /// A simulated room turned z-up and moved 2 km away, built by RoomBuilder with up axis z (so the model
    /// carries `plumblineOrigin`), maps back onto the plan: the frame mapping is that of the builder.
    @Test func builtZUpModelMapsOntoTheScanFrame() throws {
        let plan = try PlanFixtures.load("small_bathroom")
        let scan = try ScanSimulator(plan: plan).simulate(preset: .clean, seed: 1)
        let yUp = scan.roomClouds[0].cloud
        var zUp = yUp
        zUp.normals = nil
        let shift = SIMD3(2000.0, -1500.0, 0)
        zUp.origin = SIMD3(yUp.origin.x, -yUp.origin.z, yUp.origin.y) + shift
        zUp.y = yUp.z.map { -$0 }
        zUp.z = yUp.y
        var options = RoomBuilder.Options()
        options.upAxis = .z
        let built = try RoomBuilder(options: options).build(zUp)
        #expect(built.room.unknownFields["plumblineOrigin"] != nil)
        let room = plan.rooms[0]
        let floor = room.floorElevation ?? plan.storeys[0].floorElevation
        let truth = RealScanTruth(up: .z, floorLevel: floor, ceilingHeight: room.ceilingHeight ?? plan.storeys[0].ceilingHeight,
                                  rooms: [.init(name: "bathroom", polygon: room.polygon.map { SIMD2($0.x, -$0.y) + SIMD2(shift.x, shift.y) })],
                                  uncertainty: 0.01)
        let s = try RealScanEvaluation.score(room: built.room, truth: truth, cloud: zUp)
        #expect(s.floor.iou > 0.95, "IoU \(s.floor.iou)")
        #expect(abs(try #require(s.floorLevelError)) < 0.03)
        #expect(abs(try #require(s.ceilingHeightError)) < 0.05)
        #expect(s.inventedWalls == 0, "\(s.text)")
        #expect(s.truthWalls.allSatisfy { !$0.isMissing && abs($0.distance!) < 0.03 }, "\(s.text)")
    }

    // MARK: Oracle scores

    @Test func theTruthAsModelScoresPerfectly() throws {
        let t = try Self.roomTruth()
        let frame = RealScanFrame(up: .z)
        let m = Self.room(t.rooms[0].polygon, floor: t.floorLevel, height: t.ceilingHeight, frame: frame, truth: t)
        let s = try RealScanEvaluation.score(room: m, truth: t, cloud: try Self.roomCloud(t))
        #expect(abs(s.floor.iou - 1) < 1e-5)
        #expect(abs(s.floor.areaError) < 1e-3)
        #expect(abs(try #require(s.floorLevelError)) < 1e-5)
        #expect(abs(try #require(s.ceilingHeightError)) < 1e-5)
        #expect(!s.floor.clipped)
        #expect(s.truthWalls.count == 4 && s.truthWalls.allSatisfy { !$0.isMissing && abs($0.distance!) < 1e-5 })
        #expect(s.inventedWalls == 0)
        #expect(try #require(s.minimumWallSupport) > 0.98, "\(s.text)")
        // The same room 9 km away: the model is written relative to plumblineOrigin (as RoomBuilder does past
        // 1 km), in small Float coordinates, and scores the same.
        let far = RealScanFrame(up: .z, modelOrigin: SIMD3(5000, 3, -8000))
        let shift = far.scanPoint(fromModel: .zero)
        var t2 = t
        t2.floorLevel += shift.z
        t2.rooms[0].polygon = t.rooms[0].polygon.map { $0 + SIMD2(shift.x, shift.y) }
        let m2 = Self.room(t2.rooms[0].polygon, floor: t2.floorLevel, height: t.ceilingHeight, frame: far, truth: t2)
        #expect(m2.walls.allSatisfy { abs($0.transform.translation.x) < 20 && abs($0.transform.translation.z) < 20 })
        let s2 = try RealScanEvaluation.score(room: m2, truth: t2, cloud: nil)
        #expect(abs(s2.floor.iou - 1) < 1e-5)
        #expect(abs(try #require(s2.floorLevelError)) < 1e-5)
        #expect(s2.modelOrigin == far.modelOrigin)
        #expect(s2.inventedWalls == nil && s2.walls.allSatisfy { $0.support == nil })
    }

    @Test func aModelShiftedAlongXScoresTheAnalyticIoU() throws {
        let t = try Self.roomTruth()
        let shifted = t.rooms[0].polygon.map { $0 + SIMD2(0.3, 0) }
        let m = Self.room(shifted, floor: t.floorLevel + 0.02, height: t.ceilingHeight, frame: RealScanFrame(up: .z), truth: t)
        let s = try RealScanEvaluation.score(room: m, truth: t, cloud: try Self.roomCloud(t))
        // Overlap (10.65 - 0.3) x 4.57 over union (10.65 + 0.3) x 4.57.
        #expect(abs(s.floor.iou - 10.35 / 10.95) < 1e-5, "IoU \(s.floor.iou)")
        #expect(abs(s.floor.areaError) < 1e-3)
        #expect(abs(try #require(s.floorLevelError) - 0.02) < 1e-5)
        // East and west walls 0.3 m off (east outside: +0.3, west inside: -0.3), north and south on the truth.
        let d = Dictionary(uniqueKeysWithValues: s.truthWalls.map { ($0.name.prefix(11), $0.distance ?? .nan) })
        #expect(abs(d["room side 1"]! - 0.3) < 1e-4 && abs(d["room side 3"]! + 0.3) < 1e-4, "\(d)")
        #expect(abs(d["room side 0"]!) < 1e-4 && abs(d["room side 2"]!) < 1e-4, "\(d)")
        // The two moved walls have no scan points within 5 cm: invented.
        #expect(s.inventedWalls == 2, "\(s.text)")
    }

    @Test func aRigidMotionOfModelCloudAndTruthChangesNoScore() throws {
        let t = try Self.roomTruth()
        let frame = RealScanFrame(up: .z)
        // A model with one wall 0.2 m inside, so the scores are not all trivially perfect.
        var poly = t.rooms[0].polygon
        poly[1].x -= 0.2
        poly[2].x -= 0.2
        let m = Self.room(poly, floor: t.floorLevel, height: t.ceilingHeight - 0.05, frame: frame, truth: t)
        let cloud = try Self.roomCloud(t)
        let s = try RealScanEvaluation.score(room: m, truth: t, cloud: cloud)

        let motion = RigidTransform(axis: SIMD3(0, 0, 1), angle: 0.7, translation: SIMD3(3, -2, 0.5))
        var moved = t
        moved.floorLevel += 0.5
        moved.rooms[0].polygon = t.rooms[0].polygon.map { let p = motion.apply(SIMD3($0.x, $0.y, 0)); return SIMD2(p.x, p.y) }
        // The same motion in the model frame: columns are the turned images of the model axes.
        func modelImage(_ v: SIMD3<Double>) -> SIMD3<Double> {
            frame.modelPoint(fromScan: motion.applyToDirection(frame.scanDirection(fromModel: v)))
        }
        let cx = modelImage(SIMD3(1, 0, 0)), cy = modelImage(SIMD3(0, 1, 0)), cz = modelImage(SIMD3(0, 0, 1))
        let tr = frame.modelPoint(fromScan: motion.translation)
        let mm = Transform4x4(xAxis: SIMD3<Float>(cx), yAxis: SIMD3<Float>(cy), zAxis: SIMD3<Float>(cz), translation: SIMD3<Float>(tr))
        let movedModel = m.transformed(by: mm)
        let movedCloud = try PointCloud(worldPoints: (0..<cloud.count).map { motion.apply(cloud.worldPoint($0)) })
        let s2 = try RealScanEvaluation.score(room: movedModel, truth: moved, cloud: movedCloud)
        #expect(abs(s.floor.iou - s2.floor.iou) < 1e-5, "\(s.floor.iou) vs \(s2.floor.iou)")
        #expect(abs(s.floor.areaError - s2.floor.areaError) < 1e-3)
        #expect(abs(s.floorLevelError! - s2.floorLevelError!) < 1e-5)
        #expect(abs(s.ceilingHeightError! - s2.ceilingHeightError!) < 1e-5)
        #expect(s.inventedWalls == s2.inventedWalls)
        for (a, b) in zip(s.walls, s2.walls) { #expect(abs(a.support! - b.support!) <= 0.02, "\(a.support!) vs \(b.support!)") }
        for (a, b) in zip(s.truthWalls, s2.truthWalls) { #expect(abs(a.distance! - b.distance!) < 1e-4) }
        // Model and cloud moved, truth left: the support does not depend on the truth's placement.
        let s3 = try RealScanEvaluation.score(room: movedModel, truth: t, cloud: movedCloud)
        for (a, b) in zip(s.walls, s3.walls) { #expect(abs(a.support! - b.support!) <= 0.02) }
        #expect(s3.floor.iou < s.floor.iou - 0.1)
    }

    @Test func supportIsTheFractionOfTheWallWithPointsBesideIt() throws {
        let t = try Self.roomTruth()
        var g = SeededGenerator(seed: 3)
        // Points on the first 60 % of a 5 m stretch of the south wall only.
        var pts: [SIMD3<Double>] = []
        for _ in 0..<30_000 {
            pts.append(SIMD3(-2.0 + 3.0 * g.nextUnitDouble(), -1.47 + 0.02 * (g.nextUnitDouble() - 0.5), -1.28 + 2.94 * g.nextUnitDouble()))
        }
        let cloud = try PointCloud(worldPoints: pts)
        let frame = RealScanFrame(up: .z)
        let w = Self.wall(SIMD2(-2.0, -1.47), SIMD2(3.0, -1.47), bottom: -1.28, top: 1.66, frame: frame, truth: t)
        let inside = Self.wall(SIMD2(-2.0, -1.40), SIMD2(3.0, -1.40), bottom: -1.28, top: 1.66, frame: frame, truth: t)
        let s = try RealScanEvaluation.score(room: CapturedRoom(walls: [w, inside]), truth: t, cloud: cloud)
        #expect(s.walls[0].samples == 100)
        // 60 stations lie on the points; the 61st (1.00-1.05 m) looks 5 cm back and sees them too.
        #expect(abs(s.walls[0].support! - 0.61) <= 0.005, "\(s.walls[0].support!)")
        #expect(s.walls[1].support == 0, "7 cm off the points: \(s.walls[1].support!)")
        #expect(s.inventedWalls == 1)
    }

    @Test func unusableInputsGiveTypedErrors() throws {
        let t = try Self.roomTruth()
        func error(_ room: CapturedRoom, _ o: RealScanEvaluation.Options = .init()) -> RealScanEvaluationError? {
            do { _ = try RealScanEvaluation.score(room: room, truth: t, cloud: nil, options: o); return nil } catch { return error }
        }
        let frame = RealScanFrame(up: .z)
        let good = Self.room(t.rooms[0].polygon, floor: t.floorLevel, height: t.ceilingHeight, frame: frame, truth: t)
        #expect(error(good) == nil)
        var huge = good
        huge.walls[0].dimensions.x = 1e9
        // Refused by the model gate (sizes < 1 km) before the station limit is reached.
        if case .invalidModel(.invalidModel(.outOfRange(_, "dimensions.x", _, _))) = error(huge) {} else {
            Issue.record("a 1000 km wall must be refused: \(String(describing: error(huge)))")
        }
        var origin = good
        origin.unknownFields["plumblineOrigin"] = .string("here")
        #expect(error(origin) == .badModelOrigin("not an array of 3 numbers"))
        var o = RealScanEvaluation.Options()
        o.sampleSpacing = 0
        if case .invalidOptions = error(good, o) {} else { Issue.record("zero spacing must be rejected") }
        var bad = t
        bad.rooms[0].polygon = [SIMD2(0, 0), SIMD2(1, 0)]
        do { _ = try RealScanEvaluation.score(room: good, truth: bad, cloud: nil); Issue.record("a 2-vertex room must be rejected") } catch {
            if case .invalidTruth(.badField("rooms[0].polygon", _)) = error {} else { Issue.record("\(error)") }
        }
    }

    // MARK: Real scans (shared data)

    @Test(.enabled(if: TestPaths.sharedData != nil)) func eastWallOfRoomScan1IsSupportedOnlyWhereItIs() throws {
        let dir = TestPaths.sharedData!.appendingPathComponent("pcl-room")
        let t = try RealScanTruth.load(contentsOf: dir.appendingPathComponent("room_scan1.truth.json"))
        let cloud = try PointCloudReader.read(contentsOf: dir.appendingPathComponent("room_scan1.pcd")).cloud
        let frame = RealScanFrame(up: .z)
        let top = t.floorLevel + t.ceilingHeight
        let onWall = Self.wall(SIMD2(8.06, -1.47), SIMD2(8.06, 3.10), bottom: t.floorLevel, top: top, frame: frame, truth: t)
        let inside = Self.wall(SIMD2(7.56, -1.47), SIMD2(7.56, 3.10), bottom: t.floorLevel, top: top, frame: frame, truth: t)
        let s = try RealScanEvaluation.score(room: CapturedRoom(walls: [onWall, inside]), truth: t, cloud: cloud)
        // Measured at ad32813: 0.527 on the wall, 0.044 half a metre inside. The wall is 8 m from the scanner:
        // 278 points in the band, in columns ~10 cm apart, none over y 0.5-1.25 m (a window), so even the
        // true wall is barely above the 50 % invention line.
        #expect(s.walls[0].support! > 0.5, "\(s.text)")
        #expect(s.walls[1].support! < 0.1, "\(s.text)")
        #expect(s.walls[0].support! > 5 * s.walls[1].support!)
    }

    @Test(.enabled(if: TestPaths.sharedData != nil)) func currentBuilderOnRoomScan1() throws {
        let dir = TestPaths.sharedData!.appendingPathComponent("pcl-room")
        let t = try RealScanTruth.load(contentsOf: dir.appendingPathComponent("room_scan1.truth.json"))
        let cloud = try PointCloudReader.read(contentsOf: dir.appendingPathComponent("room_scan1.pcd")).cloud
        let built = try RoomBuilder().build(cloud)
        #expect(built.upAxis == .z)
        let s = try RealScanEvaluation.score(room: built.room, truth: t, cloud: cloud)
        // Recorded at ad32813: IoU 0.624 (the east wall is placed ~4 m inside, slanted), floor +0.008 m,
        // ceiling 0.000 m, 4 walls of which the slanted one standing in for the east wall has 5.4 % support, west/north/south within 5 cm.
        #expect(s.floor.iou > 0.55, "\(s.text)")
        #expect(abs(s.floorLevelError!) < 0.04 && abs(s.ceilingHeightError!) < 0.04, "\(s.text)")
        withKnownIssue("RoomBuilder puts room_scan1's east wall ~4 m inside the room (furniture hides its lower part): floor IoU 0.56") {
            #expect(s.floor.iou >= 0.95)
        }
        withKnownIssue("the slanted east wall the builder invents has 5.4 % support") {
            #expect(s.walls.allSatisfy { $0.support! >= 0.5 }, "\(s.walls.map(\.support))")
        }
        withKnownIssue("room_scan1's east wall (x = 8.06) has no model wall") {
            #expect(s.truthWalls.allSatisfy { !$0.isMissing })
        }
        // The other three walls are found within 5 cm.
        #expect(s.truthWalls.filter { !$0.isMissing }.count >= 3)
        #expect(s.truthWalls.compactMap(\.distance).allSatisfy { abs($0) < 0.06 }, "\(s.text)")
    }

    /// The corridor: 244k points reaching 65 m through the atrium glass, so the cloud is cropped to a 30 m
    /// square centred on the three scanner positions (RoomBuilder refuses spans over 40 m), then built with
    /// up axis z.
    @Test(.enabled(if: TestPaths.sharedData != nil)) func currentBuilderOnTheCorridor() throws {
        let dir = TestPaths.sharedData!.appendingPathComponent("realdata/3dtk_osnabrueck_corridor")
        let t = try RealScanTruth.load(contentsOf: dir.appendingPathComponent("truth.json"))
        let full = try PointCloudReader.read(contentsOf: dir.appendingPathComponent("cloud.ply")).cloud
        let cloud = try Self.cropToSensors(full, sensors: dir.appendingPathComponent("sensors.json"), halfWidth: 15)
        var options = RoomBuilder.Options()
        options.upAxis = .z
        let built = try RoomBuilder(options: options).build(cloud)
        let s = try RealScanEvaluation.score(room: built.room, truth: t, cloud: full)
        #expect(s.floor.clipped)
        let south = try #require(s.truthWalls.first { $0.name == "south wall" })
        let north = try #require(s.truthWalls.first { $0.name == "north partition line" })
        // Recorded at ad32813: north -0.012 m, south -0.038 m, IoU 0.244 (the room closed at x ~ 3 m), floor
        // -0.350 m (the cloud is tilted 3.1° and the builder's floor was level). Since the build levels a tilted
        // scan (GravityLevel): north +0.022 m, south -0.004 m, IoU 0.905, floor -0.004 m, ceiling -0.036 m.
        #expect(abs(try #require(north.distance)) <= 0.03, "\(s.text)")
        #expect(abs(try #require(south.distance)) <= 0.03, "\(s.text)")
        #expect(s.floor.iou >= 0.85, "\(s.text)")
        #expect(abs(try #require(s.floorLevelError)) <= 0.03, "\(s.text)")
        #expect(abs(try #require(s.ceilingHeightError)) <= 0.06, "\(s.text)")
        #expect(built.tiltDegrees > 2.5 && built.tiltDegrees < 3.5, "tilt read as \(built.tiltDegrees)°")
        withKnownIssue("the corridor's open ends (unseen beyond the scans' reach, not walls) are closed by invented walls") {
            #expect(s.inventedWalls == 0)
        }
        // Automatic detection picks y on this cropped corridor (the walls outweigh floor and ceiling).
        let auto = try RoomBuilder().build(cloud)
        withKnownIssue("up-axis detection picks y on the 3DTK corridor") {
            #expect(auto.upAxis == .z)
        }
    }

    /// The points within `halfWidth` metres (plan, each axis) of the mean scanner position of `sensors.json`.
    static func cropToSensors(_ cloud: PointCloud, sensors: URL, halfWidth: Double) throws -> PointCloud {
        struct Sensors: Decodable { var positions: [[Double]] }
        let s = try JSONDecoder().decode(Sensors.self, from: Data(contentsOf: sensors))
        let c = s.positions.reduce(SIMD2<Double>.zero) { $0 + SIMD2($1[0], $1[1]) } / Double(s.positions.count)
        let keep = (0..<cloud.count).filter {
            let p = cloud.worldPoint($0)
            return abs(p.x - c.x) <= halfWidth && abs(p.y - c.y) <= halfWidth
        }
        return cloud.subset(keep)
    }
}
