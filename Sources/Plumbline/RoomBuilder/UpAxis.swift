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
    /// rotation): identity for `.y` (and `.automatic`, which must be resolved first); `(x, y, z) -> (x, z, -y)`
    /// for `.z`. O(1).
    public func toYUp(_ p: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .z: SIMD3(p.x, p.z, -p.y)
        case .y, .automatic: p
        }
    }

    /// Picks the up axis from where the sensor stood, when that decides it, else from the planes
    /// (``detect(from:)``).
    ///
    /// Gravity evidence: a hand-held or tripod sensor is held 0.3-2.6 m above the floor and below the
    /// ceiling, at about one height across stations, while it moves around the room. Under each candidate axis
    /// the floor is the lowest and the ceiling the highest large plane perpendicular to it (the same planes
    /// ``detect(from:)`` weighs); a station is *in band* when it stands 0.3-2.6 m above that floor and 0.2 m
    /// below that ceiling (when the two stand at least 1.8 m apart: under a ceiling sloped everywhere the
    /// highest horizontal plane may be a counter top). With at least 3 stations, an axis along which they
    /// spread under a quarter as much as along one of the other two (10th-90th percentile range; at least
    /// 0.5 m along that one) wins when a surface perpendicular to it (≥ 0.1 m²) lies 0.3-2.6 m below their
    /// median; when y and z both are flat so (stations on a line are flat across it too), the one whose
    /// largest perpendicular surfaces below and above the stations stand at least 1.8 m apart (a hall is
    /// narrower, a room taller) if only one does, else the one they spread less along;
    /// then an axis with 80 % of them in band along which they spread less than half as much as along the
    /// other, less 5 cm; else an axis with 80 % in band and 0.3 more than the other. Otherwise the
    /// planes decide. `stations` are sensor positions in the planes' frame (``PointCloud/sensorStations``).
    /// The planes alone took z for up on y-up phone scans of hallways and small rooms whose walls outweigh
    /// floor and ceiling (random plans 51, 259, 293 and 294 of seed 2026); the stations read them y-up.
    /// - Complexity: O(p log p + s log s) for p planes and s stations.
    static func detect(from planes: [DetectedPlane], stations: [SIMD3<Double>]) -> UpAxis? {
        if let bySensor = detectFromStations(planes: planes, stations: stations) { return bySensor }
        return detect(from: planes)
    }

    /// The sensor-evidence part of ``detect(from:stations:)``; nil when it does not decide.
    static func detectFromStations(planes: [DetectedPlane], stations: [SIMD3<Double>]) -> UpAxis? {
        guard !stations.isEmpty else { return nil }
        func direction(_ axis: UpAxis) -> SIMD3<Double> { axis == .y ? SIMD3(0, 1, 0) : SIMD3(0, 0, 1) }
        // 10th-90th percentile range of sorted values.
        func range(_ sorted: [Double]) -> Double { sorted[sorted.count * 9 / 10] - sorted[sorted.count / 10] }
        var share: [UpAxis: Double] = [:], spread: [UpAxis: Double] = [:], middle: [UpAxis: Double] = [:]
        for axis in [UpAxis.y, .z] {
            let a = direction(axis)
            let big = planes.filter { abs(dot($0.normal, a)) > RoomStructure.levelCosine && $0.area >= 0.4 }
            let heights = stations.map { dot($0, a) }.sorted()
            spread[axis] = range(heights)
            middle[axis] = heights[heights.count / 2]
            guard let floor = big.map({ dot($0.centroid, a) }).min(),
                  let ceiling = big.map({ dot($0.centroid, a) }).max(), ceiling - floor > 1 else { share[axis] = 0; continue }
            // The highest plane is the ceiling only when it stands a storey above the floor: under a ceiling
            // sloped everywhere the highest horizontal plane can be a counter top.
            let roof = ceiling - floor >= 1.8 ? ceiling - 0.2 : Double.infinity
            let inBand = heights.filter { $0 - floor >= 0.3 && $0 - floor <= 2.6 && $0 <= roof }.count
            share[axis] = Double(inBand) / Double(heights.count)
        }
        let (y, z) = (share[.y] ?? 0, share[.z] ?? 0)
        let (sy, sz) = (spread[.y] ?? 0, spread[.z] ?? 0)
        if stations.count >= 3 {
            // A sensor carried around a room moves across it, not up and down: stations that spread at
            // least 0.5 m along one axis and under a quarter of that along a candidate axis, over a surface
            // perpendicular to the candidate 0.3-2.6 m below them (a floor, however little of it was seen),
            // have that axis up (both candidates flat so: below). Under a sloped roof or in a closet the
            // floor and ceiling seen can be too small for the band test (random plans 10, 27 and 97 of seed
            // 7919 and 21 and 45 of seed 2026 were read z-up with `--detect-up`).
            let sx = range(stations.map(\.x).sorted())
            let flat = [(UpAxis.y, sy, Swift.max(sx, sz)), (.z, sz, Swift.max(sx, sy))]
                .filter { $0.2 >= 0.5 && $0.1 < 0.25 * $0.2 }.map(\.0)
            // Heights (along `axis`) above the stations' median of the surfaces perpendicular to it (≥ 0.1 m²).
            func surfaces(_ axis: UpAxis) -> [(height: Double, area: Double)] {
                let a = direction(axis), median = middle[axis] ?? 0
                return planes.filter { abs(dot($0.normal, a)) > RoomStructure.levelCosine && $0.area >= 0.1 }.map { (dot($0.centroid, a) - median, $0.area) }
            }
            // Flat along both: stations on a line (down a hall or a corridor) are flat across it as well as
            // up and down. The axis whose largest perpendicular surfaces below and above the stations stand
            // less than 1.8 m apart is horizontal (no room is that low; a hall is that narrow), so the other
            // is up; when neither is, the one they spread less along (a hand-held sensor wavers across a hall
            // more than up and down). On a slope or in a tilted scan up and down can be the larger (the 3DTK
            // corridor's three setups: 0.16 m up and down over 3.4 m, 0.08 m across; read y-up either way).
            var chosen: UpAxis? = flat.count == 1 ? flat[0] : nil
            if flat.count == 2 {
                let possible = flat.filter { axis in
                    // The largest surface on each side (a floor or a wall, not a shelf or a table top).
                    let s = surfaces(axis)
                    let below = s.filter { $0.height < 0 }.max { $0.area < $1.area }.map { -$0.height } ?? .infinity
                    let above = s.filter { $0.height >= 0 }.max { $0.area < $1.area }?.height ?? .infinity
                    return below + above >= 1.8
                }
                if possible.count == 1, let axis = possible.first { return axis }
                if possible.count == 2, sy != sz { chosen = sy < sz ? .y : .z }
            }
            if let axis = chosen, surfaces(axis).contains(where: { $0.height <= -0.3 && $0.height >= -2.6 }) { return axis }
            if y >= 0.8, sy < 0.5 * sz - 0.05 { return .y }
            if z >= 0.8, sz < 0.5 * sy - 0.05 { return .z }
        }
        if y >= 0.8, y - z >= 0.3 { return .y }
        if z >= 0.8, z - y >= 0.3 { return .z }
        return nil
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
            let across = planes.filter { abs(dot($0.normal, a)) > RoomStructure.levelCosine }
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
