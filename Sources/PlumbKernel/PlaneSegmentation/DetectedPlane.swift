/// One planar structure found by ``PlaneSegmenter``: a connected planar region with its inliers.
///
/// The plane is `dot(normal, p) + offset = 0` for `p` in the cloud's **local** frame (metres relative to
/// ``PointCloud/origin``); ``worldOffset(origin:)`` gives the offset in the world frame.
public struct DetectedPlane: Sendable, Equatable, Codable {
    /// Unit normal. Sign: agrees with the majority of inlier normals when the cloud has normals, otherwise
    /// points towards the side of the plane holding the cloud's centroid (into the room for a room scan).
    public var normal: SIMD3<Double>
    /// Plane offset in the local frame (m).
    public var offset: Double
    /// Indices of the inlier points, ascending.
    public var inliers: [Int32]
    /// Centroid of the inliers (local frame, m).
    public var centroid: SIMD3<Double>
    /// Root-mean-square point-to-plane distance of the inliers (m).
    public var rms: Double
    /// In-plane area estimate (m²): occupied cells of a square grid in the plane, boundary cells counted
    /// half ((interior + boundary / 2) × cell²), capped by the area of the rectangle with the inliers'
    /// in-plane second moments (`12 √(λ1 λ2)`), which keeps thin strips from reporting inflated areas.
    public var area: Double
    /// Cell size of the occupancy grid used for ``area`` (m).
    public var gridCellSize: Double

    /// Memberwise initialiser.
    public init(
        normal: SIMD3<Double>, offset: Double, inliers: [Int32], centroid: SIMD3<Double>, rms: Double,
        area: Double, gridCellSize: Double
    ) {
        self.normal = normal
        self.offset = offset
        self.inliers = inliers
        self.centroid = centroid
        self.rms = rms
        self.area = area
        self.gridCellSize = gridCellSize
    }

    /// Signed distance of a local point to the plane (m).
    @inlinable
    public func signedDistance(_ p: SIMD3<Double>) -> Double { dot(normal, p) + offset }

    /// Plane offset in the world frame for a cloud with the given origin.
    public func worldOffset(origin: SIMD3<Double>) -> Double { offset - dot(normal, origin) }
}

/// Output of ``PlaneSegmenter/segment(_:options:)``.
public struct PlaneSegmentationResult: Sendable, Equatable, Codable {
    /// Planes in order of extraction (roughly decreasing support).
    public var planes: [DetectedPlane]
    /// Indices of the points assigned to no plane, ascending.
    public var unassigned: [Int32]
    /// Number of sampling rounds run.
    public var rounds: Int

    /// Memberwise initialiser.
    public init(planes: [DetectedPlane], unassigned: [Int32], rounds: Int) {
        self.planes = planes
        self.unassigned = unassigned
        self.rounds = rounds
    }

    /// Plane index of every point (-1 for unassigned), for a cloud of `count` points.
    public func labels(count: Int) -> [Int32] {
        var out = [Int32](repeating: -1, count: count)
        for (p, plane) in planes.enumerated() {
            for i in plane.inliers where Int(i) < count { out[Int(i)] = Int32(p) }
        }
        return out
    }
}
