/// Why a ground-truth model could not be built.
public enum TruthModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plan failed validation.
    case invalidPlan(FloorPlanError)
    /// No room with this identifier in the plan.
    case unknownRoom(String)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case let .invalidPlan(e): "invalid floor plan: \(e)"
        case let .unknownRoom(id): "no room '\(id)' in the floor plan"
        }
    }
}
