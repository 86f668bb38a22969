import Foundation
import Testing
import Plumbline
import PlumbSim

/// Windows end to end: simulated phone scans (seed 1) of the plans whose windows were missed, built with
/// ``RoomBuilder`` and scored against the plans (rectangle IoU ≥ 0.5 in the host wall). small_bathroom: a
/// 0.6 m window high under the ceiling next to a wall area the scan never saw; open_plan: three windows in
/// one wall, two of them next to unseen patches; curved_wall_room: a window in the arc wall.
@Suite struct WindowDetectionTests {
    @Test(arguments: ["small_bathroom", "open_plan", "curved_wall_room"])
    func everyWindowFound(planName: String) throws {
        let plan = try PlanFixtures.load(planName)
        let o = try #require(ScanBuildEvaluation.run(plan: plan, preset: .phone, seed: 1).first)
        let room = try #require(o.room, "\(planName): \(o.failure ?? "")")
        let report = try #require(o.report, "\(planName): \(o.failure ?? "")")
        let w = report.aggregate.windows
        let found = room.windows.map { "\($0.dimensions.x) x \($0.dimensions.y)" }
        print("\(planName): windows \(found) TP \(w.detection.truePositives) FP \(w.detection.falsePositives) FN \(w.detection.falseNegatives) width err \(w.widthErrors) height err \(w.heightErrors)")
        #expect(w.detection.falseNegatives == 0 && w.detection.falsePositives == 0, "\(planName): \(found)")
        for e in w.widthErrors + w.heightErrors { #expect(abs(e) < 0.15, "\(planName): size error \(e)") }
    }

    /// Window sizes on every single-room plan, seeds 1–3: every window found with no false ones, and each
    /// width and height within 2 cm of the plan's (edges from the reveals and the wall density across each
    /// edge; they were 3–14 cm small from the 4 cm raster, and sloped_ceiling_room's west window, whose upper
    /// band no station saw, was 36 cm short).
    @Test(arguments: ["cluttered_office", "curved_wall_room", "l_shaped_room", "non_orthogonal_room", "open_plan",
                      "plain_bedroom", "sloped_ceiling_room", "small_bathroom"], [1, 2, 3] as [UInt64])
    func windowSizes(planName: String, seed: UInt64) throws {
        let plan = try PlanFixtures.load(planName)
        let o = try #require(ScanBuildEvaluation.run(plan: plan, preset: .phone, seed: seed).first)
        let report = try #require(o.report, "\(planName) seed \(seed): \(o.failure ?? "")")
        let w = report.aggregate.windows
        #expect(w.detection.falseNegatives == 0 && w.detection.falsePositives == 0, "\(planName) seed \(seed)")
        #expect(w.widthErrors.count == w.detection.truePositives && w.detection.truePositives > 0)
        for e in w.widthErrors + w.heightErrors { #expect(abs(e) < 0.02, "\(planName) seed \(seed): size error \(e)") }
    }
}
