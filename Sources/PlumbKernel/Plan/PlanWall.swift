import Foundation

/// A wall surface seen in plan view (the horizontal plane), in metres, in the caller's 2D plan frame.
///
/// Room scans are reduced to plan view once the up axis is known: a vertical planar wall becomes a line,
/// a curved (cylindrical) wall becomes a circle. Both are infinite curves here; the part of the curve that
/// bounds the room comes from the outline construction (``RoomOutline``).
public enum PlanWall: Sendable, Hashable, Codable {
    /// A straight wall: a point on it and its unit direction.
    case line(point: SIMD2<Double>, direction: SIMD2<Double>)
    /// A curved wall: circle centre and radius.
    case arc(center: SIMD2<Double>, radius: Double)

    /// Distance from `p` to the curve, metres.
    /// - Complexity: O(1).
    public func distance(to p: SIMD2<Double>) -> Double {
        switch self {
        case let .line(q, d):
            let r = p - q
            return abs(r.x * d.y - r.y * d.x)
        case let .arc(c, radius):
            return abs(planLength(p - c) - radius)
        }
    }

    /// The point of the curve nearest to `p`.
    public func project(_ p: SIMD2<Double>) -> SIMD2<Double> {
        switch self {
        case let .line(q, d):
            return q + d * planDot(p - q, d)
        case let .arc(c, radius):
            let r = p - c
            let l = planLength(r)
            return l > 0 ? c + r * (radius / l) : c + SIMD2(radius, 0)
        }
    }

    /// The point of the curve at parameter `t` (metres along a line from its point; radians about an arc's
    /// centre, counter-clockwise from +x). Inverse of ``parameter(of:near:)`` on the curve.
    /// - Complexity: O(1).
    public func point(at t: Double) -> SIMD2<Double> {
        switch self {
        case let .line(q, d): return q + d * t
        case let .arc(c, radius): return c + SIMD2(cos(t), sin(t)) * radius
        }
    }

    /// The curve parameter of (the projection of) `p`: metres along the direction from the point of a
    /// line; radians counter-clockwise from +x about an arc's centre, unwrapped by whole turns to lie
    /// nearest the middle of `range` (so ranges that cross ±π compare correctly).
    /// - Complexity: O(1).
    public func parameter(of p: SIMD2<Double>, near range: ClosedRange<Double>) -> Double {
        switch self {
        case let .line(q, d):
            return planDot(p - q, d)
        case let .arc(c, _):
            let mid = (range.lowerBound + range.upperBound) / 2
            let a: Double = atan2(p.y - c.y, p.x - c.x)
            let turn = 2 * Double.pi
            let turns: Double = ((mid - a) / turn).rounded()
            return a + turn * turns
        }
    }

    /// Unit tangent of the curve at (the projection of) `p`.
    public func tangent(at p: SIMD2<Double>) -> SIMD2<Double> {
        switch self {
        case let .line(_, d):
            return d
        case let .arc(c, _):
            let r = p - c
            let l = planLength(r)
            return l > 0 ? SIMD2(-r.y / l, r.x / l) : SIMD2(0, 1)
        }
    }

    /// Intersection points of two walls (0, 1 or 2 points). Parallel lines give none.
    ///
    /// Lines closer than `parallelSine` (sine of the angle between them) to parallel are treated as parallel.
    /// - Complexity: O(1).
    public func intersections(with other: PlanWall, parallelSine: Double = 0.05) -> [SIMD2<Double>] {
        switch (self, other) {
        case let (.line(p, d), .line(q, e)):
            let den = d.x * e.y - d.y * e.x
            guard abs(den) > parallelSine else { return [] }
            let r = q - p
            let t = (r.x * e.y - r.y * e.x) / den
            return [p + d * t]
        case let (.line(p, d), .arc(c, radius)), let (.arc(c, radius), .line(p, d)):
            let f = p - c
            let b = planDot(f, d)
            let disc = b * b - (planDot(f, f) - radius * radius)
            guard disc >= 0 else { return [] }
            let s = disc.squareRoot()
            return [p + d * (-b - s), p + d * (-b + s)]
        case let (.arc(c0, r0), .arc(c1, r1)):
            let dv = c1 - c0
            let dist = planLength(dv)
            guard dist > 0, dist <= r0 + r1, dist >= abs(r0 - r1) else { return [] }
            let a = (r0 * r0 - r1 * r1 + dist * dist) / (2 * dist)
            let h = Swift.max(0, r0 * r0 - a * a).squareRoot()
            let m = c0 + dv * (a / dist)
            let perp = SIMD2(-dv.y, dv.x) / dist
            return [m + perp * h, m - perp * h]
        }
    }
}

/// Dot product of plan vectors.
@inlinable package func planDot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }
/// Length of a plan vector.
@inlinable package func planLength(_ a: SIMD2<Double>) -> Double { planDot(a, a).squareRoot() }
/// z component of the 2D cross product `a x b` (positive when b is counter-clockwise from a).
@inlinable package func planCross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }

