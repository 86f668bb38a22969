import Foundation
import PlumbKernel

extension RoomOutline {
    /// The outline as a polygon: its corners, with each arc side sampled every `step` metres or less along
    /// the arc (the floor's and ceiling's `polygonCorners`), and for every point the side it starts.
    /// - Complexity: O(corners + arc length / step).
    func sampledPolygon(step: Double = 0.1) -> (points: [SIMD2<Double>], side: [Int]) {
        var pts: [SIMD2<Double>] = [], side: [Int] = []
        let m = corners.count
        for k in 0..<m {
            let a = corners[k], b = corners[(k + 1) % m]
            pts.append(a)
            side.append(k)
            guard case let .arc(c, r) = edges[k].wall else { continue }
            let t0 = atan2(a.y - c.y, a.x - c.x)
            var t1 = atan2(b.y - c.y, b.x - c.x)
            if t1 - t0 > .pi { t1 -= 2 * .pi } else if t0 - t1 > .pi { t1 += 2 * .pi }
            let n = Swift.max(1, Int(saturating: abs(t1 - t0) * r / step))
            guard n > 1, n < 100_000 else { continue }
            for s in 1..<n {
                let t = t0 + (t1 - t0) * Double(s) / Double(n)
                pts.append(c + SIMD2(cos(t), sin(t)) * r)
                side.append(k)
            }
        }
        return (pts, side)
    }

    /// The outline with every self-crossing cut away: where two sides cross (or one folds back along
    /// another), the outline is split at the meeting point into two loops and the one enclosing more area
    /// (counter-clockwise) is kept, its sides still on their walls; repeated until no side crosses another,
    /// also not at a corner
    /// (at most once per corner). A wall snapped across a narrow gap, or a short side removed between two walls that meet
    /// beyond it, can leave a bow-tie or a spike, which no floor can be (``CapturedRoom/validate()``
    /// refuses it); the loop kept is the room the flood found, less the sliver. Sides are cut at straight
    /// sampled chords (every 10 cm, as the floor draws them: the cut lies within a millimetre or so of the arc).
    /// - Complexity: O(c · n²) for n sampled points and c cuts (an outline of more than 5,000 points is returned
    ///   as it is).
    func untangled() -> RoomOutline {
        var o = self
        o.removeRepeatedCorners()
        var budget = o.corners.count
        while budget > 0, o.corners.count > 3 {
            budget -= 1
            // Crossings are looked for where the floor will have them: with arcs sampled.
            let (pts, side) = o.sampledPolygon()
            // A room's outline has tens of corners and arcs of a few metres; the pair search is quadratic.
            guard pts.count <= 5_000 else { break }
            // A crossing exactly at a corner (a corner on another side, or one point passed twice) has no
            // side beyond the tolerance on both sides: the validation's exact test finds it.
            guard let (i, j) = Self.firstTangle(pts) ?? PolygonSimplicity.firstIntersection(pts, tolerance: Self.tangleTolerance),
                  let x = Self.meetingPoint(pts, i, j) else { break }
            let a = side[i], b = side[j]
            guard a != b else { break }
            let n = o.corners.count
            // Loop 1: x, corners a+1 … b (sides a … b); loop 2: x, corners b+1 … a (sides b … a), wrapping.
            var loops: [RoomOutline] = []
            for (from, to) in [(a, b), (b, a)] {
                var loop = o
                loop.corners = [x]
                loop.edges = []
                var k = from
                repeat {
                    loop.edges.append(o.edges[k])
                    k = (k + 1) % n
                    loop.corners.append(o.corners[k])
                } while k != to
                loop.edges.append(o.edges[to])
                loop.removeRepeatedCorners()
                loops.append(loop)
            }
            // Corners run counter-clockwise: the room is the loop with the largest positive signed area.
            let best = loops.max { Plan2D.signedArea($0.corners) < Plan2D.signedArea($1.corners) }!
            guard best.corners.count >= 3, Plan2D.signedArea(best.corners) > 0 else { break }
            o = best
        }
        return o
    }

    /// Drops corners equal to the one before (zero-length sides).
    mutating func removeRepeatedCorners() {
        var k = 0
        while corners.count > 3, k < corners.count {
            let next = (k + 1) % corners.count
            if corners[k] == corners[next] {
                corners.remove(at: next)
                edges.remove(at: k)
                if next == 0, !corners.isEmpty { corners.insert(corners.removeLast(), at: 0) }
            } else {
                k += 1
            }
        }
    }

    /// Distance within which two sides count as lying on one line, metres (0.1 mm: the floor is written in
    /// `Float`, whose rounding turns a side folded back within that onto another into an overlap).
    static let tangleTolerance = 1e-4

    /// The first pair of segments (segment k from `p[k]` to `p[k + 1]`, wrapping) that cross at a point
    /// interior to both, or lie along each other (within ``tangleTolerance``) over a stretch longer than
    /// it; nil when none does. ``PolygonSimplicity/firstIntersection(_:)`` is the exact test the validation
    /// applies; this one also finds the near-overlaps that rounding to `Float` makes exact.
    /// - Complexity: O(n²).
    static func firstTangle(_ p: [SIMD2<Double>]) -> (Int, Int)? {
        let n = p.count
        guard n >= 3 else { return nil }
        let tol = tangleTolerance
        for i in 0..<n {
            let a = p[i], b = p[(i + 1) % n], la = planLength(b - a)
            guard la > tol else { continue }
            for j in (i + 1)..<n {
                let c = p[j], d = p[(j + 1) % n], lc = planLength(d - c)
                guard lc > tol else { continue }
                let o1 = planCross(b - a, c - a) / la, o2 = planCross(b - a, d - a) / la
                let o3 = planCross(d - c, a - c) / lc, o4 = planCross(d - c, b - c) / lc
                if abs(o1) <= tol, abs(o2) <= tol {
                    // Along one line: overlapping over more than the tolerance?
                    let u = (b - a) / la
                    let t0 = planDot(c - a, u), t1 = planDot(d - a, u)
                    if Swift.min(la, Swift.max(t0, t1)) - Swift.max(0, Swift.min(t0, t1)) > tol { return (i, j) }
                    continue
                }
                if ((o1 > tol && o2 < -tol) || (o1 < -tol && o2 > tol)) && ((o3 > tol && o4 < -tol) || (o3 < -tol && o4 > tol)) {
                    return (i, j)
                }
            }
        }
        return nil
    }

    /// Where side `a` and side `b` meet: their crossing point, or, when one folds back along the other, an
    /// end of one lying inside the other, or the ends they share when one folds back exactly onto the other.
    static func meetingPoint(_ c: [SIMD2<Double>], _ a: Int, _ b: Int) -> SIMD2<Double>? {
        let n = c.count
        let p = c[a], q = c[(a + 1) % n], r = c[b], s = c[(b + 1) % n]
        let d1 = q - p, d2 = s - r
        let den = planCross(d1, d2)
        if abs(den) > 1e-4 * planLength(d1) * planLength(d2) {
            let t = planCross(r - p, d2) / den
            return p + d1 * Swift.min(1, Swift.max(0, t))
        }
        func inside(_ x: SIMD2<Double>, _ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Bool {
            let l = planDot(v - u, v - u)
            guard l > 0 else { return false }
            let t = planDot(x - u, v - u) / l
            return t > 0 && t < 1
        }
        for (x, u, v) in [(s, p, q), (r, p, q), (p, r, s), (q, r, s)] where inside(x, u, v) { return x }
        // Folded back exactly, end on end (a spike out of a corner and back to it): the sides meet at the
        // ends they share, other than the corner joining them when they follow each other.
        let near = { (x: SIMD2<Double>, y: SIMD2<Double>) in planLength(x - y) <= tangleTolerance }
        if near(p, s), a != (b + 1) % n { return p }
        if near(q, r), b != (a + 1) % n { return q }
        if near(p, r) { return p }
        if near(q, s) { return q }
        return nil
    }
}
