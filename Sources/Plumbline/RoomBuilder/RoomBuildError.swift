import Foundation
import PlumbKernel

/// Why ``RoomBuilder`` could not build a room.
public enum RoomBuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input cloud is unusable (empty, non-finite, mismatched attributes).
    case invalidCloud(PointCloudError)
    /// Plane segmentation refused the input or an option (PlumbKernel's typed cause).
    case segmentationFailed(PlaneSegmentationError)
    /// No up axis could be told from the scan's horizontal planes; pass one explicitly.
    case upAxisNotFound
    /// No floor or ceiling plane was found, so the room's vertical extent is unknown.
    case noFloorOrCeiling
    /// No closed outline of at least three walls could be formed (the reason, as text).
    case noClosedOutline(String)
    /// The room is larger than the builder accepts (RoomPlan's limit is about 9 x 9 m; Plumbline's is
    /// ``RoomBuilder/Options/maximumRoomSpan``).
    case roomTooLarge(span: Double, limit: Double)
    /// The planes found give a room that cannot stand (the ceiling at or below the floor somewhere on the
    /// outline): usually a wrong up axis; the text says where.
    case implausibleGeometry(String)
    /// The built room fails ``CapturedRoom/validate()`` (for example a non-positive height or a
    /// non-finite corner): it is never returned or written; the error names the element and field.
    case invalidModel(CapturedRoomValidationError)

    public var description: String {
        switch self {
        case let .invalidCloud(e): "invalid point cloud: \(e)"
        case let .segmentationFailed(e): "plane segmentation failed: \(e)"
        case .upAxisNotFound: "could not detect the up axis from the scan's planes; it must be given"
        case .noFloorOrCeiling: "no floor or ceiling plane found: the scan must show the floor or the ceiling"
        case let .noClosedOutline(why): "no closed room outline: \(why)"
        case let .roomTooLarge(span, limit):
            "the scan spans \(String(format: "%.4g", span)) m, more than the \(String(format: "%.0f", limit)) m a single room may span"
        case let .implausibleGeometry(why): "implausible room: \(why); usually a wrong up axis"
        case let .invalidModel(e):
            "the built room is not a valid model (\(e)); it was not returned: usually a wrong up axis or stray points in the scan"
        }
    }
}
