/// Euclidean clustering of points by connectivity of occupied voxels.
///
/// Points are binned into cubic voxels of edge ``Options/voxel``; two occupied voxels are connected when they
/// touch (26-neighbourhood). Each connected set of voxels is one cluster. This is what separates the pieces of
/// furniture left after walls, floor and ceiling are removed. Deterministic: clusters are ordered by size
/// (largest first, ties by smallest point index) and each cluster's indices are ascending.
public enum VoxelClustering {
    /// Tuning.
    public struct Options: Sendable, Hashable {
        /// Voxel edge, metres.
        public var voxel: Double = 0.05
        /// Clusters with fewer points are dropped (and counted in the result).
        public var minimumPoints: Int = 50
        /// Defaults.
        public init() {}
    }

    /// Result of ``cluster(_:indices:options:)``.
    public struct Result: Sendable, Equatable {
        /// Point indices of each kept cluster.
        public var clusters: [[Int]]
        /// Number of points in clusters dropped for being smaller than the minimum.
        public var droppedPoints: Int
    }

    /// Clusters the points `indices` of `cloud` (all points when nil).
    /// - Throws: ``PointCloudError/degenerate(_:)`` for a non-positive voxel size or a cloud too large for
    ///   32-bit voxel coordinates at that size.
    /// - Complexity: O(n log n) for the sort by voxel, O(n) for the union-find.
    public static func cluster(_ cloud: PointCloud, indices: [Int]? = nil, options: Options = Options()) throws(PointCloudError) -> Result {
        guard options.voxel > 0, options.voxel.isFinite else { throw .degenerate("voxel size must be positive") }
        let idx = indices ?? Array(0..<cloud.count)
        guard !idx.isEmpty else { return Result(clusters: [], droppedPoints: 0) }
        let inv = 1 / options.voxel
        var keys = [UInt64](repeating: 0, count: idx.count)
        for (k, i) in idx.enumerated() {
            let p = cloud.localPoint(i)
            let gx = (Double(p.x) * inv).rounded(.down), gy = (Double(p.y) * inv).rounded(.down), gz = (Double(p.z) * inv).rounded(.down)
            guard abs(gx) < 1e6, abs(gy) < 1e6, abs(gz) < 1e6 else {
                throw .degenerate("point \(i) is too far from the origin for \(options.voxel) m voxels")
            }
            keys[k] = pack(Int64(gx), Int64(gy), Int64(gz))
        }
        let order = idx.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : idx[$0] < idx[$1] }
        // Unique voxels and the run of points in each.
        var voxelKey: [UInt64] = []
        var voxelStart: [Int] = []
        for (r, k) in order.enumerated() where r == 0 || keys[k] != keys[order[r - 1]] {
            voxelKey.append(keys[k])
            voxelStart.append(r)
        }
        voxelStart.append(order.count)
        var lookup: [UInt64: Int32] = [:]
        lookup.reserveCapacity(voxelKey.count)
        for (v, k) in voxelKey.enumerated() { lookup[k] = Int32(v) }
        var parent = Array(0..<voxelKey.count)
        func find(_ a: Int) -> Int {
            var a = a
            while parent[a] != a {
                parent[a] = parent[parent[a]]
                a = parent[a]
            }
            return a
        }
        for (v, k) in voxelKey.enumerated() {
            let (x, y, z) = unpack(k)
            for dx in -1...1 {
                for dy in -1...1 {
                    for dz in -1...1 where (dx, dy, dz) > (0, 0, 0) {
                        guard let w = lookup[pack(x + Int64(dx), y + Int64(dy), z + Int64(dz))] else { continue }
                        let a = find(v), b = find(Int(w))
                        if a != b { parent[max(a, b)] = min(a, b) }
                    }
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for v in 0..<voxelKey.count {
            let root = find(v)
            for r in voxelStart[v]..<voxelStart[v + 1] { groups[root, default: []].append(idx[order[r]]) }
        }
        var clusters: [[Int]] = []
        var dropped = 0
        for (_, var g) in groups {
            if g.count < options.minimumPoints {
                dropped += g.count
                continue
            }
            g.sort()
            clusters.append(g)
        }
        clusters.sort { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
        return Result(clusters: clusters, droppedPoints: dropped)
    }

    private static let bias: Int64 = 1 << 20

    @inline(__always)
    private static func pack(_ x: Int64, _ y: Int64, _ z: Int64) -> UInt64 {
        UInt64(x + bias) << 42 | UInt64(y + bias) << 21 | UInt64(z + bias)
    }

    @inline(__always)
    private static func unpack(_ k: UInt64) -> (Int64, Int64, Int64) {
        let m: UInt64 = (1 << 21) - 1
        return (Int64(k >> 42 & m) - bias, Int64(k >> 21 & m) - bias, Int64(k & m) - bias)
    }
}
