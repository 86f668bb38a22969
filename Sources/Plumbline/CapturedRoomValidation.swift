import Foundation

/// Why a ``CapturedRoom`` or ``CapturedStructure`` is not a well-formed parametric model. Every case
/// names the element as `walls[3] (identifier …)`, `objects[0] (identifier …)`, `sections[1]`,
/// `rooms[2].doors[0] (identifier …)` (index into the model's arrays, then the element's identifier)
/// and, where it applies, the field at fault.
public enum CapturedRoomValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A transform, dimension, corner, centre or curve value is NaN or infinite.
    case nonFinite(element: String, field: String)
    /// A value lies outside its physical bounds (`field` such as `dimensions.x`, `transform.translation`,
    /// `curve.radius`; `requirement` says what is accepted, for example `> 0 and < 1000 m`).
    case outOfRange(element: String, field: String, value: Float, requirement: String)
    /// The transform is not a rigid motion: `detail` says how (columns not orthonormal, a mirror, a
    /// bottom row other than `(0, 0, 0, 1)`; tolerance 1e-2).
    case notRigid(element: String, detail: String)
    /// `polygonCorners` has 1 or 2 corners (it must be empty or a polygon).
    case degeneratePolygon(element: String, cornerCount: Int)
    /// `polygonCorners` (in the element's local x-y plane) is not a simple polygon: edge `firstEdge`
    /// (from corner `firstEdge` to the next) crosses edge `secondEdge` (in their interiors, or at a corner
    /// of one or both) or folds back onto it (touching at a point without crossing is accepted).
    case selfIntersectingPolygon(element: String, firstEdge: Int, secondEdge: Int)
    /// Two elements (or two rooms of a structure) share one identifier: the second is a duplicate.
    case duplicateIdentifier(UUID, first: String, second: String)
    /// A door, window or opening names a parent that is not a wall of the room.
    case danglingParent(element: String, parent: UUID)

    /// The element the error is about (`walls[3] (identifier …)`, `rooms[1]`, …).
    public var element: String {
        switch self {
        case .nonFinite(let e, _), .outOfRange(let e, _, _, _), .notRigid(let e, _), .degeneratePolygon(let e, _),
             .selfIntersectingPolygon(let e, _, _), .danglingParent(let e, _):
            return e
        case .duplicateIdentifier(_, _, let second): return second
        }
    }

    /// What is wrong with ``element``: the field and what is accepted.
    public var problem: String {
        switch self {
        case .nonFinite(_, let f): return "\(f) is not finite"
        case .outOfRange(_, let f, let v, let r): return "\(f) = \(v) is out of range (must be \(r))"
        case .notRigid(_, let d): return "transform is not a rigid transform (\(d))"
        case .degeneratePolygon(_, let n): return "polygonCorners has \(n) corners (need 0 or ≥ 3)"
        case .selfIntersectingPolygon(_, let a, let b):
            return "polygonCorners is not a simple polygon (edge \(a) crosses or overlaps edge \(b))"
        case .duplicateIdentifier(let id, let first, _):
            return "repeats identifier \(id.uuidString) of \(first) (a duplicated element or room)"
        case .danglingParent(_, let p): return "parentIdentifier \(p.uuidString) is not a wall of the room"
        }
    }

    /// A one-line human-readable description: the element, the field and what is accepted.
    public var description: String { "\(element): \(problem)" }
}

/// A model type checked by ``RoomPlanJSON/decode(_:from:)`` after decoding.
protocol ValidatedRoomPlanModel {
    /// Throws when the model is not well formed.
    func validateModel() throws(CapturedRoomValidationError)
}

extension CapturedRoom: ValidatedRoomPlanModel {
    /// Largest distance of an element's origin (or a section centre) from the model origin ``validate()``
    /// accepts, metres (a building site, not a city).
    public static let maximumCoordinate: Float = 10_000
    /// Dimensions, polygon extents, curve radii and curve centres must stay below this, metres.
    public static let maximumSize: Float = 1_000
    /// Most `polygonCorners` one surface may have (bounds the simplicity check's quadratic work).
    public static let maximumPolygonCorners = 10_000
    /// Most edge pairs the simplicity check examines over one model's polygons together (Σ n(n-1)/2;
    /// a real house needs about 10⁴), so a 64 MiB file of polygons is refused in well under a second
    /// instead of being checked for minutes.
    public static let maximumPolygonWork = 50_000_000
    /// Largest accepted curve start angle magnitude and arc span, radians (2π, plus rounding slack).
    static let angleLimit: Float = 2 * .pi + 1e-3

    /// Checks that the room is a well-formed parametric model with physical bounds:
    /// - transforms finite and rigid (orthonormal rotation, determinant +1, bottom row `0 0 0 1`),
    ///   translations within ``maximumCoordinate`` m of the model origin;
    /// - surface width and height > 0, depth ≥ 0, object dimensions > 0, all below ``maximumSize`` m;
    /// - `polygonCorners` empty or ≥ 3 finite corners (at most ``maximumPolygonCorners``) within
    ///   ``maximumSize`` m of the element's origin, forming a simple polygon in local x-y (no two
    ///   edges cross or overlap, also not at a corner; touching at a point without crossing is accepted);
    /// - curves: radius > 0, centre within ``maximumSize`` m, start angle within ±2π, span
    ///   `|endAngle - startAngle|` ≤ 2π;
    /// - section centres finite and within ``maximumCoordinate`` m;
    /// - identifiers unique; door, window and opening parents are walls of this room.
    /// - Throws: ``CapturedRoomValidationError`` naming the first element and field at fault.
    /// - Complexity: O(elements + Σ corners²) (the polygon check; corners are capped).
    public func validate() throws(CapturedRoomValidationError) {
        var work = 0
        try validate(prefix: "", work: &work)
    }

    func validateModel() throws(CapturedRoomValidationError) { try validate() }

    /// ``validate()`` with element names prefixed by `prefix` (`rooms[2].`); `work` counts the polygon
    /// edge pairs examined so far (see ``maximumPolygonWork``).
    func validate(prefix: String, work: inout Int) throws(CapturedRoomValidationError) {
        var seen: [UUID: String] = [:]
        try Self.validateElements(
            walls: walls, doors: doors, windows: windows, openings: openings, floors: floors, objects: objects,
            sections: sections, prefix: prefix, seen: &seen, work: &work)
    }

    /// The shared checks of rooms and of a structure's merged arrays; `seen` collects identifiers.
    static func validateElements(
        walls: [Surface], doors: [Surface], windows: [Surface], openings: [Surface], floors: [Surface],
        objects: [Object], sections: [Section], prefix: String, seen: inout [UUID: String], work: inout Int
    ) throws(CapturedRoomValidationError) {
        let lists: [(String, [Surface])] = [
            ("walls", walls), ("doors", doors), ("windows", windows), ("openings", openings), ("floors", floors),
        ]
        for (listName, list) in lists {
            for (i, s) in list.enumerated() {
                let name = "\(prefix)\(listName)[\(i)] (identifier \(s.identifier.uuidString))"
                if let first = seen[s.identifier] { throw .duplicateIdentifier(s.identifier, first: first, second: name) }
                seen[s.identifier] = name
                try checkSurface(s, name, work: &work)
            }
        }
        let wallIDs = Set(walls.map(\.identifier))
        for (listName, list) in lists[1...3] {
            for (i, s) in list.enumerated() {
                if let p = s.parentIdentifier, !wallIDs.contains(p) {
                    throw .danglingParent(element: "\(prefix)\(listName)[\(i)] (identifier \(s.identifier.uuidString))", parent: p)
                }
            }
        }
        for (i, o) in objects.enumerated() {
            let name = "\(prefix)objects[\(i)] (identifier \(o.identifier.uuidString))"
            if let first = seen[o.identifier] { throw .duplicateIdentifier(o.identifier, first: first, second: name) }
            seen[o.identifier] = name
            try checkTransform(name, o.transform)
            try checkDimensions(name, o.dimensions, positiveDepth: true)
        }
        for (i, s) in sections.enumerated() {
            let name = "\(prefix)sections[\(i)]"
            guard s.center.x.isFinite, s.center.y.isFinite, s.center.z.isFinite else {
                throw .nonFinite(element: name, field: "center")
            }
            let d = length(s.center)
            if !(d <= maximumCoordinate) {
                throw .outOfRange(element: name, field: "center", value: d, requirement: "within \(Int(maximumCoordinate)) m of the origin")
            }
        }
    }

    /// One surface's transform, dimensions, polygon and curve.
    static func checkSurface(_ s: Surface, _ name: String, work: inout Int) throws(CapturedRoomValidationError) {
        try checkTransform(name, s.transform)
        try checkDimensions(name, s.dimensions, positiveDepth: false)
        let n = s.polygonCorners.count
        if n == 1 || n == 2 { throw .degeneratePolygon(element: name, cornerCount: n) }
        if n > maximumPolygonCorners {
            throw .outOfRange(element: name, field: "polygonCorners.count", value: Float(n),
                              requirement: "at most \(maximumPolygonCorners)")
        }
        for p in s.polygonCorners {
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { throw .nonFinite(element: name, field: "polygonCorners") }
            let d = length(p)
            if !(d < maximumSize) {
                throw .outOfRange(element: name, field: "polygonCorners", value: d,
                                  requirement: "within \(Int(maximumSize)) m of the element's origin")
            }
        }
        work += n * (n - 1) / 2
        if work > maximumPolygonWork {
            throw .outOfRange(element: name, field: "polygonCorners.count", value: Float(n),
                              requirement: "small enough that the model's polygons have at most \(maximumPolygonWork) edge pairs together")
        }
        if n >= 3, let (a, b) = PolygonSimplicity.firstIntersection(s.polygonCorners.map { SIMD2(Double($0.x), Double($0.y)) }) {
            throw .selfIntersectingPolygon(element: name, firstEdge: a, secondEdge: b)
        }
        if let c = s.curve {
            guard c.center.x.isFinite, c.center.y.isFinite, c.radius.isFinite, c.startAngle.isFinite, c.endAngle.isFinite else {
                throw .nonFinite(element: name, field: "curve")
            }
            if !(c.radius > 0 && c.radius < maximumSize) {
                throw .outOfRange(element: name, field: "curve.radius", value: c.radius, requirement: "> 0 and < \(Int(maximumSize)) m")
            }
            let cd = (c.center.x * c.center.x + c.center.y * c.center.y).squareRoot()
            if !(cd < maximumSize) {
                throw .outOfRange(element: name, field: "curve.center", value: cd, requirement: "within \(Int(maximumSize)) m of the element's origin")
            }
            if !(abs(c.startAngle) <= angleLimit) {
                throw .outOfRange(element: name, field: "curve.startAngle", value: c.startAngle,
                                  requirement: "within ±2π rad (normalised)")
            }
            let span = abs(c.endAngle - c.startAngle)
            if !(span <= angleLimit) {
                throw .outOfRange(element: name, field: "curve.endAngle", value: c.endAngle,
                                  requirement: "within 2π rad of startAngle (an arc spans at most a full turn)")
            }
        }
    }

    /// Finite, rigid, within ``maximumCoordinate`` of the origin.
    static func checkTransform(_ name: String, _ t: Transform4x4) throws(CapturedRoomValidationError) {
        guard t.isFinite else { throw .nonFinite(element: name, field: "transform") }
        let tol: Float = 1e-2
        let x = t.xAxis, y = t.yAxis, z = t.zAxis
        let e = t.elements
        if abs(e[3]) > tol || abs(e[7]) > tol || abs(e[11]) > tol || abs(e[15] - 1) > tol {
            throw .notRigid(element: name, detail: "bottom row is not (0, 0, 0, 1)")
        }
        let ortho: [Float] = [dot(x, x) - 1, dot(y, y) - 1, dot(z, z) - 1, dot(x, y), dot(y, z), dot(x, z)]
        if !ortho.allSatisfy({ abs($0) <= tol }) {
            throw .notRigid(element: name, detail: "rotation columns are not orthonormal (scaled or sheared)")
        }
        if abs(dot(cross(x, y), z) - 1) > tol {
            throw .notRigid(element: name, detail: "determinant is -1: a mirror, not a rotation")
        }
        let d = length(t.translation)
        if !(d <= maximumCoordinate) {
            throw .outOfRange(element: name, field: "transform.translation", value: d,
                              requirement: "within \(Int(maximumCoordinate)) m of the model origin")
        }
    }

    /// Width and height > 0 and below ``maximumSize``; depth ≥ 0 (> 0 when `positiveDepth`).
    static func checkDimensions(_ name: String, _ d: SIMD3<Float>, positiveDepth: Bool) throws(CapturedRoomValidationError) {
        guard d.x.isFinite, d.y.isFinite, d.z.isFinite else { throw .nonFinite(element: name, field: "dimensions") }
        for (axis, v, strict) in [("x", d.x, true), ("y", d.y, true), ("z", d.z, positiveDepth)] {
            let ok = (strict ? v > 0 : v >= 0) && v < maximumSize
            if !ok {
                throw .outOfRange(element: name, field: "dimensions.\(axis)", value: v,
                                  requirement: "\(strict ? "> 0" : "≥ 0") and < \(Int(maximumSize)) m")
            }
        }
    }

    static func length(_ v: SIMD3<Float>) -> Float { (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot() }
    static func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }
    static func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}

extension CapturedStructure: ValidatedRoomPlanModel {
    /// Checks every room (``CapturedRoom/validate()``, elements named `rooms[i].walls[k] …`), that no
    /// room appears twice (room identifiers and element identifiers unique across the rooms: a duplicated
    /// room would be counted twice), and the merged arrays by the same element rules (identifiers unique
    /// within them; they may reuse a room element's identifier).
    /// - Throws: ``CapturedRoomValidationError`` naming the first element and field at fault.
    public func validate() throws(CapturedRoomValidationError) {
        var roomIDs: [UUID: String] = [:]
        var work = 0
        var acrossRooms: [UUID: String] = [:]
        for (r, room) in rooms.enumerated() {
            let name = "rooms[\(r)]"
            if let first = roomIDs[room.identifier] { throw .duplicateIdentifier(room.identifier, first: first, second: name) }
            roomIDs[room.identifier] = name
            try room.validate(prefix: name + ".", work: &work)
            let ids = [room.walls, room.doors, room.windows, room.openings, room.floors].flatMap { $0.map(\.identifier) }
                + room.objects.map(\.identifier)
            for id in ids {
                if let first = acrossRooms[id], first != name {
                    throw .duplicateIdentifier(id, first: first, second: name)
                }
                acrossRooms[id] = name
            }
        }
        var seen: [UUID: String] = [:]
        try CapturedRoom.validateElements(
            walls: walls, doors: doors, windows: windows, openings: openings, floors: floors, objects: objects,
            sections: sections, prefix: "", seen: &seen, work: &work)
    }

    func validateModel() throws(CapturedRoomValidationError) { try validate() }
}

/// Whether a closed polygon is (weakly) simple.
enum PolygonSimplicity {
    /// The first pair of edges (edge k runs from corner k to corner k+1, wrapping) at which the outline
    /// crosses itself or folds back onto itself, ignoring repeated consecutive corners; `nil` when there is
    /// none (the polygon is weakly simple). Reported are:
    /// - two edges crossing at a point interior to both;
    /// - two edges overlapping along a stretch longer than `tolerance` (a fold back onto itself);
    /// - a corner lying on another edge (within `tolerance`) with its two edges on opposite sides of that
    ///   edge: the outline crosses the edge at the corner (reported: the edge into the corner and the other);
    /// - one point visited twice (two corners within `tolerance`) where the two visits cross: around the
    ///   point, one visit's incoming and outgoing directions separate the other's (reported: the two edges
    ///   leaving the point).
    ///
    /// Touching without crossing is accepted: the outline passing through one point twice with the two
    /// visits on one side of each other (a built floor's pocket, a hole joined to the outline at a corner),
    /// or a corner resting on another edge with both its edges on one side.
    /// - Parameter tolerance: distance, in the corners' units, within which a corner counts as lying on an
    ///   edge or on another corner; 0 (the default) decides exactly on the given values.
    /// - Complexity: O(n²) with a bounding-box rejection per pair.
    static func firstIntersection(_ input: [SIMD2<Double>], tolerance: Double = 0) -> (Int, Int)? {
        let tol = Swift.max(0, tolerance)
        func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            let d = b - a
            return (d.x * d.x + d.y * d.y).squareRoot()
        }
        // Drop repeated consecutive corners (zero-length edges), remembering original indices.
        var pts: [SIMD2<Double>] = []
        var index: [Int] = []
        for (i, p) in input.enumerated() {
            if let last = pts.last, last == p || distance(last, p) <= tol { continue }
            pts.append(p)
            index.append(i)
        }
        while pts.count > 1, pts.first == pts.last || distance(pts[0], pts[pts.count - 1]) <= tol {
            pts.removeLast()
            index.removeLast()
        }
        let n = pts.count
        guard n >= 3 else { return nil }
        func cross(_ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Double { u.x * v.y - u.y * v.x }
        /// Which side of the line through `a` and `b` `p` lies on: +1 left, -1 right, 0 within `tol` of it.
        func side(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ p: SIMD2<Double>) -> Int {
            let o = cross(b - a, p - a)
            let limit = tol * distance(a, b)
            return o > limit ? 1 : (o < -limit ? -1 : 0)
        }
        /// Proper crossing, or collinear overlap longer than `tol`.
        func conflict(_ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ q1: SIMD2<Double>, _ q2: SIMD2<Double>) -> Bool {
            let d1 = side(q1, q2, p1), d2 = side(q1, q2, p2)
            let d3 = side(p1, p2, q1), d4 = side(p1, p2, q2)
            if d1 * d2 < 0 && d3 * d4 < 0 { return true }
            guard d1 == 0 && d2 == 0 && d3 == 0 && d4 == 0 else { return false }
            // Collinear: overlap along the dominant axis.
            let axis = abs(p2.x - p1.x) + abs(q2.x - q1.x) >= abs(p2.y - p1.y) + abs(q2.y - q1.y) ? 0 : 1
            let a0 = min(p1[axis], p2[axis]), a1 = max(p1[axis], p2[axis])
            let b0 = min(q1[axis], q2[axis]), b1 = max(q1[axis], q2[axis])
            return min(a1, b1) - max(a0, b0) > tol
        }
        /// Corner `k` lies inside edge `e` (not within `tol` of its ends) and its edges leave on opposite sides.
        func crossesAtCorner(_ k: Int, _ e: Int) -> Bool {
            let a = pts[e], b = pts[(e + 1) % n], v = pts[k]
            guard side(a, b, v) == 0 else { return false }
            // Projection along the edge times its length, compared without dividing (exact when tol is 0).
            let t = ((v - a) * (b - a)).sum(), ll = ((b - a) * (b - a)).sum(), margin = tol * ll.squareRoot()
            guard t > margin, t < ll - margin else { return false }
            return side(a, b, pts[(k + n - 1) % n]) * side(a, b, pts[(k + 1) % n]) < 0
        }
        /// Whether direction `u` lies strictly inside the counter-clockwise turn from `a` to `b`.
        func strictlyBetween(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ u: SIMD2<Double>) -> Bool {
            let ab = cross(a, b)
            if ab > 0 { return cross(a, u) > 0 && cross(u, b) > 0 }
            if ab < 0 { return !(cross(b, u) >= 0 && cross(u, a) >= 0) }
            return cross(a, u) > 0  // a and b opposite (a straight pass), or equal (a spike: overlap, found above)
        }
        /// Corners `k` and `m` are one point and the outline's two passes through it cross there.
        func visitsCross(_ k: Int, _ m: Int) -> Bool {
            let v = pts[k]
            guard pts[m] == v || distance(v, pts[m]) <= tol else { return false }
            let a1 = pts[(k + n - 1) % n] - v, a2 = pts[(k + 1) % n] - v
            let b1 = pts[(m + n - 1) % n] - pts[m], b2 = pts[(m + 1) % n] - pts[m]
            // Two directions along one ray are an overlap (found by `conflict`), not a crossing.
            for x in [a1, a2] {
                for y in [b1, b2] where cross(x, y) == 0 && (x * y).sum() > 0 { return false }
            }
            return strictlyBetween(a1, a2, b1) != strictlyBetween(a1, a2, b2)
        }
        func ordered(_ x: Int, _ y: Int) -> (Int, Int) { (min(x, y), max(x, y)) }
        var lo = [SIMD2<Double>](), hi = [SIMD2<Double>]()
        lo.reserveCapacity(n)
        hi.reserveCapacity(n)
        for i in 0..<n {
            let a = pts[i], b = pts[(i + 1) % n]
            lo.append(SIMD2(min(a.x, b.x) - tol, min(a.y, b.y) - tol))
            hi.append(SIMD2(max(a.x, b.x) + tol, max(a.y, b.y) + tol))
        }
        for i in 0..<n {
            let a = pts[i], b = pts[(i + 1) % n]
            for j in (i + 1)..<n {
                if lo[i].x > hi[j].x || lo[j].x > hi[i].x || lo[i].y > hi[j].y || lo[j].y > hi[i].y { continue }
                if conflict(a, b, pts[j], pts[(j + 1) % n]) { return (index[i], index[j]) }
                // Touching at a corner: corner i (the start of edge i) on edge j, corner j on edge i, or both
                // corners one point. Corner i is an end of edges i - 1 and i only.
                if j != (i + n - 1) % n, crossesAtCorner(i, j) { return ordered(index[(i + n - 1) % n], index[j]) }
                if i != j - 1, crossesAtCorner(j, i) { return ordered(index[j - 1], index[i]) }
                if i != j - 1, j != (i + n - 1) % n, visitsCross(i, j) { return (index[i], index[j]) }
            }
        }
        return nil
    }
}
