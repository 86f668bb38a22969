import Foundation
import PlumbKernel

/// How well one candidate placement of a room fits the rooms already placed (see ``PlacementScorer``).
/// Units: metres of wall (a matched door counts as up to 4 m of shared wall).
struct PlacementScore: Equatable {
    /// Length of back-to-back wall overlap at a plausible thickness, weighted by how close the gap is to
    /// the expected thickness, metres.
    var sharedWall = 0.0
    /// Bonus for faces that continue another room's face in the same plane across a wall (an exterior
    /// wall running past an interior one).
    var continuation = 0.0
    /// Doors and openings seen from both rooms at this placement (windows never pair: see
    /// ``AlignmentOpening/linksRooms``).
    var matchedOpenings = 0
    /// Bonus of the matched openings (up to 4 each: agreement of widths and of centres along the wall).
    var openingBonus = 0.0
    /// Doors or openings that would open onto the other room's solid wall.
    var blockedOpenings = 0
    /// Windows with another room's wall face behind them (a window belongs to an outside wall).
    var blockedWindows = 0
    /// Length over which a face lies on another room's face facing the same way (rooms overlapping), metres.
    var duplicatedFace = 0.0
    /// Plan area of the room's floor inside placed rooms' floors at about the same height, m².
    var floorOverlap = 0.0

    /// Counts `o` as blocked: a window as ``blockedWindows``, a door or opening as ``blockedOpenings``.
    mutating func countBlocked(_ o: AlignmentOpening) {
        if o.linksRooms { blockedOpenings += 1 } else { blockedWindows += 1 }
    }

    /// The combined score.
    var total: Double {
        sharedWall + continuation + openingBonus - 0.75 * Double(blockedOpenings) - 3 * Double(blockedWindows)
            - duplicatedFace - 4 * floorOverlap
    }
}

/// Scores candidate placements of one room against already placed rooms (all in world coordinates).
///
/// Wall faces of the two rooms that are parallel (``parallelCosine``), face opposite ways and stand a
/// plausible wall thickness apart (``WallPairing/gap(_:_:gate:)``) count with their overlap length,
/// weighted 0.5…1 by a Gaussian of (gap − expected thickness); faces in one plane facing the same way
/// and ending within ``continuationReach`` of each other (one wall running past a cross wall) add
/// 0.5 × min(1 m, shorter length); a door or opening matched across the wall (width and height within
/// 15–20 cm, centres within 15 cm along the wall) adds 1 + 2·exp(−½(Δwidth/4 cm)²) +
/// (1 − Δcentre/15 cm), up to 4; one that would open onto the other room's solid wall costs 0.75
/// (little, as either room may have missed it). Windows are never matched: a window is glazing in an
/// outside wall, so a window with another room's face behind it (a window there or not) costs 3 —
/// nearly what a matched door earns, as only a false window detection explains it, while a blocked
/// door is explained by a door the other scan missed. Two rooms whose windows face each other are not
/// neighbours across that wall, however well the windows agree. Faces lying on a placed face facing
/// the same way cost
/// their overlap length, and floors overlapping at the same height cost 4 per m² (rooms cannot
/// interpenetrate).
struct PlacementScorer {
    let placed: [AlignmentRoom]
    let gate: WallPairing.Gate
    /// Expected thickness of a wall whose rooms store none, metres.
    let assumedThickness: Double
    let parallelCosine = cos(3 * Double.pi / 180)
    let coplanar = 0.03
    let continuationReach = 0.8

    init(placed: [AlignmentRoom], gap: ClosedRange<Double>, assumedThickness: Double) {
        self.placed = placed
        gate = WallPairing.Gate(maximumAngle: 3 * .pi / 180, gap: gap, minimumOverlap: 0.3, coincidence: 0.02)
        self.assumedThickness = assumedThickness
    }

    /// Expected thickness of a wall between two faces and its standard deviation, metres: the stored
    /// thickness when either room stores one (σ 2 cm), else ``assumedThickness`` (σ 8 cm).
    func expectedThickness(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = max(a, b)
        return s > 0 ? (s, 0.02) : (assumedThickness, 0.08)
    }

    /// The gap between placed face `a` and moved face `b` if they are one wall seen from both sides.
    func backToBackGap(_ a: WallFace, _ b: WallFace) -> Double? {
        guard let g = WallPairing.gap(a, b, gate: gate), g >= 0.5 * gate.gap.lowerBound else { return nil }
        return g
    }

    /// Separation along the line of two coplanar faces facing the same way (negative: overlap length),
    /// or `nil` when they are not coplanar and overlapping in height.
    func coplanarSeparation(_ a: WallFace, _ b: WallFace) -> Double? {
        guard (a.inward * b.inward).sum() >= parallelCosine, min(a.top, b.top) - max(a.bottom, b.bottom) > 0.1,
              abs(a.signedDistance(b.midpoint)) <= coplanar, abs(b.signedDistance(a.midpoint)) <= coplanar else { return nil }
        let u0 = a.along(b.start), u1 = a.along(b.end)
        return max(min(u0, u1) - a.length, -max(u0, u1))
    }

    /// Wall terms only (shared wall, continuation, duplicated face) of the moved faces `faces` of room
    /// with stored thicknesses `thickness`.
    /// - Complexity: O(moving faces × placed faces).
    func wallScore(_ faces: [WallFace], thickness: [Double]) -> PlacementScore {
        var s = PlacementScore()
        for p in placed {
            for (ia, a) in p.faces.enumerated() {
                for (ib, b) in faces.enumerated() {
                    if let g = backToBackGap(a, b) {
                        let (d0, sigma) = expectedThickness(p.storedThickness[ia], thickness[ib])
                        let z = (g - d0) / sigma
                        s.sharedWall += WallPairing.overlap(a, b) * (0.5 + 0.5 * exp(-0.5 * z * z))
                    } else if let sep = coplanarSeparation(a, b) {
                        if sep < -0.1 {
                            s.duplicatedFace += min(-sep, a.length, b.length)
                        } else if sep >= 0.02 && sep <= continuationReach {
                            s.continuation += 0.5 * min(1, a.length, b.length)
                        }
                    }
                }
            }
        }
        return s
    }

    /// Whether `o` (host face `host`) and `q` (host face `qHost`, the other room) are one hole seen
    /// from both sides; returns the distance of their centres along the wall.
    func openingMatch(_ o: AlignmentOpening, _ host: WallFace, _ q: AlignmentOpening, _ qHost: WallFace) -> Double? {
        guard o.mayPair(with: q), (host.inward * qHost.inward).sum() < -cos(5 * Double.pi / 180),
              abs(o.width - q.width) <= 0.15, abs((o.top - o.bottom) - (q.top - q.bottom)) <= 0.2 else { return nil }
        let s = qHost.signedDistance(o.centre)
        guard s >= -(gate.gap.upperBound + 0.05), s <= 0.05 else { return nil }
        let du = abs(qHost.along(o.centre) - qHost.along(q.centre))
        return du <= 0.15 ? du : nil
    }

    /// Whether opening `o` (host face `host`) sits against the solid face `f` of another room.
    func blocked(_ o: AlignmentOpening, _ host: WallFace, by f: WallFace) -> Bool {
        guard (host.inward * f.inward).sum() < -parallelCosine else { return false }
        let s = f.signedDistance(o.centre)
        guard s >= -(gate.gap.upperBound + 0.05), s <= 0.05 else { return false }
        let u = f.along(o.centre)
        return u > o.width / 2 && u < f.length - o.width / 2
    }

    /// The full score of room `m` (already moved to the candidate placement).
    /// - Complexity: O(faces² + openings × (openings + faces)) plus a bounded floor raster per
    ///   neighbouring placed room.
    func score(_ m: AlignmentRoom) -> PlacementScore {
        var s = wallScore(m.faces, thickness: m.storedThickness)
        var usedPlaced = Set<SIMD2<Int>>()
        var matchedMoving = Set<Int>()
        for (k, o) in m.openings.enumerated() {
            var best: (Double, SIMD2<Int>)?
            for (r, p) in placed.enumerated() {
                for (l, q) in p.openings.enumerated() where !usedPlaced.contains(SIMD2(r, l)) {
                    if let du = openingMatch(o, m.faces[o.face], q, p.faces[q.face]), best == nil || du < best!.0 { best = (du, SIMD2(r, l)) }
                }
            }
            if let (du, key) = best {
                usedPlaced.insert(key)
                matchedMoving.insert(k)
                s.matchedOpenings += 1
                let dw = (o.width - placed[key.x].openings[key.y].width) / 0.04
                s.openingBonus += 1 + 2 * exp(-0.5 * dw * dw) + (1 - du / 0.15)
            }
        }
        for (k, o) in m.openings.enumerated() where !matchedMoving.contains(k) {
            if placed.contains(where: { $0.faces.contains { blocked(o, m.faces[o.face], by: $0) } }) { s.countBlocked(o) }
        }
        for (r, p) in placed.enumerated() {
            for (l, q) in p.openings.enumerated() where !usedPlaced.contains(SIMD2(r, l)) {
                if m.faces.contains(where: { blocked(q, p.faces[q.face], by: $0) }) { s.countBlocked(q) }
            }
        }
        s.floorOverlap = floorOverlap(m)
        return s
    }

    /// Plan area of `m`'s floors inside placed floors within 1 m of its elevation, m² (5 cm raster).
    func floorOverlap(_ m: AlignmentRoom) -> Double {
        guard let mb = RoomPlacementCheck.bounds(m.floors) else { return 0 }
        var total = 0.0
        for p in placed {
            if let e = m.floorElevation, let f = p.floorElevation, abs(e - f) > 1.0 { continue }
            guard let pb = RoomPlacementCheck.bounds(p.floors) else { continue }
            let lo = pointwiseMax(mb.min, pb.min), hi = pointwiseMin(mb.max, pb.max)
            guard hi.x - lo.x > 0.05, hi.y - lo.y > 0.05 else { continue }
            total += RoomPlacementCheck.rasterOverlap(m.floors, p.floors, lo: lo, hi: hi, cells: 40_000)
        }
        return total
    }
}
