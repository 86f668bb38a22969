import Foundation
import PlumbKernel

/// Vertical planes that can be walls, grouped by wall surface.
///
/// A candidate plane must be vertical within 3 degrees, cover at least 0.8 m², span at least the minimum
/// height and reach within 15 cm of the ceiling above it (robust 0.5/99.5 % height percentiles; wardrobes
/// and shelves stop short of the ceiling, and the wall behind them shows above). A tall cabinet front that
/// does reach the ceiling is told from a wall by the band just below the ceiling: a wall shows there along
/// its length, the front only in patches; a plane whose top band is less than 60 % covered is dropped when
/// a parallel, better-covered plane stands 5 cm–1.5 m behind it (away from the sensor that saw it, or without
/// sensor positions farther from the floor's centre). A tall
/// plane not seen up to the ceiling is still a wall when no parallel plane stands behind it
/// and almost no points behind it (``promoteOutermost(_:planes:cloud:structure:centre:)``). Without
/// such a plane it stays a wall: in a small room the scanner may simply not have looked up. Where the sensor
/// positions are known, a tall, solid plane longer than a door leaf that was not seen up to the ceiling is a
/// wall when the sensor never looked over its top (``lookedOver(ts:hull:top:line:behind:cloud:)``): a phone
/// held close to the walls of a narrow hall does not see their tops, while furniture has the room seen
/// above it. A plane too small or too short for these tests on its own passes them as a piece of a wall face
/// (``facePieces(_:)``: the pieces beside a door and the lintel over it). Outliers lie on the scanner's rays, so planes through the scanner's path collect thin sheets of them: a plane with a poorly
/// covered top band must also have at least a fifth of the point density (points per m²) of the wall with
/// the most points. Noisy scans split
/// one wall into parallel layers a few centimetres apart, and door leaves or glass sit a few centimetres
/// behind the wall face: planes parallel within 3 degrees and within 8 cm form one group whose surface is the
/// plane with the most points; members within 3 cm of it (pieces of the same face, split at a doorway)
/// extend its range. A smaller plane up to 10 degrees off whose centroid lies within 3 cm of the face also
/// joins (a RANSAC plane crossing the face at a doorway). "Tall" means the minimum span, or 85 % of the
/// floor-to-ceiling height above the plane if less (knee walls under a sloped ceiling).
enum WallCandidates {
    struct Candidate: Sendable {
        /// The plane that defines the wall surface.
        var plane: Int
        /// All planes of the group (structure, not furniture).
        var members: [Int]
        /// The wall in plan.
        var wall: PlanWall
        /// Extent along the line (parameter of `wall`), metres.
        var range: ClosedRange<Double>
        /// The end of a wall beside a full-height passage (``Measured/isWallEnd``).
        var isWallEnd = false
    }

    struct Measured {
        var plane: Int
        var point: SIMD2<Double>
        var direction: SIMD2<Double>
        var range: ClosedRange<Double>
        var count: Int
        /// Passes the wall tests itself (otherwise it can only join a wall as a piece of it).
        var isWall: Bool
        /// Share of the range covered in the band just below the ceiling (``topBandCoverage``).
        var topCoverage: Double
        /// Inliers per m² of the plane's area.
        var density: Double
        /// Large and tall enough for a wall (whether or not it was seen up to the ceiling).
        var isTall: Bool
        /// Which way along the plan normal `(-direction.y, direction.x)` lies *behind* the plane (away from
        /// the room): +1 or -1, from the sensor positions its points were seen from, or nil without them.
        var behind: Double? = nil
        /// Tall, not seen up to the ceiling, and never looked over (``lookedOver``): a wall whose top the
        /// sensor did not face, not furniture with the room seen above it.
        var topUnseen = false
        /// Floor to ceiling but too small for a wall on its own (``isWallEnd``): the end of a wall beside a
        /// full-height passage, a wall only where it meets one (``adjoinWallEnds(_:centre:)``).
        var isWallEnd = false

        /// +1 or -1: the side behind the plane, from the sensor when known, else away from `centre` (a point
        /// inside the room).
        func side(from centre: SIMD2<Double>) -> Double {
            if let behind { return behind }
            return planDot(point - centre, SIMD2(-direction.y, direction.x)) >= 0 ? 1.0 : -1.0
        }

        /// How far plan point `p` lies behind the plane's line (metres; the side ``side(from:)`` calls behind
        /// is positive, the room's side negative).
        func depthBehind(_ p: SIMD2<Double>, centre: SIMD2<Double>) -> Double {
            side(from: centre) * planDot(p - point, SIMD2(-direction.y, direction.x))
        }

        /// Whether plan point `p` lies along the observed range, widened by `slack` metres at each end.
        func spans(_ p: SIMD2<Double>, slack: Double) -> Bool {
            let t = planDot(p - point, direction)
            return t > range.lowerBound - slack && t < range.upperBound + slack
        }

        /// `other`'s observed range as parameters along this plane's line (m, lower first): where its ends
        /// project. For planes near parallel to this one.
        func rangeAlong(_ other: Measured) -> (lo: Double, hi: Double) { project(other.range, of: other) }

        /// Parameters `range` along `other`'s line, projected on this plane's line (m, lower first). For
        /// planes near parallel to this one.
        private func project(_ range: ClosedRange<Double>, of other: Measured) -> (lo: Double, hi: Double) {
            let shift = planDot(other.point - point, direction)
            let sign = planDot(other.direction, direction) > 0 ? 1.0 : -1.0
            let r0 = shift + sign * range.lowerBound, r1 = shift + sign * range.upperBound
            return (Swift.min(r0, r1), Swift.max(r0, r1))
        }

        /// The part of `other`'s observed range that lies on this plane's face (its line within `tolerance`
        /// metres of this line), projected on this line as in ``rangeAlong(_:)``; nil when none does. A plane
        /// a few degrees off (RANSAC's fit through a wall and the noise across the room) runs off the face
        /// within a few metres: past there it is no evidence of this wall.
        func rangeOnFace(_ other: Measured, tolerance: Double) -> (lo: Double, hi: Double)? {
            let normal = SIMD2(-direction.y, direction.x)
            let d0 = planDot(other.point - point, normal), slope = planDot(other.direction, normal)
            var r = other.range
            if abs(slope) > 1e-12 {
                let a = (-tolerance - d0) / slope, b = (tolerance - d0) / slope
                let lo = Swift.max(r.lowerBound, Swift.min(a, b)), hi = Swift.min(r.upperBound, Swift.max(a, b))
                guard lo <= hi else { return nil }
                r = lo...hi
            } else if abs(d0) > tolerance {
                return nil
            }
            return project(r, of: other)
        }

        /// Whether `other`'s observed range, projected on this line (``rangeAlong(_:)``), overlaps this one's.
        func overlapsAlong(_ other: Measured) -> Bool {
            let (lo, hi) = rangeAlong(other)
            return lo < range.upperBound && hi > range.lowerBound
        }
    }

    /// Share of a plane's backed 10 cm columns (at least 3 of its points, parameters `ts` along the plan line
    /// `line` within `hull`) over whose observed `top` (m) the sensor looked: rays from the sensor to points
    /// more than 10 cm behind the plane (`behind` as in ``Measured/behind``) cross the plane's line in that
    /// column higher than 5 cm above `top` (at least two), and four times fewer cross it lower (where they do,
    /// the column is an opening seen through, not the top of something solid). Furniture that stops below
    /// the ceiling has the wall or the ceiling behind it seen over its top; a wall whose top the sensor never
    /// faced (a phone held close to the walls of a narrow hall) has nothing. A plane less than 80 % of whose
    /// points lie in columns no ray crossed below its top (under 2 rays, or 5 % of the column's points) is
    /// not solid, and counts as looked over (1): a sheet of furniture edges or of points seen through, not a
    /// wall. Nil without sensor positions or without a backed column. Looks at up to 500,000 evenly spaced
    /// points.
    /// - Complexity: O(min(n, 500,000) + columns).
    static func lookedOver(ts: [Double], hull: ClosedRange<Double>, top: Double, line: (point: SIMD2<Double>, direction: SIMD2<Double>),
                           behind: Double, cloud: PointCloud) -> Double? {
        guard cloud.sensorOrigins != nil, cloud.frameIndex != nil, cloud.count > 0 else { return nil }
        let bin = 0.1
        let columns = Int(saturating: (hull.upperBound - hull.lowerBound) / bin) &+ 1
        guard columns > 0, columns < 1_000_000 else { return nil }
        var counts = [Int](repeating: 0, count: columns)
        for t in ts where hull.contains(t) { counts[Swift.min(columns - 1, Int((t - hull.lowerBound) / bin))] += 1 }
        let backed = counts.map { $0 >= 3 }
        let backedCount = backed.lazy.filter { $0 }.count
        guard backedCount > 0 else { return nil }
        var over = [Int](repeating: 0, count: columns), under = over
        let plane = SightPlane(point: line.point, direction: line.direction, side: behind)
        let sampled = cloud.forEachSightLine(limit: 500_000) { s, p in
            let ds = plane.offset(s), dp = plane.offset(p)
            guard ds < 0, dp > 0.1 else { return }
            let (t, y) = plane.crossing(from: s, to: p, offsets: ds, dp)
            guard abs(y - top) > 0.05, hull.contains(t) else { return }
            let k = Swift.min(columns - 1, Int((t - hull.lowerBound) / bin))
            if y > top { over[k] += 1 } else { under[k] += 1 }
        }
        guard sampled else { return nil }
        // A wall is solid: most of its points lie in columns no ray passed through below its top (an
        // opening's columns hold only a few stray points).
        var solid = 0, held = 0
        for k in 0..<columns where backed[k] {
            held += counts[k]
            if Double(under[k]) < Swift.max(2, 0.05 * Double(counts[k])) { solid += counts[k] }
        }
        guard 5 * solid >= 4 * held else { return 1 }
        var looked = 0
        for k in 0..<columns where backed[k] && over[k] >= 2 && 4 * under[k] < over[k] { looked += 1 }
        return Double(looked) / Double(backedCount)
    }

    /// Whether a vertical plane (plan line `line` in the local y-up frame, `behind` the side away from the
    /// sensors that saw it, as ``sideFromSensors(inliers:normal:cloud:)`` gives it) is one face of a thin
    /// panel standing free in the room, such as an open door leaf or a glass screen: the sensor saw its far
    /// face too. Along the plane (parameter within `hull`) between 20 cm above its bottom `lo` and 10 cm
    /// below its top `hi` (local y), the points from -2 to +7 cm behind its line that a sensor more than
    /// 10 cm behind it saw number at least 10 and a twentieth of those within 2 cm of the line seen from more
    /// than 10 cm in front, and at least 60 % of them lie in one 2 cm band of depth: a face parallel to the
    /// plane (a wall meeting the plane's end square, seen from the other side, spreads over every depth). A
    /// wall is opaque: its far face is its thickness (over 7 cm) behind, and what lies within it is never
    /// seen from behind. False without per-point sensor positions. Looks at up to 500,000 evenly spaced points.
    /// - Complexity: O(min(n, 500,000)).
    static func isThinPanel(hull: ClosedRange<Double>, lo: Double, hi: Double, line: (point: SIMD2<Double>, direction: SIMD2<Double>),
                            behind: Double, cloud: PointCloud) -> Bool {
        let plane = SightPlane(point: line.point, direction: line.direction, side: behind)
        let bottom = lo + 0.2, top = hi - 0.1
        guard top > bottom else { return false }
        var front = 0
        // Points seen from behind, by depth in 1 cm bins from -2 to +7 cm.
        var back = [Int](repeating: 0, count: 9)
        let sampled = cloud.forEachSightLine(limit: 500_000) { s, p in
            guard p.y > bottom, p.y < top else { return }
            let depth = plane.offset(p)
            guard depth > -0.02, depth < 0.07, hull.contains(plane.along(p)) else { return }
            let sensor = plane.offset(s)
            if sensor > 0.1 {
                back[Swift.min(8, Swift.max(0, Int((depth + 0.02) / 0.01)))] += 1
            } else if sensor < -0.1, depth < 0.02 {
                front += 1
            }
        }
        let seen = back.reduce(0, +)
        guard sampled, seen >= 10, 20 * seen >= front else { return false }
        let face = (0..<8).map { back[$0] + back[$0 + 1] }.max() ?? 0
        return 10 * face >= 6 * seen
    }

    /// The side behind plane `inliers` (plan normal `normal`) as seen from the sensor: +1 when at least 60 % of
    /// up to 4,096 evenly spaced inliers lie farther along `normal` than the sensor that saw each, -1 when at
    /// least 60 % lie nearer; nil without sensor positions or when neither side has 60 %. A wall's room side
    /// is where the scanner stood; a U-shaped room's centre is outside it.
    /// - Complexity: O(min(inliers, 4096)).
    static func sideFromSensors(inliers: [Int32], normal: SIMD2<Double>, cloud: PointCloud) -> Double? {
        guard cloud.sensorOrigins != nil, cloud.frameIndex != nil, !inliers.isEmpty else { return nil }
        let step = Swift.max(1, inliers.count / 4096)
        var plus = 0, minus = 0
        for k in stride(from: 0, to: inliers.count, by: step) {
            let i = Int(inliers[k])
            guard let sensor = cloud.sensorPosition(ofPoint: i) else { return nil }
            let s = sensor - cloud.origin
            let d = (Double(cloud.x[i]) - s.x) * normal.x + (Double(cloud.z[i]) - s.z) * normal.y
            if d > 0 { plus += 1 } else if d < 0 { minus += 1 }
        }
        let total = plus + minus
        guard total > 0 else { return nil }
        if Double(plus) >= 0.6 * Double(total) { return 1 }
        if Double(minus) >= 0.6 * Double(total) { return -1 }
        return nil
    }

    /// Share of the wall's 10 cm columns that have at least 3 points in the band 8–40 cm below the ceiling
    /// above that column (the wall runs through plan `point` along unit `direction`, `ts` are parameters
    /// along it; the ceiling of `structure` is taken at each column, so gable walls under a sloped ceiling
    /// are judged by the slope above them): a wall shows there along its whole length (above the
    /// furniture); a wardrobe front or a stray plane through noise does not.
    static func topBandCoverage(ys: [Float], ts: [Double], range: ClosedRange<Double>, point: SIMD2<Double>,
                                direction: SIMD2<Double>, structure: RoomStructure) -> Double {
        let n = Swift.max(1, Int((range.upperBound - range.lowerBound) / 0.1))
        var counts = [Int](repeating: 0, count: n)
        var bands: [ClosedRange<Float>] = []
        bands.reserveCapacity(n)
        for k in 0..<n {
            let t = range.lowerBound + (Double(k) + 0.5) * 0.1
            let c = structure.ceilingY(x: point.x + t * direction.x, z: point.y + t * direction.y)
            bands.append(Float(c - 0.4)...Float(c - 0.08))
        }
        for (y, t) in zip(ys, ts) where range.contains(t) {
            let k = Swift.min(n - 1, Int((t - range.lowerBound) / 0.1))
            if bands[k].contains(y) { counts[k] += 1 }
        }
        return Double(counts.filter { $0 >= 3 }.count) / Double(n)
    }

    /// One vertical plane measured in plan: its line, inlier heights and parameters along the line.
    struct PlaneView {
        var plane: Int
        var point: SIMD2<Double>
        var direction: SIMD2<Double>
        var ys: [Float]
        var ts: [Double]
        /// Robust bottom and top (0.5 / 99.5 % of the inlier heights), metres.
        var lo: Double, hi: Double
        /// Robust extent along the line (0.2 / 99.8 %), metres.
        var hull: ClosedRange<Double>
        var area: Double
        var behind: Double?
    }

    /// The wall face a plane is a piece of: its planes' total area, their parameters and extent on the
    /// line of the largest piece (`lead`, an index into the views), and how many pieces it has.
    struct FacePieces {
        var lead: Int
        var members: Int
        var area: Double
        var ts: [Double]
        var hull: ClosedRange<Double>
    }

    /// Largest gap along the line between two pieces of one face, metres (a double door's width).
    static let widestFaceGap = 2.4

    /// For every view, the face it is a piece of: vertical planes parallel within 3 degrees, each centroid
    /// within 3 cm of the other's line, whose extents along the line are at most ``widestFaceGap`` apart,
    /// joined transitively. A wall with a door in it is seen as the pieces beside the door (each maybe
    /// smaller than 0.8 m² or shorter than a leaf) and the lintel; together they are the wall. The lead is
    /// the piece with the largest area (ties: lower plane index). A plane with no other piece is its own face.
    /// - Complexity: O(v² + n) for v views and n inliers in all.
    static func facePieces(_ views: [PlaneView]) -> [FacePieces] {
        var faces = DisjointSets(count: views.count)
        for a in views.indices {
            for b in views.indices where b > a {
                let va = views[a], vb = views[b]
                guard abs(planDot(va.direction, vb.direction)) >= cos(0.052) else { continue }
                let na = SIMD2(-va.direction.y, va.direction.x), nb = SIMD2(-vb.direction.y, vb.direction.x)
                guard abs(planDot(vb.point - va.point, na)) < 0.03, abs(planDot(va.point - vb.point, nb)) < 0.03 else { continue }
                let s = planDot(va.direction, vb.direction) >= 0 ? 1.0 : -1.0
                let o = planDot(vb.point - va.point, va.direction)
                let b0 = o + s * vb.hull.lowerBound, b1 = o + s * vb.hull.upperBound
                let gap = Swift.max(Swift.min(b0, b1) - va.hull.upperBound, va.hull.lowerBound - Swift.max(b0, b1))
                guard gap <= widestFaceGap else { continue }
                faces.union(a, b)
            }
        }
        var groups: [Int: [Int]] = [:]
        for v in views.indices { groups[faces.find(v), default: []].append(v) }
        var out = [FacePieces](repeating: FacePieces(lead: 0, members: 1, area: 0, ts: [], hull: 0...0), count: views.count)
        for (_, members) in groups {
            let lead = members.max { views[$0].area != views[$1].area ? views[$0].area < views[$1].area : $0 > $1 }!
            let l = views[lead]
            var face = FacePieces(lead: lead, members: members.count, area: 0, ts: [], hull: l.hull)
            for m in members.sorted() {
                let v = views[m]
                face.area += v.area
                guard members.count > 1 else { continue }
                let s = planDot(v.direction, l.direction) >= 0 ? 1.0 : -1.0
                let o = planDot(v.point - l.point, l.direction)
                face.ts.append(contentsOf: v.ts.lazy.map { o + s * $0 })
                let h0 = o + s * v.hull.lowerBound, h1 = o + s * v.hull.upperBound
                face.hull = Swift.min(face.hull.lowerBound, h0, h1)...Swift.max(face.hull.upperBound, h0, h1)
            }
            for m in members { out[m] = face }
        }
        return out
    }

    /// `stations` are the sensor's plan positions (``PointCloud/sensorStations`` in the y-up frame, (x, z)).
    static func find(planes: [DetectedPlane], cloud: PointCloud, stations: [SIMD2<Double>], structure: RoomStructure,
                     minimumSpan: Double) -> [Candidate] {
        var views: [PlaneView] = []
        for k in planes.indices where abs(planes[k].normal.y) < 0.05 {
            let p = planes[k]
            let n2 = SIMD2(p.normal.x, p.normal.z)
            let l = planLength(n2)
            guard l > 0 else { continue }
            let dir = SIMD2(-n2.y, n2.x) / l
            let c = SIMD2(p.centroid.x, p.centroid.z)
            var ys: [Float] = []
            var ts: [Double] = []
            ys.reserveCapacity(p.inliers.count)
            ts.reserveCapacity(p.inliers.count)
            for i in p.inliers {
                ys.append(cloud.y[Int(i)])
                ts.append(planDot(SIMD2(Double(cloud.x[Int(i)]), Double(cloud.z[Int(i)])) - c, dir))
            }
            // Robust vertical extent (outliers in the plane's band reach anywhere): order statistics by
            // selection near the ends (the values a full sort would give).
            let lo = Double(extremeElement(ys, Int(Double(ys.count - 1) * 0.005)))
            let hi = Double(extremeElement(ys, Int(Double(ys.count - 1) * 0.995)))
            let hull = extremeElement(ts, Int(Double(ts.count - 1) * 0.002))...extremeElement(ts, Int(Double(ts.count - 1) * 0.998))
            let behind = sideFromSensors(inliers: p.inliers, normal: SIMD2(-dir.y, dir.x), cloud: cloud)
            views.append(PlaneView(plane: k, point: c, direction: dir, ys: ys, ts: ts, lo: lo, hi: hi, hull: hull,
                                   area: p.area, behind: behind))
        }
        let pieces = facePieces(views)
        // Full-height walls (floor to ceiling) at least an arm's side long: what a gap's ends are checked
        // against (``armMouth(from:to:line:uprights:)``).
        let uprights: [(SIMD2<Double>, SIMD2<Double>)] = views.compactMap { v in
            let ceiling = structure.ceilingY(x: v.point.x, z: v.point.y)
            let span = Self.wallSpan(floor: structure.floorY, ceiling: ceiling, minimumSpan: minimumSpan)
            guard v.hi - v.lo >= span, v.hi >= ceiling - 0.15, v.hull.upperBound - v.hull.lowerBound >= Self.armSide else { return nil }
            return (v.point + v.direction * v.hull.lowerBound, v.point + v.direction * v.hull.upperBound)
        }
        var measured: [Measured] = []
        var leaves: [DoorLeaf] = []
        for (v, view) in views.enumerated() {
            let k = view.plane, p = planes[k], c = view.point, dir = view.direction
            let (ys, ts, lo, hi, hull, behind) = (view.ys, view.ts, view.lo, view.hi, view.hull, view.behind)
            let ceiling = structure.ceilingY(x: c.x, z: c.y)
            let span = Self.wallSpan(floor: structure.floorY, ceiling: ceiling, minimumSpan: minimumSpan)
            // A wall broken by a door is seen as pieces of one face, each maybe smaller than a wall: the
            // area and the length are the face's.
            let face = pieces[v]
            let tall = (p.area >= 0.8 || face.area >= 0.8) && hi - lo >= span
            var isWall = tall && hi >= ceiling - 0.15
            // The header over a wide opening (a cased opening or a passage with a lintel): a strip of wall
            // along the ceiling (its top band covered) that the sensor saw through, over the middle half of
            // its length and below head height, into space at least a metre deep beyond (an open door leaf
            // is solid below its top there; wall cabinets have the wall 0.3-0.6 m behind them). It is the
            // wall the opening is in, so the room stops there. (Without sensor positions, points alone more
            // than a metre beyond were tried: they took a neighbour's wall seen through a door for a lintel.)
            if !tall, hi >= ceiling - 0.15, hull.upperBound - hull.lowerBound >= Self.narrowestPassage,
               topBandCoverage(ys: ys, ts: ts, range: hull, point: c, direction: dir, structure: structure) >= 0.6,
               case let quarter = (hull.upperBound - hull.lowerBound) / 4,
               seenThrough(from: c + dir * (hull.lowerBound + quarter), to: c + dir * (hull.upperBound - quarter), cloud: cloud,
                           beyond: 1.0, below: structure.floorY + Self.headHeight) {
                isWall = true
            }
            // A tall plane not seen up to the ceiling is a wall when the sensor never looked over its top and
            // it (or the face it is a piece of) is longer than a door leaf (an open leaf stands free in the
            // room, its top out of sight).
            var topUnseen = false
            // Whether the plane is a thin panel seen from both sides, walked over the sight lines once.
            var panel: Bool? = nil
            func isPanel(behind: Double) -> Bool {
                if let panel { return panel }
                let p = isThinPanel(hull: hull, lo: lo, hi: hi, line: (c, dir), behind: behind, cloud: cloud)
                panel = p
                return p
            }
            if tall, !isWall, let behind {
                var share: Double? = nil
                if hull.upperBound - hull.lowerBound > Self.widestLeaf {
                    share = lookedOver(ts: ts, hull: hull, top: hi, line: (c, dir), behind: behind, cloud: cloud)
                }
                if share.map({ $0 >= 0.1 }) ?? true, face.members > 1, face.hull.upperBound - face.hull.lowerBound > Self.widestLeaf {
                    let lead = views[face.lead]
                    let s = planDot(dir, lead.direction) >= 0 ? 1.0 : -1.0
                    share = lookedOver(ts: face.ts, hull: face.hull, top: hi, line: (lead.point, lead.direction),
                                       behind: behind * s, cloud: cloud)
                }
                // An open leaf or a screen the scanner walked round is seen from both sides.
                if let share, share < 0.1, !isPanel(behind: behind) {
                    isWall = true
                    topUnseen = true
                }
            }
            // An open door leaf: tall, leaf-sized, and seen from both sides.
            if tall, !isWall, let behind, case let length = hull.upperBound - hull.lowerBound,
               length >= Self.narrowestPassage, length <= Self.widestLeaf,
               isPanel(behind: behind) {
                leaves.append(DoorLeaf(ends: (c + dir * hull.lowerBound, c + dir * hull.upperBound), direction: dir))
            }
            let wallEnd = !tall && !isWall && Self.isWallEnd(ys: ys, hull: hull, floor: structure.floorY, ceiling: ceiling)
            // One plane, several stretches where the scanner walked between collinear walls (the two sides
            // of a room's arm): each stretch is a wall of its own.
            // Without sensor positions the stretches are where points clear of the floor and ceiling back the
            // plane; with them the floor along the wall's line carries it on across an opening, and the
            // stations cut it where the scanner walked across. Either way a stretch counts all the plane's
            // points along it.
            let backing = stations.isEmpty ? Self.bodyParameters(ys: ys, ts: ts, line: (c, dir), structure: structure) : ts
            for var stretch in Self.supportedRanges(backing, within: hull, line: (c, dir), stations: stations,
                                                    mouth: { Self.armMouth(from: $0, to: $1, line: (c, dir), uprights: uprights) }) {
                stretch.points = ts.reduce(0) { stretch.range.contains($1) ? $0 + 1 : $0 }
                let coverage = isWall || wallEnd ? topBandCoverage(ys: ys, ts: ts, range: stretch.range,
                                                                   point: c, direction: dir, structure: structure) : 0
                measured.append(Measured(plane: k, point: c, direction: dir, range: stretch.range, count: stretch.points,
                                         isWall: isWall, topCoverage: coverage,
                                         density: Double(p.inliers.count) / Swift.max(p.area, 1e-9),
                                         isTall: tall, behind: behind, topUnseen: topUnseen, isWallEnd: wallEnd))
            }
        }
        let centre = floorCentre(planes: planes, structure: structure)
        promoteOutermost(&measured, planes: planes, cloud: cloud, structure: structure, centre: centre)
        let reference = measured.filter(\.isWall).max { $0.count != $1.count ? $0.count < $1.count : $0.plane > $1.plane }?.density ?? 0
        for a in measured.indices where measured[a].topCoverage < 0.6 && measured[a].density < 0.2 * reference {
            measured[a].isWall = false
        }
        adjoinWallEnds(&measured, centre: centre)
        vetoFronts(&measured, centre: centre)
        measured.sort { $0.count != $1.count ? $0.count > $1.count : $0.plane < $1.plane }
        var used = [Bool](repeating: false, count: measured.count)
        var out: [Candidate] = []
        for (a, m) in measured.enumerated() where !used[a] && m.isWall {
            used[a] = true
            var members = [m.plane]
            var range = m.range
            let normal = SIMD2(-m.direction.y, m.direction.x)
            for (b, o) in measured.enumerated() where !used[b] && o.plane != m.plane {
                let offset = abs(planDot(o.point - m.point, normal))
                let angle = abs(planCross(m.direction, o.direction))
                // Parallel within 3°; or, for a smaller plane whose centroid lies on this face, within 10°:
                // RANSAC leaves planes that cross the wall face at a doorway (the face's noise tails, the
                // casings and the leaf), while a wall meeting this one at an obtuse corner has its centroid
                // half its length along, well off this face.
                guard angle < 0.052 || (angle < 0.174 && offset < 0.03 && 2 * o.count < m.count) else { continue }
                guard offset < 0.08 else { continue }
                // Overlapping or adjacent along the wall (within 1 m).
                let (lo, hi) = m.rangeAlong(o)
                guard lo < range.upperBound + 1.0, hi > range.lowerBound - 1.0 else { continue }
                // Pieces that are not walls themselves join only when on the same face, and not a wall end
                // (``adjoinWallEnds(_:centre:)``: a wall by where it stands, not by its size or height).
                guard o.isWall || (offset < 0.03 && !m.isWallEnd) else { continue }
                used[b] = true
                members.append(o.plane)
                // A piece on this face lengthens the wall, as far as it stays on the face.
                if offset < 0.03, let (lo, hi) = m.rangeOnFace(o, tolerance: Self.faceTolerance) {
                    range = Swift.min(range.lowerBound, lo)...Swift.max(range.upperBound, hi)
                }
            }
            out.append(Candidate(plane: m.plane, members: members,
                                 wall: .line(point: m.point, direction: m.direction), range: range,
                                 isWallEnd: m.isWallEnd && range.upperBound - range.lowerBound <= Self.longestWallEnd))
        }
        hingeDoorways(&out, leaves: leaves)
        return out
    }

    /// An open door leaf found in the room: its plan ends (x, z) and unit direction.
    struct DoorLeaf {
        var ends: (SIMD2<Double>, SIMD2<Double>)
        var direction: SIMD2<Double>
        var length: Double { planLength(ends.1 - ends.0) }
    }

    /// A door leaf hinged at a wall's end tells where the doorway is: along the wall's line beyond that end, as
    /// wide as the leaf. Each leaf (``isThinPanel(hull:lo:hi:line:behind:cloud:)``, tall and leaf-sized)
    /// whose end lies on a straight wall's line (within 10 cm of it) and at that wall's end (from 5 cm
    /// inside to 20 cm past it), turned off the line by more than 15°, lengthens the nearest such wall
    /// through the doorway, to the leaf's length past the hinge. The jamb beyond a doorway is often too
    /// small to be found (a short return to the next wall), and the leaf, once it is known to be no wall,
    /// no longer stands in the doorway: the room went out through it into the next room. Where the wall
    /// goes on beyond the doorway, its pieces join as before. A door next to a corner is hinged on the
    /// door's own wall, off the line of the wall it meets.
    /// - Complexity: O(leaves · walls).
    static func hingeDoorways(_ walls: inout [Candidate], leaves: [DoorLeaf]) {
        let turned = sin(15 * Double.pi / 180)
        for leaf in leaves {
            var best: (wall: Int, lower: Bool, to: Double, distance: Double)? = nil
            for (k, w) in walls.enumerated() {
                guard case let .line(_, d) = w.wall, abs(planCross(d, leaf.direction)) > turned else { continue }
                for hinge in [leaf.ends.0, leaf.ends.1] where w.wall.distance(to: hinge) < 0.1 {
                    let t = w.wall.parameter(of: hinge, near: w.range)
                    // Past the upper end (from 5 cm inside to 20 cm out), or past the lower end.
                    for lower in [false, true] {
                        let past = lower ? w.range.lowerBound - t : t - w.range.upperBound
                        guard past > -0.05, past < 0.2 else { continue }
                        let distance = abs(past)
                        if best.map({ distance < $0.distance }) ?? true {
                            best = (k, lower, lower ? t - leaf.length : t + leaf.length, distance)
                        }
                    }
                }
            }
            guard let best else { continue }
            let r = walls[best.wall].range
            walls[best.wall].range = best.lower ? Swift.min(r.lowerBound, best.to)...r.upperBound : r.lowerBound...Swift.max(r.upperBound, best.to)
        }
    }
}

extension WallCandidates {
    /// The widest single door leaf (m): a tall plane no longer than this may be an open leaf.
    static let widestLeaf = 1.2

    /// Height above the floor (m) a person walks under: a header over an opening is seen through below it
    /// (doors are 1.9-2.1 m high), an open door leaf is solid there.
    static let headHeight = 1.8

    /// The narrowest opening (m) a header alone makes a wall of: as wide as a door.
    static let narrowestPassage = 0.6

    /// The stretches of a plane's line that its points back as a wall of the room the scanner stood in.
    /// Phone noise scatters points through the room, and a RANSAC plane collects the ones within its band
    /// along its whole line, so the hull of its points can run across the room; a cabinet can stand in line
    /// with a wall seen through a door. Parameters `ts` (metres along the line) are counted in 10 cm bins
    /// over `hull`; a bin with at least 3 points (without `stations`, and a hundredth of the median count
    /// of such bins: stray returns put a few points in any plane's band, a wall's surface hundreds to
    /// thousands) is backed unless the sensor's stations stand on both sides of the line within 0.5 m of
    /// the bin along it (0.3 m off the line): the scanner walked around it, so it bounds nothing. Backed runs
    /// at most 2.5 m apart (a full-height opening) form one stretch, unless the gap between them has stations
    /// on both sides (``OpenSideClosure/separatesStations(from:to:_:clearance:minimum:)``: the scanner walked through it,
    /// so it is where a room's arm opens, not a door in one wall) or `mouth` says the gap (its two ends, plan
    /// points on the line) is the mouth of an arm (``armMouth(from:to:line:uprights:)``, the evidence left
    /// without sensor positions). The stretch with the most points is kept, and with it every stretch
    /// holding at least a quarter as many points and 0.5 m long (the other side of a room's arm), most
    /// points first. Returns the `hull` with all points when no bin is backed. `line` is the plane's plan
    /// line (point, unit direction) the parameters are measured along; `stations` the sensor's plan
    /// positions (none: only the 2.5 m gap rule applies).
    ///
    /// A stronger density floor (a bin backed only with a tenth, or a twentieth, of the 75th-percentile bin
    /// count) was tried and dropped: it cut walls seen only above tall furniture (the `open_plan` named
    /// plan, the `roomplan_myhome` dining room) and did not help the random plans (seed 2026, 300 rooms:
    /// floor IoU mean 0.901 / 0.902 with it, 0.903 without). A hundredth of the median, without sensor
    /// positions only, drops the phone's strays (a thousandth of a wall's density or less): `plumb eval
    /// --random 100 --seed 2026 --no-sensors` plans 8 and 51, whose walls ran on over sparse bins past the
    /// room, go from 0.482 and 0.261 to 0.742 and 0.742, no room worse (mean 0.877 to 0.885, with the other
    /// changes of its commit in place). With sensor positions it changed no room of the five evaluations
    /// but cut the wall between `roomplan_myhome`'s kitchen and dining room (`OpenPlanFoldTests`), so there
    /// the stations alone judge.
    /// - Complexity: O(n + bins · stations).
    static func supportedRanges(_ ts: [Double], within hull: ClosedRange<Double>,
                                line: (point: SIMD2<Double>, direction: SIMD2<Double>) = (.zero, SIMD2(1, 0)),
                                stations: [SIMD2<Double>] = [],
                                mouth: (SIMD2<Double>, SIMD2<Double>) -> Bool = { _, _ in false }) -> [(range: ClosedRange<Double>, points: Int)] {
        let bin = 0.1
        let whole = [(range: hull, points: ts.count)]
        let n = Swift.max(1, Swift.min(100_000, Int(((hull.upperBound - hull.lowerBound) / bin).rounded(.up))))
        var counts = [Int](repeating: 0, count: n)
        for t in ts where hull.contains(t) {
            counts[Swift.min(n - 1, Int((t - hull.lowerBound) / bin))] += 1
        }
        // A bin is backed by at least 3 points; without sensor positions also by a hundredth of the median
        // backed bin: stray returns scattered through the room put a few points in any plane's band, far
        // fewer than a wall's surface (with them, the stations drop what the scanner walked around).
        var backed = stations.isEmpty ? counts.filter { $0 >= 3 } : []
        let floor = backed.isEmpty ? 3 : Swift.max(3, selectElement(&backed, backed.count / 2) / 100)
        var stretches: [(lo: Int, hi: Int, points: Int)] = []
        let maxGap = Int((2.5 / bin).rounded())
        func at(_ k: Int) -> SIMD2<Double> { line.point + line.direction * (hull.lowerBound + Double(k) * bin) }
        // A stretch of line with the scanner's stations on both sides of it (within 0.5 m along it) is not
        // a boundary of the room the scanner stood in, whatever lies on it (a cabinet in line with a wall
        // seen through a door).
        let window = 5
        for k in 0..<n where counts[k] >= floor
            && !OpenSideClosure.separatesStations(from: at(k - window), to: at(k + 1 + window), stations, clearance: 0.3) {
            if let c = stretches.last, k - c.hi - 1 <= maxGap,
               k - c.hi - 1 < 3 || (!OpenSideClosure.separatesStations(from: at(c.hi + 1), to: at(k), stations, clearance: 0.3)
                                    && !mouth(at(c.hi + 1), at(k))) {
                stretches[stretches.count - 1] = (c.lo, k, c.points + counts[k])
            } else {
                stretches.append((k, k, counts[k]))
            }
        }
        guard let most = stretches.map(\.points).max() else { return whole }
        let kept = stretches.enumerated().filter { e in
            e.element.points == most || (4 * e.element.points >= most && Double(e.element.hi + 1 - e.element.lo) * bin >= 0.5)
        }.sorted { $0.element.points != $1.element.points ? $0.element.points > $1.element.points : $0.offset < $1.offset }
        return kept.map { e in
            let r = Swift.max(hull.lowerBound, hull.lowerBound + Double(e.element.lo) * bin)...Swift.min(hull.upperBound, hull.lowerBound + Double(e.element.hi + 1) * bin)
            return (r, e.element.points)
        }
    }

    /// The parameters `ts` (metres along `line`) of the points that stand clear of the floor and the ceiling
    /// (more than ``levelBand`` above the floor and below the ceiling over them): the points that back a
    /// wall. A vertical plane's band takes in the floor and ceiling points along its foot and top line, so
    /// across an open room a plane through a wall's line has the floor and ceiling points under and over
    /// it all the way across; they show the floor, not a wall. Used without sensor positions: with them the
    /// floor along the line carries a wall on across an opening and the stations cut it where the scanner
    /// walked across (the floor carried walls over passages that no piece of the line closed: with the floor
    /// dropped there too, `plumb eval --random 300 --seed 7919` fell 0.954 -> 0.951, p10 0.872 -> 0.856,
    /// plan 128's hall 0.986 -> 0.288). `ys` are the points' heights (local y).
    /// - Complexity: O(n · c) for n points and c ceiling planes.
    static func bodyParameters(ys: [Float], ts: [Double], line: (point: SIMD2<Double>, direction: SIMD2<Double>),
                               structure: RoomStructure) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(ts.count)
        let floor = structure.floorY + levelBand
        for (y, t) in zip(ys, ts) where Double(y) > floor {
            let q = line.point + line.direction * t
            if Double(y) < structure.ceilingY(x: q.x, z: q.y) - levelBand { out.append(t) }
        }
        return out
    }

    /// Height (m) above the floor and below the ceiling within which a point shows the floor or the ceiling
    /// rather than a wall (``bodyParameters(ys:ts:line:structure:)``): a few times a phone's depth noise.
    static let levelBand = 0.05

    /// How far (m) a plane joined to a wall may stand off the wall's line and still lengthen it
    /// (``Measured/rangeOnFace(_:tolerance:)``).
    static let faceTolerance = 0.05

    /// Whether the gap from `a` to `b` on a wall's `line` (plan points on it) is the mouth of an arm of the
    /// room rather than a doorway or passage in one wall: at both ends a full-height wall (`uprights`, plan
    /// segments) stands square to the line (within 20°), within 20 cm of the gap's end along it, reaches the
    /// line (within 20 cm) and runs at least ``armSide`` from it to the same side. A doorway's jambs are as deep as the wall is thick; the sides
    /// of an L's or a T's arm run on for the arm's length. Without the scanner's positions this is what
    /// tells the two apart (a room opening onto a hall exactly as wide as the opening looks the same, and is
    /// taken for an arm).
    /// - Complexity: O(u) for u uprights.
    static func armMouth(from a: SIMD2<Double>, to b: SIMD2<Double>, line: (point: SIMD2<Double>, direction: SIMD2<Double>),
                         uprights: [(SIMD2<Double>, SIMD2<Double>)]) -> Bool {
        let normal = SIMD2(-line.direction.y, line.direction.x)
        // The sides (bit 0: the normal's side, bit 1: the other) to which a full-height wall runs from `e`.
        func sides(at e: SIMD2<Double>) -> Int {
            var out = 0
            for (p, q) in uprights {
                let d = q - p, length = planLength(d)
                guard length > 0, abs(planDot(d / length, line.direction)) < 0.342 else { continue }
                // Along the line: the wall passes within 20 cm of the gap's end.
                let along = planDot((p + q) / 2 - e, line.direction)
                guard abs(along) < 0.2 else { continue }
                // Across the line: it reaches the line (within 20 cm) and runs on to one side.
                let s0 = planDot(p - e, normal), s1 = planDot(q - e, normal)
                let lo = Swift.min(s0, s1), hi = Swift.max(s0, s1)
                guard lo < 0.2, hi > -0.2 else { continue }
                if hi >= armSide { out |= 1 }
                if lo <= -armSide { out |= 2 }
            }
            return out
        }
        return sides(at: a) & sides(at: b) != 0
    }

    /// The shortest side wall (m) of a room's arm (``armMouth(from:to:line:uprights:)``): longer than any
    /// wall is thick, so a doorway's jamb is never taken for one.
    static let armSide = 0.6

    /// The height (m) a vertical plane's points must span to be a wall where the ceiling is at `ceiling` over
    /// a floor at `floor`: `minimumSpan`, but under a sloped ceiling at most 85 % of the room's height there
    /// (a knee wall), never less than 0.6 m (a slope extended past the room can fall to the floor).
    static func wallSpan(floor: Double, ceiling: Double, minimumSpan: Double) -> Double {
        Swift.max(0.6, Swift.min(minimumSpan, 0.85 * (ceiling - floor)))
    }

    /// Mean of the floor planes' centroids in plan (a point inside the room).
    static func floorCentre(planes: [DetectedPlane], structure: RoomStructure) -> SIMD2<Double> {
        var sum = SIMD2<Double>.zero, weight = 0.0
        for k in structure.floorPlanes {
            sum += SIMD2(planes[k].centroid.x, planes[k].centroid.z) * Double(planes[k].inliers.count)
            weight += Double(planes[k].inliers.count)
        }
        return weight > 0 ? sum / weight : .zero
    }

    /// Whether a vertical plane too small for a wall (its parameters along its plan line span `hull`, heights
    /// `ys`, local y) has the profile of a wall's end: 5 cm to ``longestWallEnd`` long and covering the room's
    /// height, from the `floor` to the `ceiling`, in 20 cm bands: the lowest band and the top one (the 20-40 cm
    /// under the ceiling) hold a point and no two neighbouring bands are empty. A wall beside a full-height
    /// passage may end 10-30 cm from the corner it starts at, too small a plane (under 0.8 m²) to be a wall by
    /// its size; furniture does not reach the ceiling from the floor, and a stack of objects leaves gaps.
    /// - Complexity: O(n) for n heights.
    static func isWallEnd(ys: [Float], hull: ClosedRange<Double>, floor: Double, ceiling: Double) -> Bool {
        let length = hull.upperBound - hull.lowerBound
        // (No room is a kilometre high: the band count stays bounded whatever a fitted ceiling says.)
        guard length >= 0.05, length <= longestWallEnd, ceiling - floor > 1.5, ceiling - floor < 1000 else { return false }
        // 20 cm bands from the floor, the top one up to the ceiling (20-40 cm).
        let bands = Int(((ceiling - floor) / 0.2).rounded(.down))
        var seen = [Bool](repeating: false, count: bands)
        for y in ys where Double(y) >= floor && Double(y) <= ceiling {
            seen[Swift.min(bands - 1, Int((Double(y) - floor) / 0.2))] = true
        }
        var run = 0
        for s in seen { run = s ? 0 : run + 1; if run >= 2 { return false } }
        return seen[0] && seen[bands - 1]
    }

    /// The longest wall end (m) ``isWallEnd(ys:hull:floor:ceiling:)`` takes: a piece covering the room's
    /// height (at least 1.6 m) and longer than this is 0.8 m², a wall by its size, unless sparsely seen.
    static let longestWallEnd = 0.5

    /// Makes walls of the wall ends (``Measured/isWallEnd``) that meet a wall: one end within 15 cm of a wall's
    /// line, inside its range (15 cm slack), at 70-110 degrees to it, and its middle in front of that wall
    /// (on the room's side, ``Measured/side(from:)`` with `centre` a point inside the room: a window's
    /// reveal or a notch's side wall runs behind it), and with neither end 15-60 cm behind any wall, within
    /// its range (a door's jamb running on into the closet beyond, a neighbour's wall past the room's corner;
    /// a piece fitted a few degrees off ends a few centimetres past the wall it meets). The piece is turned
    /// to exactly square with that wall about its centre (a plane 10-30 cm long is fitted up to ten degrees
    /// off; the wall beside it is fitted to metres of points), so the two ends of one wall beside a passage
    /// lie on one line, and its free end reaches across the passage
    /// (``closeRanges(_:stations:cloud:reach:wallEnds:)``). A wall end standing free in the room (a column's
    /// face, a shelf's side) meets no wall and stays out.
    /// - Complexity: O(m²) for m measured planes.
    static func adjoinWallEnds(_ measured: inout [Measured], centre: SIMD2<Double>) {
        let snapshot = measured
        for (a, m) in snapshot.enumerated() where m.isWallEnd && !m.isWall {
            let ends = [m.point + m.direction * m.range.lowerBound, m.point + m.direction * m.range.upperBound]
            let middle = (ends[0] + ends[1]) / 2
            let meets = snapshot.filter { o in
                guard o.isWall, !o.isWallEnd, abs(planDot(o.direction, m.direction)) < cos(70 * Double.pi / 180),
                      o.depthBehind(middle, centre: centre) < 0 else { return false }
                return ends.contains { abs(o.depthBehind($0, centre: centre)) < 0.15 && o.spans($0, slack: 0.15) }
            }
            // A piece reaching behind a wall (a door's jamb running on into the closet beyond, a neighbour's
            // wall past the corner) is not the room's.
            let behind = snapshot.contains { o in
                guard o.isWall, !o.isWallEnd else { return false }
                return ends.contains { e in
                    let f = o.depthBehind(e, centre: centre)
                    return f > 0.15 && f < 0.6 && o.spans(e, slack: 0.15)
                }
            }
            guard !behind,
                  let wall = meets.max(by: { $0.count != $1.count ? $0.count < $1.count : $0.plane > $1.plane }) else { continue }
            let square = SIMD2(-wall.direction.y, wall.direction.x)
            let turned = planDot(square, m.direction) >= 0 ? square : -square
            let scale = planDot(turned, m.direction)
            measured[a].direction = turned
            measured[a].range = (m.range.lowerBound * scale)...(m.range.upperBound * scale)
            measured[a].isWall = true
        }
    }

    /// Makes walls of tall planes that were not seen up to the ceiling but have no parallel plane behind them
    /// (farther from the floor's centre by more than 5 cm, overlapping along the wall) and fewer points behind it than
    /// a tenth of its own (``pointsBehind(_:side:cloud:limit:)``): the scanner did not look up at
    /// that wall, and nothing but the wall itself can bound the room there. A tall front with the wall seen
    /// behind it stays furniture. Promoted walls get their top-band coverage measured like the others. `centre`
    /// is ``floorCentre(planes:structure:)``, which decides the side behind a plane without sensor positions.
    static func promoteOutermost(_ measured: inout [Measured], planes: [DetectedPlane], cloud: PointCloud, structure: RoomStructure,
                                 centre: SIMD2<Double>) {
        let snapshot = measured
        for (a, m) in snapshot.enumerated() where m.isTall && !m.isWall {
            let side = m.side(from: centre)
            let hidden = snapshot.contains { o in
                guard o.plane != m.plane, abs(planCross(m.direction, o.direction)) < 0.052 else { return false }
                let behind = m.depthBehind(o.point, centre: centre)
                guard behind > 0.05 else { return false }
                return m.overlapsAlong(o)
            }
            guard !hidden, pointsBehind(m, side: side, cloud: cloud, limit: m.count / 10) < m.count / 10 else { continue }
            let inliers = planes[m.plane].inliers
            let ys = inliers.map { cloud.y[Int($0)] }
            let ts = inliers.map { planDot(SIMD2(Double(cloud.x[Int($0)]), Double(cloud.z[Int($0)])) - m.point, m.direction) }
            measured[a].isWall = true
            measured[a].topCoverage = topBandCoverage(ys: ys, ts: ts, range: m.range, point: m.point,
                                                      direction: m.direction, structure: structure)
        }
    }

    /// Number of cloud points more than 10 cm behind the plane of `m` (on the side away from the room,
    /// `side` as in ``promoteOutermost(_:planes:cloud:structure:centre:)``) within its range along the wall, counting
    /// up to `limit`. A plane inside the room has the floor, the ceiling and the walls beyond it behind it;
    /// a wall bounding the room has only outliers and what shows through its openings. O(n).
    static func pointsBehind(_ m: Measured, side: Double, cloud: PointCloud, limit: Int) -> Int {
        let normal = SIMD2(-m.direction.y, m.direction.x) * side
        let c = m.point, d = m.direction
        var count = 0
        cloud.x.withUnsafeBufferPointer { xs in
            cloud.z.withUnsafeBufferPointer { zs in
                for i in 0..<xs.count {
                    let q = SIMD2(Double(xs[i]) - c.x, Double(zs[i]) - c.y)
                    guard (q * normal).sum() > 0.1, m.range.contains((q * d).sum()) else { continue }
                    count += 1
                    if count >= limit { return }
                }
            }
        }
        return count
    }

    /// Drops wall-like planes with a poorly covered top band that stand in front of a parallel,
    /// better-covered plane (cabinet fronts reaching the ceiling; see the type's documentation). "Parallel"
    /// is within 3°, or within 10° for a plane whose top band is almost empty (under 20 % covered): RANSAC
    /// can join a cabinet front and other furniture into one plane a few degrees off the wall behind them,
    /// and only stray points reach the ceiling on it. A wall whose top the sensor never faced
    /// (``Measured/topUnseen``) has no top band to judge and stays.
    static func vetoFronts(_ measured: inout [Measured], centre: SIMD2<Double>) {
        let snapshot = measured
        for (a, m) in snapshot.enumerated() where m.isWall && m.topCoverage < 0.6 && !m.topUnseen {
            let parallel = m.topCoverage < 0.2 ? 0.174 : 0.052
            let covered = snapshot.contains { o in
                guard o.plane != m.plane, o.isWall, o.topCoverage >= 0.6, o.topCoverage > m.topCoverage,
                      abs(planCross(m.direction, o.direction)) < parallel else { return false }
                let behind = m.depthBehind(o.point, centre: centre)
                guard behind > 0.05, behind < 1.5 else { return false }
                return m.overlapsAlong(o)
            }
            if covered { measured[a].isWall = false }
        }
    }

    /// Lengthens each wall's range to where it meets the nearest other wall beyond its observed ends (up to
    /// `reach` metres further along a straight wall, `reach / radius` radians along an arc), so walls whose
    /// ends were hidden (furniture in a corner) still close the room. A meeting point on an arc counts only
    /// within 0.3 rad of the arc's observed range.
    ///
    /// Where the sensor positions are known (`stations`, plan), a straight wall is not lengthened across the
    /// free space the scanner walked: an extension with stations on both sides of it
    /// (``OpenSideClosure/separatesStations(from:to:_:clearance:)``) is not made. With the `cloud`'s
    /// per-point sensor positions too, a straight wall is lengthened across the gap to the next piece of its
    /// own line (``collinearPiece(_:of:)``: the jamb beyond a passage or an open door), whatever else meets
    /// it there, when the gap was seen through (``seenThrough(from:to:cloud:)``) and the scanner did not walk
    /// through it: the room is the space the sensor stood in, and the neighbour seen through the opening is
    /// not part of it. A gap never seen through (the mouth of a notch, whose back wall hides it) is left open.
    ///
    /// `wallEnds` are the indices of barriers that are the ends of walls beside full-height passages
    /// (``adjoinWallEnds(_:centre:)``), with stations and sight lines known: such a barrier is lengthened to the
    /// nearest wall that reaches the meeting point (within `reach` of that wall's observed range) at any
    /// distance, when the sensor saw through the gap into space at least a metre deep and the stations are not
    /// on both sides of it: the passage beside a wall end closes the room whatever its width (1-3 m on the
    /// random plans). On any straight wall shorter than 1 m the slack is half its length, so a wall end's
    /// own corner is never taken for the far end of the passage.
    static func closeRanges(_ barriers: [BarrierFill.Barrier], stations: [SIMD2<Double>] = [], cloud: PointCloud? = nil,
                            reach: Double = 2.0, wallEnds: Set<Int> = []) -> [BarrierFill.Barrier] {
        var out = barriers
        for (a, c) in barriers.enumerated() {
            let lo = c.range.lowerBound, hi = c.range.upperBound
            let slack: Double, limit: Double
            // A wall end reaches across a passage of any width, where the sensor saw through it (below).
            let passage = wallEnds.contains(a) && !stations.isEmpty && cloud != nil
            switch c.wall {
            // A wall's corner counts at its own end only: on a wall shorter than 1 m the slack is half its
            // length (a corner fitted just inside one end would otherwise hold the other end short).
            case .line: slack = Swift.min(0.5, (hi - lo) / 2); limit = passage ? .infinity : reach
            case let .arc(_, r): slack = 0.5 / r; limit = reach / r
            }
            var bestHi = Double.infinity, bestLo = -Double.infinity
            var pieceHi = Double.infinity, pieceLo = -Double.infinity
            // Other pieces of the same wall line (a jamb beyond a passage or an open door), nearest first on
            // each side: the gap to the first the sensor saw through is an opening in this wall, unless the
            // scanner walked through it.
            if !stations.isEmpty, let cloud {
                let pieces = barriers.indices.compactMap { b in b == a ? nil : collinearPiece(barriers[b], of: c) }
                for near in pieces.sorted(by: { Swift.abs($0 - (lo + hi) / 2) < Swift.abs($1 - (lo + hi) / 2) }) {
                    guard near > hi ? !pieceHi.isFinite : !pieceLo.isFinite else { continue }
                    let from = c.wall.point(at: near > hi ? hi : lo), to = c.wall.point(at: near)
                    guard !OpenSideClosure.separatesStations(from: from, to: to, stations, clearance: 0.3),
                          seenThrough(from: from, to: to, cloud: cloud) else { continue }
                    if near > hi { pieceHi = near } else { pieceLo = near }
                }
            }
            for (b, o) in barriers.enumerated() where b != a {
                for q in c.wall.intersections(with: o.wall, parallelSine: 0.26) {
                    // The other wall must reach the meeting point: within 0.3 rad of an arc's observed range;
                    // within `reach` of a straight wall's for a wall end crossing a passage (the line of a
                    // neighbour's wall, seen far beyond the passage, is not where the passage ends).
                    let u = o.wall.parameter(of: q, near: o.range)
                    switch o.wall {
                    case .arc: guard u > o.range.lowerBound - 0.3, u < o.range.upperBound + 0.3 else { continue }
                    case .line: guard !passage || (u > o.range.lowerBound - reach && u < o.range.upperBound + reach) else { continue }
                    }
                    let t = c.wall.parameter(of: q, near: c.range)
                    if case .line = c.wall, !stations.isEmpty,
                       OpenSideClosure.separatesStations(from: c.wall.point(at: t < lo ? lo : hi), to: q, stations,
                                                         clearance: 0.3) { continue }
                    if t > hi - slack, t - hi < limit, t < bestHi { bestHi = t }
                    if t < lo + slack, lo - t < limit, t > bestLo { bestLo = t }
                }
            }
            // A wall end's line crosses a passage only where the sensor saw through it into space at least a
            // metre deep (with the stations on one side, tested above; a line along a wall 20 cm in front of
            // it is seen through onto that wall): otherwise it ends where it was seen.
            if passage, let cloud {
                if bestHi.isFinite, bestHi - hi > slack,
                   !seenThrough(from: c.wall.point(at: hi), to: c.wall.point(at: bestHi), cloud: cloud, beyond: 1.0) {
                    bestHi = .infinity
                }
                if bestLo.isFinite, lo - bestLo > slack,
                   !seenThrough(from: c.wall.point(at: lo), to: c.wall.point(at: bestLo), cloud: cloud, beyond: 1.0) {
                    bestLo = -.infinity
                }
            }
            // A gap to the next piece of the same line is closed whatever meets the wall inside it (the
            // neighbour's walls meet it at the jambs, from behind).
            let newLo = Swift.min(lo, bestLo.isFinite ? bestLo : lo, pieceLo.isFinite ? pieceLo : lo)
            let newHi = Swift.max(hi, bestHi.isFinite ? bestHi : hi, pieceHi.isFinite ? pieceHi : hi)
            out[a].range = newLo...newHi
        }
        return out
    }

    /// Whether the scanner saw through the gap `from`–`to` (plan x, z in the cloud's local y-up frame): between
    /// two pieces of one wall line, or under a header along the ceiling. The sight lines (sensor to point, in
    /// plan), from a sensor more than 30 cm off the line, that cross the gap (below height `below`, local y,
    /// where given) and hit something more than `beyond` metres (10 cm unless given) past it number, per metre
    /// of gap, at least a tenth of the points per metre on the wall line (within 5 cm of it) over up to 1 m on
    /// either side of the gap. An opening is seen through about as densely as the wall beside it is seen; a
    /// gap hidden behind other walls (the mouth of a notch in the room) is crossed only by the odd stray ray.
    /// Looks at up to 500,000 evenly spaced points; false without per-point sensor positions.
    /// - Complexity: O(min(n, 500,000)).
    static func seenThrough(from a: SIMD2<Double>, to b: SIMD2<Double>, cloud: PointCloud, beyond: Double = 0.1,
                            below: Double = .infinity) -> Bool {
        let length = planLength(b - a)
        guard length > 0 else { return false }
        let plane = SightPlane(point: a, direction: (b - a) / length)
        let flank = Swift.min(1.0, length)
        var lines = 0, onWall = 0
        let sampled = cloud.forEachSightLine(limit: 500_000) { sensor, point in
            let ds = plane.offset(sensor), dp = plane.offset(point)
            if abs(dp) < 0.05 {
                let t = plane.along(point)
                if (t < 0 && t > -flank) || (t > length && t < length + flank) { onWall += 1 }
                return
            }
            // The sensor on one side (clear of the line by 30 cm: one standing in the gap sees along it), the
            // hit past the line on the other.
            guard ds * dp < 0, abs(ds) > 0.3, abs(dp) > beyond else { return }
            let (t, y) = plane.crossing(from: sensor, to: point, offsets: ds, dp)
            if t >= 0, t <= length, y < below { lines += 1 }
        }
        return sampled && lines > 0 && 10 * Double(lines) / length >= Double(onWall) / (2 * flank)
    }

    /// Where straight barrier `o` lies along straight barrier `c` when it is another piece of `c`'s wall line
    /// beside it: parallel within 3 degrees, both of its ends within 5 cm of `c`'s line (two jambs of one
    /// wall fitted apart), and not overlapping `c`'s range. Returns `o`'s end nearer to `c`, as a parameter
    /// along `c`, or nil.
    /// - Complexity: O(1).
    static func collinearPiece(_ o: BarrierFill.Barrier, of c: BarrierFill.Barrier) -> Double? {
        guard case let .line(p, d) = c.wall, case .line = o.wall else { return nil }
        let a = o.wall.point(at: o.range.lowerBound), b = o.wall.point(at: o.range.upperBound)
        let n = SIMD2(-d.y, d.x)
        guard abs(planDot(a - p, n)) < 0.05, abs(planDot(b - p, n)) < 0.05 else { return nil }
        let ta = planDot(a - p, d), tb = planDot(b - p, d)
        let length = abs(tb - ta)
        guard length > 0, abs(planDot(b - a, n)) / length < sin(0.052) else { return nil }
        if Swift.min(ta, tb) > c.range.upperBound { return Swift.min(ta, tb) }
        if Swift.max(ta, tb) < c.range.lowerBound { return Swift.max(ta, tb) }
        return nil
    }
}
