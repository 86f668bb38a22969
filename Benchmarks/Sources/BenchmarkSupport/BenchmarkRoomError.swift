/// Why a benchmark room could not be made.
public enum BenchmarkRoomError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The floor-plan file could not be read or decoded.
    case unreadablePlan(path: String, reason: String)
    /// The simulator rejected the plan or options.
    case simulationFailed(String)
    /// The plan has no room with this identifier (or no room at all when `id` is nil).
    case noSuchRoom(id: String?)
    /// The simulated capture has fewer points than requested.
    case tooFewPoints(requested: Int, available: Int)
    /// A requested size or scale is out of range.
    case invalidParameter(String)

    /// A readable message.
    public var description: String {
        switch self {
        case let .unreadablePlan(path, reason): "cannot read floor plan \(path): \(reason)"
        case let .simulationFailed(s): "simulation failed: \(s)"
        case let .noSuchRoom(id): id.map { "the plan has no room '\($0)'" } ?? "the plan has no room"
        case let .tooFewPoints(r, a):
            "the simulated capture has \(a) points, fewer than the \(r) requested (raise the resolution scale)"
        case let .invalidParameter(s): "invalid parameter: \(s)"
        }
    }
}
