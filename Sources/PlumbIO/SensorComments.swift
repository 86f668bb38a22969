import PlumbKernel

/// Sensor positions stored in a file header as `plumbline_sensor <index> <x> <y> <z>` comment lines (PLY
/// `comment …`, PCD `# …`): world coordinates in metres (not relative to the `plumbline_origin`), written
/// with the shortest round-trip `Double` text so reading gives back the exact values. Indices must be
/// dense `0..<n` (any order); at most ``maximumCount`` lines and never more sensors than points.
struct SensorComments: Sendable, Equatable {
    /// Largest number of sensor lines accepted in one header.
    static let maximumCount = 10_000_000

    /// One parsed line.
    struct Entry: Sendable, Equatable {
        let index: Int
        let position: SIMD3<Double>
        let line: Int
    }

    private(set) var entries: [Entry] = []

    /// The comment keyword that introduces a sensor line.
    static let keyword = "plumbline_sensor"

    /// Parses the words after the keyword (`<index> <x> <y> <z>`) of header line `line`.
    /// - Throws: ``PointCloudFormatError/malformedSensor(detail:at:)`` naming the line.
    mutating func add(_ words: ArraySlice<Substring>, line: Int) throws(PointCloudFormatError) {
        let w = Array(words)
        guard w.count == 4 else {
            throw .malformedSensor(detail: "expected '\(Self.keyword) <index> <x> <y> <z>', found \(w.count) values", at: .line(line))
        }
        guard let k = Int(w[0]), k >= 0 else {
            throw .malformedSensor(detail: "sensor index '\(w[0])' is not a non-negative integer", at: .line(line))
        }
        guard k < Self.maximumCount, entries.count < Self.maximumCount else {
            throw .malformedSensor(detail: "more than \(Self.maximumCount) sensors", at: .line(line))
        }
        var p = SIMD3<Double>()
        for a in 0..<3 {
            guard let v = Double(w[a + 1]), v.isFinite else {
                throw .malformedSensor(detail: "sensor \(k) coordinate '\(w[a + 1])' is not a finite number", at: .line(line))
            }
            p[a] = v
        }
        entries.append(Entry(index: k, position: p, line: line))
    }

    /// The positions in index order, or `nil` when there were no sensor lines.
    /// - Throws: ``PointCloudFormatError/malformedSensor(detail:at:)`` for more sensors than
    ///   `pointCount`, an index outside `0..<n` or a repeated index.
    /// - Complexity: O(n).
    func positions(pointCount: Int) throws(PointCloudFormatError) -> [SIMD3<Double>]? {
        guard let first = entries.first else { return nil }
        let n = entries.count
        guard n <= pointCount else {
            throw .malformedSensor(detail: "\(n) sensors for \(pointCount) points", at: .line(first.line))
        }
        var out = [SIMD3<Double>](repeating: .zero, count: n)
        var seen = [Bool](repeating: false, count: n)
        for e in entries {
            guard e.index < n else {
                throw .malformedSensor(detail: "sensor index \(e.index) with \(n) sensors (indices must be 0..<\(n))", at: .line(e.line))
            }
            guard !seen[e.index] else {
                throw .malformedSensor(detail: "sensor index \(e.index) given twice", at: .line(e.line))
            }
            seen[e.index] = true
            out[e.index] = e.position
        }
        return out
    }

    /// Attaches `positions` to `cloud` (unless `options` ignores sensors) and counts them in `report`.
    /// A single sensor on a cloud without frame indices gives every point frame 0.
    /// - Throws: ``PointCloudFormatError/malformedSensor(detail:at:)`` for several sensors and no frame
    ///   index column; ``PointCloudFormatError/sensorIndexOutOfRange(pointIndex:frameIndex:sensorCount:)``
    ///   for a point whose frame has no sensor.
    /// - Complexity: O(points).
    static func attach(_ positions: [SIMD3<Double>]?, firstLine: Int, to cloud: inout PointCloud,
                       report: inout PointCloudReadReport, options: PointCloudReadOptions) throws(PointCloudFormatError) {
        guard let positions, options.sensorOrigins == .read else { return }
        if cloud.frameIndex == nil {
            guard positions.count == 1 else {
                throw .malformedSensor(detail: "\(positions.count) sensors but the points have no frame index column",
                                       at: .line(firstLine))
            }
            cloud.frameIndex = [UInt32](repeating: 0, count: cloud.count)
        }
        if let frames = cloud.frameIndex, let i = frames.firstIndex(where: { Int($0) >= positions.count }) {
            throw .sensorIndexOutOfRange(pointIndex: i, frameIndex: frames[i], sensorCount: positions.count)
        }
        cloud.sensorOrigins = positions
        report.sensorCount = positions.count
    }

    /// The header lines for `cloud`'s sensors, each `prefix` + `plumbline_sensor k x y z` + newline.
    static func lines(for cloud: PointCloud, prefix: String) -> String {
        guard let s = cloud.sensorOrigins else { return "" }
        var h = ""
        for (k, p) in s.enumerated() { h += "\(prefix)\(keyword) \(k) \(p.x) \(p.y) \(p.z)\n" }
        return h
    }
}
