import PlumbKernel
import Foundation
import Plumbline

/// Compares one model room with one truth room element by element (walls, corners, curves,
/// openings, objects, duplicates, storeys, ceiling height). The floor IoU is computed by the caller.
enum RoomComparison {
    /// Maps truth surface identifiers to plan wall ids.
    typealias WallNames = [UUID: String]

    static func compare(
        model: CapturedRoom?, truth: CapturedRoom, truthRoomID: String, modelIndex: Int?, floorIoU: Double,
        wallNames: WallNames
    ) -> RoomEvaluation {
        let mRoom = model ?? CapturedRoom(identifier: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        let mw = mRoom.walls.map(UprightSurfaceGeometry.init), tw = truth.walls.map(UprightSurfaceGeometry.init)
        let wm = WallMatcher.match(model: mw, truth: tw)
        var storeys = StoreyScore()
        if model != nil { storeys = storeys + StoreyScore(correct: mRoom.story == truth.story ? 1 : 0, total: 1) }
        var errors: [WallErrorRecord] = []
        var curves: [CurvedWallRecord] = []
        for (i, j) in wm.pairs {
            let m = mRoom.walls[i], t = truth.walls[j]
            errors.append(WallErrorRecord(
                truthWallID: wallNames[t.identifier], truthIdentifier: t.identifier, modelIdentifier: m.identifier,
                lengthError: Double(m.dimensions.x) - Double(t.dimensions.x),
                heightError: Double(m.dimensions.y) - Double(t.dimensions.y),
                angleErrorDegrees: mw[i].angle(to: tw[j]) * 180 / .pi,
                offsetError: tw[j].signedDistance(mw[i].midpoint)))
            storeys = storeys + StoreyScore(correct: m.story == t.story ? 1 : 0, total: 1)
            if t.curve != nil { curves.append(curveRecord(model: m, truth: t, name: wallNames[t.identifier])) }
        }
        let walls = DetectionScore(
            truePositives: wm.pairs.count, falsePositives: wm.unmatchedLeft.count, falseNegatives: wm.unmatchedRight.count)
        let mc = CornerMatcher.corners(mw), tc = CornerMatcher.corners(tw)
        var hosts: [UUID: CapturedRoom.Surface] = [:]
        for w in truth.walls { hosts[w.identifier] = w }
        let d = OpeningMatcher.match(model: mRoom.doors, truth: truth.doors, hosts: hosts)
        let w = OpeningMatcher.match(model: mRoom.windows, truth: truth.windows, hosts: hosts)
        let o = OpeningMatcher.match(model: mRoom.openings, truth: truth.openings, hosts: hosts)
        for (ml, tl, pairs) in [(mRoom.doors, truth.doors, d.pairs), (mRoom.windows, truth.windows, w.pairs), (mRoom.openings, truth.openings, o.pairs)] {
            for (i, j) in pairs { storeys = storeys + StoreyScore(correct: ml[i].story == tl[j].story ? 1 : 0, total: 1) }
        }
        let ob = ObjectMatcher.match(model: mRoom.objects, truth: truth.objects, floorY: floorElevation(truth) ?? 0)
        for (i, j) in ob.pairs {
            storeys = storeys + StoreyScore(correct: mRoom.objects[i].story == truth.objects[j].story ? 1 : 0, total: 1)
        }
        var ceiling: Double? = nil
        if model != nil, let mh = ceilingHeight(mRoom), let th = ceilingHeight(truth) { ceiling = mh - th }
        return RoomEvaluation(
            truthRoomID: truthRoomID, modelRoomIndex: modelIndex, floorIoU: floorIoU, ceilingHeightError: ceiling,
            walls: walls,
            corners5cm: CornerMatcher.score(model: mc, truth: tc, threshold: 0.05),
            corners10cm: CornerMatcher.score(model: mc, truth: tc, threshold: 0.10),
            wallErrors: errors, curvedWalls: curves, doors: d.score, windows: w.score, openings: o.score,
            objects: ob.score, duplicateWalls: DuplicateWallDetector.count(mw, matched: Set(wm.pairs.map(\.0))), storeys: storeys)
    }

    /// Curve errors of a matched pair whose truth wall is curved.
    static func curveRecord(model m: CapturedRoom.Surface, truth t: CapturedRoom.Surface, name: String?) -> CurvedWallRecord {
        guard let tcv = t.curve, let mcv = m.curve else {
            return CurvedWallRecord(truthWallID: name, modelIsCurved: false, radiusError: nil, centerError: nil)
        }
        func center(_ s: CapturedRoom.Surface, _ c: CapturedRoom.Surface.Curve) -> SIMD2<Double> {
            let p = s.transform.apply(toPoint: SIMD3(c.center.x, 0, c.center.y))
            return SIMD2(Double(p.x), Double(p.z))
        }
        let dc = center(m, mcv) - center(t, tcv)
        return CurvedWallRecord(
            truthWallID: name, modelIsCurved: true, radiusError: Double(mcv.radius) - Double(tcv.radius),
            centerError: (dc * dc).sum().squareRoot())
    }

    /// Floor world y of a room: its floors' mean outline height, else the lowest wall bottom.
    static func floorElevation(_ r: CapturedRoom) -> Double? {
        if let f = r.floorElevation { return Double(f) }
        return r.walls.map { Double($0.bottomElevation) }.min()
    }

    /// Median wall top above the room's floor, metres; `nil` without walls.
    static func ceilingHeight(_ r: CapturedRoom) -> Double? {
        guard !r.walls.isEmpty, let floor = floorElevation(r) else { return nil }
        let tops = r.walls.map { Double($0.topElevation) }.sorted()
        return SummaryStatistic.percentile(sorted: tops, 0.5) - floor
    }

    /// The plan polygon of a room: its largest floor outline, else the convex hull of its walls'
    /// plan end points (empty when fewer than 3).
    static func footprint(_ r: CapturedRoom) -> [SIMD2<Double>] {
        if let f = r.floors.max(by: { $0.area < $1.area }), f.area > 0 {
            return f.planOutline.vertices.map { SIMD2<Double>($0) }
        }
        let hull = ConvexHull2D.hull(r.walls.flatMap { w -> [SIMD2<Double>] in let g = UprightSurfaceGeometry(w); return [g.start, g.end] })
        return hull.count >= 3 ? hull : []
    }
}
