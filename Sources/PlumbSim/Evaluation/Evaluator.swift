import Foundation
import Plumbline

/// Scores a reconstruction (``EvaluationModel``) against a ground-truth ``FloorPlan``.
///
/// The plan is first turned into its ``TruthModel``. Rooms are matched by floor-polygon IoU
/// (Hungarian, rooms whose floors differ by more than 1 m in height never match). A single-room model
/// is scored against its best room only (or the room named by `roomID`); a structure is scored against
/// every room of the plan, unmatched truth rooms counting as misses and unmatched model rooms as false
/// detections (with `roomID`: only that room and the model room matched to it are scored). Within each matched pair, walls, corners, openings and objects are
/// matched one-to-one by the Hungarian algorithm (see ``WallMatcher``, ``CornerMatcher``,
/// ``OpeningMatcher``, ``ObjectMatcher``). For structures the merged walls are matched to the truth's
/// centred walls to measure the thickness of walls between rooms.
public enum Evaluator {
    /// Largest floor-height difference of matched rooms, metres.
    public static let maximumFloorElevationDifference = 1.0

    /// The evaluation report.
    /// - Complexity: dominated by polygon IoUs (O(rooms² · vertices²)) and the per-room matchings.
    public static func evaluate(model: EvaluationModel, plan: FloorPlan, roomID: String? = nil) throws(EvaluationError) -> EvaluationReport {
        try model.validate()
        let limit = EvaluationModel.maximumElementsPerList
        for (name, n) in [("plan rooms", plan.rooms.count), ("plan walls", plan.walls.count)] where n > limit {
            throw .tooManyElements(path: name, count: n, limit: limit)
        }
        for (name, n) in [("plan openings", plan.openings.count), ("plan furniture", plan.furniture.count)] where n > 10 * limit {
            throw .tooManyElements(path: name, count: n, limit: 10 * limit)
        }
        let structure: CapturedStructure
        do { structure = try TruthModel.structure(of: plan) } catch {
            switch error {
            case let .invalidPlan(e): throw .invalidPlan(e)
            case let .unknownRoom(id): throw .unknownRoom(id)
            }
        }
        let truthRooms = structure.rooms
        if let roomID, plan.room(roomID) == nil { throw .unknownRoom(roomID) }
        var wallNames: [UUID: String] = [:]
        for w in plan.walls {
            wallNames[TruthIdentifier.wall(plan: plan.name, wallID: w.id)] = w.id
            for side in [SwingSide.positive, .negative] { wallNames[TruthIdentifier.face(plan: plan.name, wallID: w.id, side: side)] = w.id }
        }

        let mPoly = model.rooms.map(RoomComparison.footprint), mElev = model.rooms.map(RoomComparison.floorElevation)
        let tPoly = plan.rooms.map(\.polygon), tElev = plan.rooms.map { plan.floorElevation(of: $0) }
        var iou = [Double](repeating: 0, count: mPoly.count * tPoly.count)
        var allowed = [Bool](repeating: false, count: iou.count)
        for i in mPoly.indices {
            for j in tPoly.indices {
                let k = i * tPoly.count + j
                iou[k] = PolygonOverlap.iou(mPoly[i], tPoly[j])
                allowed[k] = abs((mElev[i] ?? tElev[j]) - tElev[j]) <= maximumFloorElevationDifference
            }
        }
        // Scope (truth room indices) and pairs (model index, truth index).
        var scope: [Int]
        var pairs: [(Int, Int)] = []
        if model.kind == .room {
            let j: Int
            if let roomID { j = plan.rooms.firstIndex { $0.id == roomID }! } else {
                j = bestRoom(modelPolygon: mPoly[0], iou: Array(iou[0..<tPoly.count]), allowed: Array(allowed[0..<tPoly.count]), plan: plan)
            }
            scope = [j]
            pairs = [(0, j)]
        } else {
            // Match every room, then keep the named one only (its partner, if any).
            let g = GatedMatching(left: mPoly.count, right: tPoly.count) { i, j in
                let k = i * tPoly.count + j
                return allowed[k] && iou[k] > 0 ? 1 - iou[k] : nil
            }
            pairs = g.pairs
            scope = Array(plan.rooms.indices)
            if let roomID, let j = plan.rooms.firstIndex(where: { $0.id == roomID }) {
                scope = [j]
                pairs = pairs.filter { $0.1 == j }
            }
        }
        let truthToModel = Dictionary(uniqueKeysWithValues: pairs.map { ($0.1, $0.0) })
        var rooms: [RoomEvaluation] = []
        for j in scope {
            let mi = truthToModel[j]
            rooms.append(RoomComparison.compare(
                model: mi.map { model.rooms[$0] }, truth: truthRooms[j], truthRoomID: plan.rooms[j].id, modelIndex: mi,
                floorIoU: mi.map { iou[$0 * tPoly.count + j] } ?? 0, wallNames: wallNames))
        }
        let matchedModel = Set(pairs.map(\.0))
        // With a named room only that room is scored; other model rooms are not false detections.
        let unmatchedModel = model.kind == .room || roomID != nil ? [] : model.rooms.indices.filter { !matchedModel.contains($0) }
        let phantoms = unmatchedModel.map { i in
            RoomComparison.compare(
                model: model.rooms[i], truth: CapturedRoom(identifier: model.rooms[i].identifier), truthRoomID: "",
                modelIndex: i, floorIoU: 0, wallNames: [:])
        }
        let smw = model.structureWalls.map(UprightSurfaceGeometry.init)
        let swm = WallMatcher.match(model: smw, truth: structure.walls.map(UprightSurfaceGeometry.init))
        let thickness = model.kind == .structure ? thicknessRecords(matching: swm, model: model.structureWalls, truth: structure.walls, plan: plan, wallNames: wallNames) : []
        let structureDuplicates = DuplicateWallDetector.count(smw, matched: Set(swm.pairs.map(\.0)))
        let aggregate = EvaluationAggregator.aggregate(
            rooms: rooms, phantoms: phantoms, roomDetection: DetectionScore(
                truePositives: pairs.count, falsePositives: unmatchedModel.count, falseNegatives: scope.count - pairs.count),
            thickness: thickness, extraDuplicates: structureDuplicates)
        return EvaluationReport(
            planName: plan.name, modelKind: model.kind.rawValue, rooms: rooms, unmatchedModelRooms: unmatchedModel,
            aggregate: aggregate)
    }

    /// The truth room a single model room is scored against: the allowed room of highest IoU, or, when
    /// no floor overlaps, the room whose centroid is nearest the model polygon's vertex mean.
    static func bestRoom(modelPolygon: [SIMD2<Double>], iou: [Double], allowed: [Bool], plan: FloorPlan) -> Int {
        var best = -1, bestIoU = 0.0
        for j in iou.indices where allowed[j] && iou[j] > bestIoU { best = j; bestIoU = iou[j] }
        if best >= 0 { return best }
        let c = modelPolygon.isEmpty ? SIMD2<Double>.zero : modelPolygon.reduce(.zero, +) / Double(modelPolygon.count)
        var bestD = Double.infinity
        for (j, r) in plan.rooms.enumerated() {
            let d = ((r.centroid - c) * (r.centroid - c)).sum()
            if d < bestD { bestD = d; best = j }
        }
        return max(best, 0)
    }

    /// Thickness errors of model structure walls matched to truth walls with rooms on both sides.
    static func thicknessRecords(
        matching g: GatedMatching, model: [CapturedRoom.Surface], truth: [CapturedRoom.Surface], plan: FloorPlan,
        wallNames: [UUID: String]
    ) -> [ThicknessErrorRecord] {
        g.pairs.compactMap { (i, j) in
            guard let id = wallNames[truth[j].identifier], let w = plan.wall(id), w.positiveRoom != nil, w.negativeRoom != nil else {
                return nil
            }
            return ThicknessErrorRecord(
                truthWallID: id, truthThickness: w.thickness, thicknessError: Double(model[i].dimensions.z) - w.thickness)
        }
    }
}
