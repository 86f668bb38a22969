import Testing
import PlumbKernel

@Suite("Voxel connectivity clustering")
struct VoxelClusteringTests {
    /// Points filling boxes (centre, half size) on a 3D grid; returns the cloud and each point's box label.
    func boxes(_ specs: [(SIMD3<Float>, SIMD3<Float>)], step: Float = 0.04) -> (PointCloud, [Int]) {
        var c = PointCloud(origin: [1e6, 0, 2e6])
        var labels: [Int] = []
        for (b, (centre, half)) in specs.enumerated() {
            var x = -half.x
            while x <= half.x {
                var y = -half.y
                while y <= half.y {
                    var z = -half.z
                    while z <= half.z {
                        c.append(local: centre + SIMD3(x, y, z))
                        labels.append(b)
                        z += step
                    }
                    y += step
                }
                x += step
            }
        }
        return (c, labels)
    }

    @Test("separate boxes are separate clusters; touching ones merge; tiny ones are dropped and counted")
    func separation() throws {
        let (cloud, labels) = boxes([
            ([0, 0, 0], [0.5, 0.4, 0.3]), ([2, 0, 0], [0.3, 0.3, 0.3]),   // 0.7 m apart
            ([0, 1.5, 0], [0.2, 0.2, 0.2]), ([0, 1.93, 0], [0.2, 0.2, 0.2]), // 3 cm apart: one cluster
            ([5, 5, 5], [0.02, 0.02, 0.02]),                                 // a few points only
        ])
        let r = try VoxelClustering.cluster(cloud)
        #expect(r.clusters.count == 3)
        #expect(r.droppedPoints == labels.filter { $0 == 4 }.count)
        for cl in r.clusters {
            let ls = Set(cl.map { labels[$0] })
            #expect(ls == [0] || ls == [1] || ls == [2, 3])
        }
        #expect(r.clusters.map(\.count) == r.clusters.map(\.count).sorted(by: >))
        #expect(try VoxelClustering.cluster(cloud) == r)
    }

    @Test("subsets, empty input and bad voxel sizes")
    func edges() throws {
        let (cloud, labels) = boxes([([0, 0, 0], [0.5, 0.4, 0.3]), ([2, 0, 0], [0.3, 0.3, 0.3])])
        let only1 = labels.indices.filter { labels[$0] == 1 }
        let r = try VoxelClustering.cluster(cloud, indices: only1)
        #expect(r.clusters.count == 1)
        #expect(r.clusters.first == only1, "cluster differs from the subset")
        #expect(try VoxelClustering.cluster(cloud, indices: []).clusters.isEmpty)
        var o = VoxelClustering.Options()
        o.voxel = 0
        #expect(throws: PointCloudError.self) { try VoxelClustering.cluster(cloud, options: o) }
    }
}
