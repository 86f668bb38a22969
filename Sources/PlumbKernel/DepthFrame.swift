/// Pinhole camera intrinsics of a depth image, in pixels.
///
/// Pixel `(column, row)` covers image coordinates `[column, column+1) x [row, row+1)`; its centre is
/// `(column + 0.5, row + 0.5)`. A camera-space point `(X, Y, Z)` (ARKit: x right, y up, looking along -z)
/// projects to `u = cx + fx * X / (-Z)`, `v = cy - fy * Y / (-Z)` (rows grow downwards).
public struct CameraIntrinsics: Sendable, Equatable, Hashable, Codable {
    /// Focal length along image columns, pixels.
    public var fx: Double
    /// Focal length along image rows, pixels.
    public var fy: Double
    /// Principal point column coordinate, pixels.
    public var cx: Double
    /// Principal point row coordinate, pixels.
    public var cy: Double
    /// Intrinsics from focal lengths and principal point (pixels).
    public init(fx: Double, fy: Double, cx: Double, cy: Double) {
        self.fx = fx
        self.fy = fy
        self.cx = cx
        self.cy = cy
    }
    /// Unit-depth camera-space direction through the centre of pixel `(column, row)`: `(x, y, -1)`.
    @inlinable
    public func direction(column: Int, row: Int) -> SIMD3<Double> {
        SIMD3((Double(column) + 0.5 - cx) / fx, -(Double(row) + 0.5 - cy) / fy, -1)
    }
}

/// Problems with a ``DepthFrame``'s contents.
public enum DepthFrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Width or height is not positive or absurdly large (more than 16384 per side).
    case badSize(width: Int, height: Int)
    /// An array has the wrong number of entries.
    case lengthMismatch(field: String, expected: Int, actual: Int)
    /// Depth at pixel `index` (row-major) is negative, NaN or infinite.
    case badDepth(index: Int)
    /// Confidence at pixel `index` is above 2.
    case badConfidence(index: Int, value: UInt8)
    /// The intrinsics are non-finite or have non-positive focal lengths.
    case badIntrinsics
    /// The pose is not a finite proper rigid transform.
    case badPose
    /// The timestamp or light estimate is not finite.
    case badScalar(field: String)

    /// A human-readable explanation naming the offending element.
    public var description: String {
        switch self {
        case let .badSize(w, h): "depth frame size \(w)x\(h) is not positive or exceeds 16384 per side"
        case let .lengthMismatch(f, e, a): "\(f) has \(a) entries, expected \(e) (width x height)"
        case let .badDepth(i): "depth at pixel \(i) is negative or not finite"
        case let .badConfidence(i, v): "confidence \(v) at pixel \(i) is not 0, 1 or 2"
        case .badIntrinsics: "intrinsics are not finite or focal length is not positive"
        case .badPose: "cameraToWorld is not a finite proper rigid transform"
        case let .badScalar(f): "\(f) is not finite"
        }
    }
}

/// One ARKit-like depth image: per-pixel depth and confidence plus the camera model and pose.
///
/// `depth` is row-major (`index = row * width + column`), metres along the camera's optical axis
/// (z-depth, like ARKit `sceneDepth`), `0` meaning "no measurement". `confidence` is ARKit's
/// low/medium/high as 0/1/2. `cameraToWorld` maps camera coordinates (x right, y up, looking along -z)
/// to the world frame (y up, metres). `timestamp` is seconds since the start of the capture.
public struct DepthFrame: Sendable, Equatable, Codable {
    /// Image width in pixels (columns).
    public var width: Int
    /// Image height in pixels (rows).
    public var height: Int
    /// Row-major z-depth in metres; 0 = no measurement.
    public var depth: [Float]
    /// Row-major confidence 0 (low), 1 (medium), 2 (high).
    public var confidence: [UInt8]
    /// Pinhole intrinsics, pixels.
    public var intrinsics: CameraIntrinsics
    /// Camera-to-world pose.
    public var cameraToWorld: RigidTransform
    /// Capture time, seconds.
    public var timestamp: Double
    /// Optional ambient light estimate, lux.
    public var ambientLightLux: Double?

    /// A checked frame.
    /// - Throws: ``DepthFrameError`` naming the first problem (pixel index for bad values).
    /// - Complexity: O(width x height).
    public init(
        width: Int, height: Int, depth: [Float], confidence: [UInt8], intrinsics: CameraIntrinsics,
        cameraToWorld: RigidTransform, timestamp: Double, ambientLightLux: Double? = nil
    ) throws(DepthFrameError) {
        self.width = width
        self.height = height
        self.depth = depth
        self.confidence = confidence
        self.intrinsics = intrinsics
        self.cameraToWorld = cameraToWorld
        self.timestamp = timestamp
        self.ambientLightLux = ambientLightLux
        try validate()
    }

    /// Number of pixels (`width * height`).
    public var pixelCount: Int { width * height }

    /// Checks sizes, value ranges, intrinsics and pose.
    /// - Throws: ``DepthFrameError`` naming the first problem.
    public func validate() throws(DepthFrameError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .badSize(width: width, height: height)
        }
        let n = width * height
        if depth.count != n { throw .lengthMismatch(field: "depth", expected: n, actual: depth.count) }
        if confidence.count != n {
            throw .lengthMismatch(field: "confidence", expected: n, actual: confidence.count)
        }
        // One branch-free pass over each array (vectorisable); the offending index is searched only on failure.
        let depthBad = depth.withUnsafeBufferPointer { b in
            var bad: UInt32 = 0
            for d in b { bad |= (d >= 0 && d <= .greatestFiniteMagnitude) ? 0 : 1 }
            return bad != 0
        }
        if depthBad, let i = depth.firstIndex(where: { !($0.isFinite && $0 >= 0) }) { throw .badDepth(index: i) }
        let highest = confidence.withUnsafeBufferPointer { b in b.reduce(UInt8(0)) { Swift.max($0, $1) } }
        if highest > 2, let i = confidence.firstIndex(where: { $0 > 2 }) {
            throw .badConfidence(index: i, value: confidence[i])
        }
        let k = intrinsics
        guard k.fx.isFinite, k.fy.isFinite, k.cx.isFinite, k.cy.isFinite, k.fx > 0, k.fy > 0 else {
            throw .badIntrinsics
        }
        guard cameraToWorld.isProperRigid(tolerance: 1e-4) else { throw .badPose }
        guard timestamp.isFinite else { throw .badScalar(field: "timestamp") }
        if let l = ambientLightLux, !l.isFinite { throw .badScalar(field: "ambientLightLux") }
    }

    /// World points (metres, double precision) of every pixel with depth > 0 and confidence at least
    /// `minimumConfidence`, in row-major pixel order.
    /// - Complexity: O(width x height).
    public func unprojectedWorldPoints(minimumConfidence: UInt8 = 0) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        out.reserveCapacity(pixelCount)
        forEachPoint(minimumConfidence: minimumConfidence) { _, p in out.append(p) }
        return out
    }

    /// Calls `body(pixelIndex, worldPoint)` for every pixel with depth > 0 and confidence at least
    /// `minimumConfidence`, in row-major order.
    public func forEachPoint(minimumConfidence: UInt8 = 0, _ body: (Int, SIMD3<Double>) -> Void) {
        let pose = cameraToWorld
        for row in 0..<height {
            for col in 0..<width {
                let i = row * width + col
                let d = depth[i]
                guard d > 0, confidence[i] >= minimumConfidence else { continue }
                body(i, pose.apply(intrinsics.direction(column: col, row: row) * Double(d)))
            }
        }
    }

    /// The frame's valid pixels as a ``PointCloud`` in world coordinates, with the given origin (pick one
    /// near the data, e.g. the camera position) and every point's `frameIndex` set to `frameIndex`.
    /// With the default `frameIndex` 0 the cloud also carries the camera position as its one sensor
    /// (``PointCloud/sensorOrigins``); for another index the caller, who knows the other frames' poses,
    /// attaches them with ``PointCloud/withSensors(_:)``.
    /// - Complexity: O(width x height).
    public func unproject(
        minimumConfidence: UInt8 = 0, frameIndex: UInt32 = 0, origin: SIMD3<Double>? = nil
    ) -> PointCloud {
        let o = origin ?? cameraToWorld.translation.rounded(.toNearestOrEven)
        var cloud = PointCloud(origin: o)
        var frames: [UInt32] = []
        forEachPoint(minimumConfidence: minimumConfidence) { _, p in
            cloud.append(local: SIMD3<Float>(p - o))
            frames.append(frameIndex)
        }
        cloud.frameIndex = frames
        if frameIndex == 0 { cloud.sensorOrigins = [cameraToWorld.translation] }
        return cloud
    }
}
