#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Finds openings in a wall from the scan points around it: holes (nothing on the wall surface, seen
/// through or not seen at all, and not hidden by something in front) and recesses (a surface set back a few
/// centimetres, such as a closed door leaf or window glass), and looks for a swung door leaf beside each
/// floor-reaching hole.
///
/// The wall is rasterised in its own (u, v) coordinates (``WallPatch``). A cell is *wall* when points lie on
/// the surface (|s| ≤ ``Options/surfaceTolerance``), *recess* when its points lie behind the surface within
/// ``Options/maximumRecess`` and none on it, *occluded* when only points in front of the wall (furniture)
/// cover it. Opening candidates are the connected regions of cells seen through or recessed, plus the
/// never-seen cells that lie between such cells (gaps in sparse glass returns; a large unscanned wall area
/// next to a window is not taken in) and the never-seen runs across a region's rows between its own cells
/// (`rowClosure`: an upper window band no station saw), with thin protrusions peeled off, enough of their
/// rectangle filled by their own cells and enough returns from behind the surface
/// (``Options/minimumEvidence``); their edges are then measured to below a cell from the reveals and the
/// wall-point density across them (`refineEdges`, OpeningEdgeRefinement.swift). Curved walls are unrolled
/// along their arc (``ArcWallPatch``).
///
/// A point seen through the wall (farther behind it than a recess) counts where the ray from its sensor
/// crossed the wall surface, when the cloud carries sensor positions (``PointCloud/sensorOrigins``) and the
/// wall is straight: that is the part of the wall the sensor looked through, so the floor and ceiling beyond
/// a doorway give its full height. Otherwise, and for recesses, points are projected orthogonally onto the
/// wall (exact for recesses, approximate for the space beyond). A hole reaches the floor when it reaches the
/// lowest row with wall points, or when no wall was seen between it and the floor (a sill is wall a sensor
/// in the room sees; rays through the foot of a doorway only graze the floor beyond).
///
/// Door frames (``DoorFrameDetector``) complete the picture: a frame over a floor-reaching opening marks it
/// as a door, and a frame with a surface inside at or just behind the wall face (a closed door seen from
/// its swing side, which leaves no hole and no recess) is added as a closed door of the frame's size, one
/// with a swung leaf beside it or seen through over half its area as an open door. A floor-reaching hole
/// with neither frame nor leaf is a leafless opening (a passage).
package enum WallOpeningDetector {
    /// Tuning.
    package struct Options: Sendable, Hashable {
        /// Raster cell, metres.
        package var cell: Double = 0.04
        /// Points within this distance of the wall surface count as wall, metres.
        package var surfaceTolerance: Double = 0.025
        /// Surfaces set back up to this depth count as a recess (door leaf, glass), metres.
        package var maximumRecess: Double = 0.35
        /// Points up to this far in front of the wall can occlude it, metres.
        package var occluderDepth: Double = 0.8
        /// Smallest opening width and height, metres.
        package var minimumWidth: Double = 0.35
        /// Smallest opening height, metres.
        package var minimumHeight: Double = 0.35
        /// Smallest share of an opening's bounding rectangle its cells must fill.
        package var minimumFill: Double = 0.7
        /// Smallest share of an opening's cells that must have returns behind the wall surface (seen through).
        package var minimumEvidence: Double = 0.3
        /// Fewest returns behind the wall surface that make a cell evidence of an opening on its own (a cell
        /// with fewer is evidence when nothing in front hides it and at least 3 of its 8 neighbours have
        /// returns behind the surface too).
        package var minimumEvidencePoints: Int32 = 2
        /// Widest never-seen gap between evidence cells (along a row or column) taken into an opening, metres.
        package var maximumEvidenceGap: Double = 0.3
        /// Largest share of a region's cells that peeling thin protrusions may remove; a region that needs
        /// more cut away is rejected.
        package var maximumPeeledShare: Double = 0.1
        /// Lowest height, metres, of an opening that reaches the floor (a lower floor-level hole is wall seen
        /// under furniture).
        package var minimumFloorOpeningHeight: Double = 1.2
        /// Defaults.
        package init() {}
    }

    /// What fills a detected opening.
    package enum Filling: Sendable, Hashable, Codable {
        /// Nothing: a hole (seen through, or no returns at all).
        case none
        /// A surface set back by `depth` metres covering the opening (closed door leaf, glass).
        case recessed(depth: Double)
    }

    /// A swung leaf found beside an opening.
    package struct Leaf: Sendable, Hashable, Codable {
        /// Angle between the leaf and the wall surface, radians (0 = closed, π/2 = perpendicular).
        package var angle: Double
        /// Jamb the leaf hangs on: 0 at `uMin`, 1 at `uMax`.
        package var hingeSide: Int
        /// True when the leaf swings into the room (s > 0).
        package var intoRoom: Bool
        /// Number of leaf points.
        package var support: Int
    }

    /// One opening, in wall coordinates (metres).
    package struct Opening: Sendable, Hashable, Codable {
        /// Start along the wall.
        package var uMin: Double
        /// End along the wall.
        package var uMax: Double
        /// Bottom above the floor (sill height; ~0 for doors).
        package var vMin: Double
        /// Top above the floor.
        package var vMax: Double
        /// What fills it.
        package var filling: Filling
        /// Share of its cells with no wall points.
        package var fill: Double
        /// A swung door leaf beside it, if one was found.
        package var leaf: Leaf?
        /// The door frame (casings) round it, if one was found.
        package var frame: DoorFrameDetector.Frame? = nil
        /// Width, metres.
        package var width: Double { uMax - uMin }
        /// Height, metres.
        package var height: Double { vMax - vMin }
    }

    /// The points near a wall, in its coordinates (u along, v up, s towards the room), and, where the sensor
    /// positions are known, the sight lines to the points beyond the wall seen from the room side.
    struct Near {
        /// (u, v, s) of the points within 1.5 m of the wall surface.
        var points: [SIMD3<Float>] = []
        /// (sensor, hit) in (u, v, s) for each point more than `Near.beyondDepth` behind the wall surface
        /// whose sensor stood in front of it; nil when the cloud has no sensor positions.
        var sightLines: [(origin: SIMD3<Float>, hit: SIMD3<Float>)]? = nil
        /// Depth behind the wall surface from which a point's sight line is kept, metres (clear of the
        /// reveals of walls up to 0.4 m thick).
        static let beyondDepth: Float = 0.4
    }

    /// Detects openings in `patch` from the points of `cloud` (local coordinates).
    /// - Complexity: O(n + cells) per wall; one pass over the cloud with no allocation per point.
    package static func detect(in cloud: PointCloud, patch: WallPatch, options: Options = Options(),
                              frameOptions: DoorFrameDetector.Options = DoorFrameDetector.Options()) -> [Opening] {
        let (found, near) = detectOpenings(in: cloud, patch: patch, options: options)
        let frames = DoorFrameDetector.detect(in: cloud, patch: patch, options: frameOptions)
        return merge(found, frames, near: near, tol: Float(options.surfaceTolerance), maximumRecess: Float(options.maximumRecess))
    }

    /// Attaches each door frame to the floor-reaching opening it surrounds (more than half of the narrower
    /// one's width in common) and takes the frame's inner edges as its size (sharper than density edges).
    /// A frame with no such opening is added as a door when there is a surface inside at or just behind the
    /// wall face (a closed leaf seen from its swing side), a swung leaf beside it, or the space beyond seen
    /// through over half its inside (an open door whose hole the density raster missed); a frame with none of
    /// these is dropped (furniture sides can look like jambs).
    static func merge(_ found: [Opening], _ frames: [DoorFrameDetector.Frame], near: Near, tol: Float,
                      maximumRecess: Float) -> [Opening] {
        var out = found
        for f in frames {
            let hit = out.indices.first { k in
                let o = out[k]
                let common = Swift.min(o.uMax, f.uMax) - Swift.max(o.uMin, f.uMin)
                return o.vMin < 0.1 && common > 0.5 * Swift.min(o.width, f.uMax - f.uMin)
            }
            if let k = hit {
                out[k].frame = f
                out[k].uMin = f.uMin
                out[k].uMax = f.uMax
                out[k].vMin = 0
                out[k].vMax = f.vMax
                if out[k].leaf == nil, out[k].filling == .none { out[k].leaf = findLeaf(out[k], near, tol: tol) }
                continue
            }
            var op = Opening(uMin: f.uMin, uMax: f.uMax, vMin: 0, vMax: f.vMax, filling: .none, fill: f.insideFill,
                             leaf: nil, frame: f)
            if let depth = f.insideDepth {
                op.filling = .recessed(depth: depth)
            } else {
                op.leaf = findLeaf(op, near, tol: tol)
                guard op.leaf != nil || seenThrough(op, near.points, behind: maximumRecess) >= 0.5 else { continue }
            }
            out.append(op)
        }
        return out.sorted { $0.uMin < $1.uMin }
    }

    /// Detects openings in a curved wall from the points of `cloud` (local coordinates): holes and recesses
    /// in its point density, unrolled along the arc (``ArcWallPatch``); `u` of the results is arc length.
    /// Door frames are looked for on straight walls only.
    /// - Complexity: O(n + cells).
    package static func detect(in cloud: PointCloud, arc: ArcWallPatch, options: Options = Options()) -> [Opening] {
        detectOpenings(in: cloud, patch: arc, options: options).0
    }

    /// Holes and recesses from the wall's point density (without door frames).
    static func detectOpenings<Surface: WallSurfaceCoordinates>(in cloud: PointCloud, patch: Surface, options: Options) -> ([Opening], Near) {
        let cell = options.cell
        let nu = Int((patch.length / cell).rounded(.up)), nv = Int((patch.height / cell).rounded(.up))
        guard nu > 2, nv > 2, nu * nv < 4_000_000 else { return ([], Near()) }
        var wall = [Int32](repeating: 0, count: nu * nv)
        var recess = [Int32](repeating: 0, count: nu * nv)
        var recessDepth = [Float](repeating: 0, count: nu * nv)
        var front = [Int32](repeating: 0, count: nu * nv)
        var beyond = [Int32](repeating: 0, count: nu * nv)
        // Points near the wall, kept for edge refinement and leaf search (u, v, s).
        var near: [SIMD3<Float>] = []
        var sightLines: [(origin: SIMD3<Float>, hit: SIMD3<Float>)] = []
        let tol = Float(options.surfaceTolerance), maxRecess = Float(options.maximumRecess)
        let occl = Float(options.occluderDepth), len = Float(patch.length), hgt = Float(patch.height)
        let invCell = Float(1 / cell)
        // Where the sensor positions are known (straight walls), a point beyond the wall counts where its ray
        // crossed the wall surface: the part of the wall the sensor saw through. Without them, where it lies.
        let sensors = sensorWallCoordinates(of: cloud, patch: patch)
        let frames = sensors == nil ? nil : cloud.frameIndex
        func add(_ u: Float, _ v: Float, _ s: Float, _ index: Int) {
            guard s > -maxRecess - 4, s < occl, u > -0.5, u < len + 0.5 else { return }
            var (cu, cv) = (u, v)
            if s <= -maxRecess, let sensors, let frames, sensors[Int(frames[index])].z > tol {
                // Seen through from the room side (a sensor on or behind the surface was not): the floor and
                // ceiling beyond count too, where their rays crossed.
                let o = sensors[Int(frames[index])]
                if s < -Near.beyondDepth { sightLines.append((o, SIMD3(u, v, s))) }
                let t = o.z / (o.z - s)
                cu = o.x + t * (u - o.x)
                cv = o.y + t * (v - o.y)
                guard cv > 0.03, cv < hgt - 0.03 else { return }
            } else {
                guard v > 0.03, v < hgt - 0.03 else { return }
            }
            if abs(s) < 1.5, v > 0.03, v < hgt - 0.03 { near.append(SIMD3(u, v, s)) }
            guard cu >= 0, cu < len else { return }
            let k = min(Int(cv * invCell), nv - 1) * nu + min(Int(cu * invCell), nu - 1)
            if abs(s) <= tol {
                wall[k] += 1
            } else if s < -tol && s > -maxRecess {
                recess[k] += 1
                recessDepth[k] += -s
            } else if s > tol {
                front[k] += 1
            } else {
                beyond[k] += 1
            }
        }
        // Only points in the guarded box reach `add` (the SIMD prefilter's box is 1 cm wider).
        let boxU = (Float(-0.51), len + 0.51), boxV = (Float(0.02), hgt - 0.02), boxS = (-maxRecess - 4.01, occl + 0.01)
        if sensors != nil, let straight = patch as? WallPatch {
            straight.forEachIndexedWallCoordinate(of: cloud, u: boxU, v: (-1.01, hgt + 2.01), s: boxS) { u, v, s, i in add(u, v, s, i) }
        } else {
            patch.forEachWallCoordinate(of: cloud, u: boxU, v: boxV, s: boxS) { u, v, s in add(u, v, s, 0) }
        }
        let nearby = Near(points: near, sightLines: sensors == nil ? nil : sightLines)
        // Candidate cells: no wall points, and either seen behind the wall or never seen at all where the
        // never-seen patch is a gap in an opening's evidence (see `evidenceGaps`).
        // Evidence needs a few returns, or one amid other cells with returns (sparse glass): stray points
        // (noise, rays through a window projected beside it) scattered over a never-seen area are none.
        var candidate = [Bool](repeating: false, count: nu * nv)
        for j in 0..<nv {
            for i in 0..<nu where wall[j * nu + i] == 0 {
                let k = j * nu + i, c = recess[k] + beyond[k]
                guard c > 0 else { continue }
                if c >= options.minimumEvidencePoints { candidate[k] = true; continue }
                // One return amid other cells with returns is sparse glass, unless something in front hides
                // the cell (a glimpse past a wall-hung TV's edge is no window).
                guard front[k] == 0 else { continue }
                var around = 0
                for y in Swift.max(0, j - 1)...Swift.min(nv - 1, j + 1) {
                    for x in Swift.max(0, i - 1)...Swift.min(nu - 1, i + 1) where (x != i || y != j) && recess[y * nu + x] + beyond[y * nu + x] > 0 {
                        around += 1
                    }
                }
                candidate[k] = around >= 3
            }
        }
        let gaps = evidenceGaps(wall: wall, evidence: candidate, front: front, nu, nv,
                                maxGap: Swift.max(1, Int((options.maximumEvidenceGap / cell).rounded())))
        for k in 0..<(nu * nv) where gaps[k] { candidate[k] = true }
        // Close one-cell gaps (dropouts) along u and v inside candidate regions.
        candidate = closeGaps(candidate, nu, nv)
        // Rows that are bare almost everywhere (the floor and ceiling junctions, an unscanned band) carry no
        // information about openings and would join them all: leave them out, and treat an opening that reaches
        // the lowest informative row as reaching the floor.
        var bottomRow = 0, topRow = nv - 1
        for j in 0..<nv {
            var c = 0
            for i in 0..<nu where candidate[j * nu + i] { c += 1 }
            if c * 10 > nu * 8 { for i in 0..<nu { candidate[j * nu + i] = false } }
        }
        while bottomRow < nv - 1, !(0..<nu).contains(where: { wall[bottomRow * nu + $0] > 0 }) { bottomRow += 1 }
        while topRow > 0, !(0..<nu).contains(where: { wall[topRow * nu + $0] > 0 }) { topRow -= 1 }
        var openings: [Opening] = []
        var seen = [Bool](repeating: false, count: nu * nv)
        var stack: [Int] = []
        for s0 in 0..<(nu * nv) where candidate[s0] && !seen[s0] {
            var members: [Int] = []
            stack.append(s0)
            seen[s0] = true
            while let k = stack.popLast() {
                members.append(k)
                let i = k % nu, j = k / nu
                for (di, dj) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let x = i + di, y = j + dj
                    guard x >= 0, x < nu, y >= 0, y < nv else { continue }
                    let q = y * nu + x
                    if candidate[q] && !seen[q] {
                        seen[q] = true
                        stack.append(q)
                    }
                }
            }
            // Unseen runs across the region's rows between its cells are part of it.
            let own = members.count
            for k in rowClosure(members, nu, wall: wall, front: front) where !seen[k] {
                seen[k] = true
                members.append(k)
            }
            // Peeling trims stray cells; a region that needs much of itself cut away to look like a rectangle
            // (a patch seen under furniture with a tail up the wall) is not an opening. The share is of the
            // region's own cells: closing its rows must not dilute a protrusion.
            let ownCells = Set(members[0..<own])
            members = peelProtrusions(members, nu)
            let ownKept = members.reduce(0) { $0 + (ownCells.contains($1) ? 1 : 0) }
            guard !members.isEmpty,
                  Double(own - ownKept) <= options.maximumPeeledShare * Double(own) else { continue }
            var minI = Int.max, maxI = Int.min, minJ = Int.max, maxJ = Int.min, size = 0
            var rec = 0, recDepth: Float = 0, seenThrough = 0
            for k in members {
                let i = k % nu, j = k / nu
                size += 1
                minI = Swift.min(minI, i); maxI = Swift.max(maxI, i)
                minJ = Swift.min(minJ, j); maxJ = Swift.max(maxJ, j)
                rec += Int(recess[k])
                if recess[k] > 0 || beyond[k] > 0 { seenThrough += 1 }
                recDepth += recessDepth[k]
            }
            // Cells of the rectangle hidden by something in front (a TV before a window) neither confirm nor
            // contradict the opening: they are left out of its fill.
            var hidden = 0
            for j in minJ...maxJ {
                for i in minI...maxI where wall[j * nu + i] == 0 && front[j * nu + i] > 0 && !candidate[j * nu + i] { hidden += 1 }
            }
            // Fill of the region's own rectangle by its own cells: the sideways extension below adds whole
            // bare columns and would raise it, so it is measured first, and the row closure only shapes the
            // region (a band of sparse returns closed across is no more filled for it).
            let fill = Double(ownKept) / Double(Swift.max(1, (maxI - minI + 1) * (maxJ - minJ + 1) - hidden))
            // Extend sideways over columns hidden by something in front (a swung leaf, a chair in the doorway)
            // as long as they show no wall surface.
            func bare(_ i: Int) -> Bool {
                var walls = 0
                for j in minJ...maxJ where wall[j * nu + i] > 0 { walls += 1 }
                return walls * 10 <= maxJ - minJ + 1
            }
            while minI > 0, bare(minI - 1) { minI -= 1; size += maxJ - minJ + 1 }
            while maxI < nu - 1, bare(maxI + 1) { maxI += 1; size += maxJ - minJ + 1 }
            let w = Double(maxI - minI + 1) * cell, h = Double(maxJ - minJ + 1) * cell
            guard w >= options.minimumWidth, h >= options.minimumHeight, fill >= options.minimumFill else { continue }
            // Evidence: most of a real opening returned something behind the wall surface (the leaf or glass,
            // or the space beyond). A patch that was simply never seen is not an opening.
            guard Double(seenThrough) >= options.minimumEvidence * Double(size) else { continue }
            // A region touching the wall's left or right end is a corner artefact or a missing wall, not an opening.
            guard minI > 0, maxI < nu - 1 else { continue }
            // A hole reaches the floor when it reaches the lowest informative row, or when nothing of the wall
            // was seen between it and the floor (a sill under a window is wall the sensor sees; rays through
            // the bottom of a doorway only graze the floor beyond, so its lowest rows hold no crossings).
            var reachesFloor = minJ <= bottomRow + 1
            if !reachesFloor, minJ > bottomRow {
                var walled = 0, hidden = 0, cells = 0
                for j in bottomRow..<minJ {
                    for i in minI...maxI {
                        let k = j * nu + i
                        cells += 1
                        if wall[k] > 0 { walled += 1 } else if front[k] > 0 && !candidate[k] { hidden += 1 }
                    }
                }
                reachesFloor = walled * 10 <= cells && hidden * 2 <= cells
            }
            var op = Opening(
                uMin: Double(minI) * cell, uMax: Double(maxI + 1) * cell,
                vMin: reachesFloor ? 0 : Double(minJ) * cell,
                vMax: maxJ >= topRow - 1 ? patch.height : Double(maxJ + 1) * cell,
                filling: .none, fill: fill, leaf: nil)
            refineEdges(&op, near, tol: tol, maximumRecess: maxRecess, cell: cell, top: patch.height)
            // A floor-reaching hole too low to walk through is the wall seen under furniture, not a door.
            guard op.vMin > 0 || op.vMax >= options.minimumFloorOpeningHeight else { continue }
            // Recessed when most of its area returned a set-back surface.
            let recessedCells = countRecessed(recess, nu, minI, maxI, minJ, maxJ)
            if recessedCells * 2 > size, rec > 0 { op.filling = .recessed(depth: Double(recDepth) / Double(rec)) }
            // A swung leaf beside a floor-reaching hole (a hole filled by a set-back leaf is a closed door).
            if op.vMin < 0.1, op.filling == .none { op.leaf = findLeaf(op, nearby, tol: tol) }
            openings.append(op)
        }
        return (openings.sorted { $0.uMin < $1.uMin }, nearby)
    }

    /// Never-seen cells (no return on, behind or in front of the wall) that belong to an opening: those with
    /// evidence (a cell seen through or recessed, `evidence`) as the first seen cell on both sides along their
    /// row or along their column, within `maxGap` cells. A gap in sparse glass returns lies between evidence; a
    /// wall area the scanner never looked at (a band under the ceiling, a corner) next to a window has wall or
    /// the raster's edge on its far side, and joining it would stretch the window or push it off the wall's end.
    /// - Complexity: O(nu · nv · maxGap).
    static func evidenceGaps(wall: [Int32], evidence: [Bool], front: [Int32], _ nu: Int, _ nv: Int, maxGap: Int) -> [Bool] {
        func unseen(_ k: Int) -> Bool { wall[k] == 0 && front[k] == 0 && !evidence[k] }
        // Whether the first cell that is not unseen from (i, j) in direction (di, dj) is evidence.
        func bounded(_ i: Int, _ j: Int, _ di: Int, _ dj: Int) -> Bool {
            var x = i + di, y = j + dj
            for _ in 0..<maxGap {
                guard x >= 0, x < nu, y >= 0, y < nv else { return false }
                let q = y * nu + x
                if !unseen(q) { return evidence[q] }
                x += di; y += dj
            }
            return false
        }
        var gaps = [Bool](repeating: false, count: nu * nv)
        for j in 0..<nv {
            for i in 0..<nu where unseen(j * nu + i) {
                gaps[j * nu + i] = (bounded(i, j, 1, 0) && bounded(i, j, -1, 0)) || (bounded(i, j, 0, 1) && bounded(i, j, 0, -1))
            }
        }
        return gaps
    }

    /// Drops thin protrusions from a region (cell indices of an `nu`-wide raster): while a border column
    /// or row of its bounding rectangle holds region cells over less than 30 % of the rectangle's other
    /// side, that line is removed. Openings are rectangles; a few stray returns or unseen cells strung out
    /// from a corner would otherwise widen the rectangle and spoil its fill.
    /// - Complexity: O(cells · peeled lines).
    static func peelProtrusions(_ region: [Int], _ nu: Int) -> [Int] {
        var cells = region
        while !cells.isEmpty {
            var minI = Int.max, maxI = Int.min, minJ = Int.max, maxJ = Int.min
            for k in cells {
                minI = Swift.min(minI, k % nu); maxI = Swift.max(maxI, k % nu)
                minJ = Swift.min(minJ, k / nu); maxJ = Swift.max(maxJ, k / nu)
            }
            var left = 0, right = 0, bottom = 0, top = 0
            for k in cells {
                let i = k % nu, j = k / nu
                if i == minI { left += 1 }
                if i == maxI { right += 1 }
                if j == minJ { bottom += 1 }
                if j == maxJ { top += 1 }
            }
            let rows = Double(maxJ - minJ + 1), cols = Double(maxI - minI + 1)
            // The thinnest offending line goes first.
            let lines: [(share: Double, drop: (Int) -> Bool)] = [
                (Double(left) / rows, { $0 % nu == minI }), (Double(right) / rows, { $0 % nu == maxI }),
                (Double(bottom) / cols, { $0 / nu == minJ }), (Double(top) / cols, { $0 / nu == maxJ }),
            ]
            guard let worst = lines.min(by: { $0.share < $1.share }), worst.share < 0.3 else { break }
            cells.removeAll(where: worst.drop)
        }
        return cells
    }

    static func countRecessed(_ recess: [Int32], _ nu: Int, _ i0: Int, _ i1: Int, _ j0: Int, _ j1: Int) -> Int {
        var c = 0
        for j in j0...j1 { for i in i0...i1 where recess[j * nu + i] > 0 { c += 1 } }
        return c
    }

    static func closeGaps(_ m: [Bool], _ nu: Int, _ nv: Int) -> [Bool] {
        var out = m
        for j in 0..<nv {
            for i in 1..<(nu - 1) where !m[j * nu + i] && m[j * nu + i - 1] && m[j * nu + i + 1] { out[j * nu + i] = true }
        }
        for j in 1..<(nv - 1) {
            for i in 0..<nu where !m[j * nu + i] && m[(j - 1) * nu + i] && m[(j + 1) * nu + i] { out[j * nu + i] = true }
        }
        return out
    }

    /// Looks for a vertical leaf hanging on one of the jambs: points at mid height within a leaf's reach of a
    /// jamb and off the wall surface, gathered by their direction from the hinge (2° bins); the densest 6°
    /// sector is the leaf when it holds enough points running from the hinge out towards the opening's width
    /// (5 cm rings, see the body), and, for a leaf swung away from the room, when nothing goes on above the
    /// opening's head in that direction; its angle is the principal direction of those points about the
    /// hinge. Clutter elsewhere in reach (furniture near the door) does not bias it; furniture beside the
    /// opening or a wall beyond it flush with a jamb is no leaf. A leaf also ends: one swung into the room
    /// must stop at its free edge, and one swung away must have its end
    /// seen (sight lines from the room passing beyond where its free edge can be) where the sensor positions
    /// are known; a surface not seen to end is a wall seen through a passage.
    /// - Complexity: O(near + sight lines) per side and direction.
    static func findLeaf(_ op: Opening, _ nearby: Near, tol: Float) -> Leaf? {
        let near = nearby.points
        let reach = op.width * 1.1
        let bins = 90  // 2° each over (0, π)
        let radialBin = 0.01, ring = 0.05, ringPoints = 10
        // A leaf's free edge is the opening's width from the hinge; past it, rings out to `beyond` are checked.
        let pastEdge = 0.08, beyond = op.width + pastEdge + 0.4
        // How far past the width a leaf hung on the far face (walls up to 0.35 m thick) reaches from the
        // room-side hinge, and how many sight lines past that prove its end was seen.
        let farFaceReach = 0.35, minimumSightLines = 20
        var radial = [Int](repeating: 0, count: Int(beyond / radialBin) + 2)
        var best: Leaf?
        for side in 0...1 {
            let hinge = side == 0 ? op.uMin : op.uMax
            for into in [true, false] {
                var hist = [Int](repeating: 0, count: bins)
                func direction(_ p: SIMD3<Float>, heights: ClosedRange<Double>? = nil, limit: Double = reach) -> (r: Double, phi: Double)? {
                    let v = Double(p.y)
                    if let heights {
                        guard heights.contains(v) else { return nil }
                    } else {
                        guard v > 0.3, v < Swift.min(1.8, op.vMax - 0.1) else { return nil }
                    }
                    let s = Double(p.z)
                    guard into ? s > Double(tol) * 2 : s < -0.4 else { return nil }
                    let du = (Double(p.x) - hinge) * (side == 0 ? 1 : -1)
                    let r = (du * du + s * s).squareRoot()
                    guard r > 0.05, r < limit else { return nil }
                    return (r, atan2(abs(s), du))
                }
                for p in near {
                    guard let d = direction(p) else { continue }
                    hist[Swift.min(bins - 1, Int(d.phi / .pi * Double(bins)))] += 1
                }
                var top = 0, topCount = 0
                for k in 1..<(bins - 1) where hist[k - 1] + hist[k] + hist[k + 1] > topCount {
                    top = k
                    topCount = hist[k - 1] + hist[k] + hist[k + 1]
                }
                guard topCount > 40 else { continue }
                let lo = Double(top - 1) * .pi / Double(bins), hi = Double(top + 2) * .pi / Double(bins)
                // Principal direction about the hinge of the sector's points, and how they spread along it.
                var sxx = 0.0, sxy = 0.0, syy = 0.0
                for k in radial.indices { radial[k] = 0 }
                for p in near {
                    guard let d = direction(p), d.phi >= lo, d.phi < hi else { continue }
                    let x = d.r * cos(d.phi), y = d.r * sin(d.phi)
                    sxx += x * x; sxy += x * y; syy += y * y
                    radial[Swift.min(radial.count - 1, Int(d.r / radialBin))] += 1
                }
                // A leaf hangs on the jamb and is as long as the opening is wide, so its points run from the
                // nearest radius the depth band admits at this angle out towards the width: a surface crossing
                // the sector at one distance (furniture beside the opening, a neighbour's wall seen through a
                // passage) leaves the rings between the hinge and it empty but for strays. In 5 cm rings from
                // that nearest radius to the width, a ring holding `ringPoints` is occupied: the first occupied
                // ring must start in the inner 30 % of the span, the last reach past 60 % of it, and 60 % of
                // the rings be occupied (a leaf seen more densely at its free edge still has every ring).
                let sinPhi = sin((lo + hi) / 2)
                let r0 = Swift.max(0.05, (into ? 2 * Double(tol) : 0.4) / Swift.max(sinPhi, 1e-3))
                let span = op.width - r0
                guard span > 0.4 * op.width else { continue }
                let rings = Int((span / ring).rounded(.up))
                // Occupied rings of `radial` from `start` (rings of them, up to `end`), and where the first
                // starts and the last ends.
                func occupiedRings(from start: Double? = nil, rings: Int = rings, end: Double = op.width) -> (count: Int, first: Double, last: Double) {
                    let start = start ?? r0
                    var n = 0, first = Double.infinity, last = -Double.infinity
                    for q in 0..<rings {
                        let a = start + Double(q) * ring, b = Swift.min(end, a + ring)
                        var c = 0
                        for k in Int(a / radialBin)..<Swift.min(radial.count, Int((b / radialBin).rounded(.up))) { c += radial[k] }
                        guard c >= ringPoints else { continue }
                        n += 1
                        first = Swift.min(first, a)
                        last = Swift.max(last, b)
                    }
                    return (n, first, last)
                }
                let leafRings = occupiedRings()
                guard leafRings.first <= r0 + 0.3 * span, leafRings.last >= r0 + 0.6 * span,
                      Double(leafRings.count) >= 0.6 * Double(rings) else { continue }
                // A leaf swung into the room hangs on the room-side face (s = 0), so from the hinge it ends at
                // its free edge, the opening's width out; a wall of the room meeting the jamb at an angle goes
                // on past that edge. Past the edge (clear of the leaf's points by `pastEdge`), fewer than half
                // of the rings out to `beyond` may be occupied; a wall or cabinet crossing the sector farther
                // out occupies one or two. (A leaf swung away hangs on the far face, whose depth is not known
                // here, so its free edge is not either; the tests below serve it.)
                if into {
                    for k in radial.indices { radial[k] = 0 }
                    for p in near {
                        guard let d = direction(p, limit: beyond), d.phi >= lo, d.phi < hi else { continue }
                        radial[Swift.min(radial.count - 1, Int(d.r / radialBin))] += 1
                    }
                    let pastRings = Int(((beyond - op.width - pastEdge) / ring).rounded())
                    guard 2 * occupiedRings(from: op.width + pastEdge, rings: pastRings, end: beyond).count < pastRings else { continue }
                }
                // A leaf swung away hangs under the opening's head: a surface beyond that goes on above the head
                // in the same direction (a wall flush with the jamb, seen through the opening about as deep as
                // a leaf is wide) is no leaf. Above the head (a 30 cm band), the same direction may hold fewer
                // occupied rings than 30 % of the leaf's. (In the room, cabinets and walls above a swung leaf
                // are common and say nothing.)
                if !into {
                    let above = (op.vMax + 0.05)...(op.vMax + 0.35)
                    for k in radial.indices { radial[k] = 0 }
                    for p in near {
                        guard let d = direction(p, heights: above), d.phi >= lo, d.phi < hi else { continue }
                        radial[Swift.min(radial.count - 1, Int(d.r / radialBin))] += 1
                    }
                    guard Double(occupiedRings().count) < 0.3 * Double(leafRings.count) else { continue }
                    // Where the sensor positions are known, a leaf's free edge must be seen: sight lines from
                    // the room crossing the sector's line past where a leaf hung on the far face can reach
                    // (the width plus `farFaceReach`), at the leaf's heights, to hit something beyond. A wall
                    // flush with the jamb stops every such line; a surface whose end was never seen is not
                    // known to end, so it is no leaf (the opening is a passage unless a frame says door).
                    if let lines = nearby.sightLines {
                        let mid = (lo + hi) / 2, sign = side == 0 ? 1.0 : -1.0
                        let dir = SIMD2<Double>(cos(mid) * sign, -sin(mid)), hingePoint = SIMD2<Double>(hinge, 0)
                        let past = (op.width + farFaceReach)...(op.width + farFaceReach + 0.4)
                        let heights = 0.3...Swift.max(0.3, Swift.min(1.8, op.vMax - 0.1))
                        var seenPast = 0
                        for (o, p) in lines {
                            let o2 = SIMD2<Double>(Double(o.x), Double(o.z)), e = SIMD2<Double>(Double(p.x - o.x), Double(p.z - o.z))
                            let w = hingePoint - o2
                            let den = e.x * dir.y - e.y * dir.x
                            guard abs(den) > 1e-9 else { continue }
                            let t = (w.x * dir.y - w.y * dir.x) / den, r = (w.x * e.y - w.y * e.x) / den
                            let length = (e * e).sum().squareRoot()
                            guard t > 0, t < 1 - 0.05 / length, past.contains(r),
                                  heights.contains(Double(o.y) + t * Double(p.y - o.y)) else { continue }
                            seenPast += 1
                        }
                        guard seenPast >= minimumSightLines else { continue }
                    }
                }
                let angle = 0.5 * atan2(2 * sxy, sxx - syy)
                let phi = angle < 0 ? angle + .pi : angle
                guard phi > 0.17 else { continue }
                if topCount > (best?.support ?? 0) {
                    best = Leaf(angle: phi, hingeSide: side, intoRoom: into, support: topCount)
                }
            }
        }
        return best
    }

    /// The sensor positions of `cloud` in the wall coordinates (u, v, s) of a straight `patch`, indexed by
    /// frame, or nil when the cloud has none (or the surface is curved, where a ray's crossing is not linear).
    static func sensorWallCoordinates<Surface: WallSurfaceCoordinates>(of cloud: PointCloud, patch: Surface) -> [SIMD3<Float>]? {
        guard let straight = patch as? WallPatch, let origins = cloud.sensorOrigins, let frames = cloud.frameIndex,
              frames.count == cloud.count, !origins.isEmpty else { return nil }
        // Every frame index must name a finite sensor (the cloud's contract; checked here, not trusted).
        guard (try? cloud.validateSensors()) != nil else { return nil }
        return origins.map { world in
            let r = (world - cloud.origin) - straight.origin
            return SIMD3(Float((r * straight.along).sum()), Float((r * straight.up).sum()), Float((r * straight.inward).sum()))
        }
    }

    /// Share of the 10 cm cells inside `op` (5 cm in from its sides, 0.3 m up to 10 cm under its top) holding a
    /// point more than `behind` metres behind the wall surface: the share of the opening the sensor saw
    /// through. `near` holds (u, v, s) of the points near the wall.
    static func seenThrough(_ op: Opening, _ near: [SIMD3<Float>], behind: Float) -> Double {
        let u0 = op.uMin + 0.05, v0 = 0.3, cell = 0.1
        let nu = Int(((op.uMax - 0.05 - u0) / cell).rounded(.down)), nv = Int(((op.vMax - 0.1 - v0) / cell).rounded(.down))
        guard nu > 0, nv > 0, nu * nv < 1_000_000 else { return 0 }
        var seen = [Bool](repeating: false, count: nu * nv)
        for p in near where p.z < -behind {
            let i = Int((Double(p.x) - u0) / cell), j = Int((Double(p.y) - v0) / cell)
            guard Double(p.x) >= u0, Double(p.y) >= v0, i < nu, j < nv else { continue }
            seen[j * nu + i] = true
        }
        return Double(seen.lazy.filter { $0 }.count) / Double(nu * nv)
    }
}
