import Foundation
import PlumbKernel
import Testing
import Plumbline
import PlumbSim

/// Doors end to end: a simulated phone scan of the bedroom plan (its door framed by casings, the leaf closed
/// behind the face, swung open, or seen from the side away from the swing), built with ``RoomBuilder`` and
/// scored against the plan's door (rectangle IoU ≥ 0.5 in the host wall, size errors).
@Suite struct DoorDetectionTests {
    enum Variant: String, CaseIterable, Sendable {
        /// The plan as written: the leaf swings into the room and is closed (seen from its swing side).
        case closedSwingSide
        /// The leaf swings out of the room: from inside, a leaf recessed by the wall thickness less the leaf.
        case closedFarSide
        /// The leaf is open at 70 degrees into the room.
        case open
    }

    static func plan(_ v: Variant) throws -> FloorPlan {
        var plan = try PlanFixtures.load("plain_bedroom")
        guard let k = plan.openings.firstIndex(where: { $0.type == .door }) else { throw CocoaError(.fileReadCorruptFile) }
        switch v {
        case .closedSwingSide: break
        case .closedFarSide: plan.openings[k].swing = .negative
        case .open:
            plan.openings[k].isOpen = true
            plan.openings[k].openAngle = 70 * .pi / 180
        }
        return plan
    }

    @Test(arguments: Variant.allCases)
    func simulatedDoor(variant: Variant) throws {
        let plan = try Self.plan(variant)
        let o = try #require(ScanBuildEvaluation.run(plan: plan, preset: .phone, seed: 1).first)
        let room = try #require(o.room, "\(variant): \(o.failure ?? "")")
        let report = try #require(o.report, "\(variant): \(o.failure ?? "")")
        let doors = report.aggregate.doors
        let found = room.doors.map { "\($0.dimensions.x) x \($0.dimensions.y) \($0.category)" }
        print("\(variant): doors \(found) TP \(doors.detection.truePositives) FP \(doors.detection.falsePositives) width err \(doors.widthErrors) height err \(doors.heightErrors)")
        #expect(doors.detection.truePositives == 1 && doors.detection.falsePositives == 0, "\(variant): \(found)")
        for e in doors.widthErrors { #expect(abs(e) < 0.04, "\(variant) width error \(e)") }
        for e in doors.heightErrors { #expect(abs(e) < 0.04, "\(variant) height error \(e)") }
        #expect(room.doors.count == 1)
        if let d = room.doors.first {
            #expect(d.category == .door(isOpen: variant == .open), "\(variant): \(d.category)")
        }
    }
}
