import Foundation
import Plumbline
import Testing
import PlumbSim

/// Controlled changes to a perfect model change exactly the metrics they should.
@Suite struct EvaluationPerturbationTests {
    private let plan = EvaluationSupport.twoRoomPlan()

    private func report(_ s: CapturedStructure, _ p: FloorPlan? = nil) throws -> EvaluationReport {
        try Evaluator.evaluate(model: EvaluationModel(structure: s), plan: p ?? plan)
    }

    /// The plan with wall `mid` (x = 4) moved by `dx` metres along +x, the rooms' polygons following.
    private func planWithMidMoved(_ dx: Double) -> FloorPlan {
        var p = plan
        let k = p.walls.firstIndex { $0.id == "mid" }!
        p.walls[k].centerLine = .straight(start: SIMD2(4 + dx, 0), end: SIMD2(4 + dx, 5))
        for r in p.rooms.indices {
            p.rooms[r].polygon = p.rooms[r].polygon.map { abs($0.x - 3.94) < 1e-9 || abs($0.x - 4.06) < 1e-9 ? $0 + SIMD2(dx, 0) : $0 }
        }
        return p
    }

    @Test(arguments: [0.05, 0.07])
    func movingOneWallChangesOnlyItsPositionCornersAndFloorIoU(dx: Double) throws {
        let base = try report(try TruthModel.structure(of: plan))
        let moved = try report(try TruthModel.structure(of: planWithMidMoved(dx)))
        // Floor IoU of both rooms: A grows by dx, B shrinks by dx (width ratios, same depth).
        let a = moved.rooms.first { $0.truthRoomID == "A" }!, b = moved.rooms.first { $0.truthRoomID == "B" }!
        #expect(abs(a.floorIoU - 3.79 / (3.79 + dx)) < 1e-5)
        #expect(abs(b.floorIoU - (3.79 - dx) / 3.79) < 1e-5)
        // Wall errors: the mid faces are offset by dx, the four exterior faces they end on change
        // length by ±dx, nothing else.
        for e in a.wallErrors + b.wallErrors {
            let id = e.truthWallID ?? "?"
            #expect(e.angleErrorDegrees < 1e-3 && abs(e.heightError) < 1e-6, "\(id)")
            switch id {
            case "mid": #expect(abs(abs(e.offsetError) - dx) < 1e-5 && abs(e.lengthError) < 1e-5, "\(id)")
            case "s1", "n1": #expect(abs(e.lengthError - dx) < 1e-5 && abs(e.offsetError) < 1e-5, "\(id)")
            case "s2", "n2": #expect(abs(e.lengthError + dx) < 1e-5 && abs(e.offsetError) < 1e-5, "\(id)")
            default: #expect(abs(e.lengthError) < 1e-5 && abs(e.offsetError) < 1e-5, "\(id)")
            }
        }
        // Corners: the four corners on the moved wall are dx away. At 10 cm all match; at 5 cm a
        // 7 cm move loses exactly those four.
        #expect(moved.aggregate.corners10cm == base.aggregate.corners10cm)
        if dx > 0.06 {
            #expect(moved.aggregate.corners5cm == DetectionScore(truePositives: 4, falsePositives: 4, falseNegatives: 4))
        }
        // Everything else is identical to the perfect report.
        var patched = moved
        for k in patched.rooms.indices {
            patched.rooms[k].floorIoU = base.rooms[k].floorIoU
            patched.rooms[k].wallErrors = base.rooms[k].wallErrors
            patched.rooms[k].corners5cm = base.rooms[k].corners5cm
        }
        for path in [\EvaluationAggregate.floorIoU, \.wallLengthError, \.wallOffsetError, \.wallAngleError] {
            patched.aggregate[keyPath: path] = base.aggregate[keyPath: path]
        }
        patched.aggregate.corners5cm = base.aggregate.corners5cm
        #expect(patched == base)
    }

    @Test func droppingADoorLowersDoorRecallByOne() throws {
        var s = try TruthModel.structure(of: plan)
        let base = try report(s)
        let ka = s.rooms.firstIndex { $0.identifier == TruthIdentifier.room(plan: plan.name, roomID: "A") }!
        s.rooms[ka].doors.removeAll()
        let dropped = try report(s)
        #expect(base.aggregate.doors.detection == DetectionScore(truePositives: 2))
        #expect(dropped.aggregate.doors.detection == DetectionScore(truePositives: 1, falsePositives: 0, falseNegatives: 1))
        #expect(dropped.aggregate.doors.detection.recall == 0.5)
        var patched = dropped
        patched.aggregate.doors = base.aggregate.doors
        patched.aggregate.openingWidthError = base.aggregate.openingWidthError
        patched.aggregate.openingHeightError = base.aggregate.openingHeightError
        patched.aggregate.storeys = base.aggregate.storeys
        let r = patched.rooms.firstIndex { $0.truthRoomID == "A" }!
        patched.rooms[r].doors = base.rooms[r].doors
        patched.rooms[r].storeys = base.rooms[r].storeys
        #expect(dropped.aggregate.storeys.total == base.aggregate.storeys.total - 1)
        #expect(dropped.aggregate.openingWidthError.count == base.aggregate.openingWidthError.count - 1)
        #expect(patched == base)
    }

    @Test func thinningAWallChangesOnlyTheThicknessError() throws {
        var s = try TruthModel.structure(of: plan)
        let base = try report(s)
        let k = s.walls.firstIndex { $0.identifier == TruthIdentifier.wall(plan: plan.name, wallID: "mid") }!
        s.walls[k].dimensions.z = 0.09
        let thin = try report(s)
        #expect(thin.aggregate.thickness.count == 1)
        #expect(thin.aggregate.thickness.first?.truthWallID == "mid")
        #expect(abs((thin.aggregate.thickness.first?.thicknessError ?? 0) + 0.03) < 1e-6)
        #expect(abs(thin.aggregate.thicknessError.max - 0.03) < 1e-6)
        var patched = thin
        patched.aggregate.thickness = base.aggregate.thickness
        patched.aggregate.thicknessError = base.aggregate.thicknessError
        #expect(patched == base)
    }

    @Test func aDuplicatedWallIsCountedAndIsAFalsePositive() throws {
        var s = try TruthModel.structure(of: plan)
        var copy = s.rooms[0].walls[0]
        copy.identifier = TruthIdentifier.make(["copy"])
        copy.transform.translation += SIMD3(0, 0, 0.03) * 0 + copy.normal * 0.03
        copy.dimensions.x *= 0.8
        s.rooms[0].walls.append(copy)
        let r = try report(s)
        #expect(r.aggregate.duplicateWalls == 1)
        #expect(r.aggregate.walls.falsePositives == 1 && r.aggregate.walls.falseNegatives == 0)
        #expect(r.aggregate.wallOffsetError.max < 1e-6)
    }

    @Test func curvedWallRadiusAndCentreErrors() throws {
        let p = try PlanFixtures.load("curved_wall_room")
        var room = try TruthModel.room("bay", in: p)
        let k = room.walls.firstIndex { $0.curve != nil }!
        room.walls[k].curve!.radius += 0.1
        let r = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: p)
        #expect(r.aggregate.curveRadiusError.count == 1 && abs(r.aggregate.curveRadiusError.max - 0.1) < 1e-5)
        #expect(r.aggregate.curveCenterError.max < 1e-5)
        room.walls[k].curve!.center.y += 0.2
        let shifted = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: p)
        #expect(abs(shifted.aggregate.curveCenterError.max - 0.2) < 1e-5)
        room.walls[k].curve = nil
        let flat = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: p)
        #expect(flat.aggregate.curvesMissing == 1 && flat.aggregate.curveRadiusError.count == 0)
    }

    @Test func wrongStoreyTallerWallsAndMislabelledObjects() throws {
        var s = try TruthModel.structure(of: plan)
        let base = try report(s)
        // Room B put on storey 1: the room and its 4 walls, 1 door, 1 passage and 1 object disagree.
        let kb = s.rooms.firstIndex { $0.identifier == TruthIdentifier.room(plan: plan.name, roomID: "B") }!
        s.rooms[kb].story = 1
        for k in s.rooms[kb].walls.indices { s.rooms[kb].walls[k].story = 1 }
        for k in s.rooms[kb].doors.indices { s.rooms[kb].doors[k].story = 1 }
        for k in s.rooms[kb].openings.indices { s.rooms[kb].openings[k].story = 1 }
        for k in s.rooms[kb].objects.indices { s.rooms[kb].objects[k].story = 1 }
        let moved = try report(s)
        #expect(moved.aggregate.storeys.total == base.aggregate.storeys.total)
        #expect(moved.aggregate.storeys.correct == base.aggregate.storeys.total - 8)
        var patched = moved
        patched.aggregate.storeys = base.aggregate.storeys
        for k in patched.rooms.indices { patched.rooms[k].storeys = base.rooms[k].storeys }
        #expect(patched == base)

        // Room A's walls 10 cm taller (tops raised): height and ceiling errors of 0.1, nothing detected differently.
        var t = try TruthModel.structure(of: plan)
        let ka = t.rooms.firstIndex { $0.identifier == TruthIdentifier.room(plan: plan.name, roomID: "A") }!
        for k in t.rooms[ka].walls.indices {
            t.rooms[ka].walls[k].dimensions.y += 0.1
            t.rooms[ka].walls[k].transform.translation.y += 0.05
        }
        // The bed labelled a sofa.
        t.rooms[kb].objects[0].category = .sofa
        let taller = try report(t)
        #expect(abs(taller.aggregate.wallHeightError.max - 0.1) < 1e-5 && taller.aggregate.wallHeightError.count == 8)
        for e in taller.rooms.first(where: { $0.truthRoomID == "A" })!.wallErrors { #expect(abs(e.heightError - 0.1) < 1e-5) }
        for e in taller.rooms.first(where: { $0.truthRoomID == "B" })!.wallErrors { #expect(abs(e.heightError) < 1e-6) }
        #expect(abs((taller.rooms.first { $0.truthRoomID == "A" }!.ceilingHeightError ?? 0) - 0.1) < 1e-5)
        #expect(taller.aggregate.walls == base.aggregate.walls && taller.aggregate.corners5cm == base.aggregate.corners5cm)
        #expect(taller.aggregate.objects.detection == base.aggregate.objects.detection)
        #expect(taller.aggregate.objects.categoryAccuracy == 0.5)
    }

    @Test func objectsMatchAtBoxIoUQuarter() throws {
        var s = try TruthModel.structure(of: plan)
        let ka = s.rooms.firstIndex { $0.identifier == TruthIdentifier.room(plan: plan.name, roomID: "A") }!
        // The table (1.6 x 0.9, yawed) moved 0.4 m along its own long axis: IoU = 1.2 / 2.0 = 0.6.
        let ax = s.rooms[ka].objects[0].transform.xAxis
        s.rooms[ka].objects[0].transform.translation += ax * 0.4
        let r1 = try report(s)
        #expect(r1.aggregate.objects.detection == DetectionScore(truePositives: 2))
        #expect(abs(r1.aggregate.objectIoU.min - 1.2 / 2.0) < 1e-5)
        // Moved 1.2 m: IoU = 0.4 / 2.8 < 0.25: one miss and one false detection.
        s.rooms[ka].objects[0].transform.translation += ax * 0.8
        let r2 = try report(s)
        #expect(r2.aggregate.objects.detection == DetectionScore(truePositives: 1, falsePositives: 1, falseNegatives: 1))
    }

    @Test func aSingleRoomIsScoredAgainstItsBestRoomOrTheNamedOne() throws {
        let b = try TruthModel.room("B", in: plan)
        let best = try Evaluator.evaluate(model: EvaluationModel(room: b), plan: plan)
        #expect(best.rooms.map(\.truthRoomID) == ["B"] && best.aggregate.rooms == DetectionScore(truePositives: 1))
        let forced = try Evaluator.evaluate(model: EvaluationModel(room: b), plan: plan, roomID: "A")
        #expect(forced.rooms.map(\.truthRoomID) == ["A"] && forced.rooms[0].floorIoU == 0)
        #expect(forced.aggregate.walls.truePositives < forced.aggregate.walls.truePositives + forced.aggregate.walls.falseNegatives)
        #expect(throws: EvaluationError.unknownRoom("Z")) {
            try Evaluator.evaluate(model: EvaluationModel(room: b), plan: plan, roomID: "Z")
        }
        // A structure missing room B: B's elements all count as misses.
        var s = try TruthModel.structure(of: plan)
        s.rooms.removeAll { $0.identifier == b.identifier }
        let partial = try report(s)
        #expect(partial.aggregate.rooms == DetectionScore(truePositives: 1, falsePositives: 0, falseNegatives: 1))
        #expect(partial.aggregate.walls.falseNegatives == b.walls.count)
        #expect(partial.aggregate.floorIoU.min == 0)
        // A full structure scored for one named room: only that room, no false detections from the others.
        let named = try Evaluator.evaluate(model: EvaluationModel(structure: try TruthModel.structure(of: plan)), plan: plan, roomID: "B")
        #expect(named.rooms.map(\.truthRoomID) == ["B"] && named.unmatchedModelRooms.isEmpty)
        #expect(EvaluationSupport.imperfections(named) == [])
    }

    @Test func modelFilesDecodeAsRoomOrStructureWithTypedErrors() throws {
        let s = try TruthModel.structure(of: plan)
        let ms = try EvaluationModel.decode(try RoomPlanJSON.encode(s))
        #expect(ms.kind == .structure && ms.rooms.count == 2 && ms.structureWalls.count == plan.walls.count)
        let mr = try EvaluationModel.decode(try RoomPlanJSON.encode(s.rooms[0]))
        #expect(mr.kind == .room && mr.rooms == [s.rooms[0]])
        #expect(throws: EvaluationError.self) { try EvaluationModel.decode(Data("{\"walls\": 3}".utf8)) }
        #expect(throws: EvaluationError.unreadableModel(.emptyInput)) { try EvaluationModel.decode(Data()) }
        var bad = s.rooms[0]
        bad.walls[1].transform.elements[12] = .infinity
        #expect(throws: EvaluationError.nonFiniteModel(path: "rooms[0].walls[1]")) {
            try Evaluator.evaluate(model: EvaluationModel(room: bad), plan: plan)
        }
        var huge = s.rooms[0]
        huge.objects = Array(repeating: huge.objects[0], count: EvaluationModel.maximumElementsPerList + 1)
        #expect(throws: EvaluationError.tooManyElements(path: "rooms[0].objects", count: 1001, limit: 1000)) {
            try Evaluator.evaluate(model: EvaluationModel(room: huge), plan: plan)
        }
        let real = try EvaluationFiles.loadModel(TestPaths.data.appendingPathComponent("roomplan/Hallway2.capturedRoom.json"))
        #expect(real.kind == .room)
    }
}
