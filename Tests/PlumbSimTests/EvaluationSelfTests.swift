import Foundation
import Plumbline
import Testing
import PlumbSim

/// The truth model scored against its own plan must be perfect.
@Suite struct EvaluationSelfTests {
    @Test func twoRoomTruthIsPerfect() throws {
        let plan = EvaluationSupport.twoRoomPlan()
        try plan.validate()
        let report = try Evaluator.evaluate(model: EvaluationModel(structure: try TruthModel.structure(of: plan)), plan: plan)
        #expect(EvaluationSupport.imperfections(report) == [])
        #expect(report.aggregate.walls.truePositives == 8)  // A: s1, n1, west, mid; B: s2, e, n2, mid
        #expect(report.aggregate.doors.detection.truePositives == 2)  // seen from both rooms
        #expect(report.aggregate.thickness.count == 1)
    }

    @Test func everyBundledPlanTruthIsPerfect() throws {
        for (name, plan) in try PlanFixtures.all() {
            let structure = try TruthModel.structure(of: plan)
            let report = try Evaluator.evaluate(model: EvaluationModel(structure: structure), plan: plan)
            let a = report.aggregate
            print("\(name): rooms \(a.rooms.truePositives) walls \(a.walls.truePositives) corners \(a.corners5cm.truePositives) doors \(a.doors.detection.truePositives) windows \(a.windows.detection.truePositives) openings \(a.openings.detection.truePositives) objects \(a.objects.detection.truePositives) curved \(a.curveRadiusError.count) thickness \(a.thickness.count)")
            #expect(EvaluationSupport.imperfections(report) == [], "\(name)")
            // Each room alone, as a single CapturedRoom, finds its own room.
            for (k, room) in structure.rooms.enumerated() {
                let r = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: plan)
                #expect(r.rooms.map(\.truthRoomID) == [plan.rooms[k].id], "\(name) room \(k)")
                #expect(EvaluationSupport.imperfections(r) == [], "\(name) room \(k)")
            }
        }
    }
}
