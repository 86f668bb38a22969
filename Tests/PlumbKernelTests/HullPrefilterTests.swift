import Testing
@testable import PlumbKernel

@Suite("3D hull prefilter and the minimum-volume fast path")
struct HullPrefilterTests {
    /// A noisy box surface (σ 3 mm) with 1 % uniform outliers in a 20 % larger box, in random order.
    static func noisyRoom(count: Int, seed: UInt64) -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        let f = FitFixtures.randomFrame(&rng)
        let h = SIMD3<Double>(2.5, 2.0, 1.3)
        var pts = FitFixtures.boxSamples(centre: SIMD3(3e5, -2e5, 40), h: h, frame: f, count: count, surface: true,
                                         sigma: 0.003, corners: false, seed: seed)
        for k in stride(from: 0, to: pts.count, by: 100) {
            let q = SIMD3(rng.nextUnitDouble() * 2 - 1, rng.nextUnitDouble() * 2 - 1, rng.nextUnitDouble() * 2 - 1) * 1.2 * h
            pts[k] = SIMD3(3e5, -2e5, 40) + q.x * f.0 + q.y * f.1 + q.z * f.2
        }
        return FitFixtures.cloud(pts)
    }

    static func survivors(_ c: PointCloud) -> HullPrefilter? {
        let outcome = c.x.withUnsafeBufferPointer { x in
            c.y.withUnsafeBufferPointer { y in c.z.withUnsafeBufferPointer { z in HullPrefilter.run(x: x, y: y, z: z) } }
        }
        if case .survivors(let s) = outcome { return s }
        return nil
    }

    @Test("survivors keep every vertex of the exact hull and drop most points")
    func keepsHullVertices() throws {
        for seed in UInt64(1)...3 {
            let c = Self.noisyRoom(count: 20_000, seed: seed)
            let kept = try #require(Self.survivors(c))
            let all = (0..<c.count).map { SIMD3<Double>(c.localPoint($0)) - kept.reference }
            let hull = try #require(ConvexHull3D.compute(all))
            let keptSet = Set(kept.points)
            let missing = hull.vertexIndices.filter { !keptSet.contains(all[$0]) }
            #expect(missing.isEmpty, "seed \(seed): \(missing.count) of \(hull.vertexIndices.count) hull vertices dropped")
            #expect(kept.points.count < c.count / 10, "seed \(seed): \(kept.points.count) survivors")
            // Every dropped point lies inside the hull of the survivors.
            let keptHull = try #require(ConvexHull3D.compute(kept.points))
            var outside = 0
            for q in all {
                for t in keptHull.triangles {
                    let a = kept.points[t.x]
                    let n = cross(kept.points[t.y] - a, kept.points[t.z] - a)
                    if dot(q - a, n) > 1e-6 * length(n) { outside += 1; break }
                }
            }
            #expect(outside == 0, "seed \(seed)")
        }
    }

    @Test("fast path matches the general path's volume on noisy rooms and contains every point")
    func fastMatchesGeneral() throws {
        for seed in UInt64(4)...6 {
            let c = Self.noisyRoom(count: 30_000, seed: seed)
            let search = OrientedBoxFit.HullSearch(maxFaceCandidates: 400, edgeDirections: 16, refinementStarts: 3)
            let fast = try #require(try OrientedBoxFit.prefilteredMinimumVolume(c, indices: nil, search: search))
            let general = try OrientedBoxFit.generalMinimumVolume(c, indices: nil, search: search)
            #expect(fast.volume <= general.volume * (1 + 1e-3), "seed \(seed): \(fast.volume) vs \(general.volume)")
            #expect(try OrientedBoxFit.minimumVolume(c) == fast)
            FitFixtures.expectContainsAll(fast, c, tolerance: 1e-6)
            // A subset through `indices` is boxed around exactly those points.
            let half = Array(stride(from: 0, to: c.count, by: 2))
            let sub = try OrientedBoxFit.minimumVolume(c, indices: half)
            var outside = 0
            for i in half where !sub.contains(SIMD3<Double>(c.localPoint(i)), tolerance: 1e-6) { outside += 1 }
            #expect(outside == 0)
            #expect(sub.volume <= fast.volume * (1 + 1e-3))
        }
    }

    @Test("non-finite coordinates in a large cloud are reported with their index")
    func nonFinite() throws {
        var c = Self.noisyRoom(count: 5_000, seed: 7)
        c.y[4321] = .infinity
        #expect(throws: FitError.nonFinitePoint(index: 4321)) { try OrientedBoxFit.minimumVolume(c) }
        c.y[4321] = 0
        c.z[77] = .nan
        #expect(throws: FitError.nonFinitePoint(index: 77)) { try OrientedBoxFit.minimumVolume(c) }
    }

    @Test("silhouette evaluator equals the all-points evaluator on a hull")
    func silhouetteEvaluator() throws {
        let c = Self.noisyRoom(count: 10_000, seed: 8)
        let kept = try #require(Self.survivors(c))
        let hull = try #require(ConvexHull3D.compute(kept.points))
        var silhouette = AxisBoxEvaluator(hullOf: kept.points, hull: hull)
        var plain = AxisBoxEvaluator(points: hull.vertexIndices.map { kept.points[$0] })
        var rng = SeededGenerator(seed: 9)
        var axis = FitFixtures.randomUnitVector(&rng)
        for k in 0..<300 {
            // Alternate far jumps and small steps (both sort paths).
            axis = k % 3 == 0 ? FitFixtures.randomUnitVector(&rng) : normalize(axis + 0.01 * FitFixtures.randomUnitVector(&rng))
            let a = silhouette.box(axis: axis), b = plain.box(axis: axis)
            #expect(abs(a.volume - b.volume) <= 1e-9 * b.volume, "axis \(axis)")
            let reference = OrientedBoxFit.boxAround(axis: axis, points: hull.vertexIndices.map { kept.points[$0] }, centroid: .zero)
            #expect(b == reference)
        }
    }
}
