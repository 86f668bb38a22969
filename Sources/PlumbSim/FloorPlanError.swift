/// Why a ``FloorPlan`` is not physically consistent. Each case names the offending element.
public enum FloorPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plan has no storeys or no rooms.
    case empty(what: String)
    /// Two elements of the same kind share an identifier.
    case duplicateID(kind: String, id: String)
    /// A number is NaN or infinite.
    case nonFinite(kind: String, id: String, field: String)
    /// A storey index is referenced but not defined.
    case unknownStorey(kind: String, id: String, storey: Int)
    /// A room id is referenced but not defined.
    case unknownRoom(kind: String, id: String, roomID: String)
    /// An opening names a wall that does not exist.
    case unknownWall(openingID: String, wallID: String)
    /// A room polygon has fewer than 3 vertices or (near) zero area.
    case degeneratePolygon(roomID: String)
    /// A room polygon's edge `edge` crosses another edge.
    case selfIntersectingPolygon(roomID: String, edge: Int)
    /// A wall's centre line is (nearly) zero length.
    case zeroLengthWall(wallID: String)
    /// A size is not positive or absurd (more than 1 km), e.g. thickness, height, width.
    case badDimension(kind: String, id: String, field: String, value: Double)
    /// An arc wall's radius is not larger than half its thickness.
    case arcTooTight(wallID: String)
    /// A wall names the same room on both sides, or names a room on another storey.
    case badWallRooms(wallID: String, reason: String)
    /// An opening extends beyond its wall's ends or top.
    case openingOutsideWall(openingID: String, wallID: String)
    /// Two openings in the same wall overlap.
    case overlappingOpenings(first: String, second: String)
    /// A furniture box intersects a wall's solid.
    case furnitureIntersectsWall(furnitureID: String, wallID: String)
    /// A furniture box is not inside its room (footprint outside the polygon, below the floor or above the ceiling).
    case furnitureOutsideRoom(furnitureID: String, roomID: String)
    /// The ceiling over a room is lower than 1 m above its floor somewhere.
    case ceilingTooLow(roomID: String, height: Double)

    /// A human-readable explanation naming the offending element.
    public var description: String {
        switch self {
        case let .empty(w): "plan has no \(w)"
        case let .duplicateID(k, id): "duplicate \(k) id '\(id)'"
        case let .nonFinite(k, id, f): "\(k) '\(id)': \(f) is not finite"
        case let .unknownStorey(k, id, s): "\(k) '\(id)' refers to unknown storey \(s)"
        case let .unknownRoom(k, id, r): "\(k) '\(id)' refers to unknown room '\(r)'"
        case let .unknownWall(o, w): "opening '\(o)' refers to unknown wall '\(w)'"
        case let .degeneratePolygon(r): "room '\(r)' polygon has fewer than 3 vertices or zero area"
        case let .selfIntersectingPolygon(r, e): "room '\(r)' polygon edge \(e) crosses another edge"
        case let .zeroLengthWall(w): "wall '\(w)' has zero length"
        case let .badDimension(k, id, f, v): "\(k) '\(id)': \(f) = \(v) is not a sensible positive size"
        case let .arcTooTight(w): "wall '\(w)': arc radius not larger than half the thickness"
        case let .badWallRooms(w, r): "wall '\(w)': \(r)"
        case let .openingOutsideWall(o, w): "opening '\(o)' extends outside wall '\(w)'"
        case let .overlappingOpenings(a, b): "openings '\(a)' and '\(b)' overlap"
        case let .furnitureIntersectsWall(f, w): "furniture '\(f)' intersects wall '\(w)'"
        case let .furnitureOutsideRoom(f, r): "furniture '\(f)' is not inside room '\(r)'"
        case let .ceilingTooLow(r, h): "room '\(r)': ceiling only \(h) m above the floor"
        }
    }
}
