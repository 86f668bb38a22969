import PlumbKernel

/// Which input axis points up, for scans that do not follow ARKit's y-up convention.
public enum UpAxis: String, Sendable, Hashable, Codable, CaseIterable {
    /// +y is up (ARKit, RoomPlan, most phone scanners).
    case y
    /// +z is up (terrestrial laser scanners, PCL, surveying).
    case z
    /// Detect it from the dominant horizontal planes.
    case automatic

    /// Rotation taking input coordinates to the y-up frame Plumbline models use (right-handed, a proper
    /// rotation): identity for `.y`; `(x, y, z) -> (x, z, -y)` for `.z`.
    func toYUp(_ p: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .z: SIMD3(p.x, p.z, -p.y)
        case .y, .automatic: p
        }
    }

    /// Picks the up axis from segmented planes: floor and ceiling are the largest pair of parallel planes
    /// in an indoor scan, so the axis (y or z) whose horizontal planes hold the most area wins. Returns nil
    /// when neither axis has horizontal planes.
    static func detect(from planes: [DetectedPlane]) -> UpAxis? {
        var score: [UpAxis: Double] = [.y: 0, .z: 0]
        for axis in [UpAxis.y, .z] {
            let a: SIMD3<Double> = axis == .y ? SIMD3(0, 1, 0) : SIMD3(0, 0, 1)
            // The two largest planes perpendicular to the axis (floor and ceiling candidates).
            let areas = planes.filter { abs(dot($0.normal, a)) > 0.985 }.map(\.area).sorted(by: >)
            score[axis] = areas.prefix(2).reduce(0, +)
        }
        guard let best = score.max(by: { $0.value < $1.value }), best.value > 0 else { return nil }
        return best.key
    }
}
