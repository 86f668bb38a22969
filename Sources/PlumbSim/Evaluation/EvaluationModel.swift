import Foundation
import Plumbline

/// Why an evaluation could not run. Each case names the input at fault.
public enum EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The ground-truth plan is invalid.
    case invalidPlan(FloorPlanError)
    /// The plan file could not be read or decoded (`detail` names the path and the decoder's message).
    case unreadablePlan(detail: String)
    /// The model file could not be decoded as RoomPlan JSON.
    case unreadableModel(RoomPlanJSONError)
    /// The model holds no rooms.
    case emptyModel
    /// `--room` names a room the plan does not have.
    case unknownRoom(String)
    /// A model element has a non-finite transform or dimension (`path` such as `rooms[0].walls[3]`).
    case nonFiniteModel(path: String)
    /// A model list (`path` such as `rooms[2].objects`) or a plan list is longer than the evaluation
    /// accepts (``EvaluationModel/maximumElementsPerList``; the matchings are cubic in it).
    case tooManyElements(path: String, count: Int, limit: Int)
    /// The model fails ``Plumbline/CapturedStructure/validate()`` (physical bounds, rigid transforms,
    /// simple polygons, a room or element identifier used twice — a duplicated room would be counted
    /// twice); the error names the element and the field.
    case invalidModel(CapturedRoomValidationError)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case let .invalidPlan(e): "invalid ground-truth plan: \(e)"
        case let .unreadablePlan(d): "cannot read ground-truth plan: \(d)"
        case let .unreadableModel(e): "cannot read model: \(e)"
        case .emptyModel: "the model has no rooms"
        case let .unknownRoom(id): "the plan has no room '\(id)'"
        case let .nonFiniteModel(p): "model element \(p) has a non-finite transform or dimension"
        case let .tooManyElements(p, n, l): "\(p) has \(n) elements, more than the \(l) the evaluation accepts"
        case let .invalidModel(e): "invalid model: \(e)"
        }
    }
}

/// A reconstruction to score: one ``CapturedRoom`` or a ``CapturedStructure`` (its rooms plus its
/// merged walls, which carry the thickness).
public struct EvaluationModel: Sendable, Equatable {
    /// What the input was.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// A single `CapturedRoom`.
        case room
        /// A `CapturedStructure`.
        case structure
    }

    /// What the input was.
    public var kind: Kind
    /// The rooms (one for a `CapturedRoom`).
    public var rooms: [CapturedRoom]
    /// The structure's merged walls (empty for a single room).
    public var structureWalls: [CapturedRoom.Surface]

    /// A single-room model.
    public init(room: CapturedRoom) { kind = .room; rooms = [room]; structureWalls = [] }

    /// A structure model.
    public init(structure: CapturedStructure) { kind = .structure; rooms = structure.rooms; structureWalls = structure.walls }

    /// Decodes RoomPlan JSON: a `CapturedStructure` when the top-level object has a `rooms` key, else a
    /// `CapturedRoom`.
    /// A list longer than ``maximumElementsPerList`` in a room document (or in a structure's merged walls)
    /// is refused from a count of the bytes (``Plumbline/RoomPlanJSON/elementCounts(in:)``) before
    /// `JSONDecoder` builds the tree (seconds and ~8 bytes of memory per input byte for tens of megabytes).
    /// Whether it is a structure comes from the same count (the root's `rooms` key), not from a parse.
    /// - Complexity: O(size of the input).
    public static func decode(_ data: Data) throws(EvaluationError) -> EvaluationModel {
        let counts: RoomPlanJSONElementCounts
        do { counts = try RoomPlanJSON.elementCounts(in: data) } catch { throw .unreadableModel(error) }
        if counts.hasRooms, counts.count("walls") > maximumElementsPerList {
            throw .tooManyElements(path: "walls", count: counts.count("walls"), limit: maximumElementsPerList)
        } else if !counts.hasRooms {
            // The lists validate() bounds (not `sections`), in its order.
            for key in ["walls", "doors", "windows", "openings", "floors", "objects"] where counts.count(key) > maximumElementsPerList {
                throw .tooManyElements(path: "rooms[0].\(key)", count: counts.count(key), limit: maximumElementsPerList)
            }
        }
        do {
            if counts.hasRooms { return EvaluationModel(structure: try RoomPlanJSON.decode(CapturedStructure.self, from: data, counted: counts)) }
            return EvaluationModel(room: try RoomPlanJSON.decode(CapturedRoom.self, from: data, counted: counts))
        } catch { throw .unreadableModel(error) }
    }

    /// Longest accepted list of rooms, walls, doors, windows, openings, floors or objects (one-to-one
    /// matching is O(n³): 1000 keeps one matching near a second).
    public static let maximumElementsPerList = 1000

    /// Checks that every element's transform and dimensions are finite, no list is longer than
    /// ``maximumElementsPerList``, and the rooms (with the structure's walls) pass
    /// ``Plumbline/CapturedStructure/validate()``: no room or element identifier twice.
    public func validate() throws(EvaluationError) {
        if rooms.isEmpty { throw .emptyModel }
        let limit = Self.maximumElementsPerList
        if rooms.count > limit { throw .tooManyElements(path: "rooms", count: rooms.count, limit: limit) }
        if structureWalls.count > limit { throw .tooManyElements(path: "walls", count: structureWalls.count, limit: limit) }
        for (r, room) in rooms.enumerated() {
            for (name, n) in [("walls", room.walls.count), ("doors", room.doors.count), ("windows", room.windows.count),
                              ("openings", room.openings.count), ("floors", room.floors.count), ("objects", room.objects.count)] where n > limit {
                throw .tooManyElements(path: "rooms[\(r)].\(name)", count: n, limit: limit)
            }
        }
        func check(_ s: [CapturedRoom.Surface], _ path: String) throws(EvaluationError) {
            for (k, e) in s.enumerated() where !e.transform.isFinite || !(e.dimensions.x.isFinite && e.dimensions.y.isFinite && e.dimensions.z.isFinite) {
                throw .nonFiniteModel(path: "\(path)[\(k)]")
            }
        }
        for (r, room) in rooms.enumerated() {
            for (name, list) in [("walls", room.walls), ("doors", room.doors), ("windows", room.windows), ("openings", room.openings), ("floors", room.floors)] {
                try check(list, "rooms[\(r)].\(name)")
            }
            for (k, o) in room.objects.enumerated() where !o.transform.isFinite || !(o.dimensions.x.isFinite && o.dimensions.y.isFinite && o.dimensions.z.isFinite) {
                throw .nonFiniteModel(path: "rooms[\(r)].objects[\(k)]")
            }
        }
        try check(structureWalls, "walls")
        let whole = CapturedStructure(rooms: rooms, walls: structureWalls, identifier: rooms[0].identifier)
        do throws(CapturedRoomValidationError) { try whole.validate() } catch { throw .invalidModel(error) }
    }
}

