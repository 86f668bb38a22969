import Foundation
import PlumbKernel
import Plumbline

/// Scores a reconstruction of a real scan against that scan's measured truth (``RealScanTruth``).
///
/// The model (RoomPlan JSON as `plumb build` writes it) is first mapped into the scan's frame
/// (``RealScanFrame``: undo the y-up turn, add `plumblineOrigin`). Then:
/// - **floor**: IoU of the model's floor polygons (each room's largest floor, else the hull of its walls)
///   with the truth rooms' polygons. For an incomplete truth room (a corridor seen over a few metres),
///   each of its sides that no measured wall plane lies along is an open cut: both the model and the truth
///   are clipped to the half-plane inside that side, so a model that goes on along the corridor is not
///   penalised for what the truth never measured (the score says so in ``RealScanScore/Floor/clipNote``);
/// - **floor level** under the model floor's centroid (on the truth's floor plane when tilted) and
///   **ceiling height** (model: median wall top above its floor);
/// - **wall support** (needs the cloud): stations every ``Options/sampleSpacing`` along each model wall;
///   a station is supported when at least ``Options/minimumPoints`` scan points lie within
///   ``Options/supportDistance`` of the wall (plan distance from its line, or circle when curved) and near the
///   station along the wall (within the larger of half a station and ``Options/supportDistance``, so the
///   5 cm stations look 5 cm either way: a laser's columns lie ~10 cm apart on a wall 8 m away), between ``Options/bandMargin`` above its bottom and below its top (bottom and top
///   clamped to the truth's floor and ceiling over the station, so that in a tilted scan the real floor
///   cannot support a wall). Support is the supported fraction; a wall below ``Options/inventedBelow`` is
///   invented. Points are found with a
///   ``KDTree`` over the plan positions of the points in the walls' height range;
/// - **truth walls** (measured planes, and the sides of complete rooms no plane covers): the signed
///   distance of the nearest parallel model wall, or missing.
public enum RealScanEvaluation {
    /// Scoring parameters.
    public struct Options: Sendable, Equatable, Codable {
        /// Distance between support stations along a wall, metres.
        public var sampleSpacing = 0.05
        /// Largest distance of a point from the wall to support it, metres.
        public var supportDistance = 0.05
        /// Height band margin: points count from this far above the wall's bottom to this far below its
        /// top, metres (furniture at the foot, ceiling edges at the top are left out).
        public var bandMargin = 0.3
        /// Points a station needs to be supported.
        public var minimumPoints = 1
        /// Walls whose support is below this fraction are invented.
        public var inventedBelow = 0.5
        /// Largest plan angle between a model wall and a truth wall to be parallel, degrees.
        public var parallelToleranceDegrees = 10.0
        /// Largest distance of a parallel model wall from a truth wall to be its match, metres.
        public var maximumWallDistance = 0.5
        /// Defaults.
        public init() {}

        func validate() throws(RealScanEvaluationError) {
            guard sampleSpacing >= 0.005, sampleSpacing <= 1 else { throw .invalidOptions("sampleSpacing \(sampleSpacing) not in 0.005...1 m") }
            guard supportDistance > 0, supportDistance <= 1 else { throw .invalidOptions("supportDistance \(supportDistance) not in (0, 1] m") }
            guard bandMargin >= 0, bandMargin <= 5 else { throw .invalidOptions("bandMargin \(bandMargin) not in 0...5 m") }
            guard minimumPoints >= 1 else { throw .invalidOptions("minimumPoints \(minimumPoints) < 1") }
            guard inventedBelow >= 0, inventedBelow <= 1 else { throw .invalidOptions("inventedBelow \(inventedBelow) not in 0...1") }
            guard parallelToleranceDegrees >= 0, parallelToleranceDegrees <= 45 else { throw .invalidOptions("parallelToleranceDegrees \(parallelToleranceDegrees) not in 0...45") }
            guard maximumWallDistance >= 0, maximumWallDistance.isFinite else { throw .invalidOptions("maximumWallDistance \(maximumWallDistance)") }
        }
    }

    /// Most support stations over all walls (a 1000-wall model of 10 m walls at 5 cm).
    public static let maximumStations = 2_000_000

    /// Scores `model` against `truth`; wall support is measured only when `cloud` (in the scan's frame, the
    /// file the truth belongs to) is given.
    /// - Throws: ``RealScanEvaluationError`` naming the bad input.
    /// - Complexity: O(n log n) for the cloud's n points (index build) plus O(s · k) for s stations with k
    ///   points near each, plus the polygon overlaps (O((a + b)²) for a and b vertices).
    public static func score(model: EvaluationModel, truth: RealScanTruth, cloud: PointCloud?,
                             options: Options = Options()) throws(RealScanEvaluationError) -> RealScanScore {
        do { try model.validate() } catch { throw .invalidModel(error) }
        try options.validate()
        do { _ = try RealScanTruth.decode(JSONEncoder().encode(truth)) } catch let e as RealScanTruthError {
            throw .invalidTruth(e)
        } catch { throw .invalidTruth(.unreadable(detail: "\(error)")) }
        if let cloud {
            do { try cloud.validate() } catch { throw .invalidCloud("\(error)") }
        }
        var frames: [RealScanFrame] = []
        for room in model.rooms { frames.append(try RealScanFrame(room: room, up: truth.up)) }

        // Floor.
        let modelPolys: [[SIMD2<Double>]] = zip(model.rooms, frames).map { room, fr in
            RoomComparison.footprint(room).map { truth.planPoint(fr.scanPoint(fromModel: SIMD3($0.x, 0, $0.y))) }
        }
        let cuts = openSides(truth)
        func clip(_ p: [SIMD2<Double>]) -> [SIMD2<Double>] {
            var out = p
            for c in cuts { out = Plan2D.clipConvex(out, normal: c.normal, offset: c.offset) }
            return out
        }
        let truthPolys = truth.rooms.map { clip($0.polygon) }
        let modelClipped = modelPolys.map(clip)
        var inter = 0.0
        for m in modelPolys { for t in truthPolys { inter += PolygonOverlap.intersectionArea(m, t) } }
        let modelArea = modelClipped.reduce(0) { $0 + abs(Plan2D.signedArea($1)) }
        let modelAreaUnclipped = modelPolys.reduce(0) { $0 + abs(Plan2D.signedArea($1)) }
        let truthArea = truthPolys.reduce(0) { $0 + abs(Plan2D.signedArea($1)) }
        let union = modelArea + truthArea - inter
        let clipNote: String? = cuts.isEmpty ? nil : cuts.map(\.note).joined(separator: "; ")
        let floor = RealScanScore.Floor(
            iou: union > 0 ? min(max(inter / union, 0), 1) : 0, intersectionArea: inter, modelArea: modelArea,
            modelAreaUnclipped: modelAreaUnclipped, truthArea: truthArea, areaError: modelArea - truthArea,
            clipped: !cuts.isEmpty, clipNote: clipNote)

        // Floor level and ceiling height.
        var levelSum = 0.0, errorSum = 0.0, weight = 0.0
        var ceilings: [Double] = []
        for (k, room) in model.rooms.enumerated() {
            if let c = RoomComparison.ceilingHeight(room) { ceilings.append(c) }
            guard let y = RoomComparison.floorElevation(room) else { continue }
            let poly = modelClipped[k].count >= 3 ? modelClipped[k] : modelPolys[k]
            let centre: SIMD2<Double>
            if poly.count >= 3 { centre = Plan2D.centroid(poly) ?? .zero } else {
                centre = truth.planPoint(frames[k].scanPoint(fromModel: SIMD3(0, y, 0)))
            }
            // The model's floor height under the centre: on the plane of its largest floor (a model built from a
            // tilted scan is tilted with it), else level at the floor elevation.
            let centreModel = frames[k].modelPoint(fromScan: truth.point(plan: centre, height: 0))
            let level = truth.height(frames[k].scanPoint(fromModel: SIMD3(centreModel.x, Self.floorHeight(room, x: centreModel.x, z: centreModel.z) ?? y,
                                                                           centreModel.z)))
            let w = max(abs(Plan2D.signedArea(poly)), 1e-6)
            levelSum += w * level
            errorSum += w * (level - truth.floorHeight(atPlan: centre))
            weight += w
        }
        let truthCeiling = truth.rooms.count == 1 ? (truth.rooms[0].ceilingHeight ?? truth.ceilingHeight) : truth.ceilingHeight
        let modelCeiling: Double? = ceilings.isEmpty ? nil : ceilings.sorted()[ceilings.count / 2]
        let tilt: Double = truth.floorPlane.map { acos(min(abs(($0.normal * truth.upVector).sum()), 1)) * 180 / .pi } ?? 0

        // Walls: bound the station count before making any.
        var expected = 0.0
        for room in model.rooms {
            for w in room.walls {
                let l = w.curve.map { Double($0.radius) * abs(Double($0.endAngle) - Double($0.startAngle)) } ?? Double(w.dimensions.x)
                expected += max(1, abs(l) / options.sampleSpacing)
            }
        }
        guard expected.isFinite, expected <= Double(maximumStations) else {
            throw .invalidOptions("about \(expected) support stations exceed \(maximumStations); raise sampleSpacing")
        }
        var walls: [RealScanScore.Wall] = []
        var stations: [[Station]] = []
        for (r, room) in model.rooms.enumerated() {
            for (k, w) in room.walls.enumerated() {
                let s = wallStations(w, frame: frames[r], truth: truth, spacing: options.sampleSpacing)
                stations.append(s.stations)
                walls.append(RealScanScore.Wall(
                    room: r, index: k, start: s.start, end: s.end, length: s.length, height: s.top - s.bottom,
                    isCurved: w.curve != nil, samples: s.stations.count, supportedSamples: 0, support: nil, isInvented: nil,
                    nearestTruthWall: nil, truthWallDistance: nil))
            }
        }
        var invented: Int? = nil
        if let cloud {
            let supported = try support(stations: stations, cloud: cloud, truth: truth, options: options)
            invented = 0
            for k in walls.indices {
                walls[k].supportedSamples = supported[k]
                let s = walls[k].samples > 0 ? Double(supported[k]) / Double(walls[k].samples) : 0
                walls[k].support = s
                walls[k].isInvented = s < options.inventedBelow
                if s < options.inventedBelow { invented! += 1 }
            }
        }
        let truthLines = truthWalls(truth)
        let cosTol = cos(options.parallelToleranceDegrees * .pi / 180)
        var truthRecords: [RealScanScore.TruthWall] = []
        for t in truthLines {
            var best: (wall: Int, d: Double, angle: Double)? = nil
            for (k, s) in stations.enumerated() where !walls[k].isCurved {
                guard let m = match(s, t, cosTolerance: cosTol, maximumDistance: options.maximumWallDistance, truth: truth) else { continue }
                if best == nil || abs(m.distance) < abs(best!.d) { best = (k, m.distance, m.angle) }
            }
            truthRecords.append(RealScanScore.TruthWall(
                name: t.name, source: t.source, modelWall: best?.wall, distance: best?.d, angleDegrees: best?.angle,
                isMissing: best == nil))
        }
        for (k, s) in stations.enumerated() where !walls[k].isCurved {
            var best: (name: String, d: Double)? = nil
            for t in truthLines {
                guard let m = match(s, t, cosTolerance: cosTol, maximumDistance: options.maximumWallDistance, truth: truth) else { continue }
                if best == nil || abs(m.distance) < abs(best!.d) { best = (t.name, m.distance) }
            }
            walls[k].nearestTruthWall = best?.name
            walls[k].truthWallDistance = best?.d
        }
        let supports = walls.compactMap(\.support)
        return RealScanScore(
            up: truth.up, modelOrigin: frames.first?.modelOrigin ?? .zero, floor: floor,
            floorLevelError: weight > 0 ? errorSum / weight : nil, modelFloorLevel: weight > 0 ? levelSum / weight : nil,
            truthFloorTiltDegrees: tilt, modelCeilingHeight: modelCeiling, truthCeilingHeight: truthCeiling,
            ceilingHeightError: modelCeiling.map { $0 - truthCeiling }, walls: walls, truthWalls: truthRecords,
            inventedWalls: invented, minimumWallSupport: supports.min(), cloudPoints: cloud?.count, options: options)
    }

    /// Scores a single room (see ``score(model:truth:cloud:options:)``).
    /// - Throws: ``RealScanEvaluationError``.
    public static func score(room: CapturedRoom, truth: RealScanTruth, cloud: PointCloud?,
                             options: Options = Options()) throws(RealScanEvaluationError) -> RealScanScore {
        try score(model: EvaluationModel(room: room), truth: truth, cloud: cloud, options: options)
    }

    // MARK: Open sides

    /// A half-plane `dot(normal, p) <= offset` that keeps the observed side of an open cut.
    struct Cut { var normal: SIMD2<Double>; var offset: Double; var note: String }

    /// Whether a truth wall plane lies along polygon side a–b (parallel within 5°, the side's midpoint
    /// within max(0.15 m, 3 × uncertainty) of the plane).
    static func planeCovers(_ w: RealScanTruth.WallPlane, _ a: SIMD2<Double>, _ b: SIMD2<Double>, truth: RealScanTruth) -> Bool {
        let n2 = truth.planPoint(w.plane.normal)
        let nl = (n2 * n2).sum().squareRoot(), d = b - a, dl = (d * d).sum().squareRoot()
        guard nl > 1e-9, dl > 1e-9 else { return false }
        guard abs((n2 * d).sum()) / (nl * dl) < sin(5 * Double.pi / 180) else { return false }
        let mid = (a + b) / 2
        let h = truth.height(w.plane.point)
        return abs(w.plane.signedDistance(truth.point(plan: mid, height: h))) <= max(0.15, 3 * truth.uncertainty)
    }

    /// The sides of the truth's complete (or incomplete) rooms that no wall plane covers, with their unit
    /// outward plan normals.
    static func uncoveredSides(_ truth: RealScanTruth, ofCompleteRooms complete: Bool)
        -> [(room: Int, side: Int, a: SIMD2<Double>, b: SIMD2<Double>, outward: SIMD2<Double>)] {
        var out: [(room: Int, side: Int, a: SIMD2<Double>, b: SIMD2<Double>, outward: SIMD2<Double>)] = []
        for (r, room) in truth.rooms.enumerated() where room.isComplete == complete {
            let p = room.polygon
            let ccw = Plan2D.signedArea(p) > 0
            for i in p.indices {
                let a = p[i], b = p[(i + 1) % p.count]
                if truth.walls.contains(where: { planeCovers($0, a, b, truth: truth) }) { continue }
                let e = b - a
                let l = (e * e).sum().squareRoot()
                guard l > 1e-9 else { continue }
                let n = SIMD2(e.y, -e.x) / l
                out.append((r, i, a, b, ccw ? n : -n))
            }
        }
        return out
    }

    /// The open cuts of the truth's incomplete rooms: every side of an incomplete room that no wall plane
    /// covers.
    static func openSides(_ truth: RealScanTruth) -> [Cut] {
        uncoveredSides(truth, ofCompleteRooms: false).map { s in
            Cut(normal: s.outward, offset: (s.outward * s.a).sum(), note: String(
                format: "room '%@' is incomplete: side %d (%.2f, %.2f)-(%.2f, %.2f) has no measured wall, so both polygons are cut there",
                truth.rooms[s.room].name, s.side, s.a.x, s.a.y, s.b.x, s.b.y))
        }
    }

    // MARK: Walls

    /// One support station on a model wall, scan frame: plan position, unit plan tangent and normal, half
    /// the station's length along the wall, and the height band (wall bottom to top, clamped to the truth's
    /// floor and ceiling there; the margin is applied when counting).
    struct Station {
        var position: SIMD2<Double>, tangent: SIMD2<Double>, normal: SIMD2<Double>
        var halfLength: Double
        var band: ClosedRange<Double>
        /// Height of the wall's mid line.
        var mid: Double
    }

    /// Stations every ~`spacing` along a model wall (an arc's stations follow the arc), in the scan frame.
    static func wallStations(_ w: CapturedRoom.Surface, frame: RealScanFrame, truth: RealScanTruth, spacing: Double)
        -> (stations: [Station], start: SIMD2<Double>, end: SIMD2<Double>, length: Double, bottom: Double, top: Double) {
        func scan(_ local: SIMD3<Float>) -> SIMD3<Double> { frame.scanPoint(fromModel: SIMD3<Double>(w.transform.apply(toPoint: local))) }
        let hw = w.dimensions.x / 2
        let a3 = scan(SIMD3(-hw, 0, 0)), b3 = scan(SIMD3(hw, 0, 0))
        let bottom = truth.height(frame.scanPoint(fromModel: SIMD3(0, Double(w.bottomElevation), 0)))
        let top = truth.height(frame.scanPoint(fromModel: SIMD3(0, Double(w.topElevation), 0)))
        let mid = (bottom + top) / 2
        let lo = min(bottom, top), hi = max(bottom, top)
        // The wall's height band, kept between the truth's floor and ceiling there: in a tilted scan the
        // model's level floor and the real floor part, and floor points must not support a wall.
        func band(_ p: SIMD2<Double>) -> ClosedRange<Double> {
            let f = truth.floorHeight(atPlan: p)
            let a = max(lo, f), b = min(hi, f + truth.ceilingHeight)
            return a <= b ? a...b : lo...hi
        }
        let start = truth.planPoint(a3), end = truth.planPoint(b3)
        func unit(_ v: SIMD2<Double>) -> SIMD2<Double> { let l = (v * v).sum().squareRoot(); return l > 1e-12 ? v / l : SIMD2(1, 0) }
        var out: [Station] = []
        var length: Double
        if let c = w.curve, c.radius > 0 {
            let r = Double(c.radius), t0 = Double(c.startAngle), t1 = Double(c.endAngle)
            length = r * abs(t1 - t0)
            let n = max(1, Int((length / spacing).rounded()))
            let centre = truth.planPoint(scan(SIMD3(c.center.x, 0, c.center.y)))
            for k in 0..<n {
                let t = t0 + (t1 - t0) * (Double(k) + 0.5) / Double(n)
                let p = truth.planPoint(scan(SIMD3(c.center.x + Float(r * cos(t)), 0, c.center.y + Float(r * sin(t)))))
                let radial = unit(p - centre)
                out.append(Station(position: p, tangent: SIMD2(-radial.y, radial.x), normal: radial,
                                   halfLength: length / Double(n) / 2, band: band(p), mid: mid))
            }
        } else {
            length = ((end - start) * (end - start)).sum().squareRoot()
            let n = max(1, Int((length / spacing).rounded()))
            let t = unit(end - start)
            for k in 0..<n {
                let p = start + (end - start) * ((Double(k) + 0.5) / Double(n))
                out.append(Station(position: p, tangent: t, normal: SIMD2(-t.y, t.x), halfLength: length / Double(n) / 2,
                                   band: band(p), mid: mid))
            }
        }
        return (out, start, end, length, bottom, top)
    }

    /// Supported station count per wall: a ``KDTree`` over the plan positions (relative to the cloud
    /// origin's plan point) of the points within the walls' height range, queried once per station.
    static func support(stations: [[Station]], cloud: PointCloud, truth: RealScanTruth,
                        options: Options) throws(RealScanEvaluationError) -> [Int] {
        let margin = options.bandMargin, d = options.supportDistance
        func band(_ s: Station) -> ClosedRange<Double> {
            let lo = s.band.lowerBound + margin, hi = s.band.upperBound - margin
            return lo <= hi ? lo...hi : (s.mid - 0.05)...(s.mid + 0.05)
        }
        let all = stations.flatMap { $0 }
        guard !all.isEmpty, cloud.count > 0 else { return stations.map { _ in 0 } }
        var lo = Double.infinity, hi = -Double.infinity
        var pmin = SIMD2(Double.infinity, .infinity), pmax = -pmin
        for s in all {
            let b = band(s)
            lo = min(lo, b.lowerBound); hi = max(hi, b.upperBound)
            pmin = pointwiseMin(pmin, s.position); pmax = pointwiseMax(pmax, s.position)
        }
        let reach = d + max(d, all.map(\.halfLength).max() ?? 0)
        pmin -= reach; pmax += reach
        let ref = truth.planPoint(cloud.origin), h0 = truth.height(cloud.origin)
        let xa = cloud.x, xb = truth.up == .z ? cloud.y : cloud.z, xh = truth.up == .z ? cloud.z : cloud.y
        var px: [Float] = [], py: [Float] = [], ph: [Float] = []
        for i in 0..<cloud.count {
            let h = h0 + Double(xh[i])
            guard h >= lo, h <= hi else { continue }
            let a = ref.x + Double(xa[i]), b = ref.y + Double(xb[i])
            guard a >= pmin.x, a <= pmax.x, b >= pmin.y, b <= pmax.y else { continue }
            px.append(xa[i]); py.append(xb[i]); ph.append(xh[i])
        }
        var counts = [Int](repeating: 0, count: stations.count)
        guard !px.isEmpty else { return counts }
        let tree: KDTree
        do { tree = try KDTree(x: px, y: py, z: [Float](repeating: 0, count: px.count), parallel: px.count > 200_000) } catch {
            throw .invalidCloud("\(error)")
        }
        var scratch = tree.makeScratch()
        for (w, list) in stations.enumerated() {
            for s in list {
                let b = band(s)
                let q = s.position - ref
                let along = max(s.halfLength, d)
                let radius = Float((along * along + d * d).squareRoot()) * 1.0001 + 1e-4
                var n = 0
                do {
                    try tree.visit(within: radius, of: SIMD3(Float(q.x), Float(q.y), 0), scratch: &scratch) { id, _ in
                        let i = Int(id)
                        let h = h0 + Double(ph[i])
                        guard h >= b.lowerBound, h <= b.upperBound else { return }
                        let v = SIMD2(Double(px[i]), Double(py[i])) - q
                        if abs((v * s.normal).sum()) <= d, abs((v * s.tangent).sum()) <= along { n += 1 }
                    }
                } catch { throw .invalidCloud("\(error)") }
                if n >= options.minimumPoints { counts[w] += 1 }
            }
        }
        return counts
    }

    // MARK: Truth walls

    /// A truth wall: its plane (3D, scan frame), its plan direction, and the plan segment it spans when
    /// known (a room side).
    struct TruthLine {
        var name: String
        var source: RealScanScore.TruthWall.Source
        var plane: RealScanTruth.Plane
        var extent: (SIMD2<Double>, SIMD2<Double>)?
    }

    /// The truth walls: every wall plane (its normal turned away from the room whose side it lies along,
    /// when one does), then every side of a complete room that no plane covers (a vertical plane through the
    /// side, normal outward).
    static func truthWalls(_ truth: RealScanTruth) -> [TruthLine] {
        var out: [TruthLine] = []
        for w in truth.walls {
            var plane = w.plane
            var extent: (SIMD2<Double>, SIMD2<Double>)? = nil
            search: for room in truth.rooms {
                let p = room.polygon
                for i in p.indices where planeCovers(w, p[i], p[(i + 1) % p.count], truth: truth) {
                    extent = (p[i], p[(i + 1) % p.count])
                    let c = Plan2D.centroid(p) ?? .zero
                    if plane.signedDistance(truth.point(plan: c, height: truth.height(plane.point))) > 0 { plane.normal = -plane.normal }
                    break search
                }
            }
            out.append(TruthLine(name: w.name, source: .plane, plane: plane, extent: extent))
        }
        for s in uncoveredSides(truth, ofCompleteRooms: true) {
            let plane = RealScanTruth.Plane(normal: truth.point(plan: s.outward, height: 0), point: truth.point(plan: s.a, height: truth.floorLevel))
            let name = String(format: "%@ side %d (%.2f, %.2f)-(%.2f, %.2f)", truth.rooms.count > 1 ? "room \(s.room)" : "room",
                              s.side, s.a.x, s.a.y, s.b.x, s.b.y)
            out.append(TruthLine(name: name, source: .polygonSide, plane: plane, extent: (s.a, s.b)))
        }
        return out
    }

    /// Whether a model wall's stations match truth wall `t`: parallel within the tolerance, beside its
    /// extent (the stations projecting onto the extent, at least 0.2 m of them or half of the shorter), and
    /// within the distance. The distance is the mean signed distance of those stations at mid height.
    static func match(_ s: [Station], _ t: TruthLine, cosTolerance: Double, maximumDistance: Double,
                      truth: RealScanTruth) -> (distance: Double, angle: Double)? {
        guard let first = s.first else { return nil }
        let n2 = truth.planPoint(t.plane.normal)
        let nl = (n2 * n2).sum().squareRoot()
        guard nl > 1e-9 else { return nil }
        let cosAngle = abs((first.normal * n2).sum()) / nl
        guard cosAngle >= cosTolerance else { return nil }
        var beside = s
        if let (a, b) = t.extent {
            let e = b - a
            let l2 = (e * e).sum()
            guard l2 > 1e-12 else { return nil }
            beside = s.filter { let u = (($0.position - a) * e).sum() / l2; return u >= 0 && u <= 1 }
            let covered = beside.reduce(0) { $0 + 2 * $1.halfLength }
            let wallLength = s.reduce(0) { $0 + 2 * $1.halfLength }
            guard covered >= min(0.2, 0.5 * min(wallLength, l2.squareRoot())) else { return nil }
        }
        guard !beside.isEmpty else { return nil }
        let dist = beside.reduce(0) { $0 + t.plane.signedDistance(truth.point(plan: $1.position, height: $1.mid)) } / Double(beside.count)
        guard abs(dist) <= maximumDistance else { return nil }
        return (dist, acos(min(cosAngle, 1)) * 180 / .pi)
    }

    /// Height (model y) at plan point (x, z) of the plane of `room`'s largest floor, or nil without a floor
    /// that is not upright.
    static func floorHeight(_ room: CapturedRoom, x: Double, z: Double) -> Double? {
        guard let f = room.floors.max(by: { $0.area < $1.area }) else { return nil }
        let origin = f.transform.apply(toPoint: SIMD3<Float>(0, 0, 0))
        let n = SIMD3<Double>(f.transform.apply(toPoint: SIMD3<Float>(0, 0, 1)) - origin)
        let o = SIMD3<Double>(origin)
        guard abs(n.y) > 0.5 else { return nil }
        return o.y - (n.x * (x - o.x) + n.z * (z - o.z)) / n.y
    }
}
