import Foundation

/// A wall's centre line in plan (x, z) metres: a straight segment or a circular arc.
public enum WallCenterLine: Sendable, Equatable {
    /// Straight segment from `start` to `end`.
    case straight(start: SIMD2<Double>, end: SIMD2<Double>)
    /// Circular arc around `center` with `radius`, from `startAngle` to `endAngle` (radians; the point at
    /// angle θ is `center + radius * (cos θ, sin θ)` in plan (x, z)). `endAngle < startAngle` runs clockwise
    /// in the (x, z) axes.
    case arc(center: SIMD2<Double>, radius: Double, startAngle: Double, endAngle: Double)

    /// The arc through three plan points (first, a point on the way, last), or `nil` when collinear.
    public static func arc(through a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> WallCenterLine? {
        let d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y))
        guard abs(d) > 1e-12 else { return nil }
        let a2 = (a * a).sum(), b2 = (b * b).sum(), c2 = (c * c).sum()
        let ux = (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d
        let uy = (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d
        let o = SIMD2(ux, uy)
        let r = ((a - o) * (a - o)).sum().squareRoot()
        let ta = atan2(a.y - o.y, a.x - o.x)
        var tb = atan2(b.y - o.y, b.x - o.x)
        var tc = atan2(c.y - o.y, c.x - o.x)
        // Choose the direction of travel that passes through b.
        while tb < ta { tb += 2 * .pi }
        while tc < ta { tc += 2 * .pi }
        if tb <= tc { return .arc(center: o, radius: r, startAngle: ta, endAngle: tc) }
        return .arc(center: o, radius: r, startAngle: ta, endAngle: tc - 2 * .pi)
    }

    /// Length of the centre line, metres.
    public var length: Double {
        switch self {
        case let .straight(s, e): return ((e - s) * (e - s)).sum().squareRoot()
        case let .arc(_, r, a0, a1): return r * abs(a1 - a0)
        }
    }

    /// Plan point at arc length `u` from the start (may be outside `0...length`: extrapolated along the
    /// line or the circle).
    public func point(at u: Double) -> SIMD2<Double> {
        switch self {
        case let .straight(s, e):
            let l = length
            return l > 0 ? s + (e - s) * (u / l) : s
        case let .arc(c, r, a0, a1):
            let t = a0 + (a1 >= a0 ? 1 : -1) * u / r
            return c + r * SIMD2(cos(t), sin(t))
        }
    }

    /// Unit tangent (direction of travel) at arc length `u`.
    public func tangent(at u: Double) -> SIMD2<Double> {
        switch self {
        case let .straight(s, e):
            let l = length
            return l > 0 ? (e - s) / l : SIMD2(1, 0)
        case let .arc(_, r, a0, a1):
            let sg: Double = a1 >= a0 ? 1 : -1
            let t = a0 + sg * u / r
            return sg * SIMD2(-sin(t), cos(t))
        }
    }

    /// Unit normal at arc length `u`: the tangent turned by +90° in the (x, z) axes, `(-tz, tx)`.
    /// The wall's "positive side" is the side this normal points to.
    public func normal(at u: Double) -> SIMD2<Double> {
        let t = tangent(at: u)
        return SIMD2(-t.y, t.x)
    }

    /// Start point of the centre line.
    public var startPoint: SIMD2<Double> { point(at: 0) }
    /// End point of the centre line.
    public var endPoint: SIMD2<Double> { point(at: length) }
}

/// Whether a wall separates inside from outside.
public enum WallKind: String, Sendable, Equatable, Hashable, Codable {
    /// `exterior`: separates inside from outside; `interior`: between two rooms.
    case exterior, interior
}

/// A wall: a centre line swept to a thickness and height.
///
/// JSON: straight walls have `"start": [x, z], "end": [x, z]`; arcs have
/// `"arc": {"center": [x, z], "radius": r, "startAngle": a, "endAngle": b}` or
/// `"arc": {"through": [[x, z], [x, z], [x, z]]}`. `positiveRoom` is the room on the side of the
/// centre line's normal `(-tz, tx)` (tangent turned +90° in the (x, z) axes), `negativeRoom` the other.
public struct Wall: Sendable, Equatable, Codable {
    /// Unique identifier.
    public var id: String
    /// Index of the storey the wall belongs to.
    public var storey: Int
    /// Centre line in plan (x, z) metres.
    public var centerLine: WallCenterLine
    /// Thickness, metres (faces at ±thickness/2 from the centre line).
    public var thickness: Double
    /// Height above the base, metres; `nil` = up to the storey's default ceiling.
    public var height: Double?
    /// World y of the wall's bottom, metres; `nil` = the storey's floor elevation.
    public var baseElevation: Double?
    /// Exterior or interior wall.
    public var kind: WallKind
    /// Room on the positive (normal) side, if any.
    public var positiveRoom: String?
    /// Room on the negative side, if any.
    public var negativeRoom: String?

    /// A wall.
    public init(
        id: String, storey: Int, centerLine: WallCenterLine, thickness: Double, height: Double? = nil,
        baseElevation: Double? = nil, kind: WallKind, positiveRoom: String? = nil, negativeRoom: String? = nil
    ) {
        self.id = id
        self.storey = storey
        self.centerLine = centerLine
        self.thickness = thickness
        self.height = height
        self.baseElevation = baseElevation
        self.kind = kind
        self.positiveRoom = positiveRoom
        self.negativeRoom = negativeRoom
    }

    /// Centre-line length, metres.
    public var length: Double { centerLine.length }

    /// True for arc walls.
    public var isCurved: Bool { if case .arc = centerLine { true } else { false } }

    /// World y of the bottom, given the plan (metres).
    public func bottom(in plan: FloorPlan) -> Double {
        baseElevation ?? plan.storey(storey)?.floorElevation ?? 0
    }

    /// World y of the top, given the plan (metres).
    public func top(in plan: FloorPlan) -> Double {
        if let height { return bottom(in: plan) + height }
        guard let s = plan.storey(storey) else { return bottom(in: plan) }
        return s.floorElevation + s.ceilingHeight
    }

    private enum CodingKeys: String, CodingKey {
        case id, storey, start, end, arc, thickness, height, baseElevation, kind, positiveRoom, negativeRoom
    }
    private enum ArcKeys: String, CodingKey { case center, radius, startAngle, endAngle, through }

    /// Decodes either centre-line form (see the type's documentation).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        storey = try c.decode(Int.self, forKey: .storey)
        if c.contains(.arc) {
            let a = try c.nestedContainer(keyedBy: ArcKeys.self, forKey: .arc)
            if a.contains(.through) {
                let p = try a.decode([SIMD2<Double>].self, forKey: .through)
                guard p.count == 3, let arc = WallCenterLine.arc(through: p[0], p[1], p[2]) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .through, in: a, debugDescription: "wall \(id): need 3 non-collinear points")
                }
                centerLine = arc
            } else {
                centerLine = .arc(
                    center: try a.decode(SIMD2<Double>.self, forKey: .center),
                    radius: try a.decode(Double.self, forKey: .radius),
                    startAngle: try a.decode(Double.self, forKey: .startAngle),
                    endAngle: try a.decode(Double.self, forKey: .endAngle))
            }
        } else {
            centerLine = .straight(
                start: try c.decode(SIMD2<Double>.self, forKey: .start),
                end: try c.decode(SIMD2<Double>.self, forKey: .end))
        }
        thickness = try c.decode(Double.self, forKey: .thickness)
        height = try c.decodeIfPresent(Double.self, forKey: .height)
        baseElevation = try c.decodeIfPresent(Double.self, forKey: .baseElevation)
        kind = try c.decode(WallKind.self, forKey: .kind)
        positiveRoom = try c.decodeIfPresent(String.self, forKey: .positiveRoom)
        negativeRoom = try c.decodeIfPresent(String.self, forKey: .negativeRoom)
    }

    /// Encodes the wall (arcs in centre/radius/angles form).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(storey, forKey: .storey)
        switch centerLine {
        case let .straight(s, e):
            try c.encode(s, forKey: .start)
            try c.encode(e, forKey: .end)
        case let .arc(o, r, a0, a1):
            var a = c.nestedContainer(keyedBy: ArcKeys.self, forKey: .arc)
            try a.encode(o, forKey: .center)
            try a.encode(r, forKey: .radius)
            try a.encode(a0, forKey: .startAngle)
            try a.encode(a1, forKey: .endAngle)
        }
        try c.encode(thickness, forKey: .thickness)
        try c.encodeIfPresent(height, forKey: .height)
        try c.encodeIfPresent(baseElevation, forKey: .baseElevation)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(positiveRoom, forKey: .positiveRoom)
        try c.encodeIfPresent(negativeRoom, forKey: .negativeRoom)
    }
}
