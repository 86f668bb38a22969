/// The JSON printed by `plumb-peer-run`, read by `Peers/compare_open3d.py`. Times in milliseconds.
struct PeerReport: Encodable {
    /// One detected plane in world coordinates: `dot(normal, p) + d = 0` (Open3D's convention).
    struct Plane: Encodable {
        var normal: [Double]
        var d: Double
        var inliers: Int
        var area: Double
    }

    var points: Int
    /// Threads the parallel operations (segmentation, normals) could use; the boxes always use one.
    var threads: Int
    var repeats: Int
    /// Median wall time per operation: read, segment, normals, obb, upright_obb, min_obb.
    var ms: [String: Double]
    /// Median process CPU time (all threads) per operation.
    var cpu_ms: [String: Double]
    var planes: [Plane]
    var min_plane_inliers: Int
    var obb_volume: Double
    var upright_obb_volume: Double
    var min_obb_volume: Double
}
