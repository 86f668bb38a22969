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
    /// - Throws: `PointCloudError` when the arrays' lengths differ or a value is not finite.
    public func pointCloud() throws(PointCloudError) -> PointCloud {
        try PointCloud(x: x.values, y: y.values, z: z.values, origin: origin, intensity: weights.values)
    }

    /// The points fused from at least `minimumWeight` depth points, as a cloud (weights as `intensity`),
    /// in their stored order; all points when fewer than `fallbackMinimum` would remain.
    /// - Throws: `PointCloudError` when the arrays' lengths differ or a value is not finite.
    /// - Complexity: O(points).
    public func pointCloud(minimumWeight: Float, fallbackMinimum: Int = 1000) throws(PointCloudError) -> PointCloud {
        let w = weights.values
        let kept = w.reduce(0) { $0 + ($1 >= minimumWeight ? 1 : 0) }
        guard kept >= fallbackMinimum, kept < w.count, x.values.count == w.count, y.values.count == w.count,
              z.values.count == w.count else { return try pointCloud() }
        var xs = [Float](), ys = [Float](), zs = [Float](), ws = [Float]()
        xs.reserveCapacity(kept); ys.reserveCapacity(kept); zs.reserveCapacity(kept); ws.reserveCapacity(kept)
        for i in w.indices where w[i] >= minimumWeight {
            xs.append(x.values[i]); ys.append(y.values[i]); zs.append(z.values[i]); ws.append(w[i])
        }
        return try PointCloud(x: xs, y: ys, z: zs, origin: origin, intensity: ws)
    }
}
