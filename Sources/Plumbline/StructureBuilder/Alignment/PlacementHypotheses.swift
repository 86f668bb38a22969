import Foundation
import PlumbKernel

/// Coarse placements of a room (in its own frame) against rooms already placed (world frame).
///
/// 1. **Headings.** Every pair (placed face, room face) votes for the yaw that turns the room face to
///    face the placed one (back to back) and for the yaw that makes them face the same way (one wall
///    running past another), weighted by the shorter length; votes are binned at 1° and the
///    ``maximumHeadings`` heaviest bins kept (each at its vote-weighted mean yaw).
/// 2. **Line constraints.** Under a heading, each parallel pair gives a linear constraint `n·t = r` on
///    the plan translation: back-to-back faces stand the expected thickness apart along the placed
///    face's normal, coplanar faces lie in one plane, and the ends of back-to-back faces may coincide
///    along the wall (four constraints along it).
/// 3. **Translations.** Every back-to-back constraint combined with every non-parallel constraint
///    (more than 30° apart) fixes a translation (2 × 2 solve); a door or opening of the room
///    matched in width and height to one of a placed room facing the other way fixes one directly
///    (its centre behind the other's by the expected thickness). Translations are de-duplicated on a
///    5 mm grid.
/// 4. **Height.** From the matched opening (mean of bottom and top differences) when the placement
///    came from one, else by putting the floor at the floor of the placed room whose face was used
///    (wall bottoms without floors).
enum PlacementHypotheses {
    /// Most headings tried per room.
    static let maximumHeadings = 12
    /// Most back-to-back constraints, and most constraints of any kind, combined per heading.
    static let maximumPrimary = 64, maximumSecondary = 512

    /// One linear constraint `normal · t = offset` on the plan translation, with the height it implies.
    struct LineConstraint {
        var normal: SIMD2<Double>
        var offset: Double
        var height: Double
    }

    /// A candidate pose and whether a matched opening fixed it (such candidates are always scored in full).
    struct Candidate {
        var pose: PlanarPose
        var viaOpening: Bool
    }

    /// Candidate poses of `room` (own frame) against `placed` (world), deterministic order.
    /// - Complexity: O(headings × (F·P + primary × secondary)) for F room faces and P placed faces.
    static func candidates(for room: AlignmentRoom, placed: [AlignmentRoom], scorer: PlacementScorer) -> [Candidate] {
        let pFaces = placed.enumerated().flatMap { r, p in p.faces.indices.map { (r, $0) } }
        // 1. Headings.
        var bins: [Int: (w: Double, s: Double, c: Double)] = [:]
        for (r, ia) in pFaces {
            let a = placed[r].faces[ia]
            for b in room.faces {
                let w = min(a.length, b.length)
                let hb = PlanarPose.heading(of: b.inward)
                for target in [-a.inward, a.inward] {
                    let yaw = PlanarPose.wrap(PlanarPose.heading(of: target) - hb)
                    let key = (Int(saturating: (yaw * 180 / .pi).rounded()) % 360 + 360) % 360
                    var e = bins[key] ?? (0, 0, 0)
                    e.w += w
                    // Sum unit vectors for the mean angle.
                    e.s += w * sin(yaw)
                    e.c += w * cos(yaw)
                    bins[key] = e
                }
            }
        }
        let headings = bins.sorted { $0.value.w != $1.value.w ? $0.value.w > $1.value.w : $0.key < $1.key }
            .prefix(maximumHeadings).map { atan2($0.value.s, $0.value.c) }

        var out: [Candidate] = []
        var seen: [SIMD3<Int64>: Int] = [:]
        func add(_ yaw: Double, _ t: SIMD2<Double>, _ y: Double, viaOpening: Bool = false) {
            let key = SIMD3(Int64(saturating: (t.x / 0.005).rounded()), Int64(saturating: (t.y / 0.005).rounded()),
                            Int64(saturating: (yaw * 180 / .pi * 10).rounded()))
            if let k = seen[key] {
                if viaOpening && !out[k].viaOpening { out[k] = Candidate(pose: PlanarPose(yaw: yaw, translation: SIMD3(t.x, y, t.y)), viaOpening: true) }
                return
            }
            seen[key] = out.count
            out.append(Candidate(pose: PlanarPose(yaw: yaw, translation: SIMD3(t.x, y, t.y)), viaOpening: viaOpening))
        }
        for yaw in headings {
            let turn = PlanarPose(yaw: yaw, translation: .zero)
            let faces = room.faces.map { $0.moved(by: turn) }
            var primary: [(LineConstraint, Double)] = [], secondary: [LineConstraint] = []
            for (r, ia) in pFaces {
                let a = placed[r].faces[ia]
                for (ib, b) in faces.enumerated() {
                    let c = (a.inward * b.inward).sum()
                    guard abs(c) >= scorer.parallelCosine else { continue }
                    let y = height(placed[r], a, room, room.faces[ib])
                    let n = a.inward, q = (n * a.start).sum()
                    if c < 0 {
                        let d = scorer.expectedThickness(placed[r].storedThickness[ia], room.storedThickness[ib]).0
                        let line = LineConstraint(normal: n, offset: q - d - (n * b.start).sum(), height: y)
                        primary.append((line, min(a.length, b.length)))
                        secondary.append(line)
                        let u = a.direction
                        for ea in [a.start, a.end] {
                            for eb in [b.start, b.end] { secondary.append(LineConstraint(normal: u, offset: (u * ea).sum() - (u * eb).sum(), height: y)) }
                        }
                    } else {
                        secondary.append(LineConstraint(normal: n, offset: q - (n * b.start).sum(), height: y))
                    }
                }
            }
            // Longest pairs first (stable), duplicates (same line within 5 mm) dropped.
            let firsts = dedupe(primary.enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
                .map(\.element.0), limit: maximumPrimary)
            let seconds = dedupe(secondary, limit: maximumSecondary)
            for p in firsts {
                for s in seconds {
                    let det = p.normal.x * s.normal.y - p.normal.y * s.normal.x
                    guard abs(det) > 0.5 else { continue }
                    let t = SIMD2((p.offset * s.normal.y - p.normal.y * s.offset) / det, (p.normal.x * s.offset - p.offset * s.normal.x) / det)
                    add(yaw, t, p.height)
                }
            }
            // Openings seen from both sides.
            for o in room.openings {
                let b = faces[o.face]
                let oc = turn.apply(plan: o.centre)
                for p in placed {
                    for q in p.openings {
                        let a = p.faces[q.face]
                        guard (a.inward * b.inward).sum() < -scorer.parallelCosine, o.mayPair(with: q),
                              abs(o.width - q.width) <= 0.15, abs((o.top - o.bottom) - (q.top - q.bottom)) <= 0.2 else { continue }
                        let d = scorer.expectedThickness(p.storedThickness[q.face], room.storedThickness[o.face]).0
                        let t = q.centre - a.inward * d - oc
                        add(yaw, t, ((q.bottom - o.bottom) + (q.top - o.top)) / 2, viaOpening: true)
                    }
                }
            }
        }
        return out
    }

    /// Height shift that puts `room`'s floor at `placedRoom`'s (wall bottoms of `b` and `a` without floors).
    static func height(_ placedRoom: AlignmentRoom, _ a: WallFace, _ room: AlignmentRoom, _ b: WallFace) -> Double {
        if let e = placedRoom.floorElevation, let f = room.floorElevation { return e - f }
        return a.bottom - b.bottom
    }

    /// The constraints in order with near-duplicates (normals within about 0.6°, offsets within 5 mm) removed,
    /// at most `limit`.
    static func dedupe(_ list: [LineConstraint], limit: Int) -> [LineConstraint] {
        var out: [LineConstraint] = []
        var keys = Set<SIMD3<Int64>>()
        for c in list {
            let key = SIMD3(Int64(saturating: (c.normal.x * 100).rounded()), Int64(saturating: (c.normal.y * 100).rounded()),
                            Int64(saturating: (c.offset / 0.005).rounded()))
            if keys.insert(key).inserted {
                out.append(c)
                if out.count >= limit { break }
            }
        }
        return out
    }
}
