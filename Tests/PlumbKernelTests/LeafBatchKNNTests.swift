import Testing
@testable import PlumbKernel

/// The leaf-batched k-NN used by normal estimation must return exactly the tree's neighbours (same set,
/// same (distance, index) order for the sorted prefix), including ties, duplicates, outliers, a density
/// jump of 1000x and clouds smaller than k; and normal estimation must equal a brute-force reference.
@Suite("Leaf-batched k-NN")
struct LeafBatchKNNTests {
    typealias Cloud = (x: [Float], y: [Float], z: [Float])

    /// A noisy 3 x 2 m plane (1 mm noise) with 2 % outliers up to 0.5 m off it; with `quantize`,
    /// coordinates snap to a 1 cm grid so that many distances tie and duplicates occur; with `cluster`,
    /// a fifth of the points form a 3 cm patch (about 1000x denser than the rest).
    static func scan(_ n: Int, seed: UInt64, quantize: Bool, cluster: Bool = false) -> Cloud {
        var rng = SeededGenerator(seed: seed)
        var x = [Float](), y = [Float](), z = [Float]()
        for i in 0..<n {
            var p = SIMD3<Float>(3 * rng.nextUnitFloat(), 2 * rng.nextUnitFloat(), Float(0.001 * rng.nextGaussian()))
            if cluster && i % 5 == 1 { p = SIMD3(1 + 0.03 * rng.nextUnitFloat(), 1 + 0.03 * rng.nextUnitFloat(), p.z) }
            if i % 50 == 7 { p.z += rng.nextUnitFloat() - 0.5 }
            if quantize { p = (p * 100).rounded(.toNearestOrEven) / 100 }
            x.append(p.x)
            y.append(p.y)
            z.append(p.z)
        }
        return (x, y, z)
    }

    /// Runs the batch over every point and checks each answer against `KDTree.nearest` on a plain tree.
    /// Returns (queries answered from leaf candidates, queries in total, per-slot answers as point indices,
    /// queries answered from their own gather).
    static func check(
        _ c: Cloud, k: Int, keep: Int, leafSize: Int = NormalEstimation.treeLeafSize
    ) throws -> (Int, Int, [[Int32]], Int) {
        let plain = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: 16)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: leafSize, blockAlignment: 8)
        let kk = min(k, tree.count)
        var scratch = plain.makeScratch(k: kk)
        var visits = [Int](repeating: 0, count: tree.count)
        var answers = [[Int32]](repeating: [], count: tree.count)
        var mismatches = 0, unordered = 0
        let stats = tree.forEachNeighbourhood(k: kk, keep: keep, parallel: false) { view, s, nb, nearest in
            visits[s] += 1
            let q = SIMD3(view.xs[s], view.ys[s], view.zs[s])
            let n = plain.nearest(to: q, k: kk, scratch: &scratch)
            let expected = Array(scratch.indices[0..<n])
            let got = (0..<kk).map { view.ids[Int(nb[$0])] }
            if got.sorted() != expected.sorted() { mismatches += 1 }
            if (0..<keep).map({ nearest[$0] }) != Array(expected.prefix(keep)) { mismatches += 1 }
            if !(1..<max(kk, 1)).allSatisfy({ nb[$0 - 1] < nb[$0] }) { unordered += 1 }
            answers[s] = got + (0..<keep).map { nearest[$0] }
        }
        #expect(mismatches == 0)
        #expect(unordered == 0, "neighbour slots must come in ascending order")
        #expect(visits.allSatisfy { $0 == 1 }, "every point is answered exactly once")
        return (stats.batched, stats.batched + stats.ownGathers + stats.fallbacks, answers, stats.ownGathers)
    }

    @Test("batched neighbours equal the tree's on scans, ties, duplicates and a 1000x density jump",
          arguments: [(false, false), (true, false), (false, true), (true, true)])
    func matchesTree(quantize: Bool, cluster: Bool) throws {
        let cloud = Self.scan(20_000, seed: 3, quantize: quantize, cluster: cluster)
        // The normals' leaf size and a smaller one (leaves of at most 4 blocks instead of 8).
        for (keep, leafSize) in [(0, NormalEstimation.treeLeafSize), (11, NormalEstimation.treeLeafSize), (11, 32)] {
            let (batched, total, _, _) = try Self.check(cloud, k: 30, keep: keep, leafSize: leafSize)
            #expect(total == 20_000)
            // The shortcut must actually be taken on a dense scan, or this test would check nothing.
            #expect(batched > total * 9 / 10)
        }
    }

    @Test("large k: candidate scans over more than 75 blocks with a hit stay exact",
          arguments: [false, true])
    func largeK(quantize: Bool) throws {
        // k = 600 needs at least 75 blocks with a hit per query, and the k-th distance is counted over
        // all of them.
        let cloud = Self.scan(20_000, seed: 5, quantize: quantize)
        let (batched, total, _, _) = try Self.check(cloud, k: 600, keep: 11)
        #expect(total == 20_000)
        #expect(batched > total * 9 / 10)
    }

    @Test("far outliers in a dense scan do not push their neighbours' leaves onto the tree path")
    func outliersStayLocal() throws {
        // 150k points on a 3 x 2 m plane (1 mm noise), 1 % of them anywhere in the 1 m above it: an
        // outlier's k-th neighbour distance is decimetres, which must not size the next leaf's gather.
        var rng = SeededGenerator(seed: 21)
        var c: Cloud = ([], [], [])
        for i in 0..<150_000 {
            let outlier = i % 100 == 42
            c.x.append(3 * rng.nextUnitFloat())
            c.y.append(2 * rng.nextUnitFloat())
            c.z.append(outlier ? rng.nextUnitFloat() : Float(0.001 * rng.nextGaussian()))
        }
        let (batched, total, _, own) = try Self.check(c, k: 30, keep: 0)
        #expect(total == 150_000)
        // Outliers themselves may need more than their leaf's candidates; surface points should not.
        #expect(total - batched <= total * 3 / 200, "not from leaf candidates: \(total - batched) of \(total)")
        // Those outliers gather their own candidates (exact, checked above) rather than search the tree:
        // only the first query of each work run has no bound to gather with.
        #expect(own > 0)
        #expect(total - batched - own <= total / 1000, "tree fallbacks: \(total - batched - own) of \(total)")
    }

    @Test("parallel answers equal serial answers")
    func parallelEqualsSerial() throws {
        let c = Self.scan(30_000, seed: 5, quantize: false, cluster: true)
        let (_, _, serial, _) = try Self.check(c, k: 30, keep: 11)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: NormalEstimation.treeLeafSize, blockAlignment: 8)
        // Each slot writes only its own row, so the parallel run needs no locking.
        var rows = [Int32](repeating: -1, count: tree.count * 41)
        rows.withUnsafeMutableBufferPointer { buffer in
            let out = SendablePointer(p: buffer.baseAddress!)
            tree.forEachNeighbourhood(k: 30, keep: 11, parallel: true) { view, s, nb, nearest in
                for j in 0..<30 { out.p[s * 41 + j] = view.ids[Int(nb[j])] }
                for j in 0..<11 { out.p[s * 41 + 30 + j] = nearest[j] }
            }
        }
        let parallel = (0..<tree.count).map { Array(rows[($0 * 41)..<($0 * 41 + 41)]) }
        #expect(serial == parallel)
    }

    @Test("groups are runs of consecutive slots, at most the group size, the same serially and in parallel")
    func groupsOfConsecutiveSlots() throws {
        let c = Self.scan(30_000, seed: 9, quantize: false, cluster: true)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: NormalEstimation.treeLeafSize, blockAlignment: 8)
        let limit = KDTree.neighbourhoodGroupSize
        // Per slot: the first slot and size of the group that delivered it (written once per slot).
        func groups(parallel: Bool) -> [SIMD2<Int32>] {
            var rows = [SIMD2<Int32>](repeating: SIMD2(-1, -1), count: tree.count)
            rows.withUnsafeMutableBufferPointer { buffer in
                let out = SendablePointer(p: buffer.baseAddress!)
                tree.forEachNeighbourhoodGroup(k: 30, keep: 0, parallel: parallel) { _, first, count, _, _ in
                    for s in first..<(first + count) { out.p[s] = SIMD2(Int32(first), Int32(count)) }
                }
            }
            return rows
        }
        let serial = groups(parallel: false)
        #expect(serial.allSatisfy { $0.x >= 0 && $0.y >= 1 && Int($0.y) <= limit }, "every slot delivered")
        // Most groups are full: they end only at the end of a work run (about 4096 points).
        let full = serial.filter { Int($0.y) == limit }.count
        #expect(full > tree.count * 9 / 10)
        #expect(groups(parallel: true) == serial)
    }

    @Test("small clouds and k near the cloud size", arguments: [1, 5, 8, 29, 30, 31, 200])
    func smallClouds(n: Int) throws {
        let (_, total, _, _) = try Self.check(Self.scan(n, seed: UInt64(n), quantize: false), k: 30, keep: min(n, 11))
        #expect(total == n)
    }

    @Test("block-aligned tree: every leaf but the last starts on a multiple of 8 and holds whole blocks")
    func blockAlignedLeaves() throws {
        let c = Self.scan(10_007, seed: 9, quantize: true)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: NormalEstimation.treeLeafSize, blockAlignment: 8)
        var covered = 0
        for node in tree.nodes where node.axis < 0 {
            #expect(node.a % 8 == 0)
            #expect(node.b % 8 == 0 || Int(node.b) == tree.count)
            covered += Int(node.b - node.a)
        }
        #expect(covered == tree.count)
    }

    @Test("normals equal a brute-force k-NN PCA reference within 1e-5")
    func normalsMatchBruteForce() throws {
        for cluster in [false, true] {
            let c = Self.scan(4_000, seed: 11, quantize: false, cluster: cluster)
            let cloud = try PointCloud(x: c.x, y: c.y, z: c.z)
            let est = try NormalEstimation.estimate(cloud, options: .init(k: 30, parallel: false))
            var worstCos = 1.0, worstCurvature = 0.0
            var order = [(Float, Int)](repeating: (0, 0), count: cloud.count)
            for i in 0..<cloud.count {
                // Brute force: every point by (squared distance, index).
                let q = cloud.localPoint(i)
                for j in 0..<cloud.count {
                    // The tree's arithmetic, so that near-ties order the same way.
                    let p = cloud.localPoint(j)
                    let dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z
                    order[j] = (dx * dx + dy * dy + dz * dz, j)
                }
                order.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
                var acc = CovarianceAccumulator()
                for (_, j) in order.prefix(30) { acc.add(cloud.localPoint(j)) }
                let e = SymmetricEigen3(acc.covariance)
                // Skip neighbourhoods whose normal is not defined (two smallest eigenvalues nearly equal).
                guard e.values.y - e.values.x > 1e-3 * e.values.z else { continue }
                worstCos = min(worstCos, abs(dot(e.vector0, SIMD3<Double>(est.normals[i]))))
                let curvature = max(e.values.x, 0) / e.values.sum()
                worstCurvature = max(worstCurvature, abs(curvature - Double(est.curvature[i])))
            }
            #expect(worstCos > 1 - 1e-5)
            #expect(worstCurvature < 1e-5)
        }
    }
}
