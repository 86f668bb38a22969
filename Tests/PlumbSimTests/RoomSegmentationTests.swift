import Foundation
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// Room segmentation of one cloud (``RoomSegmentation``): rooms apart by walls and by passages without lintel,
/// one room left whole, invariance under a rigid motion, determinism, typed errors, and a generated plan
/// scanned into one cloud.
@Suite struct RoomSegmentationTests {
    /// An axis-aligned box room's inner extent in plan (x, z), metres.
    struct Box { var x0, z0, x1, z1: Double }

    /// A hole through a wall whose faces stand at `x0` and `x1`, between `z0` and `z1`, from the floor up to
    /// `head` (the ceiling height for a passage without lintel).
    struct Hole { var x0: Double, x1: Double, z0: Double, z1: Double, head: Double }

    /// A clean synthetic scan of box rooms 2.5 m tall: floor, ceiling and inner wall faces sampled every
    /// `spacing` metres with 3 mm of seeded jitter, minus `holes`; a hole's jambs and, under a lintel, its
    /// head are sampled across the wall's thickness.
    static func cloud(rooms: [Box], holes: [Hole], spacing: Double = 0.03) -> [SIMD3<Double>] {
        let height = 2.5
        var g = SeededGenerator(seed: 0x5E6)
        var points: [SIMD3<Double>] = []
        func add(_ p: SIMD3<Double>) {
            points.append(p + SIMD3(g.nextUnitDouble() - 0.5, g.nextUnitDouble() - 0.5, g.nextUnitDouble() - 0.5) * 0.006)
        }
        func inHole(x: Double, z: Double, y: Double) -> Bool {
            holes.contains { (abs($0.x0 - x) < 1e-9 || abs($0.x1 - x) < 1e-9) && z > $0.z0 && z < $0.z1 && y < $0.head }
        }
        func steps(_ a: Double, _ b: Double) -> [Double] {
            let n = Swift.max(1, Int(((b - a) / spacing).rounded()))
            return (0...n).map { a + (b - a) * Double($0) / Double(n) }
        }
        for r in rooms {
            for x in steps(r.x0, r.x1) {
                for z in steps(r.z0, r.z1) {
                    add(SIMD3(x, 0, z))
                    add(SIMD3(x, height, z))
                }
            }
            for y in steps(0, height) {
                for x in steps(r.x0, r.x1) {
                    add(SIMD3(x, y, r.z0))
                    add(SIMD3(x, y, r.z1))
                }
                for z in steps(r.z0, r.z1) {
                    for x in [r.x0, r.x1] where !inHole(x: x, z: z, y: y) { add(SIMD3(x, y, z)) }
                }
            }
        }
        for h in holes {
            for x in steps(h.x0, h.x1) {
                for z in steps(h.z0, h.z1) { add(SIMD3(x, 0, z)) }
                for y in steps(0, h.head) {
                    add(SIMD3(x, y, h.z0))
                    add(SIMD3(x, y, h.z1))
                }
                if h.head < height {
                    for z in steps(h.z0, h.z1) {
                        add(SIMD3(x, h.head, z))
                        for y in steps(h.head, height) where x == h.x0 || x == h.x1 { add(SIMD3(x, y, z)) }
                    }
                } else {
                    for z in steps(h.z0, h.z1) { add(SIMD3(x, height, z)) }
                }
            }
        }
        return points
    }

    /// Two 4 m x 3 m rooms side by side, a 15 cm wall between them with a 0.9 m hole from the floor up to
    /// `head` (2.5 m: a passage without lintel).
    static func twoRooms(head: Double) throws -> PointCloud {
        let a = Box(x0: 0, z0: 0, x1: 4, z1: 3), b = Box(x0: 4.15, z0: 0, x1: 8.15, z1: 3)
        let hole = [Hole(x0: 4, x1: 4.15, z0: 1.0, z1: 1.9, head: head)]
        return try PointCloud(worldPoints: cloud(rooms: [a, b], holes: hole))
    }

    static func options() -> RoomSegmentation.Options {
        var o = RoomSegmentation.Options()
        o.upAxis = .y
        return o
    }

    /// A passage without lintel, 0.9 m wide, does not join two rooms: the free space is eroded at the
    /// passage's throat and grown back from the two rooms.
    @Test func passageWithoutLintelSplitsTwoRooms() throws {
        let seg = try RoomSegmentation(options: Self.options()).segment(Self.twoRooms(head: 2.5))
        #expect(seg.rooms.count == 2)
        #expect(seg.storeys.count == 1)
        for r in seg.rooms { #expect(abs(r.area - 12) < 1.2, "area \(r.area) m²") }
    }

    /// A doorway under a lintel splits by wall evidence alone.
    @Test func doorwayWithLintelSplitsTwoRooms() throws {
        let seg = try RoomSegmentation(options: Self.options()).segment(Self.twoRooms(head: 2.05))
        #expect(seg.rooms.count == 2)
    }

    /// One room, with a doorway to nothing, stays one room holding its points.
    @Test func singleRoomIsNotSplit() throws {
        let room = Box(x0: 0, z0: 0, x1: 5, z1: 4)
        let cloud = try PointCloud(worldPoints: Self.cloud(rooms: [room], holes: [Hole(x0: 5, x1: 5.15, z0: 1.5, z1: 2.4, head: 2.05)]))
        let seg = try RoomSegmentation(options: Self.options()).segment(cloud)
        #expect(seg.rooms.count == 1)
        // All but the doorway's jambs and threshold beyond the wall margin.
        #expect(seg.rooms.first?.pointIndices.count ?? 0 >= cloud.count * 97 / 100)
    }

    /// A rigid motion of the cloud (yaw 30°, a shift) moves the segmentation: same rooms, same areas within
    /// the raster's tolerance.
    @Test func rigidMotionMovesTheSegmentation() throws {
        let cloud = try Self.twoRooms(head: 2.5)
        let motion = RigidTransform(axis: SIMD3(0, 1, 0), angle: 30 * .pi / 180, translation: SIMD3(12.3, 0.4, -7.1))
        let moved = try PointCloud(worldPoints: (0..<cloud.count).map { motion.apply(cloud.worldPoint($0)) })
        let a = try RoomSegmentation(options: Self.options()).segment(cloud)
        let b = try RoomSegmentation(options: Self.options()).segment(moved)
        #expect(a.rooms.count == b.rooms.count)
        let areasA = a.rooms.map(\.area).sorted(), areasB = b.rooms.map(\.area).sorted()
        for (x, y) in zip(areasA, areasB) { #expect(abs(x - y) / x < 0.05, "areas \(areasA) vs \(areasB)") }
    }

    /// The same cloud twice gives the same structure JSON, byte for byte, and the rooms' identifiers differ.
    @Test func sameCloudSameBytes() throws {
        let cloud = try Self.twoRooms(head: 2.05)
        let first = try RoomSegmentation(options: Self.options()).build(cloud)
        let second = try RoomSegmentation(options: Self.options()).build(cloud)
        #expect(first.structure.structure.rooms.count == 2)
        #expect(try RoomPlanJSON.encode(first.structure.structure) == RoomPlanJSON.encode(second.structure.structure))
        let ids = first.structure.structure.rooms.map(\.identifier)
        #expect(Set(ids).count == ids.count)
    }

    /// A generated two-room plan (seed 2026, plan 5) scanned with the phone preset, its rooms' clouds merged
    /// into one: both rooms are found (rooms F1 1) and each floor is within IoU 0.85 of the truth, with and
    /// without sensor positions.
    @Test(arguments: [true, false])
    func generatedPlanInOneCloud(sensors: Bool) {
        var o = RandomEvaluation.Options()
        o.kind = .multiRoom
        o.seed = 2026
        o.count = 6
        o.only = [5]
        o.oneCloud = true
        o.keepsSensorPositions = sensors
        let report = RandomEvaluation.run(o)
        #expect(report.rooms.count == 2)
        #expect(report.summary.structureRooms.recall == 1, "\(report.summary.structureRooms)")
        // From the wall-line gap cuts (seg2) until jambs had to reach the ceiling (segp2) a wall-line gap cut
        // this plan's room in two: one false room (precision 0.67) and, without sensor positions, floor IoU 0.574.
        #expect(report.summary.structureRooms.precision == 1, "\(report.summary.structureRooms)")
        for r in report.rooms { #expect(r.floorIoU >= 0.85, "\(r.roomID): floor IoU \(r.floorIoU) \(r.refusal ?? "")") }
    }

    /// A room joined to another by a 2 m opening without lintel (jambs 1 m long on either side), and a
    /// hallway 1.2 m wide behind a doorway under a lintel: three rooms, each of its own area. Erosion at half
    /// the 1 m passage width cannot cut a 2 m opening; the gap between the two jambs of the wall line does.
    @Test func wideOpeningWithoutLintelSplitsAndHallwayStays() throws {
        let living = Box(x0: 0, z0: 0, x1: 4, z1: 4), kitchen = Box(x0: 4.15, z0: 0, x1: 7.15, z1: 4)
        let hall = Box(x0: 7.3, z0: 0, x1: 8.5, z1: 4)
        let holes = [Hole(x0: 4, x1: 4.15, z0: 1, z1: 3, head: 2.5), Hole(x0: 7.15, x1: 7.3, z0: 1.5, z1: 2.4, head: 2.05)]
        let cloud = try PointCloud(worldPoints: Self.cloud(rooms: [living, kitchen, hall], holes: holes))
        let seg = try RoomSegmentation(options: Self.options()).segment(cloud)
        #expect(seg.rooms.count == 3, "\(seg.rooms.map(\.area))")
        // Centres are relative to the cloud's origin: compare their spacing. Free space stops a cell short of
        // every wall face, so a narrow room loses a larger share of its area.
        let byX = seg.rooms.sorted { $0.centre.x < $1.centre.x }
        for (room, (truth, x)) in zip(byX, [(16.0, 2.0), (12.0, 5.65), (4.8, 7.9)]) {
            #expect(abs(room.area - truth) < Swift.max(0.15 * truth, 1.0), "area \(room.area) m² vs \(truth)")
            if let first = byX.first { #expect(abs(room.centre.x - first.centre.x + 2.0 - x) < 0.3, "centre \(room.centre) vs x \(x)") }
        }
    }

    /// The three rooms of ``wideOpeningWithoutLintelSplitsAndHallwayStays()`` turned about the vertical by
    /// 30° (and shifted): the raster is turned to the walls' direction, so the 2 m opening without lintel is
    /// cut as in the axis-aligned cloud (erosion alone cannot cut it): the same room count, areas within 5 %.
    @Test(arguments: [30.0, -12.5])
    func turnedPlanGivesTheSameRooms(degrees: Double) throws {
        let living = Box(x0: 0, z0: 0, x1: 4, z1: 4), kitchen = Box(x0: 4.15, z0: 0, x1: 7.15, z1: 4)
        let hall = Box(x0: 7.3, z0: 0, x1: 8.5, z1: 4)
        let holes = [Hole(x0: 4, x1: 4.15, z0: 1, z1: 3, head: 2.5), Hole(x0: 7.15, x1: 7.3, z0: 1.5, z1: 2.4, head: 2.05)]
        let points = Self.cloud(rooms: [living, kitchen, hall], holes: holes)
        let motion = RigidTransform(axis: SIMD3(0, 1, 0), angle: degrees * .pi / 180, translation: SIMD3(-3.7, 0.2, 21.4))
        let straight = try RoomSegmentation(options: Self.options()).segment(PointCloud(worldPoints: points))
        let turned = try RoomSegmentation(options: Self.options()).segment(PointCloud(worldPoints: points.map { motion.apply($0) }))
        #expect(straight.rooms.count == 3)
        #expect(turned.rooms.count == straight.rooms.count, "\(turned.rooms.map(\.area)) vs \(straight.rooms.map(\.area))")
        let a = straight.rooms.map(\.area).sorted(), b = turned.rooms.map(\.area).sorted()
        for (x, y) in zip(a, b) { #expect(abs(x - y) / x < 0.05, "areas \(a) vs \(b)") }
        // Every room keeps its points: the turned cloud's rooms hold the same point counts within 5 %.
        let pa = straight.rooms.map(\.pointIndices.count).sorted(), pb = turned.rooms.map(\.pointIndices.count).sorted()
        for (x, y) in zip(pa, pb) { #expect(abs(Double(x - y)) / Double(x) < 0.05, "points \(pa) vs \(pb)") }
    }

    /// A cloud tilted off gravity (2.4° about a horizontal axis, as a registration without its inclinometer
    /// leaves it) is levelled before storeys and rooms are found: the tilt is read within 0.1° and the same
    /// three rooms come out, with the same areas and points within 5 %.
    @Test func tiltedCloudGivesTheSameRooms() throws {
        let living = Box(x0: 0, z0: 0, x1: 4, z1: 4), kitchen = Box(x0: 4.15, z0: 0, x1: 7.15, z1: 4)
        let hall = Box(x0: 7.3, z0: 0, x1: 8.5, z1: 4)
        let holes = [Hole(x0: 4, x1: 4.15, z0: 1, z1: 3, head: 2.5), Hole(x0: 7.15, x1: 7.3, z0: 1.5, z1: 2.4, head: 2.05)]
        let points = Self.cloud(rooms: [living, kitchen, hall], holes: holes)
        let tilt = RigidTransform(axis: SIMD3(0.8, 0, 0.6), angle: 2.4 * .pi / 180, translation: SIMD3(1.2, -0.4, 3.3))
        let level = try RoomSegmentation(options: Self.options()).segment(PointCloud(worldPoints: points))
        let tilted = try RoomSegmentation(options: Self.options()).segment(PointCloud(worldPoints: points.map { tilt.apply($0) }))
        #expect(level.levelling == nil)
        let read = try #require(tilted.levelling)
        #expect(abs(acos(read.column1.y) * 180 / .pi - 2.4) <= 0.1, "tilt read as \(acos(read.column1.y) * 180 / .pi)°")
        #expect(tilted.rooms.count == level.rooms.count && level.rooms.count == 3, "\(tilted.rooms.map(\.area)) vs \(level.rooms.map(\.area))")
        let a = level.rooms.map(\.area).sorted(), b = tilted.rooms.map(\.area).sorted()
        for (x, y) in zip(a, b) { #expect(abs(x - y) / x < 0.05, "areas \(a) vs \(b)") }
        let pa = level.rooms.map(\.pointIndices.count).sorted(), pb = tilted.rooms.map(\.pointIndices.count).sorted()
        for (x, y) in zip(pa, pb) { #expect(abs(Double(x - y)) / Double(x) < 0.05, "points \(pa) vs \(pb)") }
    }

    /// A generated apartment (seed 2026, plan 6: hallway, kitchen open to the living room by a wide
    /// opening, bathroom) scanned into one cloud: all four rooms are found (rooms F1 1, where the erosion
    /// split alone missed the hallway), each floor within IoU 0.7 of the truth.
    @Test func generatedApartmentWithOpenKitchen() {
        var o = RandomEvaluation.Options()
        o.kind = .multiRoom
        o.seed = 2026
        o.count = 7
        o.only = [6]
        o.oneCloud = true
        let report = RandomEvaluation.run(o)
        #expect(report.rooms.count == 4)
        #expect(report.summary.structureRooms.f1 == 1, "\(report.summary.structureRooms)")
        for r in report.rooms { #expect(r.floorIoU >= 0.7, "\(r.roomID): floor IoU \(r.floorIoU) \(r.refusal ?? "")") }
    }

    /// A generated apartment whose hallway has several doors, one of them with its leaf open into the hallway
    /// (`plan` of seed 2026), scanned into one cloud: the hallway stays one room (rooms F1 1) and its floor is
    /// within IoU 0.9 of the truth. The open leaf is thin, stands clear of the walls on both sides and is
    /// tall (a tall run of points), so it looked like the end of a wall between two rooms, and the hallway
    /// was cut across from its edge (before: a false room and the hallway's floor IoU 0.5-0.7); a jamb must
    /// now reach the ceiling within a doorway's width, which a door leaf does not.
    @Test(arguments: [16, 20, 39])
    func hallwayWithAnOpenDoorLeafStaysOneRoom(plan: Int) throws {
        let g = RandomPlanGenerator.plan(kind: .multiRoom, seed: 2026, index: plan)
        let hall = try #require(g.plan.rooms.first { $0.type == .hallway })
        // The truth: a hallway with three doors or more, a leaf open into it.
        let walls = g.plan.walls.filter { $0.positiveRoom == hall.id || $0.negativeRoom == hall.id }
        let doors = g.plan.openings.filter { o in o.type == .door && walls.contains { $0.id == o.wallID } }
        let leavesIn = doors.filter { o in
            guard o.effectiveLeafAngle > 0, let w = g.plan.wall(o.wallID) else { return false }
            return ((o.swing ?? .positive) == .positive ? w.positiveRoom : w.negativeRoom) == hall.id
        }
        #expect(doors.count >= 3, "\(doors.count) doors")
        #expect(!leavesIn.isEmpty)
        var o = RandomEvaluation.Options()
        o.kind = .multiRoom
        o.seed = 2026
        o.count = plan + 1
        o.only = [plan]
        o.oneCloud = true
        let report = RandomEvaluation.run(o)
        #expect(report.summary.structureRooms.f1 == 1, "\(report.summary.structureRooms)")
        let found = try #require(report.rooms.first { $0.roomID == hall.id })
        #expect(found.floorIoU >= 0.9, "hallway floor IoU \(found.floorIoU) \(found.refusal ?? "")")
    }

    /// A found room the builder refuses is left out of the structure and named in it: three rooms in a row,
    /// the third 7 m long, built with a 6 m room-span limit. The structure holds the first two, and its
    /// `plumblineSkippedRooms` record names the third with its storey, area, points and the builder's reason.
    @Test func aRoomLeftOutIsNamedInTheStructure() throws {
        let a = Box(x0: 0, z0: 0, x1: 4, z1: 3), b = Box(x0: 4.15, z0: 0, x1: 8.15, z1: 3)
        let c = Box(x0: 8.3, z0: 0, x1: 15.3, z1: 3)
        let holes = [Hole(x0: 4, x1: 4.15, z0: 1.0, z1: 1.9, head: 2.05), Hole(x0: 8.15, x1: 8.3, z0: 1.0, z1: 1.9, head: 2.05)]
        let cloud = try PointCloud(worldPoints: Self.cloud(rooms: [a, b, c], holes: holes))
        var o = Self.options()
        o.room.maximumRoomSpan = 6
        let segmenter = RoomSegmentation(options: o)
        let seg = try segmenter.segment(cloud)
        #expect(seg.rooms.count == 3)
        // The long room is the one farthest along x (centres are relative to the cloud's origin).
        let long = try #require(seg.rooms.indices.max { seg.rooms[$0].centre.x < seg.rooms[$1].centre.x })
        #expect(abs(seg.rooms[long].area - 21) < 2, "area \(seg.rooms[long].area)")
        let result = try segmenter.build(seg, of: cloud)
        #expect(result.structure.structure.rooms.count == 2)
        #expect(result.skipped.map(\.room) == [long])
        guard case let .build(error)? = result.skipped.first?.reason, case .roomTooLarge = error else {
            Issue.record("reason \(String(describing: result.skipped.first?.reason))")
            return
        }
        // The record survives the JSON round trip.
        let json = try RoomPlanJSON.encode(result.structure.structure)
        let back = try RoomPlanJSON.decode(CapturedStructure.self, from: json)
        guard case let .array(list)? = back.unknownFields[RoomSegmentation.SkippedRoom.key], list.count == 1,
              case let .object(record) = list[0] else {
            Issue.record("no skipped-room record: \(back.unknownFields.keys.sorted())")
            return
        }
        #expect(record["room"] == .integer(Int64(long)) && record["storey"] == .integer(0))
        #expect(record["points"] == .integer(Int64(seg.rooms[long].pointIndices.count)))
        if case let .number(area)? = record["area"] { #expect(abs(area - 21) < 2, "area \(area)") } else { Issue.record("area \(String(describing: record["area"]))") }
        #expect(record["reason"] == .string(String(describing: error)))
        // Every room built: no record.
        let all = try RoomSegmentation(options: Self.options()).build(seg, of: cloud)
        #expect(all.skipped.isEmpty && all.structure.structure.unknownFields[RoomSegmentation.SkippedRoom.key] == nil)
    }

    /// Bad input gives typed errors.
    @Test func badInputIsATypedError() throws {
        #expect(throws: RoomSegmentationError.invalidCloud(.tooFewPoints(required: 1000, actual: 0))) {
            try RoomSegmentation().segment(PointCloud())
        }
        var nan = try Self.twoRooms(head: 2.5)
        nan.x[7] = .nan
        #expect(throws: RoomSegmentationError.invalidCloud(.nonFiniteCoordinate(index: 7))) {
            try RoomSegmentation(options: Self.options()).segment(nan)
        }
        // A flat sheet of points: no storey.
        let sheet = try PointCloud(worldPoints: (0..<4000).map { SIMD3(Double($0 % 80) * 0.05, 0, Double($0 / 80) * 0.05) })
        #expect(throws: RoomSegmentationError.noStorey) { try RoomSegmentation(options: Self.options()).segment(sheet) }
    }
}
