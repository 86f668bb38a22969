import Testing
@testable import PlumbKernel

/// The leaf-batched k-NN used by normal estimation must return exactly the tree's neighbours (same set,
/// same (distance, index) order when sorted), including ties, duplicates, outliers and clouds smaller than k.
@Suite("Leaf-batched k-NN")
struct LeafBatchKNNTests {
    /// A noisy 3 x 2 m plane (1 mm noise) with 2 % outliers up to 0.5 m off it; with `quantize`,
    /// coordinates snap to a 1 cm grid so that many distances tie and duplicates occur.
    static func scan(_ n: Int, seed: UInt64, quantize: Bool) -> (x: [Float], y: [Float], z: [Float]) {
        var rng = SeededGenerator(seed: seed)
        var x = [Float](), y = [Float](), z = [Float]()
        for i in 0..<n {
            var p = SIMD3<Float>(3 * rng.nextUnitFloat(), 2 * rng.nextUnitFloat(), Float(0.001 * rng.nextGaussian()))
            if i % 50 == 7 { p.z += rng.nextUnitFloat() - 0.5 }
            if quantize { p = (p * 100).rounded(.toNearestOrEven) / 100 }
            x.append(p.x)
            y.append(p.y)
            z.append(p.z)
        }
        return (x, y, z)
    }

    /// Runs the batch over every leaf and checks each answered query against `KDTree.nearest`.
    /// Returns (queries answered by the batch, queries in total).
    static func check(_ c: (x: [Float], y: [Float], z: [Float]), k: Int, sorted: Bool) throws -> (Int, Int) {
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: 32)
        let kk = min(k, tree.count)
        var scratch = tree.makeScratch(k: kk)
        var batched = 0, total = 0, mismatches = 0
        tree.forEachLeaf(k: kk, parallel: false) { view, batch, slots, gathered, sn, sb in
            for s in slots {
                total += 1
                let q = SIMD3(view.xs[s], view.ys[s], view.zs[s])
                let n = tree.nearest(to: q, k: kk, scratch: &scratch)
                let expected = Array(scratch.indices[0..<n])
                if gathered && batch.select(q, k: kk, sorted: sorted) == kk {
                    batched += 1
                    let got = (0..<kk).map { batch.cid[Int(batch.pos[$0])] }
                    if sorted ? got != expected : got.sorted() != expected.sorted() { mismatches += 1 }
                } else {
                    let found = view.knn(q, k: kk, stackN: sn, stackB: sb, outIdx: batch.fallbackIndices,
                                         outD: batch.fallbackDistances, slots: true, sorted: false)
                    if gathered { batch.noteTreeResult(q, distances: batch.fallbackDistances, count: found) }
                }
            }
        }
        #expect(mismatches == 0)
        return (batched, total)
    }

    @Test("batched neighbours equal the tree's on scans, ties and duplicates", arguments: [false, true])
    func matchesTree(quantize: Bool) throws {
        for sorted in [true, false] {
            let (batched, total) = try Self.check(Self.scan(20_000, seed: 3, quantize: quantize), k: 30, sorted: sorted)
            #expect(total == 20_000)
            // The shortcut must actually be taken on a dense scan, or this test would check nothing.
            #expect(batched > total / 2)
        }
    }

    @Test("small clouds and k near the cloud size", arguments: [1, 5, 29, 30, 31, 200])
    func smallClouds(n: Int) throws {
        let (_, total) = try Self.check(Self.scan(n, seed: UInt64(n), quantize: false), k: 30, sorted: true)
        #expect(total == n)
    }

    @Test("normals through the batch equal normals from the plain tree search")
    func normalsMatchTreeSearch() throws {
        let c = Self.scan(5_000, seed: 11, quantize: false)
        let cloud = try PointCloud(x: c.x, y: c.y, z: c.z)
        let est = try NormalEstimation.estimate(cloud, options: .init(k: 30, parallel: false))
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: 32)
        var scratch = tree.makeScratch(k: 30)
        var worst = 1.0
        for i in 0..<cloud.count {
            tree.nearest(to: cloud.localPoint(i), k: 30, scratch: &scratch)
            var acc = CovarianceAccumulator()
            for j in scratch.indices.prefix(30) { acc.add(cloud.localPoint(Int(j))) }
            let n = SymmetricEigen3(acc.covariance).vector0
            worst = min(worst, abs(dot(n, SIMD3<Double>(est.normals[i]))))
        }
        // Same neighbours; only the summation order differs, so the normals agree to rounding.
        #expect(worst > 1 - 1e-6)
    }
}
