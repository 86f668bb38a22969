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

    /// Picks the up axis from segmented planes. Floor and ceiling are usually the largest pair of planes
    /// perpendicular to the up axis, so an axis whose two largest perpendicular planes hold 30 % more area
    /// than the other's wins. In small rooms two walls can hold as much area as floor and ceiling; then
    /// gravity decides: furniture tops (beds, tables, counters, seats) are planes perpendicular to the up
    /// axis in the *lower* half between floor and ceiling, while along a horizontal axis furniture fronts
    /// stand near both walls — each axis scores the area of its intermediate perpendicular planes below the
    /// middle minus the area above it, and z must score 0.3 m² higher to beat y, the phone
    /// convention. Returns nil when neither axis has perpendicular planes.
    /// - Complexity: O(p log p) for p planes.
    static func detect(from planes: [DetectedPlane]) -> UpAxis? {
        var gravity: [UpAxis: Double] = [:], extreme: [UpAxis: Double] = [:]
        for axis in [UpAxis.y, .z] {
            let a: SIMD3<Double> = axis == .y ? SIMD3(0, 1, 0) : SIMD3(0, 0, 1)
            let across = planes.filter { abs(dot($0.normal, a)) > 0.985 }
            extreme[axis] = across.map(\.area).sorted(by: >).prefix(2).reduce(0, +)
            let big = across.filter { $0.area >= 0.4 }
            guard let lo = big.map({ dot($0.centroid, a) }).min(), let hi = big.map({ dot($0.centroid, a) }).max(),
                  hi - lo > 1 else { gravity[axis] = 0; continue }
            var score = 0.0
            for p in across where p.area >= 0.1 {
                let r = (dot(p.centroid, a) - lo) / (hi - lo)
                guard r > 0.08, r < 0.92 else { continue }
                score += r < 0.5 ? p.area : -p.area
            }
            gravity[axis] = score
        }
        let y = extreme[.y] ?? 0, z = extreme[.z] ?? 0
        guard y > 0 || z > 0 else { return nil }
        if z > 1.3 * y { return .z }
        if y > 1.3 * z { return .y }
        let gy = gravity[.y] ?? 0, gz = gravity[.z] ?? 0
        return gz > gy + 0.3 ? .z : .y
    }
}
