import Foundation
import Testing
import Plumbline
import PlumbKernel
import PlumbSim

/// Issue 23: `plumb eval` scores only well-formed models. On main e6e5f67 a structure listing one room
/// twice was scored with the room counted twice, and negative sizes or shears were scored as given.
@Suite struct EvaluationValidationTests {
    let plan = EvaluationSupport.twoRoomPlan()

    @Test func truthModelsPassValidation() throws {
        let s = try TruthModel.structure(of: plan)
        #expect(throws: Never.self) { try s.validate() }
        _ = try Evaluator.evaluate(model: EvaluationModel(structure: s), plan: plan)
    }

    @Test func aRoomCountedTwiceIsRefused() throws {
        var s = try TruthModel.structure(of: plan)
        s.rooms.append(s.rooms[0])
        #expect(throws: EvaluationError.invalidModel(.duplicateIdentifier(s.rooms[0].identifier, first: "rooms[0]", second: "rooms[2]"))) {
            try Evaluator.evaluate(model: EvaluationModel(structure: s), plan: plan)
        }
        // And through the file decoder.
        let data = try JSONEncoder().encode(s)
        let e = #expect(throws: EvaluationError.self) { try EvaluationModel.decode(data) }
        #expect(e?.description.contains("rooms[2]") == true)
    }

    @Test func outOfBoundsElementsAreRefusedNamingTheField() throws {
        let s = try TruthModel.structure(of: plan)
        var room = s.rooms[0]
        room.walls[1].dimensions.y = -2.5
        let e = #expect(throws: EvaluationError.self) { try Evaluator.evaluate(model: EvaluationModel(room: room), plan: plan) }
        guard case let .invalidModel(v)? = e else { Issue.record("\(String(describing: e))"); return }
        #expect(v.element == "rooms[0].walls[1] (identifier \(room.walls[1].identifier.uuidString))")
        #expect(v.description.contains("dimensions.y"))
    }
}
