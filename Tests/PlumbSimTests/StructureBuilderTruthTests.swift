import Foundation
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// StructureBuilder against ground truth: the truth rooms of the multi-room plans, perturbed, and
/// rooms built by RoomBuilder from simulated scans, merged and scored by the Evaluator.
@Suite struct StructureBuilderTruthTests {
    static let multiRoomPlans = ["apartment_3room", "apartment_6room", "split_level", "two_storey_house"]

    /// A zero-mean normal sample (Box–Muller) with standard deviation `sigma`.
    static func gaussian(_ g: inout SeededGenerator, _ sigma: Float) -> Float {
        let u1 = Float.random(in: Float.ulpOfOne..<1, using: &g), u2 = Float.random(in: 0..<1, using: &g)
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// The truth rooms with every wall face moved along its normal and along itself by N(0, sigma) and
    /// turned by N(0, 0.2°) about its centre; doors, windows and openings move with their wall; the
    /// stored thickness is cleared (as RoomPlan and RoomBuilder write it).
    static func perturbed(_ rooms: [CapturedRoom], sigma: Float, seed: UInt64) -> [CapturedRoom] {
        var g = SeededGenerator(seed: seed)
        return rooms.map { room in
            var r = room
            var moves: [UUID: Transform4x4] = [:]
            for k in r.walls.indices {
                let w = r.walls[k]
                let yaw = gaussian(&g, 0.2 * .pi / 180)
                let shift = w.normal * gaussian(&g, sigma) + w.widthDirection * gaussian(&g, sigma)
                // new = T(c + shift) · R(yaw) · T(-c) applied to the wall's pose.
                let c = w.center
                let rot = Transform4x4(yaw: yaw, translation: .zero)
                let move = Transform4x4(yaw: 0, translation: c + shift) * rot * Transform4x4(yaw: 0, translation: -c)
                moves[w.identifier] = move
                r.walls[k].transform = move * w.transform
                r.walls[k].dimensions.z = 0
            }
            func carry(_ list: inout [CapturedRoom.Surface]) {
                for k in list.indices { if let p = list[k].parentIdentifier, let m = moves[p] { list[k].transform = m * list[k].transform } }
            }
            carry(&r.doors)
            carry(&r.windows)
            carry(&r.openings)
            r.story = 0
            return r
        }
    }

    @Test func perturbedTruthRoomsMergeIntoTheTruthStructure() throws {
        for name in Self.multiRoomPlans {
            let plan = try PlanFixtures.load(name)
            let rooms = Self.perturbed(try TruthModel.rooms(of: plan), sigma: 0.003, seed: 7)
            let result = try StructureBuilder().build(rooms)
            let report = try Evaluator.evaluate(model: EvaluationModel(structure: result.structure), plan: plan)
            let a = report.aggregate
            let truth = try TruthModel.structure(of: plan)
            let interior = plan.walls.filter { $0.positiveRoom != nil && $0.negativeRoom != nil }
            let openings = StructureOpeningCheck.score(model: result.structure, truth: truth)
            print("\(name): walls \(result.structure.walls.count)/\(truth.walls.count) interior \(result.interiorWalls.count)/\(interior.count) thickness n \(a.thicknessError.count) median \(a.thicknessError.median) p95 \(a.thicknessError.p95) max \(a.thicknessError.max) storeys \(a.storeys.correct)/\(a.storeys.total) doors \(openings.doors.detection)")
            #expect(a.duplicateWalls == 0, "\(name)")
            #expect(result.structure.walls.count == truth.walls.count, "\(name)")
            #expect(a.thickness.count == interior.count, "\(name)")
            #expect(a.thicknessError.median < 0.01 && a.thicknessError.p95 < 0.025, "\(name)")
            #expect(a.storeys.correct == a.storeys.total, "\(name)")
            #expect(result.structure.rooms.map(\.story) == plan.rooms.map(\.storey), "\(name)")
            for (s, n) in [(openings.doors, openings.duplicateDoors), (openings.windows, openings.duplicateWindows), (openings.openings, openings.duplicateOpenings)] {
                #expect(s.detection.falsePositives == 0 && s.detection.falseNegatives == 0 && n == 0, "\(name)")
            }
        }
    }

    @Test func unperturbedTruthRoomsGiveExactThickness() throws {
        for name in Self.multiRoomPlans {
            let plan = try PlanFixtures.load(name)
            let rooms = try TruthModel.rooms(of: plan).map { room in
                var r = room
                for k in r.walls.indices { r.walls[k].dimensions.z = 0 }
                return r
            }
            let result = try StructureBuilder().build(rooms)
            let a = try Evaluator.evaluate(model: EvaluationModel(structure: result.structure), plan: plan).aggregate
            #expect(a.thickness.count > 0 && a.thicknessError.max < 2e-4, "\(name): \(a.thicknessError.max)")
            #expect(a.duplicateWalls == 0, "\(name)")
        }
    }

    @Test func simulatedThreeRoomApartmentMerges() throws {
        let plan = try PlanFixtures.load("apartment_3room")
        let o = try ScanBuildEvaluation.runStructure(plan: plan, preset: .phone, seed: 1)
        #expect(o.failure == nil)
        let report = try #require(o.report)
        let a = report.aggregate
        let measured = a.thickness.filter { $0.truthThickness + $0.thicknessError > 1e-6 }
        print("apartment_3room simulated: interior \(o.interiorWalls.count) thickness \(a.thickness.map(\.thicknessError)) dup \(a.duplicateWalls) storeys \(a.storeys.correct)/\(a.storeys.total)")
        #expect(a.duplicateWalls == 0)
        #expect(measured.count == 3)
        #expect(measured.allSatisfy { abs($0.thicknessError) < 0.025 })
        #expect(a.storeys.correct == a.storeys.total)
        let s = try #require(o.openings)
        #expect(s.duplicateDoors == 0 && s.duplicateWindows == 0 && s.duplicateOpenings == 0)
    }
}
