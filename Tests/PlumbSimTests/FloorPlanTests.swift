import Foundation
import Testing
import PlumbSim

@Suite struct FloorPlanTests {
    @Test func bundledPlansDecodeAndValidate() throws {
        let plans = try PlanFixtures.all()
        #expect(plans.count >= 13)
        var failures: [String] = []
        for (file, plan) in plans {
            do { try plan.validate() } catch { failures.append("\(file): \(error)") }
            #expect(!plan.furniture.isEmpty, "\(file) has no furniture")
            #expect(plan.openings.contains { $0.type == .door } || plan.openings.contains { $0.type == .opening }, "\(file) has no door")
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
