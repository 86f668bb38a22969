import Foundation
import PlumbKernel
import Plumbline
import Testing
@testable import PlumbSim

/// The measuring stick's own arithmetic: frame mapping back to the plan, the distribution summary.
@Suite struct RandomEvaluationTests {
    /// A truth room moved into a georeferenced Z-up frame (+500 km) the way RoomBuilder would output it
    /// (rotated to y-up, relative to a far origin under `plumblineOrigin`) comes back onto its plan room.
    @Test(arguments: [false, true])
    func modelMapsBackToThePlanFrame(zUp: Bool) throws {
        let plan = try PlanFixtures.load("l_shaped_room")
        let truth = try TruthModel.room(plan.rooms[0].id, in: plan)
        // Plan -> output frame: yaw 37°, then for Z-up (x, y, z) -> (x, -z, y), then +500 km in x and the horizontal.
        var out = RigidTransform(axis: SIMD3(0, 1, 0), angle: 37 * .pi / 180, translation: SIMD3(3.2, 0.4, -7.9))
        if zUp {
            let toZUp = RigidTransform(column0: SIMD3(1, 0, 0), column1: SIMD3(0, 0, 1), column2: SIMD3(0, -1, 0), translation: .zero)
            out = RigidTransform(translation: SIMD3(500_000, 300_000, 0)) * toZUp * out
        }
        let up: UpAxis = zUp ? .z : .y
        // Builder frame: y-up rotation of the output frame; far origin kept apart in Double.
        let yUp: RigidTransform = zUp
            ? RigidTransform(column0: SIMD3(1, 0, 0), column1: SIMD3(0, 0, -1), column2: SIMD3(0, 1, 0), translation: .zero)
            : .identity
        let centre = (yUp * out).apply(SIMD3(1, 0, 1))
        let origin = zUp ? centre.rounded(.toNearestOrEven) : .zero
        let forward = RigidTransform(translation: -origin) * yUp * out
        var built = truth.transformed(by: Transform4x4(rigid: forward))
        if zUp { built.unknownFields["plumblineOrigin"] = .array([.number(origin.x), .number(origin.y), .number(origin.z)]) }
        let back = RandomEvaluation.inPlanFrame(built, upAxis: up, outputToPlan: out.inverse)
        #expect(back.unknownFields["plumblineOrigin"] == nil)
        #expect(back.walls.count == truth.walls.count)
        for (a, b) in zip(back.walls, truth.walls) {
            let d = a.transform.translation - b.transform.translation
            #expect(PlumbKernel.length(SIMD3<Double>(d)) < 1e-4)
            #expect(abs(a.transform.yaw - b.transform.yaw) < 1e-5 || abs(abs(a.transform.yaw - b.transform.yaw) - 2 * .pi) < 1e-5)
        }
        let report = try Evaluator.evaluate(model: EvaluationModel(room: back), plan: plan, roomID: plan.rooms[0].id)
        #expect(report.rooms[0].floorIoU > 0.9999)
    }

    /// Percentiles, shares and refusal groups of a hand-made set of cases.
    @Test func summaryCountsTailsAndRefusals() {
        func room(_ iou: Double, refusal: String? = nil, key: String? = nil, index: Int) -> RandomEvaluation.RoomCase {
            RandomEvaluation.RoomCase(
                planName: "p\(index)", index: index, roomID: "r", roomType: "bedroom", truthArea: 10, points: 5000,
                refusal: refusal, refusalKey: key, floorIoU: iou, floorLevelError: refusal == nil ? 0.01 * Double(index % 4) : nil,
                evaluation: nil, buildSeconds: 0.1)
        }
        // 10 cases: 8 "built" IoUs (without evaluations they count as refused for detection pooling) and 2 refusals.
        var cases = (0..<8).map { room(0.5 + 0.06 * Double($0), index: $0) }
        cases.append(room(0, refusal: "no floor or ceiling plane found", key: "noFloorOrCeiling", index: 8))
        cases.append(room(0, refusal: "no floor or ceiling plane found", key: "noFloorOrCeiling", index: 9))
        let s = RandomEvaluation.summarise(rooms: cases, structures: [])
        #expect(s.rooms == 10)
        #expect(abs(s.floorIoU.mean - (8 * 0.5 + 0.06 * 28) / 10) < 1e-12)
        // Sorted: 0, 0, 0.5, 0.56, ...; type-7 p10 at h = 0.9 -> 0 + 0.9 * (0 - 0) = 0.
        #expect(s.floorIoUP10 == 0)
        #expect(abs(s.shareBelow090 - 0.9) < 1e-12)  // only 0.92 is not below 0.9
        #expect(abs(s.floorLevelWithin2cm - 0.6) < 1e-12)  // errors 0, .01, .02, .03 twice; refusals count as misses
        #expect(abs(s.shareBelow050 - 0.2) < 1e-12)
        #expect(s.refusalsByReason == [RandomEvaluation.ReasonCount(reason: "noFloorOrCeiling", count: 2, example: "no floor or ceiling plane found")])
        #expect(s.worst.prefix(2).map(\.index) == [8, 9])
        #expect(s.worst.count == 10)
        #expect(s.worst[2].index == 0)
    }

    /// Refusal keys are the error's case name, whatever its payload.
    @Test func refusalKeysNameTheCase() {
        #expect(RandomEvaluation.refusalKey(RoomBuildError.noFloorOrCeiling) == "noFloorOrCeiling")
        #expect(RandomEvaluation.refusalKey(RoomBuildError.roomTooLarge(span: 507.3, limit: 40)) == "roomTooLarge")
        #expect(RandomEvaluation.refusalKey(RoomBuildError.noClosedOutline("two walls")) == "noClosedOutline")
    }

    /// `--keep F` (density invariance): each point kept with probability F, seeded, so the share is F within
    /// binomial noise (5 sigma), runs repeat exactly, another case salt draws another subset, and without F
    /// the cloud is untouched.
    @Test func keepFractionThinsReproducibly() throws {
        let n = 20_000
        let cloud = try PointCloud(worldPoints: (0..<n).map { SIMD3(Double($0 % 200) * 0.01, Double($0 / 200) * 0.01, 0) })
        var o = RandomEvaluation.Options()
        #expect(RandomEvaluation.thinned(cloud, options: o, salt: 0).count == n)
        o.keepFraction = 0.5
        let a = RandomEvaluation.thinned(cloud, options: o, salt: 0)
        let sigma = (Double(n) * 0.25).squareRoot()
        #expect(abs(Double(a.count) - 0.5 * Double(n)) < 5 * sigma)
        let b = RandomEvaluation.thinned(cloud, options: o, salt: 0)
        #expect(a.x == b.x && a.y == b.y)
        let c = RandomEvaluation.thinned(cloud, options: o, salt: 1)
        #expect(a.x != c.x || a.y != c.y)
        o.keepFraction = 0.1
        let d = RandomEvaluation.thinned(cloud, options: o, salt: 0)
        #expect(abs(Double(d.count) - 0.1 * Double(n)) < 5 * (Double(n) * 0.09).squareRoot())
    }
}
