import Foundation
import PlumbKernel
import Plumbline

/// A validated, exporter-neutral view of a ``Plumbline/CapturedRoom`` or
/// ``Plumbline/CapturedStructure``: the element arrays to draw (for a structure, its merged arrays),
/// plus the rooms (for names, areas and measurements). World frame: RoomPlan's (metres, +Y up).
public struct ExportModel: Sendable, Equatable {
    /// Largest number of surfaces + objects accepted (bounds the work and the output size).
    public static let maximumElements = 100_000
    /// Largest number of `polygonCorners` accepted on one surface.
    public static let maximumPolygonCorners = 1024
    /// Largest number of doors, windows and openings accepted in one wall.
    public static let maximumHostedPerWall = 1024

    /// Walls to draw.
    public var walls: [CapturedRoom.Surface]
    /// Doors.
    public var doors: [CapturedRoom.Surface]
    /// Windows.
    public var windows: [CapturedRoom.Surface]
    /// Openings.
    public var openings: [CapturedRoom.Surface]
    /// Floors.
    public var floors: [CapturedRoom.Surface]
    /// Objects.
    public var objects: [CapturedRoom.Object]
    /// Sections.
    public var sections: [CapturedRoom.Section]
    /// Rooms (one for a ``Plumbline/CapturedRoom``; the structure's rooms, or one per floor when it
    /// lists none).
    public var rooms: [ExportRoom]
    /// The origin the model's positions are relative to (`ModelOrigin`: world = model +
    /// origin, metres, y up); zero for models in world coordinates. For a structure: its own recorded
    /// origin, else its rooms' when they all record the same one.
    public var origin: SIMD3<Double> = .zero
    /// The rotation that levelled a model built from a scan tilted off gravity (`ModelLevelling`, recorded
    /// under `plumblineLevelling`), already applied to every element here; nil for a level model. A scan is
    /// drawn against this model after the same rotation (``ReportScan``).
    public var levelling: RigidTransform? = nil
    /// Doors, windows and openings by host identifier, in that order (built once: O(1) look-ups).
    var hostedByWall: [UUID: [CapturedRoom.Surface]] = [:]

    /// The model of one captured room; it must pass `CapturedRoom.validate()`.
    /// - Throws: ``ExportError/invalidGeometry(element:detail:)`` for non-finite, out-of-bounds or
    ///   malformed geometry (the element and the field named).
    public init(room recorded: CapturedRoom) throws(ExportError) {
        let levelling = try Self.levelling(recorded.unknownFields)
        let room = levelling.map { recorded.transformed(by: Transform4x4(rigid: $0)) } ?? recorded
        self.levelling = levelling
        walls = room.walls
        doors = room.doors
        windows = room.windows
        openings = room.openings
        floors = room.floors
        objects = room.objects
        sections = room.sections
        rooms = [Self.makeRoom(room)]
        Self.nameRooms(&rooms)
        do throws(CapturedRoomValidationError) { try room.validate() } catch { throw Self.invalid(error) }
        origin = try Self.origin(room.unknownFields)
        try validate()
        hostedByWall = Self.group(doors + windows + openings)
    }

    /// The model of a structure: its merged element arrays, and its rooms; it must pass
    /// `CapturedStructure.validate()`.
    /// - Throws: ``ExportError/invalidGeometry(element:detail:)`` for non-finite, out-of-bounds or
    ///   malformed geometry (the element and the field named).
    public init(structure recorded: CapturedStructure) throws(ExportError) {
        let levelling = try Self.levelling(recorded.unknownFields)
        let structure = levelling.map { recorded.transformed(by: Transform4x4(rigid: $0)) } ?? recorded
        self.levelling = levelling
        walls = structure.walls
        doors = structure.doors
        windows = structure.windows
        openings = structure.openings
        floors = structure.floors
        objects = structure.objects
        sections = structure.sections
        if structure.rooms.isEmpty {
            rooms = structure.floors.map { f in
                let poly = f.planOutline
                let secs = structure.sections.filter { $0.story == f.story && poly.contains(SIMD2($0.center.x, $0.center.z)) }
                return ExportRoom(name: "", story: f.story, floors: [f], walls: [], embedded: [], sections: secs)
            }
        } else {
            rooms = structure.rooms.map(Self.makeRoom)
        }
        Self.nameRooms(&rooms)
        do throws(CapturedRoomValidationError) { try structure.validate() } catch { throw Self.invalid(error) }
        if structure.unknownFields[ModelOrigin.key] != nil {
            origin = try Self.origin(structure.unknownFields)
        } else {
            var origins: [SIMD3<Double>] = []
            for r in structure.rooms { origins.append(try Self.origin(r.unknownFields)) }
            if let o = origins.first, origins.allSatisfy({ $0 == o }) { origin = o }
        }
        try validate()
        hostedByWall = Self.group(doors + windows + openings)
    }

    /// A validation failure as an export error naming the element.
    static func invalid(_ e: CapturedRoomValidationError) -> ExportError {
        .invalidGeometry(element: e.element, detail: e.problem)
    }

    /// The levelling recorded in a model's extra fields.
    static func levelling(_ fields: [String: JSONValue]) throws(ExportError) -> RigidTransform? {
        do throws(ModelLevellingError) { return try ModelLevelling.read(from: fields) } catch {
            throw .invalidGeometry(element: ModelLevelling.key, detail: error.detail)
        }
    }

    /// The origin recorded in a model's extra fields.
    /// - Throws: ``ExportError/invalidGeometry(element:detail:)`` naming `plumblineOrigin`.
    static func origin(_ fields: [String: JSONValue]) throws(ExportError) -> SIMD3<Double> {
        do throws(ModelOriginError) { return try ModelOrigin.read(from: fields) } catch {
            throw .invalidGeometry(element: ModelOrigin.key, detail: error.detail)
        }
    }

    /// Surfaces grouped by `parentIdentifier`, order kept.
    static func group(_ list: [CapturedRoom.Surface]) -> [UUID: [CapturedRoom.Surface]] {
        var out: [UUID: [CapturedRoom.Surface]] = [:]
        for s in list { if let p = s.parentIdentifier { out[p, default: []].append(s) } }
        return out
    }

    /// Every storey number present, ascending.
    public var stories: [Int] {
        var s = Set(rooms.map(\.story))
        for list in [walls, doors, windows, openings, floors] { for e in list { s.insert(e.story) } }
        for o in objects { s.insert(o.story) }
        return s.sorted()
    }

    /// Doors, windows and openings whose host is `wall`, in that order.
    /// - Complexity: O(1) (a dictionary look-up).
    public func embeddedSurfaces(inWall wall: CapturedRoom.Surface) -> [CapturedRoom.Surface] {
        hostedByWall[wall.identifier] ?? []
    }

    static func makeRoom(_ r: CapturedRoom) -> ExportRoom {
        let story = r.floors.first?.story ?? r.story
        return ExportRoom(
            name: RoomName.read(from: r.unknownFields) ?? "", story: story, floors: r.floors, walls: r.walls,
            embedded: r.doors + r.windows + r.openings, sections: r.sections)
    }

    /// Names the rooms: a room that records the name its user gave (``Plumbline/RoomName``, e.g. the input
    /// file's name, set by `plumb merge`) keeps it; the others are named from their section labels
    /// ("Kitchen / Dining room"), numbered "Bedroom 1", "Bedroom 2" when shared, skipping names the user
    /// gave.
    static func nameRooms(_ rooms: inout [ExportRoom]) {
        let given = Set(rooms.map(\.name).filter { !$0.isEmpty })
        var base: [String] = []
        for r in rooms {
            var labels: [String] = []
            for s in r.sections {
                let n = ExportRoom.displayName(s.label)
                if !labels.contains(n) { labels.append(n) }
            }
            if labels.count > 1 { labels.removeAll { $0 == "Room" } }
            base.append(labels.isEmpty ? "Room" : labels.joined(separator: " / "))
        }
        var counts: [String: Int] = [:]
        for (r, b) in zip(rooms, base) where r.name.isEmpty { counts[b, default: 0] += 1 }
        var seen: [String: Int] = [:]
        for i in rooms.indices where rooms[i].name.isEmpty {
            let b = base[i]
            if counts[b]! > 1 || given.contains(b) {
                repeat { seen[b, default: 0] += 1 } while given.contains("\(b) \(seen[b]!)")
                rooms[i].name = "\(b) \(seen[b]!)"
            } else {
                rooms[i].name = b
            }
        }
    }

    /// Surfaces and objects, plus each room's walls, doors, windows, openings and floors: what
    /// ``maximumElements`` limits.
    var elementCount: Int {
        walls.count + doors.count + windows.count + openings.count + floors.count + objects.count
            + rooms.reduce(0) { $0 + $1.walls.count + $1.embedded.count + $1.floors.count }
    }

    func validate() throws(ExportError) {
        let count = elementCount
        guard count <= Self.maximumElements else { throw .tooManyElements(count: count, limit: Self.maximumElements) }
        let lists: [(String, [CapturedRoom.Surface])] = [
            ("walls", walls), ("doors", doors), ("windows", windows), ("openings", openings), ("floors", floors),
        ]
        for (name, list) in lists {
            for (i, s) in list.enumerated() { try Self.check(s, "\(name)[\(i)]") }
        }
        for (ri, r) in rooms.enumerated() {
            for (i, s) in (r.walls + r.embedded + r.floors).enumerated() { try Self.check(s, "rooms[\(ri)].surfaces[\(i)]") }
        }
        for list in [doors + windows + openings] + rooms.map(\.embedded) {
            for (p, hosted) in Self.group(list) where hosted.count > Self.maximumHostedPerWall {
                throw .invalidGeometry(
                    element: "wall \(p.uuidString)", detail: "\(hosted.count) doors, windows and openings exceed \(Self.maximumHostedPerWall)")
            }
        }
        for (i, o) in objects.enumerated() {
            let d = o.dimensions
            guard o.transform.isFinite, d.x.isFinite, d.y.isFinite, d.z.isFinite, d.x >= 0, d.y >= 0, d.z >= 0 else {
                throw .invalidGeometry(element: "objects[\(i)]", detail: "non-finite transform or negative/non-finite dimensions")
            }
        }
    }

    static func check(_ s: CapturedRoom.Surface, _ name: String) throws(ExportError) {
        let d = s.dimensions
        guard s.transform.isFinite, d.x.isFinite, d.y.isFinite, d.z.isFinite, d.x >= 0, d.y >= 0, d.z >= 0 else {
            throw .invalidGeometry(element: name, detail: "non-finite transform or negative/non-finite dimensions \(d)")
        }
        guard s.transform.isRigid(tolerance: 1e-2) else {
            throw .invalidGeometry(element: name, detail: "transform is not a rotation + translation")
        }
        guard s.polygonCorners.count <= maximumPolygonCorners else {
            throw .invalidGeometry(element: name, detail: "\(s.polygonCorners.count) polygon corners exceed \(maximumPolygonCorners)")
        }
        for p in s.polygonCorners where !(p.x.isFinite && p.y.isFinite && p.z.isFinite) {
            throw .invalidGeometry(element: name, detail: "non-finite polygon corner")
        }
        if let c = s.curve {
            guard c.radius.isFinite, c.radius > 0, c.startAngle.isFinite, c.endAngle.isFinite,
                  c.center.x.isFinite, c.center.y.isFinite else {
                throw .invalidGeometry(element: name, detail: "invalid curve")
            }
        }
    }
}
