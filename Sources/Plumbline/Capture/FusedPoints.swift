import PlumbKernel

/// Points fused from depth frames, compact and Codable: voxel means (local `Float` coordinates relative to
/// a `Double` origin, world frame, metres) with the number of depth points behind each.
public struct FusedPoints: Sendable, Equatable, Codable {
    /// World position of the local zero, metres.
    public var origin: SIMD3<Double>
    /// Local x coordinates, metres.
    public var x: PackedFloats
    /// Local y coordinates, metres.
    public var y: PackedFloats
    /// Local z coordinates, metres.
    public var z: PackedFloats
    /// Depth points fused into each voxel.
    public var weights: PackedFloats

    /// Number of points.
    public var count: Int { x.values.count }

    /// The points of a cloud (its `intensity` as weights, 1 when absent).
    public init(_ cloud: PointCloud) {
        origin = cloud.origin
        x = PackedFloats(cloud.x)
        y = PackedFloats(cloud.y)
        z = PackedFloats(cloud.z)
        weights = PackedFloats(cloud.intensity ?? [Float](repeating: 1, count: cloud.count))
    }

    /// The points as a cloud (weights as `intensity`).
    /// - Throws: ``PointCloudError`` when the arrays' lengths differ or a value is not finite.
    public func pointCloud() throws(PointCloudError) -> PointCloud {
        try PointCloud(x: x.values, y: y.values, z: z.values, origin: origin, intensity: weights.values)
    }
}
