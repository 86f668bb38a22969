import Dispatch
import Foundation
import PlumbKernel
import Plumbline

/// The measuring stick: random plans from ``RandomPlanGenerator``, scanned by ``ScanSimulator`` with a
/// noise preset and a realism preset, built with ``RoomBuilder`` (and merged with ``StructureBuilder`` for
/// multi-room plans), each scanned room scored against its truth room.
///
/// Every case is reproducible from `(kind, seed, index, preset, realism, scanSeed)`: the plan from the
/// generator seed and index, the scan from `scanSeed ^ index`, the realism parameters from the same.
/// Models are mapped back into the plan frame with the inverse of the scan's output transform (and of the
/// builder's up-axis rotation and far-origin offset) before scoring, so a case in a random rigid frame
/// or a georeferenced, Z-up frame is scored exactly like the same case in the plan frame.
public enum RandomEvaluation {
    /// What to run.
    public struct Options: Sendable, Equatable, Codable {
        /// Single rooms or multi-room plans.
        public var kind: RandomPlanKind = .singleRoom
        /// Generator seed (which plans).
        public var seed: UInt64 = 1
        /// Number of plans (indices `0..<count`).
        public var count: Int = 300
        /// Evaluate only these plan indices (nil: all of `0..<count`).
        public var only: [Int]? = nil
        /// Sensor noise preset.
        public var preset: ScanPreset = .phone
        /// Realism perturbation.
        public var realism: RealismPreset = .none
        /// Base seed of the simulated scans (the case's scan seed is `scanSeed ^ index`).
        public var scanSeed: UInt64 = 1
        /// When false, sensor positions are dropped from the clouds before building.
        public var keepsSensorPositions: Bool = true
        /// When set (in (0, 1)), each scanned cloud keeps this share of its points, chosen at random (seeded by
        /// the case's scan seed) before building: the measuring stick of density invariance (a builder that
        /// does not depend on sampling density gives the same rooms). nil keeps every point.
        public var keepFraction: Double? = nil
        /// StructureBuilder's largest floor overlap of two rooms (multi-room plans).
        public var maximumFloorOverlap: Double = 0.5
        /// Multi-room plans: merge the rooms' clouds into one cloud (the scan's building cloud, frame indices
        /// and sensor positions kept unless ``keepsSensorPositions`` is false) and find the rooms with
        /// ``RoomSegmentation`` instead of building each room's own cloud.
        public var oneCloud: Bool = false
        /// When true the builder finds the up axis itself (as `plumb build` does by default) instead of being
        /// told the scan's: the measuring stick of up-axis detection. A room built under the wrong axis is
        /// recorded as refused with reason `wrongUpAxis` (its model is not in the plan's frame). Single rooms
        /// and multi-room plans built room by room; with ``oneCloud`` the segmentation is told the axis.
        public var detectsUpAxis: Bool = false
        /// Default options.
        public init() {}
    }

    /// One scanned room's result.
    public struct RoomCase: Sendable, Equatable, Codable {
        /// Generated plan name (`random-single-<seed>-<index>`).
        public var planName: String
        /// Plan index under the generator seed.
        public var index: Int
        /// Plan room id.
        public var roomID: String
        /// Truth room type and floor area (m²).
        public var roomType: String, truthArea: Double
        /// Points in the room's cloud.
        public var points: Int
        /// Why the room was not built or not scored (nil when it was).
        public var refusal: String?
        /// Short key of the refusal (the error case), for grouping.
        public var refusalKey: String?
        /// Floor IoU against the truth room (0 when refused).
        public var floorIoU: Double
        /// |model floor elevation − truth floor elevation|, metres (nil when refused or no floor).
        public var floorLevelError: Double?
        /// Per-room evaluation (nil when refused).
        public var evaluation: RoomEvaluation?
        /// Wall-clock seconds of the build.
        public var buildSeconds: Double
    }

    /// One multi-room plan's merge result.
    public struct StructureCase: Sendable, Equatable, Codable {
        /// Generated plan name.
        public var planName: String
        /// Plan index.
        public var index: Int
        /// Scanned rooms and rooms that built.
        public var rooms: Int, builtRooms: Int
        /// Why the merge failed (nil when the structure built).
        public var refusal: String?
        /// Short key of the refusal.
        public var refusalKey: String?
        /// Rooms found (model rooms matched to truth rooms at IoU ≥ 0.5), when the structure built.
        public var roomDetection: DetectionScore?
        /// With ``Options/oneCloud``: rooms the segmentation found (nil otherwise).
        public var segmentedRooms: Int? = nil
        /// With ``Options/oneCloud``: why found rooms were left out of the structure (one
        /// `key: message` per room; see ``RoomSegmentation/SkippedRoom``).
        public var skippedRooms: [String]? = nil
    }

    /// Everything one run measured.
    public struct Report: Sendable, Equatable, Codable {
        /// What was run.
        public var options: Options
        /// Per scanned room.
        public var rooms: [RoomCase]
        /// Per multi-room plan (empty for single rooms).
        public var structures: [StructureCase]
        /// The distribution of ``rooms`` and ``structures``.
        public var summary: Summary
        /// Plans drawn, and candidate draws the generator rejected before them.
        public var plans: Int, redraws: Int
        /// Feature counts over the drawn plans.
        public var features: PlanFeatures
        /// Wall-clock seconds of the whole run.
        public var seconds: Double
    }

    /// Means and tails of a run.
    public struct Summary: Sendable, Equatable, Codable {
        /// Scanned rooms, rooms built and scored, rooms refused.
        public var rooms: Int, built: Int, refused: Int
        /// Floor IoU over all scanned rooms, refusals counting 0.
        public var floorIoU: SummaryStatistic
        /// 10th percentile of ``floorIoU`` (refusals counting 0).
        public var floorIoUP10: Double
        /// Floor IoU over built rooms only.
        public var floorIoUBuilt: SummaryStatistic
        /// Share of scanned rooms (refusals included) with floor IoU below 0.9, below 0.5.
        public var shareBelow090: Double, shareBelow050: Double
        /// Share of scanned rooms whose floor level is within 2 cm of the truth (refusals count as misses).
        public var floorLevelWithin2cm: Double
        /// Floor level error over built rooms, metres.
        public var floorLevelError: SummaryStatistic
        /// Detection counts pooled over built rooms.
        public var walls: DetectionScore, corners5cm: DetectionScore, doors: DetectionScore, windows: DetectionScore,
                   openings: DetectionScore, objects: DetectionScore
        /// Matched objects with the right category, over matched objects.
        public var objectCategoryAccuracy: Double
        /// Median absolute wall-length error of matched walls, metres.
        public var wallLengthErrorMedian: Double
        /// Ceiling height error over built rooms, metres.
        public var ceilingHeightError: SummaryStatistic
        /// Refusals grouped by ``RoomCase/refusalKey``, most frequent first.
        public var refusalsByReason: [ReasonCount]
        /// Multi-room plans, structures built, and structure refusals by reason.
        public var structures: Int, structuresBuilt: Int
        /// Structure refusals grouped by reason.
        public var structureRefusalsByReason: [ReasonCount]
        /// Rooms found in built structures (pooled).
        public var structureRooms: DetectionScore
        /// With ``Options/oneCloud``: rooms found by the segmentation, and found rooms left out of the
        /// structures grouped by reason.
        public var segmentedRooms: Int = 0
        /// Found rooms left out of the structures, by reason.
        public var skippedRoomsByReason: [ReasonCount] = []
        /// The worst rooms by floor IoU (refusals first), at most 10.
        public var worst: [RoomCase]
    }

    /// A reason and how often it occurred.
    public struct ReasonCount: Sendable, Equatable, Codable {
        /// The reason key.
        public var reason: String
        /// How many cases.
        public var count: Int
        /// One full message of that kind.
        public var example: String
    }

    /// Runs the evaluation. Plans are evaluated concurrently (each case is independent and seeded by its own
    /// index, so the report is the same as a serial run); `progress(done, total)` is called after each plan,
    /// from a worker thread, one call at a time.
    /// - Complexity: per plan, a simulation (O(frames × pixels × log triangles)) and one build per room.
    public static func run(_ options: Options, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let indices = options.only ?? Array(0..<max(0, options.count))
        let slots = ResultSlots<(GeneratedPlan, CaseOutcome)>(count: indices.count)
        let counter = ProgressCounter()
        DispatchQueue.concurrentPerform(iterations: indices.count) { k in
            let generated = RandomPlanGenerator.plan(kind: options.kind, seed: options.seed, index: indices[k])
            var outcome = evaluate(generated, options: options)
            outcome.builtRooms = []  // the models are not kept for the report (memory)
            outcome.merged = nil
            slots.set(k, (generated, outcome))
            counter.step { progress($0, indices.count) }
        }
        let results = slots.values()
        let rooms = results.flatMap(\.1.rooms)
        let structures = results.compactMap(\.1.structure)
        let summary = summarise(rooms: rooms, structures: structures)
        return Report(options: options, rooms: rooms, structures: structures, summary: summary, plans: indices.count,
                      redraws: results.map(\.0.redraws).reduce(0, +), features: PlanFeatures.total(results.map(\.0.features)),
                      seconds: ScanBuildEvaluation.seconds(clock.now - start))
    }

    /// The built rooms of one case, in the plan frame (for `--save-models`).
    public struct CaseOutcome: Sendable {
        /// Per scanned room.
        public var rooms: [RoomCase]
        /// The merge (multi-room plans).
        public var structure: StructureCase?
        /// The built rooms, mapped into the plan frame, with their plan room ids.
        public var builtRooms: [(roomID: String, room: CapturedRoom)]
        /// The merged structure, if any.
        public var merged: CapturedStructure?
    }

    /// Simulates, builds and scores one generated plan.
    public static func evaluate(_ generated: GeneratedPlan, options: Options) -> CaseOutcome {
        let plan = generated.plan
        let scanned = Set(generated.scannedRoomIDs)
        let scanSeed = options.scanSeed ^ UInt64(generated.index)
        let realism = ScanRealism(preset: options.realism, seed: scanSeed)
        var out = CaseOutcome(rooms: [], structure: nil, builtRooms: [], merged: nil)
        let scan: SimulatedScan
        do {
            scan = try ScanSimulator(plan: plan).simulate(preset: options.preset, seed: scanSeed, realism: realism, rooms: scanned)
        } catch {
            for id in generated.scannedRoomIDs {
                out.rooms.append(refused(plan: plan, generated: generated, roomID: id, points: 0, key: "simulation", message: "\(error)"))
            }
            return out
        }
        if options.oneCloud && generated.kind == .multiRoom { return evaluateOneCloud(generated, scan: scan, options: options) }
        let toPlan = scan.outputTransform.inverse
        let clock = ContinuousClock()
        for id in generated.scannedRoomIDs {
            guard var cloud = scan.roomClouds.first(where: { $0.roomID == id })?.cloud else {
                out.rooms.append(refused(plan: plan, generated: generated, roomID: id, points: 0, key: "noPoints",
                                         message: "the simulated scan of room \(id) has no points"))
                continue
            }
            if !options.keepsSensorPositions { cloud.sensorOrigins = nil }
            cloud = thinned(cloud, options: options, salt: UInt64(out.builtRooms.count + out.rooms.count))
            var o = RoomBuilder.Options()
            o.upAxis = options.detectsUpAxis ? .automatic : scan.upAxis
            o.seed = o.seed &+ UInt64(out.builtRooms.count)
            let t0 = clock.now
            let built: CapturedRoom
            do {
                let result = try RoomBuilder(options: o).build(cloud)
                guard result.upAxis == scan.upAxis else {
                    out.rooms.append(refused(plan: plan, generated: generated, roomID: id, points: cloud.count, key: "wrongUpAxis",
                                             message: "built with up axis \(result.upAxis.rawValue); the scan is \(scan.upAxis.rawValue)-up"))
                    continue
                }
                built = result.room
            } catch {
                out.rooms.append(refused(plan: plan, generated: generated, roomID: id, points: cloud.count,
                                         key: refusalKey(error), message: "\(error)"))
                continue
            }
            let secs = ScanBuildEvaluation.seconds(clock.now - t0)
            let room = inPlanFrame(built, upAxis: scan.upAxis, outputToPlan: toPlan)
            out.builtRooms.append((id, room))
            do {
                let report = try Evaluator.evaluate(model: EvaluationModel(room: room), plan: plan, roomID: id)
                let e = report.rooms.first { $0.truthRoomID == id }
                let truthRoom = plan.room(id)!
                let level = RoomComparison.floorElevation(room).map { abs($0 - plan.floorElevation(of: truthRoom)) }
                out.rooms.append(RoomCase(
                    planName: plan.name, index: generated.index, roomID: id, roomType: truthRoom.type.rawValue,
                    truthArea: truthRoom.area, points: cloud.count, refusal: nil, refusalKey: nil,
                    floorIoU: e?.floorIoU ?? 0, floorLevelError: level, evaluation: e, buildSeconds: secs))
            } catch {
                out.rooms.append(refused(plan: plan, generated: generated, roomID: id, points: cloud.count,
                                         key: "scoring", message: "\(error)"))
            }
        }
        guard generated.kind == .multiRoom else { return out }
        var s = StructureCase(planName: plan.name, index: generated.index, rooms: generated.scannedRoomIDs.count,
                              builtRooms: out.builtRooms.count)
        if out.builtRooms.isEmpty {
            s.refusal = "no room could be built"
            s.refusalKey = "noRoomBuilt"
        } else {
            var so = StructureBuilder.Options()
            so.maximumFloorOverlap = options.maximumFloorOverlap
            do {
                let merged = try StructureBuilder(options: so).build(out.builtRooms.map(\.room)).structure
                out.merged = merged
                let report = try Evaluator.evaluate(model: EvaluationModel(structure: merged), plan: plan)
                s.roomDetection = report.aggregate.rooms
            } catch {
                s.refusal = "\(error)"
                s.refusalKey = refusalKey(error)
            }
        }
        out.structure = s
        return out
    }

    /// `cloud` with ``Options/keepFraction`` of its points, each kept with that probability from a generator
    /// seeded by the case's scan seed and `salt` (so a run is reproducible); the cloud itself without it.
    /// - Complexity: O(points).
    static func thinned(_ cloud: PointCloud, options: Options, salt: UInt64) -> PointCloud {
        guard let f = options.keepFraction, f > 0, f < 1 else { return cloud }
        var g = SeededGenerator(seed: 0x7E1D ^ options.scanSeed ^ (salt &* 0x9E37_79B9_7F4A_7C15))
        let limit = UInt64(f * 0x1p53)
        return cloud.subset((0..<cloud.count).filter { _ in g.next() >> 11 < limit })
    }

    /// One multi-room plan scanned into one cloud (``Options/oneCloud``): ``RoomSegmentation`` finds and builds
    /// the rooms (each mapped into the plan frame), ``RoomSegmentation/merge(_:options:)`` merges them, and every
    /// scanned truth room is scored against the structure room matched to it (floor IoU ≥ 0.5 matching by the
    /// ``Evaluator``); a truth room without a match is refused as `notFound` (or with the segmentation's error).
    static func evaluateOneCloud(_ generated: GeneratedPlan, scan: SimulatedScan, options: Options) -> CaseOutcome {
        let plan = generated.plan
        var out = CaseOutcome(rooms: [], structure: nil, builtRooms: [], merged: nil)
        var s = StructureCase(planName: plan.name, index: generated.index, rooms: generated.scannedRoomIDs.count, builtRooms: 0)
        var cloud = scan.buildingCloud
        if !options.keepsSensorPositions { cloud.sensorOrigins = nil }
        cloud = thinned(cloud, options: options, salt: 0)
        var so = RoomSegmentation.Options()
        so.upAxis = scan.upAxis
        so.structure.maximumFloorOverlap = options.maximumFloorOverlap
        let segmenter = RoomSegmentation(options: so)
        let clock = ContinuousClock()
        let t0 = clock.now
        func refuseAll(_ key: String, _ message: String) -> CaseOutcome {
            for id in generated.scannedRoomIDs {
                out.rooms.append(refused(plan: plan, generated: generated, roomID: id, points: cloud.count, key: key, message: message))
            }
            s.refusal = message
            s.refusalKey = key
            out.structure = s
            return out
        }
        let seg: RoomSegmentation.Segmentation
        do { seg = try segmenter.segment(cloud) } catch { return refuseAll(refusalKey(error), "\(error)") }
        s.segmentedRooms = seg.rooms.count
        let toPlan = scan.outputTransform.inverse
        var built: [(index: Int, room: CapturedRoom)] = []
        var skipped: [String] = []
        for (k, r) in seg.rooms.enumerated() {
            do throws(RoomBuildError) {
                let room = try segmenter.buildRoom(r, of: cloud, upAxis: seg.upAxis)
                built.append((k, inPlanFrame(room, upAxis: seg.upAxis, outputToPlan: toPlan)))
            } catch {
                skipped.append("\(refusalKey(error)): \(error)")
            }
        }
        guard !built.isEmpty else { s.skippedRooms = skipped; return refuseAll("noRoomBuilt", "no segmented room could be built") }
        let merged: StructureBuilder.Result
        do {
            let m = try RoomSegmentation.merge(built.map(\.room), options: so.structure)
            merged = m.result
            skipped += m.dropped.map { "overlaps: room \(built[$0.room].index) overlaps room \(built[$0.other].index)" }
        } catch {
            s.skippedRooms = skipped
            return refuseAll(refusalKey(error), "\(error)")
        }
        let secs = ScanBuildEvaluation.seconds(clock.now - t0)
        s.builtRooms = merged.structure.rooms.count
        s.skippedRooms = skipped
        out.merged = merged.structure
        let report: EvaluationReport
        do { report = try Evaluator.evaluate(model: EvaluationModel(structure: merged.structure), plan: plan) } catch {
            return refuseAll("scoring", "\(error)")
        }
        s.roomDetection = report.aggregate.rooms
        for id in generated.scannedRoomIDs {
            guard let e = report.rooms.first(where: { $0.truthRoomID == id }), let mi = e.modelRoomIndex, let truthRoom = plan.room(id) else {
                out.rooms.append(refused(plan: plan, generated: generated, roomID: id, points: 0, key: "notFound",
                                         message: "no segmented room matches room \(id)"))
                continue
            }
            let model = merged.structure.rooms[mi]
            out.builtRooms.append((id, model))
            let level = RoomComparison.floorElevation(model).map { abs($0 - plan.floorElevation(of: truthRoom)) }
            out.rooms.append(RoomCase(
                planName: plan.name, index: generated.index, roomID: id, roomType: truthRoom.type.rawValue, truthArea: truthRoom.area,
                points: cloud.count, refusal: nil, refusalKey: nil, floorIoU: e.floorIoU, floorLevelError: level, evaluation: e,
                buildSeconds: secs))
        }
        out.structure = s
        return out
    }

    /// `built` (RoomBuilder's output for a cloud in the scan's output frame) moved into the plan frame:
    /// undo the far-origin offset (`plumblineOrigin`), the builder's rotation to y-up, then the scan's
    /// output transform. Composed in `Double`, so a +500 km offset costs no precision.
    public static func inPlanFrame(_ built: CapturedRoom, upAxis: UpAxis, outputToPlan: RigidTransform) -> CapturedRoom {
        var room = built
        var offset = SIMD3<Double>.zero
        if case let .array(a)? = room.unknownFields["plumblineOrigin"], a.count == 3 {
            let v = a.compactMap { if case let .number(x) = $0 { x } else { nil } }
            if v.count == 3 { offset = SIMD3(v[0], v[1], v[2]) }
            room.unknownFields["plumblineOrigin"] = nil
        }
        // Builder frame (y up) -> output frame: the inverse of UpAxis.toYUp.
        let fromYUp: RigidTransform = upAxis == .z
            ? RigidTransform(column0: SIMD3(1, 0, 0), column1: SIMD3(0, 0, 1), column2: SIMD3(0, -1, 0), translation: .zero)
            : .identity
        let m = outputToPlan * fromYUp * RigidTransform(translation: offset)
        if m == .identity { return room }
        return room.transformed(by: Transform4x4(rigid: m))
    }

    static func refused(plan: FloorPlan, generated: GeneratedPlan, roomID: String, points: Int, key: String, message: String) -> RoomCase {
        let r = plan.room(roomID)
        return RoomCase(planName: plan.name, index: generated.index, roomID: roomID, roomType: r?.type.rawValue ?? "?",
                        truthArea: r?.area ?? 0, points: points, refusal: message, refusalKey: key, floorIoU: 0,
                        floorLevelError: nil, evaluation: nil, buildSeconds: 0)
    }

    /// A short grouping key for a build or merge error: the error's case name.
    static func refusalKey(_ error: any Error) -> String {
        let text = String(describing: error)
        if let e = error as? RoomBuildError {
            switch e {
            case .invalidCloud: return "invalidCloud"
            case .segmentationFailed: return "segmentationFailed"
            case .upAxisNotFound: return "upAxisNotFound"
            case .noFloorOrCeiling: return "noFloorOrCeiling"
            case .noClosedOutline: return "noClosedOutline"
            case .roomTooLarge: return "roomTooLarge"
            case .implausibleGeometry: return "implausibleGeometry"
            case .invalidModel: return "invalidModel"
            }
        }
        // Other typed errors: the case name is what `String(reflecting:)` of the case shows before "(".
        let mirror = Mirror(reflecting: error)
        if let label = mirror.children.first?.label { return label }
        return text.prefix { $0 != "(" && $0 != ":" }.trimmingCharacters(in: .whitespaces)
    }

    /// The distribution of room and structure cases.
    public static func summarise(rooms: [RoomCase], structures: [StructureCase]) -> Summary {
        let all = rooms.map(\.floorIoU)
        let sorted = all.filter(\.isFinite).sorted()
        let built = rooms.filter { $0.refusal == nil }
        let evals = built.compactMap(\.evaluation)
        let n = Double(max(1, rooms.count))
        func pooled(_ f: (RoomEvaluation) -> DetectionScore) -> DetectionScore { evals.map(f).reduce(DetectionScore(), +) }
        let objects = evals.map(\.objects).reduce(ObjectScore(), +)
        let levels = built.compactMap(\.floorLevelError).map(abs)
        let worst = rooms.enumerated().sorted { a, b in
            a.element.floorIoU != b.element.floorIoU ? a.element.floorIoU < b.element.floorIoU : a.offset < b.offset
        }.prefix(10).map(\.element)
        return Summary(
            rooms: rooms.count, built: built.count, refused: rooms.count - built.count,
            floorIoU: SummaryStatistic(all), floorIoUP10: SummaryStatistic.percentile(sorted: sorted, 0.1),
            floorIoUBuilt: SummaryStatistic(built.map(\.floorIoU)),
            shareBelow090: Double(all.filter { $0 < 0.9 }.count) / n,
            shareBelow050: Double(all.filter { $0 < 0.5 }.count) / n,
            floorLevelWithin2cm: Double(levels.filter { $0 <= 0.02 }.count) / n,
            floorLevelError: SummaryStatistic(levels),
            walls: pooled(\.walls), corners5cm: pooled(\.corners5cm), doors: pooled(\.doors.detection),
            windows: pooled(\.windows.detection), openings: pooled(\.openings.detection), objects: objects.detection,
            objectCategoryAccuracy: objects.categoryAccuracy,
            wallLengthErrorMedian: SummaryStatistic(evals.flatMap(\.wallErrors).map { abs($0.lengthError) }).median,
            ceilingHeightError: SummaryStatistic(evals.compactMap(\.ceilingHeightError).map(abs)),
            refusalsByReason: group(rooms.compactMap { r in r.refusalKey.map { ($0, r.refusal ?? "") } }),
            structures: structures.count, structuresBuilt: structures.filter { $0.refusal == nil }.count,
            structureRefusalsByReason: group(structures.compactMap { s in s.refusalKey.map { ($0, s.refusal ?? "") } }),
            structureRooms: structures.compactMap(\.roomDetection).reduce(DetectionScore(), +),
            segmentedRooms: structures.compactMap(\.segmentedRooms).reduce(0, +),
            skippedRoomsByReason: group(structures.flatMap { $0.skippedRooms ?? [] }.map { m in
                (String(m.prefix { $0 != ":" }), String(m.drop { $0 != ":" }.dropFirst(2)))
            }),
            worst: Array(worst))
    }

    static func group(_ items: [(String, String)]) -> [ReasonCount] {
        var counts: [String: (Int, String)] = [:]
        for (k, m) in items { counts[k, default: (0, m)].0 += 1 }
        return counts.map { ReasonCount(reason: $0.key, count: $0.value.0, example: $0.value.1) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
    }
}

/// Counts finished cases under a lock and reports each count once, in order.
final class ProgressCounter: @unchecked Sendable {
    private var done = 0
    private let lock = NSLock()
    /// Increments the count and calls `report` with it while holding the lock.
    func step(_ report: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        report(done)
    }
}
