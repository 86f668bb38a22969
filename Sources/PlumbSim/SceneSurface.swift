/// What a triangle of the simulated scene belongs to (ground-truth label of a hit).
public enum SurfaceKind: String, Sendable, Equatable, Hashable, Codable {
    /// A wall's side face (`side` says which).
    case wallFace
    /// The inside of an opening (jamb, sill or head) cut through a wall.
    case wallReveal
    /// A wall's top or end cap.
    case wallCap
    /// A room's floor.
    case floor
    /// A room's ceiling (flat or sloped).
    case ceiling
    /// A furniture box.
    case furniture
    /// A door leaf (closed or swung open).
    case doorLeaf
    /// A door casing (architrave): a strip standing proud of a wall face round a door's sides and head.
    case doorCasing
    /// Window glass (returns only a fraction of rays).
    case glass
}

/// One labelled surface of the simulated scene; every triangle refers to one of these.
public struct SceneSurface: Sendable, Equatable, Hashable, Codable {
    /// Kind of surface.
    public var kind: SurfaceKind
    /// Identifier of the plan element (wall, room, opening or furniture id).
    public var ownerID: String
    /// For wall faces: the side of the centre line.
    public var side: SwingSide?
    /// Room the surface faces or belongs to, when known.
    public var roomID: String?

    /// A surface label.
    public init(kind: SurfaceKind, ownerID: String, side: SwingSide? = nil, roomID: String? = nil) {
        self.kind = kind
        self.ownerID = ownerID
        self.side = side
        self.roomID = roomID
    }
}
