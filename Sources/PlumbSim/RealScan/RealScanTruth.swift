import Foundation
import Plumbline
import PlumbKernel

/// Measured ground truth of a real scan: floor and ceiling, the rooms' floor polygons, wall planes where
/// they were measured, and how certain the measurements are. Everything is in the **scan's own frame**
/// (the point-cloud file's coordinates, metres), whose up axis is ``up``.
///
/// Plan coordinates are the two horizontal axes of that frame: `(x, y)` for a z-up scan, `(x, z)` for a
/// y-up one (``planPoint(_:)``); heights are the up coordinate (``height(_:)``).
///
/// The decoder understands two layouts (see ``decode(_:)``) and checks every number: finite, lists
/// bounded, polygons simple with a positive area that matches a declared `area_m2`, planes with unit
/// normals (walls upright, floor and ceiling level within 15°), floor / ceiling values consistent with
/// their planes.
public struct RealScanTruth: Sendable, Codable, Equatable {
    /// The up axis of the scan's frame.
    public enum UpAxis: String, Sendable, Codable, Equatable, CaseIterable {
        /// +y up (phone scanners, RoomPlan): plan coordinates (x, z).
        case y
        /// +z up (terrestrial laser scanners, PCL): plan coordinates (x, y).
        case z
    }

    /// A plane `dot(normal, p - point) = 0` in the scan frame.
    public struct Plane: Sendable, Codable, Equatable {
        /// Unit normal.
        public var normal: SIMD3<Double>
        /// A point on the plane, metres.
        public var point: SIMD3<Double>
        /// RMS distance of the points the plane was fitted to, metres, when given.
        public var rms: Double?

        /// A plane through `point` with normal `normal` (normalised here unless already unit within 1e-12, so
        /// an encode / decode round trip keeps it bit for bit; must be non-zero and finite).
        public init(normal: SIMD3<Double>, point: SIMD3<Double>, rms: Double? = nil) {
            let l = (normal * normal).sum().squareRoot()
            self.normal = l > 0 && abs(l - 1) > 1e-12 ? normal / l : normal
            self.point = point
            self.rms = rms
        }

        /// Signed distance of `p` from the plane along ``normal``, metres. O(1).
        public func signedDistance(_ p: SIMD3<Double>) -> Double { (normal * (p - point)).sum() }
    }

    /// One room of the truth.
    public struct Room: Sendable, Codable, Equatable {
        /// Display name.
        public var name: String
        /// Floor polygon in plan coordinates (see ``RealScanTruth/planPoint(_:)``), metres; simple, either
        /// orientation, no closing repeat.
        public var polygon: [SIMD2<Double>]
        /// Whether the polygon is the whole room (`true`) or only the observed part of a room that goes on
        /// (`false`, e.g. a corridor seen over a few metres): then its sides that carry no measured wall
        /// plane are open cuts, not walls.
        public var isComplete: Bool
        /// Ceiling height above the floor for this room when it differs from the truth's, metres.
        public var ceilingHeight: Double?

        /// A room.
        public init(name: String, polygon: [SIMD2<Double>], isComplete: Bool = true, ceilingHeight: Double? = nil) {
            self.name = name
            self.polygon = polygon
            self.isComplete = isComplete
            self.ceilingHeight = ceilingHeight
        }

        /// Floor area of the polygon, m². O(n).
        public var area: Double { abs(Plan2D.signedArea(polygon)) }
    }

    /// A measured wall plane.
    public struct WallPlane: Sendable, Codable, Equatable {
        /// Display name (`south wall`).
        public var name: String
        /// The plane (normal horizontal within ``RealScanTruth/maximumWallTilt``).
        public var plane: Plane

        /// A named wall plane.
        public init(name: String, plane: Plane) {
            self.name = name
            self.plane = plane
        }
    }

    /// The scan file the truth belongs to, when named.
    public var scan: String?
    /// The up axis of the scan frame.
    public var up: UpAxis
    /// Floor height (up coordinate) at plan point (0, 0), metres.
    public var floorLevel: Double
    /// The measured floor plane when the floor is not level in the scan frame (a tilted registration).
    public var floorPlane: Plane?
    /// Floor-to-ceiling height, metres.
    public var ceilingHeight: Double
    /// The measured ceiling plane, when given.
    public var ceilingPlane: Plane?
    /// The rooms (at least one).
    public var rooms: [Room]
    /// Measured wall planes (may be empty).
    public var walls: [WallPlane]
    /// Stated measurement uncertainty, metres.
    public var uncertainty: Double

    /// A truth from its parts (not validated; ``validate()`` checks it).
    public init(scan: String? = nil, up: UpAxis, floorLevel: Double, floorPlane: Plane? = nil, ceilingHeight: Double,
                ceilingPlane: Plane? = nil, rooms: [Room], walls: [WallPlane] = [], uncertainty: Double) {
        self.scan = scan
        self.up = up
        self.floorLevel = floorLevel
        self.floorPlane = floorPlane
        self.ceilingHeight = ceilingHeight
        self.ceilingPlane = ceilingPlane
        self.rooms = rooms
        self.walls = walls
        self.uncertainty = uncertainty
    }

    /// Whether every room is complete (closed).
    public var roomsComplete: Bool { rooms.allSatisfy(\.isComplete) }

    /// Most rooms, walls and polygon vertices accepted.
    public static let maximumRooms = 1000, maximumWalls = 1000, maximumPolygonVertices = 10_000
    /// Largest accepted coordinate magnitude, metres (georeferenced truths must be shifted first).
    public static let maximumCoordinate = 1.0e6
    /// Largest angle between a wall plane's normal and the horizontal, and between the floor / ceiling
    /// normal and the up axis, degrees.
    public static let maximumWallTilt = 15.0

    /// Unit up vector of the frame.
    public var upVector: SIMD3<Double> { up == .z ? SIMD3(0, 0, 1) : SIMD3(0, 1, 0) }

    /// Plan coordinates of a scan-frame point: (x, y) for z-up, (x, z) for y-up. O(1).
    public func planPoint(_ p: SIMD3<Double>) -> SIMD2<Double> { up == .z ? SIMD2(p.x, p.y) : SIMD2(p.x, p.z) }

    /// Height (up coordinate) of a scan-frame point, metres. O(1).
    public func height(_ p: SIMD3<Double>) -> Double { up == .z ? p.z : p.y }

    /// The scan-frame point at plan coordinates `plan` and height `height`. O(1).
    public func point(plan: SIMD2<Double>, height: Double) -> SIMD3<Double> {
        up == .z ? SIMD3(plan.x, plan.y, height) : SIMD3(plan.x, height, plan.y)
    }

    /// Floor height under plan point `q`: on ``floorPlane`` when given, else ``floorLevel``. O(1).
    public func floorHeight(atPlan q: SIMD2<Double>) -> Double {
        guard let f = floorPlane else { return floorLevel }
        return Self.height(of: f, atPlan: q, up: up)
    }

    /// Height of a non-vertical plane above plan point `q` in a frame with up axis `up`. O(1).
    static func height(of f: Plane, atPlan q: SIMD2<Double>, up: UpAxis) -> Double {
        let n = f.normal, p = f.point
        let (na, nb, nh) = up == .z ? (n.x, n.y, n.z) : (n.x, n.z, n.y)
        let (pa, pb, ph) = up == .z ? (p.x, p.y, p.z) : (p.x, p.z, p.y)
        return ph - (na * (q.x - pa) + nb * (q.y - pb)) / nh
    }

    // MARK: Decoding

    /// Decodes a truth file. Two layouts are understood, and mixtures of them:
    /// - flat (PCL room): `floor_z` (or `floor_y`), `ceiling_z` and/or `ceiling_height`, rooms with
    ///   `polygon_xy` (or `polygon_xz`), `uncertainty_m`; the up axis follows from the suffixes;
    /// - planar (3DTK corridor, and what ``encode(to:)`` writes): `up`, `floor`, optional `floor_plane`
    ///   and `ceiling_plane` (`normal`, `point`, `rms`), `ceiling_height`, rooms with `polygon` and
    ///   `plane_axes`, `rooms_complete`, `walls` (`name`, `normal`, `point`, `rms`), `uncertainty_m`.
    ///
    /// Per room, `complete` overrides the top-level `rooms_complete` (default true); `ceiling_height`
    /// equal to the truth's is not kept. Unknown keys (notes, provenance) are ignored.
    /// - Throws: ``RealScanTruthError`` naming the missing or bad field.
    /// - Complexity: O(size of the input).
    public static func decode(_ data: Data) throws(RealScanTruthError) -> RealScanTruth {
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
            throw .unreadable(detail: "not JSON: \(error)")
        }
        return try parse(value)
    }

    /// Truth files larger than this (16 MiB) are refused before reading (streams once they pass it).
    public static let maximumFileBytes = 16 << 20

    /// Reads and decodes a truth file (see ``decode(_:)``), at most ``maximumFileBytes``.
    /// - Throws: ``RealScanTruthError``.
    public static func load(contentsOf url: URL) throws(RealScanTruthError) -> RealScanTruth {
        let data: Data
        do throws(SafeFileError) { data = try SafeFile.read(contentsOf: url.path, limit: maximumFileBytes) } catch {
            throw .unreadable(detail: error.description)
        }
        return try decode(data)
    }

    /// Decodes either layout (see ``decode(_:)``); errors are ``RealScanTruthError`` values.
    public init(from decoder: any Decoder) throws {
        self = try Self.parse(try JSONValue(from: decoder))
    }

    /// Encodes the planar layout (`up`, `floor`, `floor_plane`, `ceiling_height`, `ceiling_plane`,
    /// `rooms` with `polygon`, `plane_axes`, `complete`, `walls`, `uncertainty_m`), which ``decode(_:)``
    /// reads back to an equal value.
    public func encode(to encoder: any Encoder) throws {
        func vec(_ v: SIMD3<Double>) -> JSONValue { .array([.number(v.x), .number(v.y), .number(v.z)]) }
        func plane(_ p: Plane, name: String? = nil) -> JSONValue {
            var o: [String: JSONValue] = ["normal": vec(p.normal), "point": vec(p.point)]
            if let r = p.rms { o["rms"] = .number(r) }
            if let name { o["name"] = .string(name) }
            return .object(o)
        }
        var o: [String: JSONValue] = [
            "up": .string(up.rawValue), "floor": .number(floorLevel), "ceiling_height": .number(ceilingHeight),
            "uncertainty_m": .number(uncertainty), "rooms_complete": .bool(roomsComplete),
            "walls": .array(walls.map { plane($0.plane, name: $0.name) }),
            "rooms": .array(rooms.map { r in
                var ro: [String: JSONValue] = [
                    "name": .string(r.name), "complete": .bool(r.isComplete), "plane_axes": .string(up == .z ? "x,y" : "x,z"),
                    "polygon": .array(r.polygon.map { .array([.number($0.x), .number($0.y)]) }),
                ]
                if let c = r.ceilingHeight { ro["ceiling_height"] = .number(c) }
                return .object(ro)
            }),
        ]
        if let scan { o["scan"] = .string(scan) }
        if let floorPlane { o["floor_plane"] = plane(floorPlane) }
        if let ceilingPlane { o["ceiling_plane"] = plane(ceilingPlane) }
        try JSONValue.object(o).encode(to: encoder)
    }

    /// Parses a decoded JSON value (either layout) and validates it.
    static func parse(_ value: JSONValue) throws(RealScanTruthError) -> RealScanTruth {
        guard case let .object(top) = value else { throw .unreadable(detail: "the top level is not a JSON object") }
        let r = Reader(top, path: "")
        // Up axis: explicit, else implied by the flat layout's suffixes.
        let up: UpAxis
        if let s = try r.string("up") {
            guard let u = UpAxis(rawValue: s.lowercased()) else { throw .badField("up", reason: "'\(s)' is not y or z") }
            up = u
        } else if top["floor_z"] != nil || top["ceiling_z"] != nil || Self.roomsHave(top, "polygon_xy") {
            up = .z
        } else if top["floor_y"] != nil || top["ceiling_y"] != nil || Self.roomsHave(top, "polygon_xz") {
            up = .y
        } else {
            throw .missingField("up | floor_z | floor_y")
        }
        let h = up.rawValue
        let floorPlane = try r.plane("floor_plane", up: up, upright: false)
        let ceilingPlane = try r.plane("ceiling_plane", up: up, upright: false)
        // Floor level at plan (0, 0).
        var floorLevel = try r.firstNumber(["floor", "floor_\(h)", "floor_level"])
        if let f = floorPlane {
            let fromPlane = height(of: f, atPlan: .zero, up: up)
            if let given = floorLevel, abs(given - fromPlane) > 0.05 {
                throw .badField("floor", reason: "\(given) disagrees with floor_plane's height \(fromPlane) at plan (0, 0)")
            }
            floorLevel = floorLevel ?? fromPlane
        }
        guard let floorLevel else { throw .missingField("floor | floor_\(h) | floor_level | floor_plane") }
        // Ceiling height above the floor.
        let ceilingAbsolute = try r.number("ceiling_\(h)")
        var ceilingHeight = try r.number("ceiling_height")
        if let c = ceilingAbsolute {
            if let given = ceilingHeight, abs(given - (c - floorLevel)) > 0.05 {
                throw .badField("ceiling_height", reason: "\(given) disagrees with ceiling_\(h) - floor = \(c - floorLevel)")
            }
            ceilingHeight = ceilingHeight ?? c - floorLevel
        }
        if ceilingHeight == nil, let c = ceilingPlane {
            let q = SIMD2(c.point.x, up == .z ? c.point.y : c.point.z)
            ceilingHeight = height(of: c, atPlan: q, up: up) - (floorPlane.map { height(of: $0, atPlan: q, up: up) } ?? floorLevel)
        }
        guard let ceilingHeight else { throw .missingField("ceiling_height | ceiling_\(h) | ceiling_plane") }
        guard ceilingHeight > 0.5, ceilingHeight < 100 else {
            throw .badField("ceiling_height", reason: "\(ceilingHeight) m is not between 0.5 and 100 m")
        }
        guard let uncertainty = try r.firstNumber(["uncertainty_m", "uncertainty"]) else {
            throw .missingField("uncertainty_m | uncertainty")
        }
        guard uncertainty >= 0, uncertainty <= 1 else { throw .badField("uncertainty_m", reason: "\(uncertainty) m is not in 0...1") }
        let complete = try r.bool("rooms_complete") ?? true
        // Rooms.
        guard let roomValues = try r.array("rooms") else { throw .missingField("rooms") }
        guard !roomValues.isEmpty else { throw .badField("rooms", reason: "no rooms") }
        guard roomValues.count <= maximumRooms else { throw .tooLarge("rooms", count: roomValues.count, limit: maximumRooms) }
        var rooms: [Room] = []
        for (k, v) in roomValues.enumerated() {
            let path = "rooms[\(k)]"
            guard case let .object(o) = v else { throw .badField(path, reason: "not an object") }
            let rr = Reader(o, path: path + ".")
            if let axes = try rr.string("plane_axes") {
                let want = up == .z ? "x,y" : "x,z"
                guard axes.replacingOccurrences(of: " ", with: "").lowercased() == want else {
                    throw .badField(path + ".plane_axes", reason: "'\(axes)' does not match up axis \(h) (expected \(want))")
                }
            }
            let key = up == .z ? "polygon_xy" : "polygon_xz"
            let polyKey = o["polygon"] != nil ? "polygon" : key
            guard let poly = try rr.points2(polyKey) else { throw .missingField("\(path).polygon | \(path).\(key)") }
            let area = abs(Plan2D.signedArea(poly))
            guard area > 0.01 else { throw .badField("\(path).\(polyKey)", reason: "area \(area) m² is not positive") }
            if let s = Plan2D.firstSelfIntersection(poly) {
                throw .badField("\(path).\(polyKey)", reason: "side \(s) crosses another side")
            }
            if let declared = try rr.number("area_m2"), abs(declared - area) > 0.02 * area + 0.1 {
                throw .badField("\(path).area_m2", reason: "\(declared) m² disagrees with the polygon's area \(area) m²")
            }
            var ch = try rr.number("ceiling_height")
            if let c = ch {
                guard c > 0.5, c < 100 else { throw .badField("\(path).ceiling_height", reason: "\(c) m is not between 0.5 and 100 m") }
                if abs(c - ceilingHeight) < 1e-9 { ch = nil }
            }
            rooms.append(Room(name: try rr.string("name") ?? "room \(k)", polygon: poly,
                              isComplete: try rr.bool("complete") ?? complete, ceilingHeight: ch))
        }
        // Wall planes.
        var walls: [WallPlane] = []
        let wallValues = try r.array("walls") ?? []
        guard wallValues.count <= maximumWalls else { throw .tooLarge("walls", count: wallValues.count, limit: maximumWalls) }
        for (k, v) in wallValues.enumerated() {
            let path = "walls[\(k)]"
            guard case let .object(o) = v else { throw .badField(path, reason: "not an object") }
            let wr = Reader(o, path: path + ".")
            guard let p = try wr.planeFields(up: up, upright: true) else { throw .missingField("\(path).normal | \(path).point") }
            walls.append(WallPlane(name: try wr.string("name") ?? "wall \(k)", plane: p))
        }
        let scan = try r.string("scan")
        return RealScanTruth(scan: scan, up: up, floorLevel: floorLevel, floorPlane: floorPlane, ceilingHeight: ceilingHeight,
                             ceilingPlane: ceilingPlane, rooms: rooms, walls: walls, uncertainty: uncertainty)
    }

    private static func roomsHave(_ top: [String: JSONValue], _ key: String) -> Bool {
        guard case let .array(rooms)? = top["rooms"] else { return false }
        return rooms.contains { if case let .object(o) = $0 { o[key] != nil } else { false } }
    }

    /// Typed field access on one JSON object; every accessor names the full path in its errors.
    private struct Reader {
        let o: [String: JSONValue]
        let path: String
        init(_ o: [String: JSONValue], path: String) { self.o = o; self.path = path }

        func number(_ key: String) throws(RealScanTruthError) -> Double? {
            guard let v = o[key], v != .null else { return nil }
            return try Self.number(v, path + key)
        }

        static func number(_ v: JSONValue, _ path: String) throws(RealScanTruthError) -> Double {
            let d: Double
            switch v {
            case let .integer(i): d = Double(i)
            case let .number(x): d = x
            default: throw .badField(path, reason: "not a number")
            }
            guard d.isFinite, abs(d) <= RealScanTruth.maximumCoordinate else {
                throw .badField(path, reason: "\(d) is not finite or exceeds \(RealScanTruth.maximumCoordinate)")
            }
            return d
        }

        /// The first of `keys` that is present, as a number.
        func firstNumber(_ keys: [String]) throws(RealScanTruthError) -> Double? {
            for k in keys { if let d = try number(k) { return d } }
            return nil
        }

        func string(_ key: String) throws(RealScanTruthError) -> String? {
            guard let v = o[key], v != .null else { return nil }
            guard case let .string(s) = v else { throw .badField(path + key, reason: "not a string") }
            return s
        }

        func bool(_ key: String) throws(RealScanTruthError) -> Bool? {
            guard let v = o[key], v != .null else { return nil }
            guard case let .bool(b) = v else { throw .badField(path + key, reason: "not true or false") }
            return b
        }

        func array(_ key: String) throws(RealScanTruthError) -> [JSONValue]? {
            guard let v = o[key], v != .null else { return nil }
            guard case let .array(a) = v else { throw .badField(path + key, reason: "not an array") }
            return a
        }

        func vector3(_ key: String) throws(RealScanTruthError) -> SIMD3<Double>? {
            guard let a = try array(key) else { return nil }
            guard a.count == 3 else { throw .badField(path + key, reason: "has \(a.count) numbers, not 3") }
            return SIMD3(try Self.number(a[0], "\(path)\(key)[0]"), try Self.number(a[1], "\(path)\(key)[1]"),
                         try Self.number(a[2], "\(path)\(key)[2]"))
        }

        func points2(_ key: String) throws(RealScanTruthError) -> [SIMD2<Double>]? {
            guard let a = try array(key) else { return nil }
            guard a.count >= 3 else { throw .badField(path + key, reason: "has \(a.count) vertices, fewer than 3") }
            guard a.count <= RealScanTruth.maximumPolygonVertices else {
                throw .tooLarge(path + key, count: a.count, limit: RealScanTruth.maximumPolygonVertices)
            }
            var out: [SIMD2<Double>] = []
            for (k, v) in a.enumerated() {
                guard case let .array(xy) = v, xy.count == 2 else { throw .badField("\(path)\(key)[\(k)]", reason: "not a pair [a, b]") }
                out.append(SIMD2(try Self.number(xy[0], "\(path)\(key)[\(k)][0]"), try Self.number(xy[1], "\(path)\(key)[\(k)][1]")))
            }
            return out
        }

        /// A plane object under `key` (`normal`, `point`, optional `rms`).
        func plane(_ key: String, up: UpAxis, upright: Bool) throws(RealScanTruthError) -> Plane? {
            guard let v = o[key], v != .null else { return nil }
            guard case let .object(p) = v else { throw .badField(path + key, reason: "not an object") }
            guard let plane = try Reader(p, path: path + key + ".").planeFields(up: up, upright: upright) else {
                throw .missingField("\(path)\(key).normal | \(path)\(key).point")
            }
            return plane
        }

        /// This object's own `normal`, `point` and `rms` as a plane; nil when both are absent. An upright
        /// plane (wall) must have a normal within ``RealScanTruth/maximumWallTilt`` of horizontal, a level one
        /// (floor, ceiling) within it of the up axis.
        func planeFields(up: UpAxis, upright: Bool) throws(RealScanTruthError) -> Plane? {
            let n = try vector3("normal"), p = try vector3("point")
            if n == nil && p == nil { return nil }
            guard let n else { throw .missingField(path + "normal") }
            guard let p else { throw .missingField(path + "point") }
            let l = (n * n).sum().squareRoot()
            guard l > 1e-6 else { throw .badField(path + "normal", reason: "zero vector") }
            let rms = try number("rms")
            if let rms, rms < 0 { throw .badField(path + "rms", reason: "negative") }
            let plane = Plane(normal: n, point: p, rms: rms)
            let upComponent = abs(up == .z ? plane.normal.z : plane.normal.y)
            let tilt = upright ? asin(min(upComponent, 1)) * 180 / .pi : acos(min(upComponent, 1)) * 180 / .pi
            guard tilt <= RealScanTruth.maximumWallTilt else {
                throw .badField(path + "normal", reason: String(format: "%.1f° from %@", tilt, upright ? "horizontal (a wall must be upright)" : "the up axis"))
            }
            return plane
        }
    }
}
