import Foundation
import PlumbKernel

/// One scanned room in RoomPlan's parametric form (RoomPlan `CapturedRoom`): walls, doors, windows,
/// openings and floors as ``Surface``s, furniture as ``Object``s, room-type ``Section``s.
///
/// All geometry is in one world frame: ARKit's (metres, +Y up, right-handed, gravity-aligned).
///
/// JSON (see ``RoomPlanJSON``): RoomPlan's `JSONEncoder` output — keys `doors, floors, objects,
/// openings, sections, story, version, walls, windows`, plus keys Plumbline does not model
/// (`coreModel`, `referenceOriginTransform`, …) kept verbatim in ``unknownFields``. Real RoomPlan
/// exports carry no top-level `identifier`; see ``encodesIdentifier``.
public struct CapturedRoom: Sendable, Codable, Equatable, Identifiable {
    /// The JSON `version` RoomPlan (iOS 17+) writes; used when a file has no `version` key.
    public static let currentVersion = 2

    /// Stable identity of the room.
    public var identifier: UUID
    /// Walls.
    public var walls: [Surface]
    /// Doors (their `parentIdentifier` is the host wall).
    public var doors: [Surface]
    /// Windows (their `parentIdentifier` is the host wall).
    public var windows: [Surface]
    /// Openings: passages in a wall without door or window (their `parentIdentifier` is the host wall).
    public var openings: [Surface]
    /// Floors (their `polygonCorners` give the outline).
    public var floors: [Surface]
    /// Furniture and fixtures.
    public var objects: [Object]
    /// Room-type labels with centres.
    public var sections: [Section]
    /// The storey the room is on; 0 for single-storey captures.
    public var story: Int
    /// RoomPlan's format version number (2 in every iOS 17+ export seen).
    public var version: Int
    /// Top-level JSON keys Plumbline does not model (`coreModel`, `referenceOriginTransform`, …),
    /// kept verbatim and written back by `encode(to:)`.
    public var unknownFields: [String: JSONValue]
    /// Whether `encode(to:)` writes an `identifier` key. `true` for rooms Plumbline builds; `false` for
    /// rooms decoded from files without one (every real RoomPlan export: RoomPlan keeps the room id
    /// inside `coreModel`), whose ``identifier`` is then derived deterministically from the element
    /// identifiers, so a decoded export re-encodes with exactly its original keys.
    public var encodesIdentifier: Bool

    /// `identifier` (for `Identifiable`).
    public var id: UUID { identifier }

    /// A room from its parts.
    public init(
        identifier: UUID = UUID(), walls: [Surface] = [], doors: [Surface] = [], windows: [Surface] = [],
        openings: [Surface] = [], floors: [Surface] = [], objects: [Object] = [], sections: [Section] = [],
        story: Int = 0, version: Int = CapturedRoom.currentVersion, unknownFields: [String: JSONValue] = [:],
        encodesIdentifier: Bool = true
    ) {
        self.identifier = identifier
        self.walls = walls
        self.doors = doors
        self.windows = windows
        self.openings = openings
        self.floors = floors
        self.objects = objects
        self.sections = sections
        self.story = story
        self.version = version
        self.unknownFields = unknownFields
        self.encodesIdentifier = encodesIdentifier
    }

    static let knownKeys: Set<String> = [
        "identifier", "walls", "doors", "windows", "openings", "floors", "objects", "sections", "story", "version",
    ]

    /// Decodes RoomPlan's JSON. `walls`, `doors`, `windows`, `openings` and `objects` are required;
    /// `floors` and `sections` default to empty, `story` to 0, `version` to ``currentVersion``
    /// (iOS 16 files lack them). Unknown keys are kept in ``unknownFields``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        walls = try c.required([Surface].self, "walls")
        doors = try c.required([Surface].self, "doors")
        windows = try c.required([Surface].self, "windows")
        openings = try c.required([Surface].self, "openings")
        floors = try c.optional([Surface].self, "floors") ?? []
        objects = try c.required([Object].self, "objects")
        sections = try c.optional([Section].self, "sections") ?? []
        story = try c.optional(Int.self, "story") ?? 0
        version = try c.optional(Int.self, "version") ?? Self.currentVersion
        unknownFields = try c.unknownFields(excluding: Self.knownKeys)
        if let id = try c.optional(UUID.self, "identifier") {
            identifier = id
            encodesIdentifier = true
        } else {
            identifier = DerivedIdentifier.make(
                from: [walls, doors, windows, openings, floors].flatMap { $0.map(\.identifier) }
                    + objects.map(\.identifier),
                salt: UInt64(bitPattern: Int64(story)))
            encodesIdentifier = false
        }
    }

    /// Encodes RoomPlan's JSON (keys sorted by the encoder ``RoomPlanJSON`` configures).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.put(doors, "doors")
        try c.put(floors, "floors")
        if encodesIdentifier { try c.put(identifier, "identifier") }
        try c.put(objects, "objects")
        try c.put(openings, "openings")
        try c.put(sections, "sections")
        try c.put(story, "story")
        try c.put(version, "version")
        try c.put(walls, "walls")
        try c.put(windows, "windows")
        try c.putUnknown(unknownFields)
    }
}

/// Deterministic UUIDs from a list of UUIDs (RFC 9562 version 8, "custom"): two FNV-1a 64-bit hashes
/// with different offsets over the input bytes, then SplitMix64 finalisation.
enum DerivedIdentifier {
    static func make(from ids: [UUID], salt: UInt64) -> UUID {
        var h = IdentifierHasher(first: IdentifierHasher.offsetBasis ^ salt, second: 0x6c62_272e_07bb_0142 &+ salt)
        for id in ids { h.combine(id.bytes, secondKey: 0x5a) }
        return h.uuid()
    }
}
