import Foundation

/// Several rooms of one building merged into one result (RoomPlan `CapturedStructure`, iOS 17): the
/// original ``rooms`` plus de-duplicated union arrays of their elements, all in one world frame
/// (metres, +Y up).
///
/// JSON: `{"doors":[…],"floors":[…],"identifier":"…","objects":[…],"openings":[…],"rooms":[…],
/// "sections":[…],"version":2,"walls":[…],"windows":[…]}` plus any ``unknownFields``. No real
/// RoomPlan structure export was available; the layout follows RoomPlan's Swift property names and
/// the `CapturedRoom` conventions.
public struct CapturedStructure: Sendable, Codable, Equatable, Identifiable {
    /// The rooms that were merged, as captured.
    public var rooms: [CapturedRoom]
    /// Merged walls (a wall shared by two rooms appears once).
    public var walls: [CapturedRoom.Surface]
    /// Merged doors.
    public var doors: [CapturedRoom.Surface]
    /// Merged windows.
    public var windows: [CapturedRoom.Surface]
    /// Merged openings.
    public var openings: [CapturedRoom.Surface]
    /// Merged objects.
    public var objects: [CapturedRoom.Object]
    /// Floors of the structure.
    public var floors: [CapturedRoom.Surface]
    /// Room-type sections of the structure.
    public var sections: [CapturedRoom.Section]
    /// Stable identity of the structure.
    public var identifier: UUID
    /// Format version number.
    public var version: Int
    /// Top-level JSON keys Plumbline does not model, kept verbatim.
    public var unknownFields: [String: JSONValue]

    /// `identifier` (for `Identifiable`).
    public var id: UUID { identifier }

    /// A structure from its parts.
    public init(
        rooms: [CapturedRoom], walls: [CapturedRoom.Surface] = [], doors: [CapturedRoom.Surface] = [],
        windows: [CapturedRoom.Surface] = [], openings: [CapturedRoom.Surface] = [],
        objects: [CapturedRoom.Object] = [], floors: [CapturedRoom.Surface] = [],
        sections: [CapturedRoom.Section] = [], identifier: UUID = UUID(),
        version: Int = CapturedRoom.currentVersion, unknownFields: [String: JSONValue] = [:]
    ) {
        self.rooms = rooms
        self.walls = walls
        self.doors = doors
        self.windows = windows
        self.openings = openings
        self.objects = objects
        self.floors = floors
        self.sections = sections
        self.identifier = identifier
        self.version = version
        self.unknownFields = unknownFields
    }

    static let knownKeys: Set<String> = [
        "rooms", "walls", "doors", "windows", "openings", "objects", "floors", "sections", "identifier", "version",
    ]

    /// Decodes the structure JSON. `rooms` is required; every other array defaults to empty,
    /// `version` to ``CapturedRoom/currentVersion``; a missing `identifier` is derived
    /// deterministically from the element identifiers.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        rooms = try c.required([CapturedRoom].self, "rooms")
        walls = try c.optional([CapturedRoom.Surface].self, "walls") ?? []
        doors = try c.optional([CapturedRoom.Surface].self, "doors") ?? []
        windows = try c.optional([CapturedRoom.Surface].self, "windows") ?? []
        openings = try c.optional([CapturedRoom.Surface].self, "openings") ?? []
        objects = try c.optional([CapturedRoom.Object].self, "objects") ?? []
        floors = try c.optional([CapturedRoom.Surface].self, "floors") ?? []
        sections = try c.optional([CapturedRoom.Section].self, "sections") ?? []
        version = try c.optional(Int.self, "version") ?? CapturedRoom.currentVersion
        identifier = try c.optional(UUID.self, "identifier")
            ?? DerivedIdentifier.make(from: rooms.map(\.identifier), salt: 0x5354_5255)
        unknownFields = try c.unknownFields(excluding: Self.knownKeys)
    }

    /// Encodes the structure JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.put(doors, "doors")
        try c.put(floors, "floors")
        try c.put(identifier, "identifier")
        try c.put(objects, "objects")
        try c.put(openings, "openings")
        try c.put(rooms, "rooms")
        try c.put(sections, "sections")
        try c.put(version, "version")
        try c.put(walls, "walls")
        try c.put(windows, "windows")
        try c.putUnknown(unknownFields)
    }
}

extension CapturedStructure {
    /// RoomPlan's `CapturedStructure.Surface` (same type as ``CapturedRoom/Surface``).
    public typealias Surface = CapturedRoom.Surface
    /// RoomPlan's `CapturedStructure.Object` (same type as ``CapturedRoom/Object``).
    public typealias Object = CapturedRoom.Object
    /// RoomPlan's `CapturedStructure.Section` (same type as ``CapturedRoom/Section``).
    public typealias Section = CapturedRoom.Section
}
