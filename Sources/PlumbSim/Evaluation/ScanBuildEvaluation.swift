import Foundation
import PlumbKernel
import Plumbline

/// The end-to-end accuracy run: simulate a phone scan of a plan, build every scanned room with
/// ``RoomBuilder`` from its merged cloud, and score each room against the plan.
public enum ScanBuildEvaluation {
    /// One room's outcome.
    public struct RoomOutcome: Sendable {
        /// Plan room id.
        public var roomID: String
        /// Points in the room's merged cloud.
        public var points: Int
        /// The score, or nil when the build failed.
        public var report: EvaluationReport?
        /// Why the build or the scoring failed.
        public var failure: String?
        /// Wall-clock seconds of the build.
        public var buildSeconds: Double
    }

    /// Simulates `plan` with `preset` and `seed`, builds each room and scores it.
    /// - Throws: ``ScanSimulatorError`` when the plan cannot be simulated.
    public static func run(plan: FloorPlan, preset: ScanPreset, seed: UInt64,
                           options: RoomBuilder.Options = RoomBuilder.Options()) throws(ScanSimulatorError) -> [RoomOutcome] {
        let scan = try ScanSimulator(plan: plan).simulate(preset: preset, seed: seed)
        var out: [RoomOutcome] = []
        for rc in scan.roomClouds {
            var o = options
            o.upAxis = .y
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let room = try RoomBuilder(options: o).build(rc.cloud).room
                let d = clock.now - start
                let secs = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
                do {
                    let report = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: plan, roomID: rc.roomID)
                    out.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, report: report, buildSeconds: secs))
                } catch {
                    out.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, failure: "\(error)", buildSeconds: secs))
                }
            } catch {
                out.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, failure: "\(error)", buildSeconds: 0))
            }
        }
        return out
    }
}
