import Foundation
import PlumbKernel
@testable import Plumbline
import Testing
@testable import PlumbSim

/// Whether room alignment's score tells a rectangular room from the same room turned by 180° about its
/// centre (every wall fits either way; only doors and windows tell), measured on rooms built by
/// RoomBuilder from simulated phone scans of `apartment_3room`, in the frame they were built in.
@Suite struct RoomTurnEvidenceTests {
    /// The scan of the living room misses the bedroom door, so at the true pose the bedroom's door
    /// stands against solid wall; turned by 180° the door moves to the outside wall and the bedroom's
    /// window comes to face the bathroom. The arrangement (bedroom scored against the living room,
    /// bathroom against both) must score the true pose above the turned one by more than the aligner's
    /// ambiguity margin. (When a window facing a room cost what a blocked door costs, and windows could
    /// be matched, the two scored 13.39 and 13.38.)
    @Test func windowFacingARoomOutweighsAMissedDoor() throws {
        let plan = try PlanFixtures.load("apartment_3room")
        let o = try ScanBuildEvaluation.runStructure(plan: plan, preset: .phone, seed: 1)
        let ids = o.builtRooms.map(\.roomID)
        guard let liv = ids.firstIndex(of: "liv"), let bed = ids.firstIndex(of: "bed"), let bath = ids.firstIndex(of: "bath") else {
            Issue.record("rooms \(ids)")
            return
        }
        let features = o.builtRooms.enumerated().map { AlignmentRoom($1.room, index: $0) }
        let aligner = RoomAligner()
        func scorer(_ placed: [AlignmentRoom]) -> PlacementScorer {
            PlacementScorer(placed: placed, gap: aligner.wallGap, assumedThickness: aligner.assumedThickness)
        }
        let c = try #require(features[bed].floors.compactMap(\.centroid).first.map { SIMD2<Double>($0) })
        let back = c - PlanarPose(yaw: .pi, translation: .zero).rotate(c)
        let turn = PlanarPose(yaw: .pi, translation: SIMD3(back.x, 0, back.y))
        func arrangement(_ bedPose: PlanarPose) -> Double {
            let movedBed = features[bed].moved(by: bedPose)
            return scorer([features[liv]]).score(movedBed).total + scorer([features[liv], movedBed]).score(features[bath]).total
        }
        let truth = arrangement(.identity), turned = arrangement(turn)
        print("turn evidence: true arrangement \(truth), bedroom turned by 180° \(turned)")
        #expect(truth - turned > aligner.ambiguityMargin, "true \(truth) turned \(turned)")
    }
}
