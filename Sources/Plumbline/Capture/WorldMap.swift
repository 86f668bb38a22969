import Foundation
import PlumbKernel

/// One plane of a ``WorldMap``: `dot(normal, p) = distance` for world points `p` (metres).
public struct MapPlane: Sendable, Equatable, Codable {
    /// Unit normal (world frame).
    public var normal: SIMD3<Double>
    /// Signed distance of the plane from the world origin along ``normal``, metres.
    public var distance: Double
    /// Centroid of the plane's points (world frame, metres).
    public var centroid: SIMD3<Double>
    /// In-plane area of its points, square metres.
    public var area: Double

    /// A plane from its parts.
    public init(normal: SIMD3<Double>, distance: Double, centroid: SIMD3<Double>, area: Double) {
        self.normal = normal
        self.distance = distance
        self.centroid = centroid
        self.area = area
    }

    /// The plane carried by a rigid motion.
    public func transformed(by t: RigidTransform) -> MapPlane {
        let n = t.applyToDirection(normal)
        return MapPlane(normal: n, distance: distance + dot(n, t.translation), centroid: t.apply(centroid), area: area)
    }
}

/// Problems saving, loading or building a ``WorldMap``.
public enum WorldMapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The map has too few points (`points`, at least `required`).
    case tooFewPoints(points: Int, required: Int)
    /// The file could not be read or written.
    case io(path: String, reason: String)
    /// The data is not a valid world map (decoder message or failed check).
    case corrupt(String)

    /// A one-line description.
    public var description: String {
        switch self {
        case let .tooFewPoints(p, r): "world map has \(p) points, at least \(r) are needed"
        case let .io(p, r): "cannot access \(p): \(r)"
        case let .corrupt(m): "not a valid world map: \(m)"
        }
    }
}

/// A compact, saveable map of the scanned space, like ARKit's `ARWorldMap`: the fused surfaces decimated
/// to ``cellSize`` cells (points with unit normals) and their large planes, in the session's world frame
/// (y up, metres). A session started with a map relocalizes into its frame (``Relocalizer``).
///
/// Size: about 37 bytes per point once encoded (seven base64-packed floats); a bedroom at 5 cm cells
/// holds roughly 10 000–20 000 points, under 1 MB of JSON.
public struct WorldMap: Sendable, Equatable, Codable {
    /// Format version (1).
    public var version: Int = 1
    /// Decimation cell, metres.
    public var cellSize: Double
    /// Decimated points (weights: depth points behind each).
    public var points: FusedPoints
    /// Unit normals of the points (local PCA over neighbours), packed x, y, z.
    public var normalX: PackedFloats, normalY: PackedFloats, normalZ: PackedFloats
    /// Planes of at least ``minimumPlaneArea`` found in the points, largest first.
    public var planes: [MapPlane]

    /// Fewest points a map may hold.
    public static let minimumPoints = 500
    /// Smallest plane area kept, square metres.
    public static let minimumPlaneArea = 0.3

    /// A map of `cloud` (world frame, e.g. the session's coarse map), finding normals (k = 12) and planes.
    /// - Throws: ``WorldMapError/tooFewPoints(points:required:)`` for fewer than ``minimumPoints`` points,
    ///   ``WorldMapError/corrupt(_:)`` when normals or planes cannot be computed (non-finite input).
    public init(cloud: PointCloud, cellSize: Double, seed: UInt64 = 0) throws(WorldMapError) {
        guard cloud.count >= Self.minimumPoints else { throw .tooFewPoints(points: cloud.count, required: Self.minimumPoints) }
        self.cellSize = cellSize
        points = FusedPoints(cloud)
        let normals: NormalEstimate
        do { normals = try NormalEstimation.estimate(cloud, options: .init(k: 12, orientation: .unoriented, parallel: false)) } catch {
            throw .corrupt("normals: \(error)")
        }
        normalX = PackedFloats(normals.normals.x)
        normalY = PackedFloats(normals.normals.y)
        normalZ = PackedFloats(normals.normals.z)
        planes = try Self.findPlanes(cloud, cellSize: cellSize, seed: seed)
    }

    /// Large planes of a decimated cloud, in the world frame, largest first.
    /// - Throws: ``WorldMapError/corrupt(_:)`` when segmentation rejects the cloud.
    static func findPlanes(_ cloud: PointCloud, cellSize: Double, seed: UInt64) throws(WorldMapError) -> [MapPlane] {
        var o = PlaneSegmentationOptions(distanceThreshold: Float(max(0.03, 0.6 * cellSize)), minPoints: 40,
                                         minArea: minimumPlaneArea, gridCellSize: max(0.05, 1.5 * cellSize))
        o.seed = seed
        o.parallel = false
        let seg: PlaneSegmentationResult
        do { seg = try PlaneSegmenter.segment(cloud, options: o) } catch { throw .corrupt("planes: \(error)") }
        return seg.planes.map { p in
            MapPlane(normal: p.normal, distance: -p.worldOffset(origin: cloud.origin), centroid: p.centroid + cloud.origin,
                     area: p.area)
        }.sorted { $0.area != $1.area ? $0.area > $1.area : $0.distance < $1.distance }
    }

    /// The map points as a cloud with normals.
    /// - Throws: ``WorldMapError/corrupt(_:)`` when array lengths differ or values are not finite.
    public func pointCloud() throws(WorldMapError) -> PointCloud {
        var c: PointCloud
        do { c = try points.pointCloud() } catch { throw .corrupt("\(error)") }
        let n = c.count
        guard normalX.values.count == n, normalY.values.count == n, normalZ.values.count == n else {
            throw .corrupt("\(n) points but \(normalX.values.count) normals")
        }
        c.normals = NormalField(x: normalX.values, y: normalY.values, z: normalZ.values)
        return c
    }

    /// Checks sizes, finiteness and the version.
    /// - Throws: ``WorldMapError/corrupt(_:)`` or ``WorldMapError/tooFewPoints(points:required:)``.
    public func validate() throws(WorldMapError) {
        guard version == 1 else { throw .corrupt("unsupported version \(version)") }
        guard cellSize.isFinite, cellSize > 0 else { throw .corrupt("cell size \(cellSize)") }
        _ = try pointCloud()
        guard points.count >= Self.minimumPoints else { throw .tooFewPoints(points: points.count, required: Self.minimumPoints) }
        for (i, p) in planes.enumerated() {
            let ok = [p.normal.x, p.normal.y, p.normal.z, p.distance, p.area].allSatisfy(\.isFinite)
            guard ok, abs(length(p.normal) - 1) < 1e-3 else { throw .corrupt("plane \(i) is not finite or not unit") }
        }
    }

    /// JSON bytes of the map (sorted keys, deterministic).
    public func encoded() throws(WorldMapError) -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return try e.encode(self) } catch { throw .corrupt("\(error)") }
    }

    /// Writes the map as JSON to `url`.
    /// - Throws: ``WorldMapError/io(path:reason:)``.
    public func save(to url: URL) throws(WorldMapError) {
        let data = try encoded()
        do throws(SafeFileError) { try SafeFile.write(data, to: url) } catch { throw .io(path: url.path, reason: error.description) }
    }

    /// Decodes and validates a map from JSON bytes.
    /// - Throws: ``WorldMapError/corrupt(_:)`` naming the decoder's complaint or the failed check.
    public static func decode(_ data: Data) throws(WorldMapError) -> WorldMap {
        let m: WorldMap
        do { m = try JSONDecoder().decode(WorldMap.self, from: data) } catch { throw .corrupt("\(error)") }
        try m.validate()
        return m
    }

    /// Loads and validates a map saved with ``save(to:)``.
    /// - Throws: ``WorldMapError``.
    public static func load(from url: URL) throws(WorldMapError) -> WorldMap {
        let data: Data
        do throws(SafeFileError) { data = try SafeFile.read(contentsOf: url.path, limit: RoomPlanJSON.maximumInputBytes) } catch {
            throw .io(path: url.path, reason: error.description)
        }
        return try decode(data)
    }
}
