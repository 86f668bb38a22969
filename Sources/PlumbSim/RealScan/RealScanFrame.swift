import Plumbline

/// The mapping from a model's frame to a real scan's frame.
///
/// `plumb build` (``RoomBuilder``) writes its model y-up: it turns a z-up cloud with
/// `(x, y, z) -> (x, z, -y)` (a proper rotation; identity for y-up clouds), and writes positions in that
/// turned world frame, or, for a cloud whose origin is more than ``RoomBuilder/worldFrameLimit`` from zero,
/// relative to the turned origin, stored under the room's extra key `plumblineOrigin`
/// (world = model + origin). So a model point `m` is at scan-frame point
/// `R⁻¹(m + origin)` with `R⁻¹(X, Y, Z) = (X, -Z, Y)` for a z-up scan, `m + origin` for a y-up one.
public struct RealScanFrame: Sendable, Equatable, Codable {
    /// The scan frame's up axis.
    public var up: RealScanTruth.UpAxis
    /// The model's `plumblineOrigin` (in the model's y-up frame, metres); zero when absent.
    public var modelOrigin: SIMD3<Double>

    /// A frame mapping with an explicit origin.
    public init(up: RealScanTruth.UpAxis, modelOrigin: SIMD3<Double> = .zero) {
        self.up = up
        self.modelOrigin = modelOrigin
    }

    /// The mapping for `room` (reads its `plumblineOrigin`, if any) into a scan frame with up axis `up`.
    /// - Throws: ``RealScanEvaluationError/badModelOrigin(_:)`` when `plumblineOrigin` is not three finite numbers.
    public init(room: CapturedRoom, up: RealScanTruth.UpAxis) throws(RealScanEvaluationError) {
        self.init(up: up, modelOrigin: try Self.origin(of: room))
    }

    /// The `plumblineOrigin` of a room (zero when absent).
    /// - Throws: ``RealScanEvaluationError/badModelOrigin(_:)`` when it is not three finite numbers.
    public static func origin(of room: CapturedRoom) throws(RealScanEvaluationError) -> SIMD3<Double> {
        do throws(ModelOriginError) { return try ModelOrigin.read(from: room.unknownFields) } catch { throw .badModelOrigin(error.detail) }
    }

    /// Scan-frame point of model point `m`, metres. O(1).
    public func scanPoint(fromModel m: SIMD3<Double>) -> SIMD3<Double> {
        let w = m + modelOrigin
        return up == .z ? SIMD3(w.x, -w.z, w.y) : w
    }

    /// Model point of scan-frame point `p` (inverse of ``scanPoint(fromModel:)``), metres. O(1).
    public func modelPoint(fromScan p: SIMD3<Double>) -> SIMD3<Double> {
        let w = up == .z ? SIMD3(p.x, p.z, -p.y) : p
        return w - modelOrigin
    }

    /// Scan-frame direction of model direction `d` (rotation only). O(1).
    public func scanDirection(fromModel d: SIMD3<Double>) -> SIMD3<Double> {
        up == .z ? SIMD3(d.x, -d.z, d.y) : d
    }
}
