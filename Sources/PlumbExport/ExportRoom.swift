import Plumbline

/// One room as the exporters see it: its floors, its room-side walls with their doors, windows and
/// openings, and its section labels. Used for room names, areas and measurements.
public struct ExportRoom: Sendable, Equatable {
    /// Display name: the name the user gave the room (`RoomName`, e.g. `"Bedroom2"` from
    /// `Bedroom2/capturedRoom.json`) when recorded, else from its section labels, e.g. `"Bedroom"`,
    /// `"Kitchen / Dining room"`, numbered when several rooms share it.
    public var name: String
    /// The storey the room is on.
    public var story: Int
    /// The room's floors (their polygons give the footprint).
    public var floors: [CapturedRoom.Surface]
    /// The walls bounding the room (room-side faces for rooms of a structure).
    public var walls: [CapturedRoom.Surface]
    /// Doors, windows and openings of the room's walls.
    public var embedded: [CapturedRoom.Surface]
    /// The room's section labels.
    public var sections: [CapturedRoom.Section]

    /// A room from its parts.
    public init(
        name: String, story: Int, floors: [CapturedRoom.Surface], walls: [CapturedRoom.Surface],
        embedded: [CapturedRoom.Surface], sections: [CapturedRoom.Section]
    ) {
        self.name = name
        self.story = story
        self.floors = floors
        self.walls = walls
        self.embedded = embedded
        self.sections = sections
    }

    /// Floor area, square metres: the sum of the floor polygons' areas.
    public var floorArea: Double { floors.reduce(0) { $0 + $1.planOutline.area } }

    /// Perimeter of the floor polygons, metres.
    public var perimeter: Double { floors.reduce(0) { $0 + $1.planOutline.perimeter } }

    /// Mean world y of the floors, metres; `nil` without floors.
    public var floorElevation: Float? { floors.meanOutlineElevation }

    /// Plan point where the room's label goes: the centroid of its largest floor polygon, or the
    /// first section centre when that centroid falls outside the polygon (concave rooms).
    public var labelPoint: SIMD2<Float>? {
        guard let f = floors.max(by: { $0.planOutline.area < $1.planOutline.area }) else {
            return sections.first.map { SIMD2($0.center.x, $0.center.z) }
        }
        let poly = f.planOutline
        if let c = poly.centroid, poly.contains(c) { return c }
        for s in sections where poly.contains(SIMD2(s.center.x, s.center.z)) { return SIMD2(s.center.x, s.center.z) }
        return poly.centroid
    }

    /// Human-readable name of a section label (`livingRoom` → "Living room").
    public static func displayName(_ label: CapturedRoom.Section.Label) -> String {
        switch label {
        case .livingRoom: return "Living room"
        case .bedroom: return "Bedroom"
        case .bathroom: return "Bathroom"
        case .kitchen: return "Kitchen"
        case .diningRoom: return "Dining room"
        case .unidentified: return "Room"
        }
    }
}
