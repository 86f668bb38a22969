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
    /// - Throws: ``PointCloudError/degenerate(_:)`` for a non-positive voxel size, a cloud too large for
    ///   32-bit voxel coordinates at that size, or more than 2^31 - 1 points.
    /// - Complexity: O(n) radix sort by voxel, O(voxels) neighbour sweep and union-find.
    public static func cluster(_ cloud: PointCloud, indices: [Int]? = nil, options: Options = Options()) throws(PointCloudError) -> Result {
        guard options.voxel > 0, options.voxel.isFinite else { throw .degenerate("voxel size must be positive") }
        guard cloud.count <= Int(Int32.max) else { throw .degenerate("\(cloud.count) points exceed the clustering limit of 2^31 - 1") }
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
        // Points ordered by (voxel key, point index): a stable radix sort of (key, index) pairs, on the key
        // bytes only when the indices already ascend.
        var order = [(UInt64, Int32)](repeating: (0, 0), count: idx.count)
        var ascending = true
        for k in 0..<idx.count {
            order[k] = (keys[k], Int32(truncatingIfNeeded: idx[k]))
            if k > 0 && idx[k] < idx[k - 1] { ascending = false }
        }
        RadixSort.sortPairs(&order, digits: ascending ? 4..<12 : 0..<12)
        // Unique voxels and the run of points in each.
        var voxelKey: [UInt64] = []
        var voxelStart: [Int] = []
        for r in order.indices where r == 0 || order[r].0 != order[r - 1].0 {
            voxelKey.append(order[r].0)
            voxelStart.append(r)
        }
        voxelStart.append(order.count)
        var sets = DisjointSets(count: voxelKey.count)
        // The 13 neighbours after a voxel in (x, y, z) order lie in 5 runs of consecutive keys: z-1...z+1 at
        // (x+1, y-1), (x+1, y), (x+1, y+1), (x, y+1), and z+1 at (x, y). Each run's start only moves forward
        // as the voxel key grows, so one cursor per run finds them all in a merge-like sweep. Every root is
        // the smallest voxel of its set whatever the order of the unions, so the clusters are the same as
        // with any other visiting order.
        let runs: [(dx: Int64, dy: Int64, dz: ClosedRange<Int64>)] = [
            (1, -1, -1...1), (1, 0, -1...1), (1, 1, -1...1), (0, 1, -1...1), (0, 0, 1...1),
        ]
        var cursor = [Int](repeating: 0, count: runs.count)
        for (v, k) in voxelKey.enumerated() {
            let (x, y, z) = unpack(k)
            for (r, run) in runs.enumerated() {
                let lo = pack(x + run.dx, y + run.dy, z + run.dz.lowerBound)
                let hi = pack(x + run.dx, y + run.dy, z + run.dz.upperBound)
                var c = cursor[r]
                while c < voxelKey.count && voxelKey[c] < lo { c += 1 }
                cursor[r] = c
                while c < voxelKey.count && voxelKey[c] <= hi {
                    sets.union(v, c)
                    c += 1
                }
            }
        }
        // The points grouped by their voxel's root, ascending within a group: one radix sort of
        // (root, point index) packed into a word (no dictionary of arrays, no sort per group).
        var maxPoint: UInt64 = 0
        for e in order { maxPoint = max(maxPoint, UInt64(e.1)) }
        let pointBits = UInt64.bitWidth - maxPoint.leadingZeroBitCount
        var packed = [UInt64](repeating: 0, count: order.count)
        var maxRoot: UInt64 = 0
        for v in 0..<voxelKey.count {
            let root = UInt64(sets.find(v))
            maxRoot = max(maxRoot, root)
            for r in voxelStart[v]..<voxelStart[v + 1] { packed[r] = root << UInt64(pointBits) | UInt64(order[r].1) }
        }
        RadixSort.sortBits(&packed, bits: 0..<(pointBits + UInt64.bitWidth - maxRoot.leadingZeroBitCount))
        let pointMask = (UInt64(1) << UInt64(pointBits)) &- 1
        var clusters: [[Int]] = []
        var dropped = 0
        var start = 0
        while start < packed.count {
            let root = packed[start] >> UInt64(pointBits)
            var end = start + 1
            while end < packed.count && packed[end] >> UInt64(pointBits) == root { end += 1 }
            if end - start < options.minimumPoints {
                dropped += end - start
            } else {
                clusters.append((start..<end).map { Int(packed[$0] & pointMask) })
            }
            start = end
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
