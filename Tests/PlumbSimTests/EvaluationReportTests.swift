import Foundation
import Plumbline
import Testing
import PlumbSim

/// The report's JSON and text forms.
@Suite struct EvaluationReportTests {
    @Test func reportRoundTripsThroughJSONAndIsDeterministic() throws {
        let plan = EvaluationSupport.twoRoomPlan()
        var s = try TruthModel.structure(of: plan)
        s.rooms[1].objects.removeAll()
        let report = try Evaluator.evaluate(model: EvaluationModel(structure: s), plan: plan)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(report)
        #expect(try JSONDecoder().decode(EvaluationReport.self, from: data) == report)
        let again = try encoder.encode(try Evaluator.evaluate(model: EvaluationModel(structure: s), plan: plan))
        #expect(again == data)
        // Derived detection fields are written for readers.
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"recall\":0.5"))
    }

    @Test func tableShowsRoomsAndAggregates() throws {
        let plan = EvaluationSupport.twoRoomPlan()
        var s = try TruthModel.structure(of: plan)
        s.rooms[0].windows.removeAll()
        let report = try Evaluator.evaluate(model: EvaluationModel(structure: s), plan: plan)
        let table = EvaluationTable.render(report)
        let lines = table.split(separator: "\n").map(String.init)
        let roomA = try #require(lines.first { $0.hasPrefix("A ") })
        #expect(roomA.contains("1.0000") && roomA.split(separator: " ").contains("0.00"))  // window recall 0 in A
        #expect(lines.contains { $0.hasPrefix("windows") && $0.contains("TP 0 FP 0 FN 1") })
        let summary = EvaluationTable.summary([report])
        #expect(summary.contains("two_rooms") && summary.contains("2/2"))
    }
}
