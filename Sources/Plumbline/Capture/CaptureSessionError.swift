import PlumbKernel

/// Everything that can go wrong in a ``CaptureSession``; each case names the input at fault.
public enum CaptureSessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A configuration setting is out of range.
    case badConfiguration(name: String, value: Double)
    /// `ingest` or `stop` was called while no run is active.
    case notRunning
    /// `run` was called while a run is active.
    case alreadyRunning
    /// Frame number `frame` of the run is invalid (PlumbKernel's `DepthFrameError` says how).
    case invalidFrame(frame: Int, error: DepthFrameError)
    /// Frame number `frame` has a timestamp earlier than the previous frame's.
    case timestampWentBackwards(frame: Int, previous: Double, timestamp: Double)
    /// The run fused too few points to build a room (`points` voxels, `required` needed).
    case tooLittleData(points: Int, required: Int)
    /// Relocalization against the saved world map failed.
    case relocalizationFailed(RelocalizationError)
    /// The final or live room build failed (the builder's typed cause).
    case buildFailed(RoomBuildError)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case let .badConfiguration(n, v): "capture configuration \(n) = \(v) is out of range"
        case .notRunning: "the capture session is not running"
        case .alreadyRunning: "the capture session is already running"
        case let .invalidFrame(f, r): "frame \(f): \(r)"
        case let .timestampWentBackwards(f, p, t): "frame \(f): timestamp \(t) s is before the previous frame's \(p) s"
        case let .tooLittleData(p, r): "the run fused \(p) voxels, at least \(r) are needed to build a room"
        case let .relocalizationFailed(e): "relocalization failed: \(e)"
        case let .buildFailed(e): "room build failed: \(e)"
        }
    }
}
