import PlumbKernel
import Foundation

/// A room drawn by its wall centre-line polygon, before walls and inner faces are derived.
struct LayoutCell {
    /// Room id, display name and type.
    var id: String
    var name: String
    var type: RoomType
    /// Storey index.
    var storey: Int = 0
    /// Wall centre-line polygon, counter-clockwise (positive shoelace area), plan metres.
    var outline: [SIMD2<Double>]
    /// Edge index → sagitta of an arc wall replacing that edge (positive bulges away from the room).
    var arcSagitta: [Int: Double] = [:]
    /// Own floor elevation (split level) and flat ceiling height, as in ``Room``.
    var floorElevation: Double? = nil
    var ceilingHeight: Double? = nil
}

/// Wall thickness per infinite centre line: collinear walls share one thickness, so every room edge has
/// one inner-face offset.
struct WallLines {
    private struct Line { var point: SIMD2<Double>; var direction: SIMD2<Double>; var thickness: Double }
    private var lines: [Line] = []
    /// Thickness of lines never registered, metres.
    var defaultThickness: Double

    init(defaultThickness: Double) { self.defaultThickness = defaultThickness }

    /// Registers the line through `a` and `b` with `thickness` unless it is already known.
    mutating func set(_ a: SIMD2<Double>, _ b: SIMD2<Double>, thickness: Double) {
        if registered(a, b) == nil { lines.append(Line(point: a, direction: Geo.unit(b - a), thickness: thickness)) }
    }

    /// The registered thickness of the line through `a` and `b`, if any.
    func registered(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double? {
        let d = Geo.unit(b - a)
        for l in lines where abs(Geo.cross(l.direction, d)) < 1e-7 && abs(Geo.cross(l.direction, a - l.point)) < 1e-6 {
            return l.thickness
        }
        return nil
    }

    /// Thickness of the wall on the line through `a` and `b`.
    func thickness(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { registered(a, b) ?? defaultThickness }
}

/// One wall of an assembled layout and where it came from.
struct LayoutWall {
    /// Index into the plan's walls.
    var wallIndex: Int
    /// Room on the positive side (the cell whose edge it is) and on the negative side, if shared.
    var positiveRoom: String
    var negativeRoom: String?
}

/// Rooms and walls derived from cells: walls on the centre lines (split where another cell's corner
/// lies on an edge, shared pieces become one interior wall), room polygons at the inner faces.
struct AssembledLayout {
    var rooms: [Room]
    var walls: [Wall]
    var layoutWalls: [LayoutWall]
    /// Straight inner-face edges (start, end) of each room polygon, counter-clockwise, by room id.
    var straightEdges: [String: [(SIMD2<Double>, SIMD2<Double>)]]

    /// Builds walls and inner polygons; `nil` when an arc is impossible or an offset polygon degenerates.
    /// - Complexity: O(cells² · vertices²).
    static func assemble(_ cells: [LayoutCell], lines: WallLines) -> AssembledLayout? {
        struct Piece { var cell: Int; var edge: Int; var a: SIMD2<Double>; var b: SIMD2<Double> }
        struct Key: Hashable { var ax, az, bx, bz: Int64 }
        func q(_ v: Double) -> Int64 { Int64((v * 1e5).rounded()) }
        func key(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Key { Key(ax: q(a.x), az: q(a.y), bx: q(b.x), bz: q(b.y)) }
        var pieces: [Piece] = []
        for (ci, c) in cells.enumerated() {
            let n = c.outline.count
            for e in 0..<n {
                let a = c.outline[e], b = c.outline[(e + 1) % n]
                if c.arcSagitta[e] != nil { pieces.append(Piece(cell: ci, edge: e, a: a, b: b)); continue }
                var ts: [Double] = [0, 1]
                let d = b - a, l2 = (d * d).sum()
                for (cj, o) in cells.enumerated() where cj != ci && o.storey == c.storey {
                    for p in o.outline {
                        let t = ((p - a) * d).sum() / l2
                        guard t > 1e-9, t < 1 - 1e-9 else { continue }
                        if Geo.length(a + d * t - p) < 1e-6 { ts.append(t) }
                    }
                }
                ts.sort()
                var prev = ts[0]
                for t in ts.dropFirst() where t - prev > 1e-9 {
                    let pa = a + d * prev, pb = a + d * t
                    if Geo.length(pb - pa) > 1e-3 { pieces.append(Piece(cell: ci, edge: e, a: pa, b: pb)) }
                    prev = t
                }
            }
        }
        var byKey: [Key: Int] = [:]
        for (i, p) in pieces.enumerated() where cells[p.cell].arcSagitta[p.edge] == nil { byKey[key(p.a, p.b)] = i }
        var walls: [Wall] = []
        var layoutWalls: [LayoutWall] = []
        for p in pieces {
            let c = cells[p.cell]
            let t = lines.thickness(c.outline[p.edge], c.outline[(p.edge + 1) % c.outline.count])
            let id = "w\(walls.count + 1)"
            if let s = c.arcSagitta[p.edge] {
                guard let arc = Geo.arc(from: p.a, to: p.b, sagitta: s), arc.radius > t / 2 + 0.05 else { return nil }
                walls.append(Wall(id: id, storey: c.storey, centerLine: arc.line, thickness: t, kind: .exterior, positiveRoom: c.id))
                layoutWalls.append(LayoutWall(wallIndex: walls.count - 1, positiveRoom: c.id))
                continue
            }
            if let j = byKey[key(p.b, p.a)], pieces[j].cell != p.cell {
                if pieces[j].cell < p.cell { continue }
                let other = cells[pieces[j].cell].id
                walls.append(Wall(id: id, storey: c.storey, centerLine: .straight(start: p.a, end: p.b), thickness: t, kind: .interior,
                                  positiveRoom: c.id, negativeRoom: other))
                layoutWalls.append(LayoutWall(wallIndex: walls.count - 1, positiveRoom: c.id, negativeRoom: other))
            } else {
                walls.append(Wall(id: id, storey: c.storey, centerLine: .straight(start: p.a, end: p.b), thickness: t, kind: .exterior,
                                  positiveRoom: c.id))
                layoutWalls.append(LayoutWall(wallIndex: walls.count - 1, positiveRoom: c.id))
            }
        }
        var rooms: [Room] = []
        var edges: [String: [(SIMD2<Double>, SIMD2<Double>)]] = [:]
        for c in cells {
            guard let (poly, straight) = innerPolygon(c, lines: lines) else { return nil }
            guard Plan2D.signedArea(poly) > 0.5, Plan2D.firstSelfIntersection(poly) == nil else { return nil }
            rooms.append(Room(id: c.id, name: c.name, type: c.type, storey: c.storey, polygon: poly, floorElevation: c.floorElevation,
                              ceilingHeight: c.ceilingHeight))
            edges[c.id] = straight
        }
        return AssembledLayout(rooms: rooms, walls: walls, layoutWalls: layoutWalls, straightEdges: edges)
    }

    /// The inner-face polygon of a cell (each edge's line offset inwards by half its wall's thickness, arcs
    /// sampled on their inner face every ≤ 1 mm of chord error) and its straight edges.
    static func innerPolygon(_ c: LayoutCell, lines: WallLines) -> ([SIMD2<Double>], [(SIMD2<Double>, SIMD2<Double>)])? {
        let n = c.outline.count
        enum Boundary { case line(SIMD2<Double>, SIMD2<Double>); case circle(SIMD2<Double>, Double) }
        var bounds: [Boundary] = []
        for e in 0..<n {
            let a = c.outline[e], b = c.outline[(e + 1) % n]
            let t = lines.thickness(a, b)
            if let s = c.arcSagitta[e] {
                guard let arc = Geo.arc(from: a, to: b, sagitta: s) else { return nil }
                bounds.append(.circle(arc.center, arc.ccw ? arc.radius - t / 2 : arc.radius + t / 2))
            } else {
                let d = Geo.unit(b - a)
                bounds.append(.line(a + Geo.left(d) * (t / 2), d))
            }
        }
        // Start vertex of each edge: its boundary meets the previous one near the outline corner.
        var starts: [SIMD2<Double>] = []
        for e in 0..<n {
            let near = c.outline[e]
            switch (bounds[(e + n - 1) % n], bounds[e]) {
            case let (.line(p0, d0), .line(p1, d1)):
                guard let x = Geo.intersect(p0, d0, p1, d1) else { return nil }
                starts.append(x)
            case let (.line(p, d), .circle(o, r)), let (.circle(o, r), .line(p, d)):
                guard let x = Geo.intersect(line: p, d, circle: o, r, near: near) else { return nil }
                starts.append(x)
            case (.circle, .circle):
                return nil
            }
        }
        var poly: [SIMD2<Double>] = []
        var straight: [(SIMD2<Double>, SIMD2<Double>)] = []
        for e in 0..<n {
            let s = starts[e], t = starts[(e + 1) % n]
            poly.append(s)
            switch bounds[e] {
            case .line:
                straight.append((s, t))
            case let .circle(o, r):
                let ccw = c.arcSagitta[e]! > 0
                let a0 = atan2(s.y - o.y, s.x - o.x)
                var a1 = atan2(t.y - o.y, t.x - o.x)
                if ccw { while a1 <= a0 { a1 += 2 * .pi } } else { while a1 >= a0 { a1 -= 2 * .pi } }
                let step = 2 * acos(max(-1, 1 - 0.001 / r))
                let k = min(max(Int((abs(a1 - a0) / step).rounded(.up)), 2), 160)
                for j in 1..<k {
                    let a = a0 + (a1 - a0) * Double(j) / Double(k)
                    poly.append(o + r * SIMD2(cos(a), sin(a)))
                }
            }
        }
        return (poly, straight)
    }
}

/// Small plan-geometry helpers for the generator (plan (x, z) metres).
enum Geo {
    static func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
    static func unit(_ v: SIMD2<Double>) -> SIMD2<Double> { let l = length(v); return l > 0 ? v / l : .zero }
    static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }
    static func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { (a * b).sum() }
    /// The direction turned +90° (the wall's positive side for a wall running along `d`).
    static func left(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-d.y, d.x) }

    /// Intersection of the lines `p0 + s·d0` and `p1 + t·d1`, `nil` when (nearly) parallel.
    static func intersect(_ p0: SIMD2<Double>, _ d0: SIMD2<Double>, _ p1: SIMD2<Double>, _ d1: SIMD2<Double>) -> SIMD2<Double>? {
        let den = cross(d0, d1)
        guard abs(den) > 1e-9 else { return nil }
        return p0 + d0 * (cross(p1 - p0, d1) / den)
    }

    /// The intersection of a line and a circle nearest `near`, `nil` when they miss.
    static func intersect(line p: SIMD2<Double>, _ d: SIMD2<Double>, circle o: SIMD2<Double>, _ r: Double, near: SIMD2<Double>) -> SIMD2<Double>? {
        let f = p - o
        let b = dot(f, d), c = dot(f, f) - r * r
        let disc = b * b - c
        guard disc >= 0 else { return nil }
        let s = disc.squareRoot()
        let x0 = p + d * (-b - s), x1 = p + d * (-b + s)
        return length(x0 - near) <= length(x1 - near) ? x0 : x1
    }

    /// The circular arc from `a` to `b` whose middle is `sagitta` metres to the right of the chord (positive:
    /// away from a room on the chord's left), travelling from `a` to `b`; `nil` for a tiny sagitta.
    static func arc(from a: SIMD2<Double>, to b: SIMD2<Double>, sagitta s: Double) -> (line: WallCenterLine, center: SIMD2<Double>, radius: Double, ccw: Bool)? {
        let c = length(b - a)
        guard abs(s) > 1e-3, abs(s) < c / 2 else { return nil }
        let r = (c * c / 4 + s * s) / (2 * abs(s))
        let m = (a + b) / 2, n = left(unit(b - a))
        // Outward bulge (to the right): centre on the left; inward: centre on the right.
        let ccw = s > 0
        let o = m + n * ((r - abs(s)) * (ccw ? 1 : -1))
        let a0 = atan2(a.y - o.y, a.x - o.x)
        var a1 = atan2(b.y - o.y, b.x - o.x)
        if ccw { while a1 <= a0 { a1 += 2 * .pi } } else { while a1 >= a0 { a1 -= 2 * .pi } }
        return (.arc(center: o, radius: r, startAngle: a0, endAngle: a1), o, r, ccw)
    }

    /// Distance from `origin` along the unit direction `dir` to the polygon's boundary (∞ when it misses).
    static func rayDepth(_ poly: [SIMD2<Double>], from origin: SIMD2<Double>, along dir: SIMD2<Double>) -> Double {
        var best = Double.infinity
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count], e = b - a
            let den = cross(dir, e)
            guard abs(den) > 1e-12 else { continue }
            let t = cross(a - origin, e) / den, u = cross(a - origin, dir) / den
            if t > 1e-6 && u >= -1e-9 && u <= 1 + 1e-9 { best = min(best, t) }
        }
        return best
    }

    /// An oriented rectangle: centre, unit axis `u` for the width, and the perpendicular for the depth.
    static func rect(center: SIMD2<Double>, axis u: SIMD2<Double>, width: Double, depth: Double) -> [SIMD2<Double>] {
        let v = left(u)
        let hu = u * (width / 2), hv = v * (depth / 2)
        return [center - hu - hv, center + hu - hv, center + hu + hv, center - hu + hv]
    }
}
