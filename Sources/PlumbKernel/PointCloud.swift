/// A set of 3D points stored as structure of arrays, with optional per-point attributes.
///
/// Coordinates are `Float` metres **relative to `origin`** (a `Double` offset in the same frame), so
/// georeferenced scans with offsets of 1e6 m keep sub-millimetre precision: the world position of point
/// `i` is `origin + (x[i], y[i], z[i])` evaluated in `Double`. Keep local coordinates small (a few hundred
/// metres at most) by choosing `origin` near the data; ``recentred()`` does that for you.
///
/// The frame is whatever the source used (ARKit-style y-up or survey z-up); the kernel never assumes an
/// up axis unless a function says so.
///
/// Attribute arrays (`normals`, `colors`, `frameIndex`, `intensity`) are either `nil` or have exactly
/// ``count`` elements; the throwing initialiser and ``validate()`` check this. ``sensorOrigins`` is indexed
/// by frame, not by point: point `i` was seen from `sensorOrigins[frameIndex[i]]`.
public struct PointCloud: Sendable, Equatable, Codable {
    /// Local x coordinates in metres, relative to ``origin``.
    public var x: [Float]
    /// Local y coordinates in metres, relative to ``origin``.
    public var y: [Float]
    /// Local z coordinates in metres, relative to ``origin``.
    public var z: [Float]
    /// World position of the local (0, 0, 0), in metres, in double precision.
    public var origin: SIMD3<Double>
    /// Optional unit normals (one entry per point).
    public var normals: NormalField?
    /// Optional 8-bit RGB colours (one entry per point).
    public var colors: ColorField?
    /// Optional index of the scan or depth frame each point came from.
    public var frameIndex: [UInt32]?
    /// Optional return intensity or confidence, unitless.
    public var intensity: [Float]?
    /// Optional world positions of the sensor, metres, in the same frame as `origin + local` (double
    /// precision, not relative to ``origin``), indexed by frame: point `i` was seen from
    /// `sensorOrigins[frameIndex[i]]`. Requires ``frameIndex``; every frame index must be below its count.
    public var sensorOrigins: [SIMD3<Double>]?

    /// Number of points.
    public var count: Int { x.count }
    /// True when the cloud has no points.
    public var isEmpty: Bool { x.isEmpty }

    /// An empty cloud at the given origin.
    public init(origin: SIMD3<Double> = .zero) {
        self.x = []
        self.y = []
        self.z = []
        self.origin = origin
    }

    /// A cloud from coordinate arrays, checked for equal lengths and finite values.
    ///
    /// - Throws: ``PointCloudError`` naming the first offending attribute or point index.
    /// - Complexity: O(n).
    public init(
        x: [Float], y: [Float], z: [Float], origin: SIMD3<Double> = .zero,
        normals: NormalField? = nil, colors: ColorField? = nil,
        frameIndex: [UInt32]? = nil, intensity: [Float]? = nil, sensorOrigins: [SIMD3<Double>]? = nil
    ) throws(PointCloudError) {
        self.x = x
        self.y = y
        self.z = z
        self.origin = origin
        self.normals = normals
        self.colors = colors
        self.frameIndex = frameIndex
        self.intensity = intensity
        self.sensorOrigins = sensorOrigins
        try validate()
    }

    /// A cloud from world points given in double precision. The origin is set to the centre of their
    /// bounding box so the stored `Float` offsets are as small as possible.
    ///
    /// - Throws: ``PointCloudError/nonFiniteCoordinate(index:)`` for NaN or infinite input.
    /// - Complexity: O(n).
    public init(worldPoints: [SIMD3<Double>]) throws(PointCloudError) {
        var lo = SIMD3<Double>(repeating: .infinity)
        var hi = SIMD3<Double>(repeating: -.infinity)
        for (i, p) in worldPoints.enumerated() {
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { throw .nonFiniteCoordinate(index: i) }
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let o: SIMD3<Double> = worldPoints.isEmpty ? .zero : ((lo + hi) * 0.5).rounded(.toNearestOrEven)
        self.init(origin: o)
        reserveCapacity(worldPoints.count)
        for p in worldPoints {
            let l = p - o
            x.append(Float(l.x))
            y.append(Float(l.y))
            z.append(Float(l.z))
        }
    }

    /// Reserves storage for `n` points in the coordinate arrays.
    public mutating func reserveCapacity(_ n: Int) {
        x.reserveCapacity(n)
        y.reserveCapacity(n)
        z.reserveCapacity(n)
    }

    /// Appends one point given in local coordinates. Attributes must be appended by the caller when present.
    @inlinable
    public mutating func append(local p: SIMD3<Float>) {
        x.append(p.x)
        y.append(p.y)
        z.append(p.z)
    }

    /// Local coordinates of point `i` (relative to ``origin``), metres.
    @inlinable
    public func localPoint(_ i: Int) -> SIMD3<Float> { SIMD3(x[i], y[i], z[i]) }

    /// World coordinates of point `i`, metres, in double precision.
    @inlinable
    public func worldPoint(_ i: Int) -> SIMD3<Double> {
        origin + SIMD3<Double>(Double(x[i]), Double(y[i]), Double(z[i]))
    }

    /// Axis-aligned bounds of the local coordinates, or `nil` for an empty cloud.
    /// - Complexity: O(n).
    public var localBounds: (min: SIMD3<Float>, max: SIMD3<Float>)? {
        guard !isEmpty else { return nil }
        var lo = SIMD3<Float>(repeating: .infinity)
        var hi = SIMD3<Float>(repeating: -.infinity)
        for i in 0..<count {
            let p = localPoint(i)
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return (lo, hi)
    }

    /// Checks array lengths and that every coordinate is finite.
    /// - Throws: ``PointCloudError`` naming the first problem found.
    /// - Complexity: O(n).
    public func validate() throws(PointCloudError) {
        let n = x.count
        if y.count != n { throw .lengthMismatch(attribute: "y", expected: n, actual: y.count) }
        if z.count != n { throw .lengthMismatch(attribute: "z", expected: n, actual: z.count) }
        if let normals, normals.count != n {
            throw .lengthMismatch(attribute: "normals", expected: n, actual: normals.count)
        }
        if let colors, colors.count != n {
            throw .lengthMismatch(attribute: "colors", expected: n, actual: colors.count)
        }
        if let frameIndex, frameIndex.count != n {
            throw .lengthMismatch(attribute: "frameIndex", expected: n, actual: frameIndex.count)
        }
        if let intensity, intensity.count != n {
            throw .lengthMismatch(attribute: "intensity", expected: n, actual: intensity.count)
        }
        guard origin.x.isFinite, origin.y.isFinite, origin.z.isFinite else { throw .nonFiniteOrigin }
        for i in 0..<n where !(x[i].isFinite && y[i].isFinite && z[i].isFinite) {
            throw .nonFiniteCoordinate(index: i)
        }
        try validateSensors()
    }

    /// Checks ``sensorOrigins`` alone: it needs ``frameIndex``, every frame index must be below its count
    /// and every position must be finite.
    /// - Throws: ``PointCloudError/sensorOriginsWithoutFrameIndex``,
    ///   ``PointCloudError/nonFiniteSensorOrigin(index:)`` or ``PointCloudError/frameIndexOutOfRange(point:frame:sensorCount:)``.
    /// - Complexity: O(n + sensors).
    public func validateSensors() throws(PointCloudError) {
        guard let sensorOrigins else { return }
        guard let frameIndex else { throw .sensorOriginsWithoutFrameIndex }
        for (k, s) in sensorOrigins.enumerated() where !(s.x.isFinite && s.y.isFinite && s.z.isFinite) {
            throw .nonFiniteSensorOrigin(index: k)
        }
        let m = sensorOrigins.count
        for (i, f) in frameIndex.enumerated() where Int(f) >= m {
            throw .frameIndexOutOfRange(point: i, frame: f, sensorCount: sensorOrigins.count)
        }
    }

    /// World position of the sensor that saw point `i` (`sensorOrigins[frameIndex[i]]`), metres, or `nil`
    /// when the cloud has no sensor positions.
    /// - Precondition: `i` is in `0..<count` and the cloud is valid (see ``validateSensors()``).
    @inlinable
    public func sensorPosition(ofPoint i: Int) -> SIMD3<Double>? {
        guard let sensorOrigins, let frameIndex else { return nil }
        return sensorOrigins[Int(frameIndex[i])]
    }

    /// Calls `body` with the sensor position and the point, both relative to ``origin`` (the points' local
    /// frame), metres, for up to `limit` evenly spaced points (every `max(1, count / limit)`-th): the sight
    /// lines along which the sensor saw empty space up to each hit. Returns false, without calling `body`,
    /// when the cloud has no per-point sensor positions.
    /// - Precondition: the cloud is valid (see ``validateSensors()``).
    /// - Complexity: O(min(n, limit)).
    @inlinable
    package func forEachSightLine(limit: Int, _ body: (_ sensor: SIMD3<Double>, _ point: SIMD3<Double>) -> Void) -> Bool {
        guard let sensorOrigins, let frameIndex, count > 0, limit > 0 else { return false }
        let step = Swift.max(1, count / limit)
        for i in stride(from: 0, to: count, by: step) {
            body(sensorOrigins[Int(frameIndex[i])] - origin, SIMD3(Double(x[i]), Double(y[i]), Double(z[i])))
        }
        return true
    }

    /// The distinct positions of the sensors that saw at least one point of this cloud, relative to
    /// ``origin`` (the points' local frame), metres, sorted by (x, y, z); empty without sensor positions.
    /// A room cut from a building's capture keeps every frame's position, so frames no point comes from are
    /// left out.
    /// - Complexity: O(n + s log s) for n points and s sensor positions.
    package var sensorStations: [SIMD3<Double>] {
        guard let sensorOrigins, !sensorOrigins.isEmpty else { return [] }
        var used = [Bool](repeating: frameIndex == nil, count: sensorOrigins.count)
        if let frameIndex {
            for f in frameIndex where Int(f) < used.count { used[Int(f)] = true }
        }
        var out: [SIMD3<Double>] = []
        for k in sensorOrigins.indices where used[k] { out.append(sensorOrigins[k] - origin) }
        out.sort { ($0.x, $0.y, $0.z) < ($1.x, $1.y, $1.z) }
        var unique: [SIMD3<Double>] = []
        for p in out where unique.last != p { unique.append(p) }
        return unique
    }

    /// A copy with ``sensorOrigins`` set to `origins` (world positions, metres, indexed by ``frameIndex``),
    /// e.g. a scanner-indexed file plus a list of scanner positions.
    /// - Throws: ``PointCloudError`` when the cloud has no ``frameIndex``, a frame index is not below
    ///   `origins.count` or a position is not finite.
    /// - Complexity: O(n + origins.count).
    public func withSensors(_ origins: [SIMD3<Double>]) throws(PointCloudError) -> PointCloud {
        var out = self
        out.sensorOrigins = origins
        try out.validateSensors()
        return out
    }

    /// The points at `indices`, in that order, with all attributes carried along. Same origin.
    /// - Precondition: every index is in `0..<count`.
    /// - Complexity: O(indices.count).
    public func subset<C: Collection>(_ indices: C) -> PointCloud where C.Element == Int {
        var out = PointCloud(origin: origin)
        out.x = indices.map { x[$0] }
        out.y = indices.map { y[$0] }
        out.z = indices.map { z[$0] }
        if let normals {
            out.normals = NormalField(
                x: indices.map { normals.x[$0] }, y: indices.map { normals.y[$0] }, z: indices.map { normals.z[$0] })
        }
        if let colors {
            out.colors = ColorField(
                r: indices.map { colors.r[$0] }, g: indices.map { colors.g[$0] }, b: indices.map { colors.b[$0] })
        }
        if let frameIndex { out.frameIndex = indices.map { frameIndex[$0] } }
        if let intensity { out.intensity = indices.map { intensity[$0] } }
        out.sensorOrigins = sensorOrigins
        return out
    }

    /// The same points re-expressed about a new origin (the rounded centre of the bounds), so local
    /// coordinates are as small as possible. World positions are unchanged up to `Float` rounding of
    /// the new offsets.
    /// - Complexity: O(n).
    public func recentred() -> PointCloud {
        guard let b = localBounds else { return self }
        let shift = SIMD3<Double>((b.min + b.max) * 0.5).rounded(.toNearestOrEven)
        if shift == .zero { return self }
        var out = self
        out.origin = origin + shift
        let s = SIMD3<Float>(shift)
        for i in 0..<count {
            out.x[i] = x[i] - s.x
            out.y[i] = y[i] - s.y
            out.z[i] = z[i] - s.z
        }
        return out
    }
}

/// Per-point unit normals stored as structure of arrays.
public struct NormalField: Sendable, Equatable, Codable {
    /// x components.
    public var x: [Float]
    /// y components.
    public var y: [Float]
    /// z components.
    public var z: [Float]
    /// Number of normals.
    public var count: Int { x.count }
    /// Normals from component arrays (equal lengths expected; ``PointCloud/validate()`` checks).
    public init(x: [Float], y: [Float], z: [Float]) {
        self.x = x
        self.y = y
        self.z = z
    }
    /// `n` zero normals.
    public init(count n: Int) {
        self.init(x: .init(repeating: 0, count: n), y: .init(repeating: 0, count: n), z: .init(repeating: 0, count: n))
    }
    /// Normal `i` as a vector.
    @inlinable public subscript(i: Int) -> SIMD3<Float> { SIMD3(x[i], y[i], z[i]) }
}

/// Per-point 8-bit RGB colours stored as structure of arrays.
public struct ColorField: Sendable, Equatable, Codable {
    /// Red channel.
    public var r: [UInt8]
    /// Green channel.
    public var g: [UInt8]
    /// Blue channel.
    public var b: [UInt8]
    /// Number of colours.
    public var count: Int { r.count }
    /// Colours from channel arrays (equal lengths expected; ``PointCloud/validate()`` checks).
    public init(r: [UInt8], g: [UInt8], b: [UInt8]) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// Problems with the contents of a ``PointCloud``.
public enum PointCloudError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An attribute array's length differs from the number of points.
    case lengthMismatch(attribute: String, expected: Int, actual: Int)
    /// Point `index` has a NaN or infinite coordinate.
    case nonFiniteCoordinate(index: Int)
    /// The origin is NaN or infinite.
    case nonFiniteOrigin
    /// An operation needs at least `required` points and got `actual`.
    case tooFewPoints(required: Int, actual: Int)
    /// The points are degenerate for the operation (all coincident, collinear, …).
    case degenerate(String)
    /// ``PointCloud/sensorOrigins`` is set but ``PointCloud/frameIndex`` is not.
    case sensorOriginsWithoutFrameIndex
    /// Sensor position `index` has a NaN or infinite coordinate.
    case nonFiniteSensorOrigin(index: Int)
    /// Point `point` refers to frame `frame` but only `sensorCount` sensor positions are given.
    case frameIndexOutOfRange(point: Int, frame: UInt32, sensorCount: Int)

    public var description: String {
        switch self {
        case let .lengthMismatch(a, e, n): "attribute '\(a)' has \(n) entries, expected \(e) (one per point)"
        case let .nonFiniteCoordinate(i): "point \(i) has a NaN or infinite coordinate"
        case .nonFiniteOrigin: "the cloud origin is NaN or infinite"
        case let .tooFewPoints(r, n): "needs at least \(r) points, got \(n)"
        case let .degenerate(why): "degenerate input: \(why)"
        case .sensorOriginsWithoutFrameIndex: "sensor origins are given but the points have no frame index"
        case let .nonFiniteSensorOrigin(k): "sensor origin \(k) has a NaN or infinite coordinate"
        case let .frameIndexOutOfRange(i, f, n): "point \(i) refers to frame \(f) but only \(n) sensor origins are given"
        }
    }
}
