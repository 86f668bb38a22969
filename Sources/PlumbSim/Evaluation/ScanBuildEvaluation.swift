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
        /// The room RoomBuilder built (nil when the build failed).
        public var room: CapturedRoom? = nil
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
                    out.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, report: report, buildSeconds: secs, room: room))
                } catch {
                    out.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, failure: "\(error)", buildSeconds: secs, room: room))
                }
            } catch {
                out.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, failure: "\(error)", buildSeconds: 0))
            }
        }
        return out
    }

    /// The outcome of a multi-room run (``runStructure(plan:preset:seed:options:structureOptions:)``).
    public struct StructureOutcome: Sendable {
        /// Per room: points and build time (and the failure, if the room could not be built).
        public var rooms: [RoomOutcome]
        /// The rooms RoomBuilder built (room ids in ``rooms`` order, failed rooms left out).
        public var builtRooms: [(roomID: String, room: CapturedRoom)]
        /// The merged structure, or nil when merging failed or no room was built.
        public var structure: CapturedStructure?
        /// The score of the structure against the plan.
        public var report: EvaluationReport?
        /// The structure's own doors, windows and openings against the truth structure's.
        public var openings: StructureOpeningCheck.Score?
        /// Interior walls with their measured thickness.
        public var interiorWalls: [StructureBuilder.InteriorWall]
        /// Why merging or scoring failed.
        public var failure: String?
        /// Wall-clock seconds of the merge.
        public var mergeSeconds: Double
    }

    /// Simulates `plan`, builds every room from its own cloud with ``RoomBuilder``, merges the rooms
    /// with ``StructureBuilder`` and scores the structure against the whole plan.
    /// - Throws: ``ScanSimulatorError`` when the plan cannot be simulated.
    public static func runStructure(plan: FloorPlan, preset: ScanPreset, seed: UInt64,
                                    options: RoomBuilder.Options = RoomBuilder.Options(),
                                    structureOptions: StructureBuilder.Options = StructureBuilder.Options()) throws(ScanSimulatorError) -> StructureOutcome {
        let scan = try ScanSimulator(plan: plan).simulate(preset: preset, seed: seed)
        var outcomes: [RoomOutcome] = []
        var built: [CapturedRoom] = []
        var builtIDs: [String] = []
        let clock = ContinuousClock()
        for (k, rc) in scan.roomClouds.enumerated() {
            var o = options
            o.upAxis = .y
            o.seed = options.seed &+ UInt64(k)
            let start = clock.now
            do {
                let room = try RoomBuilder(options: o).build(rc.cloud).room
                built.append(room)
                builtIDs.append(rc.roomID)
                outcomes.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, buildSeconds: seconds(clock.now - start)))
            } catch {
                outcomes.append(RoomOutcome(roomID: rc.roomID, points: rc.cloud.count, failure: "\(error)", buildSeconds: 0))
            }
        }
        var out = StructureOutcome(rooms: outcomes, builtRooms: Array(zip(builtIDs, built)), interiorWalls: [], mergeSeconds: 0)
        guard !built.isEmpty else { out.failure = "no room could be built"; return out }
        let start = clock.now
        do {
            let result = try StructureBuilder(options: structureOptions).build(built)
            out.mergeSeconds = seconds(clock.now - start)
            out.structure = result.structure
            out.interiorWalls = result.interiorWalls
            out.report = try Evaluator.evaluate(model: EvaluationModel(structure: result.structure), plan: plan)
            out.openings = StructureOpeningCheck.score(model: result.structure, truth: try TruthModel.structure(of: plan))
        } catch {
            out.failure = "\(error)"
        }
        return out
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
}
