import PlumbKernel
/// The kind of room, using RoomPlan's section labels plus a few more.
public enum RoomType: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Room kinds used by RoomPlan sections plus common extras.
    case bedroom, bathroom, kitchen, livingRoom, diningRoom, hallway, office, laundry, storage, garage
    /// Further kinds; `unidentified` when unknown.
    case stairwell, openPlan, unidentified
}

/// A room: a floor polygon on one storey.
///
/// The polygon is the finished floor area bounded by the walls' inner faces, in plan (x, z) metres,
/// simple (no self-intersections), either orientation, no repeated closing vertex.
public struct Room: Sendable, Equatable, Codable {
    /// Unique identifier.
    public var id: String
    /// Human-readable name.
    public var name: String
    /// Kind of room.
    public var type: RoomType
    /// Index of the storey the room is on.
    public var storey: Int
    /// Floor polygon, plan (x, z) metres.
    public var polygon: [SIMD2<Double>]
    /// World y of this room's floor when it differs from the storey's (split level), metres.
    public var floorElevation: Double?
    /// Flat ceiling height above this room's floor when it differs from the storey's default, metres.
    /// The storey's sloped ceiling parts still apply where they are lower.
    public var ceilingHeight: Double?

    /// A room.
    public init(
        id: String, name: String, type: RoomType, storey: Int, polygon: [SIMD2<Double>], floorElevation: Double? = nil,
        ceilingHeight: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.storey = storey
        self.polygon = polygon
        self.floorElevation = floorElevation
        self.ceilingHeight = ceilingHeight
    }

    /// Floor area in square metres (absolute shoelace area).
    /// - Complexity: O(vertices).
    public var area: Double { abs(Plan2D.signedArea(polygon)) }

    /// Centroid of the floor polygon, plan (x, z) metres.
    public var centroid: SIMD2<Double> { Plan2D.centroid(polygon) ?? .zero }

    /// True when plan point `p` lies inside the floor polygon (even-odd rule).
    public func contains(_ p: SIMD2<Double>) -> Bool { Plan2D.contains(polygon, p) }
}
