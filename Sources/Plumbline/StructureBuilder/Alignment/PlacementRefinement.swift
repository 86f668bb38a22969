import Foundation
import PlumbKernel

/// Joint point-to-plane refinement of the placed rooms' poses (Gauss–Newton over yaw and plan
/// translation of every room but the anchor, plus one thickness per wall seen from both sides).
///
/// Each iteration re-associates, at the current poses, the back-to-back face pairs, coplanar
/// continuing faces and matched openings (``PlacementScorer``'s tests), then minimises
/// - for back-to-back pairs: the point-to-plane distances of the two ends of each face's overlap
///   from the other face's plane, minus the pair's thickness `d` (σ 1 cm) — so the faces of one wall
///   stay a thickness apart and never collapse onto each other;
/// - for coplanar continuing faces: the same distances without thickness (σ 1 cm);
/// - for matched openings: the distance of their centres along the wall (σ 2 cm);
/// - for each thickness: a prior `d − d₀` (σ 2 cm around a stored thickness, 8 cm around the assumed
///   one). A thickness the rooms do not constrain (a wall crossed by nothing else in its normal
///   direction) therefore stays at its prior; where a loop of rooms or a continuing wall pins it, the
///   data decide.
/// Rotations are linearised about each room's current plan centre; a tiny damping keeps unconstrained
/// directions still. Heights are solved after the plan: matched openings' bottoms and tops agree
/// (σ 1 cm), rooms sharing a wall keep equal floor heights weakly (σ 30 cm).
/// - Complexity: O(iterations × (pairs + (3R + K)² × rows)) for R rooms and K links.
struct PlacementRefinement {
    let scorer: PlacementScorer
    let iterations = 8

    /// Thicknesses of the back-to-back pairs at the last iteration, metres.
    private(set) var thicknesses: [Double] = []

    init(scorer: PlacementScorer) { self.scorer = scorer }

    struct Pair { var i: Int, a: Int, j: Int, b: Int }

    static func perp(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(v.y, -v.x) }

    /// Refined poses of `rooms` (own frames) starting from `poses`; `anchor` stays fixed.
    mutating func refine(_ rooms: [AlignmentRoom], poses start: [PlanarPose], anchor: Int) -> [PlanarPose] {
        var poses = start
        let movable = rooms.indices.filter { $0 != anchor }
        var column = [Int](repeating: -1, count: rooms.count)
        for (k, r) in movable.enumerated() { column[r] = 3 * k }
        for _ in 0..<iterations {
            let world = rooms.indices.map { rooms[$0].moved(by: poses[$0]) }
            let (b2b, coplanar, openings) = associate(world)
            let n = 3 * movable.count + b2b.count
            guard n > 0 else { break }
            var rows: [[Double]] = [], rhs: [Double] = []
            // Adds the linearised residual n·(p − q) + (d) with plane (n, q) of room i and point p of room j.
            func pointToPlane(_ nv: SIMD2<Double>, _ q: SIMD2<Double>, i: Int, _ p: SIMD2<Double>, j: Int, link: Int?, weight: Double) {
                var row = [Double](repeating: 0, count: n)
                // The thickness enters linearly: solved for directly, not as an increment.
                let r = (nv * (p - q)).sum()
                if let link { row[3 * movable.count + link] = weight }
                if column[i] >= 0 {
                    let ci = world[i].centre
                    row[column[i]] += weight * ((Self.perp(nv) * (p - q)).sum() - (nv * Self.perp(q - ci)).sum())
                    row[column[i] + 1] -= weight * nv.x
                    row[column[i] + 2] -= weight * nv.y
                }
                if column[j] >= 0 {
                    let cj = world[j].centre
                    row[column[j]] += weight * (nv * Self.perp(p - cj)).sum()
                    row[column[j] + 1] += weight * nv.x
                    row[column[j] + 2] += weight * nv.y
                }
                rows.append(row)
                rhs.append(-weight * r)
            }
            for (k, p) in b2b.enumerated() {
                let a = world[p.i].faces[p.a], b = world[p.j].faces[p.b]
                for (plane, pi, point, pj) in [(a, p.i, b, p.j), (b, p.j, a, p.i)] {
                    for e in overlapEnds(plane, point) {
                        pointToPlane(plane.inward, plane.start, i: pi, e, j: pj, link: k, weight: 100)
                    }
                }
                let (d0, sigma) = scorer.expectedThickness(rooms[p.i].storedThickness[p.a], rooms[p.j].storedThickness[p.b])
                var row = [Double](repeating: 0, count: n)
                row[3 * movable.count + k] = 1 / sigma
                rows.append(row)
                rhs.append(d0 / sigma)
            }
            for p in coplanar {
                let a = world[p.i].faces[p.a], b = world[p.j].faces[p.b]
                pointToPlane(a.inward, a.start, i: p.i, b.start, j: p.j, link: nil, weight: 100)
                pointToPlane(a.inward, a.start, i: p.i, b.end, j: p.j, link: nil, weight: 100)
                pointToPlane(b.inward, b.start, i: p.j, a.start, j: p.i, link: nil, weight: 100)
                pointToPlane(b.inward, b.start, i: p.j, a.end, j: p.i, link: nil, weight: 100)
            }
            for p in openings {
                let q = world[p.i].openings[p.a], o = world[p.j].openings[p.b]
                pointToPlane(world[p.i].faces[q.face].direction, q.centre, i: p.i, o.centre, j: p.j, link: nil, weight: 50)
            }
            for c in 0..<(3 * movable.count) {
                var row = [Double](repeating: 0, count: n)
                row[c] = 1e-3
                rows.append(row)
                rhs.append(0)
            }
            let A = Matrix<Double>(rows), b = Matrix<Double>(rows: rhs.count, columns: 1, columnMajor: rhs)
            guard let x = try? LinearAlgebra.leastSquares(A, b) else { break }
            var step = 0.0
            for (k, r) in movable.enumerated() {
                let dth = x[3 * k, 0], dt = SIMD2(x[3 * k + 1, 0], x[3 * k + 2, 0])
                let c = world[r].centre
                let turn = PlanarPose(yaw: dth, translation: .zero)
                let shift = c + dt - turn.rotate(c)
                poses[r] = PlanarPose(yaw: dth, translation: SIMD3(shift.x, 0, shift.y)) * poses[r]
                step = max(step, abs(dth) * 10, abs(dt.x), abs(dt.y))
            }
            thicknesses = b2b.indices.map { x[3 * movable.count + $0, 0] }
            if step < 1e-7 { break }
        }
        return refineHeights(rooms, poses, anchor: anchor, column: column, movable: movable)
    }

    /// Plan points of `point` at the two ends of its overlap with `plane` (projected onto `point`'s line).
    func overlapEnds(_ plane: WallFace, _ point: WallFace) -> [SIMD2<Double>] {
        let u0 = plane.along(point.start), u1 = plane.along(point.end)
        let lo = max(0, min(u0, u1)), hi = min(plane.length, max(u0, u1))
        guard hi > lo else { return [] }
        return [lo, hi].map { u in
            let onPlane = plane.start + plane.direction * u
            return point.start + point.direction * point.along(onPlane)
        }
    }

    /// Back-to-back pairs, coplanar continuing pairs and matched openings between rooms (room `i` < `j`).
    func associate(_ world: [AlignmentRoom]) -> ([Pair], [Pair], [Pair]) {
        var b2b: [Pair] = [], coplanar: [Pair] = [], openings: [Pair] = []
        for i in world.indices {
            for j in world.indices where j > i {
                for (ia, a) in world[i].faces.enumerated() {
                    for (ib, b) in world[j].faces.enumerated() {
                        if scorer.backToBackGap(a, b) != nil {
                            b2b.append(Pair(i: i, a: ia, j: j, b: ib))
                        } else if let s = scorer.coplanarSeparation(a, b), s >= 0.02, s <= scorer.continuationReach {
                            coplanar.append(Pair(i: i, a: ia, j: j, b: ib))
                        }
                    }
                }
                var used = Set<Int>()
                for (ko, o) in world[j].openings.enumerated() {
                    var best: (Double, Int)?
                    for (kq, q) in world[i].openings.enumerated() where !used.contains(kq) {
                        if let du = scorer.openingMatch(o, world[j].faces[o.face], q, world[i].faces[q.face]), best == nil || du < best!.0 { best = (du, kq) }
                    }
                    if let (_, kq) = best {
                        used.insert(kq)
                        openings.append(Pair(i: i, a: kq, j: j, b: ko))
                    }
                }
            }
        }
        return (b2b, coplanar, openings)
    }

    /// Heights: matched openings' bottoms and tops agree (σ 1 cm); rooms sharing a wall keep their
    /// floors level (σ 30 cm).
    func refineHeights(_ rooms: [AlignmentRoom], _ poses: [PlanarPose], anchor: Int, column: [Int], movable: [Int]) -> [PlanarPose] {
        guard !movable.isEmpty else { return poses }
        let world = rooms.indices.map { rooms[$0].moved(by: poses[$0]) }
        let (b2b, _, openings) = associate(world)
        var rows: [[Double]] = [], rhs: [Double] = []
        let n = movable.count
        func add(_ i: Int, _ j: Int, _ difference: Double, weight: Double) {
            // Residual (value_j + δy_j) − (value_i + δy_i) with difference = value_j − value_i.
            var row = [Double](repeating: 0, count: n)
            if column[j] >= 0 { row[column[j] / 3] += weight }
            if column[i] >= 0 { row[column[i] / 3] -= weight }
            rows.append(row)
            rhs.append(-weight * difference)
        }
        for p in openings {
            let q = world[p.i].openings[p.a], o = world[p.j].openings[p.b]
            add(p.i, p.j, o.bottom - q.bottom, weight: 100)
            add(p.i, p.j, o.top - q.top, weight: 100)
        }
        var linked = Set<SIMD2<Int>>()
        for p in b2b where linked.insert(SIMD2(p.i, p.j)).inserted {
            if let ei = world[p.i].floorElevation, let ej = world[p.j].floorElevation {
                add(p.i, p.j, ej - ei, weight: 1 / 0.3)
            }
        }
        for c in 0..<n {
            var row = [Double](repeating: 0, count: n)
            row[c] = 1e-3
            rows.append(row)
            rhs.append(0)
        }
        guard let x = try? LinearAlgebra.leastSquares(Matrix<Double>(rows), Matrix<Double>(rows: rhs.count, columns: 1, columnMajor: rhs)) else { return poses }
        var out = poses
        for (k, r) in movable.enumerated() { out[r].translation.y += x[k, 0] }
        return out
    }
}
