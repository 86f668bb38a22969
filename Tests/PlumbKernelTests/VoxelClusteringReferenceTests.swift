import Testing
@testable import PlumbKernel

/// The radix-sorted, cursor-swept ``VoxelClustering`` against a direct reference: voxels in a dictionary,
/// every voxel joined to each of its 26 neighbours by flood fill, clusters ordered as documented.
@Suite("Voxel clustering against a flood-fill reference")
struct VoxelClusteringReferenceTests {
    /// Seeded clumps of points (a few dense blobs plus scattered strays) around metre-scale positions.
    func cloud(seed: UInt64, count: Int) -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        var c = PointCloud(origin: [10, -3, 4])
        let blobs = (0..<12).map { _ in SIMD3<Float>(Float(rng.nextUnitDouble() * 4 - 2), Float(rng.nextUnitDouble() * 2),
                                                     Float(rng.nextUnitDouble() * 4 - 2)) }
        for k in 0..<count {
            if k % 10 == 0 {
                c.append(local: SIMD3(Float(rng.nextUnitDouble() * 5 - 2.5), Float(rng.nextUnitDouble() * 2.5),
                                      Float(rng.nextUnitDouble() * 5 - 2.5)))
            } else {
                let b = blobs[rng.nextIndex(below: blobs.count)]
                let r = SIMD3<Float>(Float(rng.nextGaussian()), Float(rng.nextGaussian()), Float(rng.nextGaussian())) * 0.12
                c.append(local: b + r)
            }
        }
        return c
    }

    /// Clusters by flood fill over a dictionary of voxels (26-neighbourhood), same order and dropping rule.
    func reference(_ cloud: PointCloud, indices: [Int], voxel: Double, minimumPoints: Int) -> VoxelClustering.Result {
        let inv = 1 / voxel
        func key(_ i: Int) -> SIMD3<Int64> {
            let p = cloud.localPoint(i)
            return SIMD3(Int64((Double(p.x) * inv).rounded(.down)), Int64((Double(p.y) * inv).rounded(.down)),
                         Int64((Double(p.z) * inv).rounded(.down)))
        }
        var members: [SIMD3<Int64>: [Int]] = [:]
        for i in indices { members[key(i), default: []].append(i) }
        var seen = Set<SIMD3<Int64>>()
        var clusters: [[Int]] = []
        var dropped = 0
        for start in members.keys.sorted(by: { ($0.x, $0.y, $0.z) < ($1.x, $1.y, $1.z) }) where !seen.contains(start) {
            seen.insert(start)
            var stack = [start], points: [Int] = []
            while let v = stack.popLast() {
                points += members[v]!
                for dx in -1...1 { for dy in -1...1 { for dz in -1...1 {
                    let w = v &+ SIMD3(Int64(dx), Int64(dy), Int64(dz))
                    if members[w] != nil, !seen.contains(w) { seen.insert(w); stack.append(w) }
                } } }
            }
            if points.count < minimumPoints { dropped += points.count } else { clusters.append(points.sorted()) }
        }
        clusters.sort { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
        return VoxelClustering.Result(clusters: clusters, droppedPoints: dropped)
    }

    @Test("same clusters as the reference: all points, an ascending subset, a shuffled subset with repeats",
          arguments: [UInt64(1), 2, 3])
    func matchesReference(seed: UInt64) throws {
        let c = cloud(seed: seed, count: 6000)
        var o = VoxelClustering.Options()
        o.voxel = 0.035
        o.minimumPoints = 20
        var rng = SeededGenerator(seed: seed &+ 100)
        let all = Array(0..<c.count)
        let ascending = all.filter { _ in rng.nextIndex(below: 3) > 0 }
        var shuffled = ascending + ascending.prefix(50)
        shuffled.shuffle(using: &rng)
        for idx in [all, ascending, shuffled] {
            let got = try VoxelClustering.cluster(c, indices: idx, options: o)
            let want = reference(c, indices: idx, voxel: o.voxel, minimumPoints: o.minimumPoints)
            #expect(got.droppedPoints == want.droppedPoints)
            #expect(got.clusters == want.clusters)
            #expect(got.clusters.count > 3, "the test cloud should form several clusters")
        }
    }
}
