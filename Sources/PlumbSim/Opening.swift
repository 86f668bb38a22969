/// The kind of hole in a wall.
public enum OpeningType: String, Sendable, Equatable, Hashable, Codable {
    /// A door (has a leaf: closed fills the hole, open is swung about the hinge).
    case door
    /// A window (glass pane in the wall's middle plane that returns only part of the light).
    case window
    /// An open passage without leaf or glass.
    case opening
}

/// Which jamb of a door carries the hinge, along the wall's centre line.
public enum HingeSide: String, Sendable, Equatable, Hashable, Codable {
    /// The jamb nearer the wall's start.
    case start
    /// The jamb nearer the wall's end.
    case end
}

/// Towards which side of the wall a door leaf swings.
public enum SwingSide: String, Sendable, Equatable, Hashable, Codable {
    /// Towards the wall's positive side (its normal, see ``Wall``).
    case positive
    /// Towards the negative side.
    case negative
}

/// A door, window or passage cut through one wall.
///
/// `position` is the arc length along the host wall's centre line from its start to the opening's
/// centre (metres); the hole spans `position ± width/2` along the wall and `sillHeight ...
/// sillHeight + height` above the wall's base.
public struct Opening: Sendable, Equatable, Codable {
    /// Unique identifier.
    public var id: String
    /// Host wall identifier.
    public var wallID: String
    /// Door, window or plain opening.
    public var type: OpeningType
    /// Centre position along the wall centre line from its start, metres.
    public var position: Double
    /// Width along the wall, metres.
    public var width: Double
    /// Height of the hole, metres.
    public var height: Double
    /// Height of the hole's bottom above the wall base, metres (0 for doors).
    public var sillHeight: Double
    /// Doors: whether the leaf is open (`nil` = closed).
    public var isOpen: Bool?
    /// Doors: opening angle of the leaf, radians (0 = closed, π/2 = perpendicular to the wall).
    public var openAngle: Double?
    /// Doors: hinge jamb (default ``HingeSide/start``).
    public var hinge: HingeSide?
    /// Doors: swing side (default ``SwingSide/positive``).
    public var swing: SwingSide?

    /// An opening.
    public init(
        id: String, wallID: String, type: OpeningType, position: Double, width: Double, height: Double,
        sillHeight: Double = 0, isOpen: Bool? = nil, openAngle: Double? = nil, hinge: HingeSide? = nil,
        swing: SwingSide? = nil
    ) {
        self.id = id
        self.wallID = wallID
        self.type = type
        self.position = position
        self.width = width
        self.height = height
        self.sillHeight = sillHeight
        self.isOpen = isOpen
        self.openAngle = openAngle
        self.hinge = hinge
        self.swing = swing
    }

    /// Leaf angle actually used by the simulator: 0 when closed, ``openAngle`` (default π/2) when open.
    public var effectiveLeafAngle: Double {
        guard type == .door, isOpen == true else { return 0 }
        return openAngle ?? .pi / 2
    }

    private enum CodingKeys: String, CodingKey {
        case id, wallID = "wall", type, position, width, height, sillHeight, isOpen, openAngle, hinge, swing
    }

    /// Decodes an opening; `sillHeight` defaults to 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        wallID = try c.decode(String.self, forKey: .wallID)
        type = try c.decode(OpeningType.self, forKey: .type)
        position = try c.decode(Double.self, forKey: .position)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        sillHeight = try c.decodeIfPresent(Double.self, forKey: .sillHeight) ?? 0
        isOpen = try c.decodeIfPresent(Bool.self, forKey: .isOpen)
        openAngle = try c.decodeIfPresent(Double.self, forKey: .openAngle)
        hinge = try c.decodeIfPresent(HingeSide.self, forKey: .hinge)
        swing = try c.decodeIfPresent(SwingSide.self, forKey: .swing)
    }
}
