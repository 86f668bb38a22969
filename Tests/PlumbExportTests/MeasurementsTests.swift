import Foundation
import PlumbKernel
import XCTest
import PlumbExport
import PlumbSim
import Plumbline

final class MeasurementsTests: XCTestCase {
    /// A `width` × `depth` room (default 4 m × 3 m, 2.5 m high), RoomPlan-style walls (no thickness) facing
    /// inwards, with a door (default 0.9 × 2.1 m, closed, centred at x = 1 in the z = 0 wall) and a window
    /// (default 1.2 × 1.0 m, centred in the z = depth wall, 1.5 m up), one section labelled `label`.
    static func boxRoom(width: Float = 4, depth: Float = 3, height h: Float = 2.5, door d: (x: Float, width: Float, isOpen: Bool) = (1, 0.9, false),
                        window size: SIMD2<Float> = SIMD2(1.2, 1.0), label: CapturedRoom.Section.Label = .bedroom) -> CapturedRoom {
        func wall(_ yaw: Float, _ c: SIMD2<Float>, _ w: Float) -> CapturedRoom.Surface {
            CapturedRoom.Surface(category: .wall, dimensions: SIMD3(w, h, 0), transform: Transform4x4(yaw: yaw, translation: SIMD3(c.x, h / 2, c.y)))
        }
        // Normals (local z) point into the room: yaw 0 → z = +Z (south wall at z = 0 facing +Z).
        let walls = [
            wall(0, SIMD2(width / 2, 0), width), wall(.pi, SIMD2(width / 2, depth), width),
            wall(-.pi / 2, SIMD2(0, depth / 2), depth), wall(.pi / 2, SIMD2(width, depth / 2), depth),
        ]
        var door = CapturedRoom.Surface(category: .door(isOpen: d.isOpen), dimensions: SIMD3(d.width, 2.1, 0),
                                        transform: Transform4x4(yaw: 0, translation: SIMD3(d.x, 1.05, 0)), parentIdentifier: walls[0].identifier)
        door.story = 0
        let window = CapturedRoom.Surface(category: .window, dimensions: SIMD3(size.x, size.y, 0),
                                          transform: Transform4x4(yaw: .pi, translation: SIMD3(width / 2, 1.5, depth)), parentIdentifier: walls[1].identifier)
        let floor = CapturedRoom.Surface(
            category: .floor, dimensions: SIMD3(width, depth, 0),
            transform: Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0), translation: SIMD3(width / 2, 0, depth / 2)),
            polygonCorners: [SIMD3(-width / 2, -depth / 2, 0), SIMD3(width / 2, -depth / 2, 0), SIMD3(width / 2, depth / 2, 0), SIMD3(-width / 2, depth / 2, 0)])
        return CapturedRoom(walls: walls, doors: [door], windows: [window], floors: [floor],
                            sections: [CapturedRoom.Section(label: label, center: SIMD3(width / 2, 0, depth / 2))])
    }

    func testBoxRoomQuantities() throws {
        let model = try ExportModel(room: Self.boxRoom())
        let m = Measurements(model: model)
        XCTAssertEqual(m.rooms.count, 1)
        let r = m.rooms[0]
        XCTAssertEqual(r.name, "Bedroom")
        XCTAssertEqual(r.floorArea, 12, accuracy: 1e-5)
        XCTAssertEqual(r.perimeter, 14, accuracy: 1e-5)
        XCTAssertEqual(r.ceilingHeightMin, 2.5, accuracy: 1e-5)
        XCTAssertEqual(r.ceilingHeightMax, 2.5, accuracy: 1e-5)
        XCTAssertEqual(r.wallAreaGross, 35, accuracy: 1e-4)
        XCTAssertEqual(r.wallAreaNet, 35 - 0.9 * 2.1 - 1.2 * 1.0, accuracy: 1e-4)
        XCTAssertEqual([r.doorCount, r.windowCount, r.openingCount], [1, 1, 0])
        // CSV read back.
        let rows = m.csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let net = try XCTUnwrap(rows.first { $0[0] == "room" && $0[4] == "wall_area_net" })
        XCTAssertEqual(Double(net[5])!, 31.91, accuracy: 0.0005)
        let json = try JSONDecoder().decode(Measurements.self, from: m.json())
        XCTAssertEqual(json, m)
        // The door wall's mesh: thickness 0.1 m behind the face, door cut: volume 0.1 × (10 − 1.89).
        let solid = WallSolid(wall: model.walls[0], hosted: model.embeddedSurfaces(inWall: model.walls[0]))
        XCTAssertEqual(solid.depth, -0.1...0)
        XCTAssertEqual(WallMesher.mesh(solid).volume, 0.1 * (10 - 1.89), accuracy: 1e-5)
    }

    /// A model built from a tilted scan stays in the scan's frame and records the rotation that levels it
    /// (`plumblineLevelling`): the export applies it, so the measurements are those of the level room
    /// (ceiling 2.5 m everywhere, not 2.5 m ± the tilt over the room), and a value that is no rotation, or one
    /// tilting by more than 10°, is a typed error naming the key.
    func testRecordedLevellingIsApplied() throws {
        let level = try ExportModel(room: Self.boxRoom())
        let tilt = RigidTransform(axis: SIMD3(0.6, 0, 0.8), angle: 3 * .pi / 180, translation: SIMD3(0.4, -0.2, 1.1))
        var tilted = Self.boxRoom().transformed(by: Transform4x4(rigid: tilt))
        let unlevelled = Measurements(model: try ExportModel(room: tilted)).rooms[0]
        XCTAssertGreaterThan(unlevelled.ceilingHeightMax - unlevelled.ceilingHeightMin, 0.1, "the tilt shows without the levelling")
        ModelLevelling.record(tilt.inverse, into: &tilted.unknownFields)
        let model = try ExportModel(room: tilted)
        XCTAssertNotNil(model.levelling)
        let a = Measurements(model: model).rooms[0], b = Measurements(model: level).rooms[0]
        XCTAssertEqual(a.ceilingHeightMin, 2.5, accuracy: 1e-4)
        XCTAssertEqual(a.ceilingHeightMax, 2.5, accuracy: 1e-4)
        XCTAssertEqual(a.floorArea, b.floorArea, accuracy: 1e-4)
        XCTAssertEqual(a.wallAreaNet, b.wallAreaNet, accuracy: 1e-3)
        for (bad, detail) in [([1, 0, 0, 0, 2, 0, 0, 0, 1] as [Double], "not a rotation"), ([1, 0, 0, 0, 0, 1, 0, -1, 0], "it tilts by 90°, more than 10°")] {
            tilted.unknownFields[ModelLevelling.key] = .array(bad.map { .number($0) })
            XCTAssertThrowsError(try ExportModel(room: tilted)) { e in
                XCTAssertEqual(e as? ExportError, .invalidGeometry(element: ModelLevelling.key, detail: detail))
            }
        }
    }

    /// Holes that overlap each other or stick out of the wall are clipped and counted once.
    func testOverlappingAndProtrudingHolesAreClipped() {
        let wall = CapturedRoom.Surface(category: .wall, dimensions: SIMD3(4, 2.5, 0.2), transform: .identity)
        func hole(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> CapturedRoom.Surface {
            CapturedRoom.Surface(category: .opening, dimensions: SIMD3(w, h, 0), transform: Transform4x4(yaw: 0, translation: SIMD3(x, y, 0)),
                                 parentIdentifier: wall.identifier)
        }
        // [−1.5, −0.5] × [−1, 0.5] and [−1, 0] × [−0.5, 1] overlap on [−1, −0.5] × [−0.5, 0.5] (0.5 m²);
        // the third sticks out past x = 2 and y = 1.25: clipped to [1.5, 2] × [0.75, 1.25].
        let holes = [hole(-1, -0.25, 1, 1.5), hole(-0.5, 0.25, 1, 1.5), hole(2, 1.25, 1, 1)]
        let s = WallSolid(wall: wall, hosted: holes)
        XCTAssertEqual(s.grossArea, 10, accuracy: 1e-6)
        XCTAssertEqual(s.netArea, 10 - (1.5 + 1.5 - 0.5) - 0.25, accuracy: 1e-5)
        XCTAssertEqual(WallMesher.mesh(s).volume, 0.2 * s.netArea, accuracy: 1e-5)
    }

    /// Truth models of single-room plans with flat ceilings against the plan itself: floor area and
    /// perimeter of the room polygon, ceiling height, and wall area net of the plan's openings.
    func testTruthRoomsMatchThePlans() throws {
        for name in ["plain_bedroom", "small_bathroom", "l_shaped_room", "non_orthogonal_room"] {
            let plan = try ExportFixtures.plan(name)
            let model = try ExportModel(structure: TruthModel.structure(of: plan))
            let m = Measurements(model: model)
            XCTAssertEqual(m.rooms.count, plan.rooms.count)
            let room = plan.rooms[0], r = m.rooms[0]
            XCTAssertEqual(r.floorArea, room.area, accuracy: 1e-4, name)
            var perimeter = 0.0
            for i in room.polygon.indices {
                let d = room.polygon[(i + 1) % room.polygon.count] - room.polygon[i]
                perimeter += (d * d).sum().squareRoot()
            }
            XCTAssertEqual(r.perimeter, perimeter, accuracy: 1e-4, name)
            let height = room.ceilingHeight ?? plan.storeys[0].ceilingHeight
            XCTAssertEqual(r.ceilingHeightMin, height, accuracy: 1e-4, name)
            XCTAssertEqual(r.ceilingHeightMax, height, accuracy: 1e-4, name)
            let holes = plan.openings.reduce(0.0) { $0 + $1.width * $1.height }
            XCTAssertEqual(r.wallAreaGross, perimeter * height, accuracy: 1e-3, name)
            XCTAssertEqual(r.wallAreaNet, perimeter * height - holes, accuracy: 1e-3, name)
            XCTAssertEqual(r.doorCount + r.windowCount + r.openingCount, plan.openings.count, name)
        }
    }

    /// Rooms keep the names their user gave them (issue 26: "Bedroom2" came out as "Bedroom 1"): names from
    /// the input paths, recorded in the rooms, kept through the merge and a RoomPlan JSON round trip, and
    /// used by the measurements and the plan; an unnamed room still gets its section label's name, numbered
    /// past the given ones.
    func testRoomNamesFromTheInputArePreserved() throws {
        let paths = ["/scans/MyHome/Bedroom2/capturedRoom.json", "/scans/MyHome/Bedroom1/capturedRoom.json", "/scans/MyHome/Bedroom 1/capturedRoom.json"]
        XCTAssertEqual(RoomName.names(forPaths: paths), ["Bedroom2", "Bedroom1", "Bedroom 1"])
        XCTAssertEqual(RoomName.names(forPaths: ["a/kitchen.json", "b/hall.json"]), ["kitchen", "hall"])
        XCTAssertEqual(RoomName.names(forPaths: ["a/x/room.json", "b/x/room.json"]), ["x/room", "x/room"])
        // Three bedrooms side by side (5 m apart): the first two named as `plumb merge` names them, in the
        // "wrong" order (numbering would swap them); the third unnamed, the only unnamed bedroom: "Bedroom".
        let names = RoomName.names(forPaths: Array(paths.prefix(2)))
        var rooms = zip([0, 5], names).map { x, n in
            RoomName.naming(Self.boxRoom().transformed(by: Transform4x4(yaw: 0, translation: SIMD3(Float(x), 0, 0))), n)
        }
        rooms.append(Self.boxRoom().transformed(by: Transform4x4(yaw: 0, translation: SIMD3(10, 0, 0))))
        XCTAssertEqual(RoomName.read(from: RoomName.naming(rooms[0], "Other").unknownFields), "Bedroom2", "a recorded name wins")
        let merged = try StructureBuilder().build(rooms).structure
        let decoded = try RoomPlanJSON.decode(CapturedStructure.self, from: RoomPlanJSON.encode(merged))
        let model = try ExportModel(structure: decoded)
        let m = Measurements(model: model)
        XCTAssertEqual(m.rooms.map(\.name), ["Bedroom2", "Bedroom1", "Bedroom"])
        XCTAssertEqual(Set(m.walls.map(\.room)), ["Bedroom2", "Bedroom1", "Bedroom"])
        XCTAssertTrue(m.csv.contains("room,0,Bedroom2,,floor_area,12.000,m2\n"))
        let plan = try SVGCollector.parse(FloorPlanSVG.render(model, story: 0))
        XCTAssertEqual(Set(plan.elements.filter { $0.attributes["class"] == "room-name" }.map(\.text)), ["Bedroom2", "Bedroom1", "Bedroom"])
        // Unnamed rooms sharing a label are numbered past a name the user gave ("Bedroom 1" taken).
        var two = rooms
        two[0].unknownFields[RoomName.key] = .string("Bedroom 1")
        two[1].unknownFields[RoomName.key] = nil
        let numbered = Measurements(model: try ExportModel(structure: try StructureBuilder().build(two).structure))
        XCTAssertEqual(numbered.rooms.map(\.name), ["Bedroom 1", "Bedroom 2", "Bedroom 3"])
    }

    /// The sloped-ceiling plan: the walls' top edges follow the slope, so min < max ceiling height.
    func testSlopedCeilingHeights() throws {
        let plan = try ExportFixtures.plan("sloped_ceiling_room")
        let m = Measurements(model: try ExportModel(structure: TruthModel.structure(of: plan)))
        let r = try XCTUnwrap(m.rooms.first)
        let storey = plan.storeys[0]
        var lo = Double.infinity, hi = -Double.infinity
        for p in plan.rooms[0].polygon {
            let h = storey.ceilingHeight(at: p)
            lo = min(lo, h)
            hi = max(hi, h)
        }
        XCTAssertEqual(r.ceilingHeightMin, lo, accuracy: 1e-3)
        XCTAssertEqual(r.ceilingHeightMax, hi, accuracy: 1e-3)
        XCTAssertLessThan(r.ceilingHeightMin, r.ceilingHeightMax - 0.2)
    }
}
