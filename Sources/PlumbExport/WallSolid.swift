import PlumbKernel
import Foundation
import Plumbline

/// The solid a wall surface stands for, in the wall's own parameter space: `u` along the wall
/// (local x in metres for a straight wall; the angle in radians about the curve centre for a curved
/// one), `y` up (local y, metres) and `w` across the wall (local z for a straight wall; the radial
/// offset from the curve radius for a curved one).
///
/// Thickness: a wall's `dimensions.z` when positive, centred on the surface (`w` in [−t/2, t/2]);
/// otherwise (RoomPlan's own files) ``defaultThickness`` behind the surface (`w` in [−d, 0]) for a
/// straight wall and centred for a curved one. Doors, windows and openings hosted by the wall become
/// rectangular ``holes`` in (u, y), clipped to the wall. ``pieces`` decomposes the remaining face into
/// trapezoids over vertical strips, the basis of meshes, areas and plan drawings.
public struct WallSolid: Sendable {
    /// Thickness given to walls whose `dimensions.z` is 0 (RoomPlan exports), metres.
    public static let defaultThickness: Float = 0.10
    /// Largest angle a strip of a curved wall spans, radians (5°).
    public static let maximumArcStep: Float = 5 * .pi / 180

    /// A rectangular hole in (u, y) made by a hosted door, window or opening.
    public struct Hole: Sendable, Equatable {
        /// The hosted surface's identifier.
        public var identifier: UUID
        /// The hosted surface's category.
        public var category: CapturedRoom.Surface.Category
        /// Extent along u (clipped to the wall).
        public var u: ClosedRange<Float>
        /// Extent along y, metres (clipped to the wall).
        public var y: ClosedRange<Float>
    }

    /// A trapezoid of solid wall face over the strip `u0...u1`: lower and upper boundary heights at
    /// both ends (`lower.x` at u0, `lower.y` at u1, same for `upper`).
    public struct Piece: Sendable, Equatable {
        /// Strip start (u).
        public var u0: Float
        /// Strip end (u).
        public var u1: Float
        /// Lower boundary y at u0 and u1.
        public var lower: SIMD2<Float>
        /// Upper boundary y at u0 and u1.
        public var upper: SIMD2<Float>
        /// Area in (u, y), square (metres × u-units).
        public var parameterArea: Double {
            Double(u1 - u0) * Double((upper.x - lower.x) + (upper.y - lower.y)) / 2
        }
    }

    /// The wall surface.
    public let wall: CapturedRoom.Surface
    /// The thickness used, metres.
    public let thickness: Float
    /// Whether ``thickness`` is the wall's own (`dimensions.z` > 0) rather than the default.
    public let hasMeasuredThickness: Bool
    /// Extent across the wall (w), metres.
    public let depth: ClosedRange<Float>
    /// For a curved wall: its curve (centre in local x-z, radius, angles); `nil` for a straight wall.
    public let curve: CapturedRoom.Surface.Curve?
    /// The wall's outline in (u, y), counter-clockwise.
    public let outline: [SIMD2<Float>]
    /// Holes of the hosted elements.
    public let holes: [Hole]
    /// The face minus the holes as strip trapezoids, ordered by u then y.
    public let pieces: [Piece]

    /// The solid of `wall` with holes for `hosted` (surfaces whose host is this wall).
    /// - Complexity: O((v + h)² ) for v outline vertices and h holes (both small).
    public init(wall: CapturedRoom.Surface, hosted: [CapturedRoom.Surface]) {
        self.wall = wall
        let t = wall.dimensions.z
        hasMeasuredThickness = t > 0
        thickness = t > 0 ? t : Self.defaultThickness
        curve = wall.curve
        if t > 0 || wall.curve != nil {
            depth = (-thickness / 2)...(thickness / 2)
        } else {
            depth = (-thickness)...0
        }
        let h = wall.dimensions.y / 2
        var outline: [SIMD2<Float>]
        var extraBreaks: [Float] = []
        if let c = wall.curve {
            let lo = min(c.startAngle, c.endAngle), hi = max(c.startAngle, c.endAngle)
            outline = [SIMD2(lo, -h), SIMD2(hi, -h), SIMD2(hi, h), SIMD2(lo, h)]
            let n = ArcBudget.steps(Double((hi - lo) / Self.maximumArcStep).rounded(.down) + 1, radius: c.radius, span: hi - lo)
            for i in 1..<n { extraBreaks.append(lo + (hi - lo) * Float(i) / Float(n)) }
        } else {
            outline = wall.localOutline.map { SIMD2($0.x, $0.y) }
        }
        if Plan2D.signedArea(outline) < 0 { outline.reverse() }
        self.outline = outline
        // Holes.
        let uMin = outline.map(\.x).min() ?? 0, uMax = outline.map(\.x).max() ?? 0
        let yMin = outline.map(\.y).min() ?? 0, yMax = outline.map(\.y).max() ?? 0
        let inverse = wall.transform.rigidInverse
        var holes: [Hole] = []
        for s in hosted {
            let local = s.worldCorners.map { inverse.apply(toPoint: $0) }
            let us = local.map { Self.parameter(of: $0, curve: wall.curve, around: (uMin + uMax) / 2) }
            let u0 = max(us.min()!, uMin), u1 = min(us.max()!, uMax)
            let y0 = max(local.map(\.y).min()!, yMin), y1 = min(local.map(\.y).max()!, yMax)
            guard u1 - u0 > 1e-4, y1 - y0 > 1e-4 else { continue }
            holes.append(Hole(identifier: s.identifier, category: s.category, u: u0...u1, y: y0...y1))
        }
        self.holes = holes
        pieces = Self.decompose(outline: outline, holes: holes, extraBreaks: extraBreaks)
    }

    /// u of a local point: its x for a straight wall, its angle about the curve centre (unwrapped to
    /// within π of `around`) for a curved one.
    static func parameter(of p: SIMD3<Float>, curve: CapturedRoom.Surface.Curve?, around: Float) -> Float {
        guard let c = curve else { return p.x }
        var a = atan2(p.z - c.center.y, p.x - c.center.x)
        guard abs(around) <= 64 else {
            // Far-off angles (only unvalidated curves): one multiple of 2π, not a loop that never ends.
            let k = ((around - a) / (2 * .pi)).rounded()
            return k.isFinite ? a + k * 2 * .pi : a
        }
        while a - around > .pi { a -= 2 * .pi }
        while around - a > .pi { a += 2 * .pi }
        return a
    }

    /// The local point (metres, wall frame) of parameters (u, y, w).
    public func localPoint(u: Float, y: Float, w: Float) -> SIMD3<Float> {
        guard let c = curve else { return SIMD3(u, y, w) }
        let r = c.radius + w
        return SIMD3(c.center.x + r * cos(u), y, c.center.y + r * sin(u))
    }

    /// Whether the map (u, y, w) → local point reverses orientation (true for curved walls).
    public var reversesOrientation: Bool { curve != nil }

    /// Metres along the wall per unit of u on the reference surface (1, or the radius when curved).
    public var lengthPerUnitU: Double { Double(curve?.radius ?? 1) }

    /// The wall's length along its reference surface, metres (arc length for a curved wall).
    public var length: Double {
        let us = outline.map(\.x)
        return Double((us.max() ?? 0) - (us.min() ?? 0)) * lengthPerUnitU
    }

    /// Face area before holes, square metres (on the reference surface).
    public var grossArea: Double { abs(Plan2D.signedArea(outline)) * lengthPerUnitU }

    /// Face area net of the holes, square metres (on the reference surface).
    public var netArea: Double { pieces.reduce(0) { $0 + $1.parameterArea } * lengthPerUnitU }

    /// Highest y of the outline (local, metres).
    public var topY: Float { outline.map(\.y).max() ?? 0 }
    /// Lowest y of the outline (local, metres).
    public var bottomY: Float { outline.map(\.y).min() ?? 0 }

    /// Vertical strip decomposition of `outline` minus `holes`.
    static func decompose(outline: [SIMD2<Float>], holes: [Hole], extraBreaks: [Float]) -> [Piece] {
        guard outline.count >= 3 else { return [] }
        let uMin = outline.map(\.x).min()!, uMax = outline.map(\.x).max()!
        var breaks = outline.map(\.x) + extraBreaks
        for h in holes { breaks += [h.u.lowerBound, h.u.upperBound] }
        breaks = breaks.filter { $0 >= uMin && $0 <= uMax }.sorted()
        var xs: [Float] = []
        for b in breaks where xs.last.map({ b - $0 > 1e-5 }) ?? true { xs.append(b) }
        var pieces: [Piece] = []
        guard xs.count >= 2 else { return [] }
        for i in 0..<(xs.count - 1) {
            let a = xs[i], b = xs[i + 1]
            // Outline edges spanning the strip give bottom and top lines.
            var lines: [SIMD2<Float>] = []
            for j in outline.indices {
                let p = outline[j], q = outline[(j + 1) % outline.count]
                let lo = min(p.x, q.x), hi = max(p.x, q.x)
                guard hi - lo > 1e-6, lo <= a + 1e-5, hi >= b - 1e-5 else { continue }
                func at(_ x: Float) -> Float { p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x) }
                lines.append(SIMD2(at(a), at(b)))
            }
            guard lines.count >= 2 else { continue }
            let bottom = lines.min { $0.sum() < $1.sum() }!, top = lines.max { $0.sum() < $1.sum() }!
            var intervals = holes.filter { $0.u.lowerBound <= a + 1e-5 && $0.u.upperBound >= b - 1e-5 }
                .map { ($0.y.lowerBound, $0.y.upperBound) }.sorted { $0.0 < $1.0 }
            var merged: [(Float, Float)] = []
            for iv in intervals {
                if let last = merged.last, iv.0 <= last.1 { merged[merged.count - 1].1 = max(last.1, iv.1) } else { merged.append(iv) }
            }
            intervals = merged
            var lower = bottom
            func emit(_ lo: SIMD2<Float>, _ up: SIMD2<Float>) {
                let l = pointwiseMax(lo, bottom), u = pointwiseMax(pointwiseMin(up, top), l)
                if (u - l).max() > 1e-5 { pieces.append(Piece(u0: a, u1: b, lower: l, upper: u)) }
            }
            for (h0, h1) in intervals {
                emit(lower, SIMD2(repeating: h0))
                lower = pointwiseMax(SIMD2(repeating: h1), bottom)
            }
            emit(lower, top)
        }
        return pieces
    }
}
