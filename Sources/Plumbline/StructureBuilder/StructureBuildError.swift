/// Why ``StructureBuilder`` could not merge the rooms. Every case names the room (index in the input
/// list) and, where it applies, the element at fault.
public enum StructureBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No rooms were given.
    case noRooms
    /// More rooms, or more elements in one room's list, than the builder accepts (`path` such as
    /// `rooms` or `rooms[3].walls`).
    case tooManyElements(path: String, count: Int, limit: Int)
    /// An element has a non-finite transform or dimension (`path` such as `rooms[2].doors[0]`).
    case nonFiniteElement(path: String)
    /// Two elements share an identifier (`path` names the second, `first` the first); identifiers must
    /// be unique across all rooms to keep the structure traceable.
    case duplicateIdentifier(path: String, first: String)
    /// Room `room` cannot be placed in the structure (RoomPlan's `invalidRoomLocation`): its floor
    /// overlaps room `overlapping`'s floor by `fraction` of the smaller floor at the same height, so the
    /// two captures are not in one consistent coordinate frame (or are the same room twice).
    case invalidRoomLocation(room: Int, overlapping: Int, fraction: Double)
    /// Automatic alignment (``StructureBuilder/Options/alignment``) could not place room `room` into the
    /// frame of the rooms placed before it; `reason` says why (nothing shared, or two placements equally good).
    case cannotAlign(room: Int, reason: String)
    /// Room `room` is not a well-formed model (``CapturedRoom/validate()``: physical bounds, rigid
    /// transforms, simple polygons, …); the error names the element and the field.
    case invalidRoom(room: Int, CapturedRoomValidationError)
    /// The merged structure failed ``CapturedStructure/validate()`` (a builder fault, or inputs at the
    /// edge of the bounds); nothing should be written.
    case invalidResult(CapturedRoomValidationError)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case .noRooms: "no rooms to merge"
        case let .tooManyElements(p, n, l): "\(p) has \(n) elements, more than the \(l) the structure builder accepts"
        case let .nonFiniteElement(p): "\(p) has a non-finite transform or dimension"
        case let .duplicateIdentifier(p, f): "\(p) has the same identifier as \(f); identifiers must be unique across rooms"
        case let .invalidRoomLocation(r, o, f):
            "invalid room location: room \(r) overlaps room \(o) by \(Int((f * 100).rounded())) % of the smaller floor at the same height; the rooms are not in one coordinate frame"
        case let .cannotAlign(r, why): "invalid room location: cannot align room \(r): \(why)"
        case let .invalidRoom(r, e): "room \(r) is not a valid model: \(e)"
        case let .invalidResult(e):
            "the merged structure is not a valid model: \(e); check the rooms' storeys and placement (or merge without --align)"
        }
    }
}
