import Testing
@testable import PlumbKernel

/// A random right-handed orthonormal frame.
func randomFrame(_ rng: inout SeededGenerator) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
    let a = randomUnitVector(&rng)
    let (b, c) = orthonormalComplement(a)
    return (a, b, c)
}

/// Points of the box `centre ± h` in `frame`: the 8 corners plus `count` uniform samples on the surface
/// (area-weighted faces) or in the volume.
func boxSamples(centre: SIMD3<Double>, h: SIMD3<Double>, frame f: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>),
                count: Int, surface: Bool, sigma: Double = 0, corners: Bool = true, seed: UInt64) -> [SIMD3<Double>] {
    var rng = SeededGenerator(seed: seed)
    func place(_ q: SIMD3<Double>) -> SIMD3<Double> { centre + q.x * f.0 + q.y * f.1 + q.z * f.2 }
    var out: [SIMD3<Double>] = []
    if corners {
        for k in 0..<8 {
            out.append(place(SIMD3(k & 1 != 0 ? h.x : -h.x, k & 2 != 0 ? h.y : -h.y, k & 4 != 0 ? h.z : -h.z)))
        }
    }
    let areas = [h.y * h.z, h.x * h.z, h.x * h.y]
    let total = areas.reduce(0, +)
    for _ in 0..<count {
        var q = SIMD3(rng.nextUnitDouble() * 2 - 1, rng.nextUnitDouble() * 2 - 1, rng.nextUnitDouble() * 2 - 1) * h
        if surface {
            let pick = rng.nextUnitDouble() * total
            let axis = pick < areas[0] ? 0 : (pick < areas[0] + areas[1] ? 1 : 2)
            q[axis] = rng.nextUnitDouble() < 0.5 ? -h[axis] : h[axis]
        }
        out.append(place(q) + sigma * SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()))
    }
    return out
}

func expectContainsAll(_ box: OrientedBox, _ c: PointCloud, tolerance: Double = 1e-9) {
    var outside = 0
    for i in 0..<c.count where !box.contains(SIMD3<Double>(c.localPoint(i)), tolerance: tolerance) { outside += 1 }
    #expect(outside == 0)
}

/// Sorted half extents.
func sortedExtents(_ b: OrientedBox) -> [Double] { [b.halfExtents.x, b.halfExtents.y, b.halfExtents.z].sorted() }

@Suite("Oriented bounding boxes")
struct OrientedBoxTests {
    @Test("box geometry: corners, volume, contains, translation")
    func geometry() {
        let b = OrientedBox(centre: SIMD3(1, 2, 3), axis0: SIMD3(0, 1, 0), axis1: SIMD3(-1, 0, 0), halfExtents: SIMD3(2, 1, 0.5))
        #expect(b.axis2 == SIMD3(0, 0, 1))
        #expect(b.volume == 8)
        #expect(b.surfaceArea == 2 * (8 + 2 + 4))
        #expect(b.corners.count == 8)
        for c in b.corners { #expect(b.contains(c, tolerance: 1e-12)) }
        #expect(b.contains(SIMD3(1, 3.9, 3)))
        #expect(!b.contains(SIMD3(1, 4.1, 3)))
        #expect(!b.contains(SIMD3(2.5, 2, 3)))
        #expect(b.translated(by: SIMD3(1e6, 0, 0)).centre == SIMD3(1e6 + 1, 2, 3))
    }

    @Test("2D hull and minimum-area rectangle of rotated rectangles are exact")
    func hullAndRectangle() {
        var rng = SeededGenerator(seed: 4)
        for _ in 0..<50 {
            let theta = rng.nextUnitDouble() * 6.3
            let e = SIMD2(cosDouble(theta), sinDouble(theta)), f = SIMD2(-e.y, e.x)
            let c = SIMD2(rng.nextGaussian() * 100, rng.nextGaussian() * 100)
            let e3: SIMD2<Double> = 3 * e
            var pts: [SIMD2<Double>] = [c + e3 + f, c - e3 + f, c + e3 - f, c - e3 - f]
            for _ in 0..<200 {
                let s: Double = rng.nextUnitDouble() * 6 - 3
                let t: Double = rng.nextUnitDouble() * 2 - 1
                pts.append(c + s * e + t * f)
            }
            let hull = ConvexHull2D.hull(pts)
            #expect(hull.count == 4)
            let r = MinimumAreaRectangle.enclosing(hull: hull)!
            #expect(abs(r.area - 12) < 1e-9)
            #expect(length(SIMD3(r.centre.x - c.x, r.centre.y - c.y, 0)) < 1e-9)
            #expect(abs(abs((r.axis * e).sum()) - (r.halfExtents.x > r.halfExtents.y ? 1 : 0)) < 1e-9)
        }
        #expect(ConvexHull2D.hull([SIMD2(0, 0), SIMD2(1, 1), SIMD2(2, 2), SIMD2(1, 1)]) == [SIMD2(0, 0), SIMD2(2, 2)])
        #expect(MinimumAreaRectangle.enclosing(hull: [SIMD2(0, 0), SIMD2(2, 2)])!.area == 0)
        #expect(MinimumAreaRectangle.enclosing(hull: []) == nil)
    }

    @Test("3D hull of a cube with interior points: 8 vertices, 12 outward triangles")
    func hull3D() {
        var rng = SeededGenerator(seed: 12)
        let f = randomFrame(&rng)
        let pts = boxSamples(centre: SIMD3(3, -2, 1), h: SIMD3(1, 1, 1), frame: f, count: 500, surface: false, seed: 1)
        let hull = ConvexHull3D.compute(pts)!
        #expect(hull.vertexIndices == Array(0..<8))
        #expect(hull.triangles.count == 12)
        for t in hull.triangles {
            let n = cross(pts[t.y] - pts[t.x], pts[t.z] - pts[t.x])
            for q in pts { #expect(dot(n, q - pts[t.x]) <= 1e-9) }
        }
        #expect(ConvexHull3D.compute([SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(1, 1, 0)]) == nil)
    }

    @Test("3D hull stays a closed convex manifold on Float-rounded coplanar surface samples")
    func hull3DRobust() {
        var rng = SeededGenerator(seed: 7)
        var built = 0
        defer { #expect(built == 4) }
        for trial in 0..<4 {
            let f = randomFrame(&rng)
            let c = cloud(boxSamples(centre: SIMD3(5e5, 5e5, 5e5), h: SIMD3(1.5, 1.4, 0.2), frame: f, count: 1500,
                                     surface: true, seed: UInt64(trial)))
            let pts = (0..<c.count).map { SIMD3<Double>(c.localPoint($0)) }
            guard let hull = ConvexHull3D.compute(pts) else { continue }
            built += 1
            #expect(hull.vertexIndices.count < 40) // corners plus a few face points inserted before them
            #expect(hull.triangles.count == 2 * hull.vertexIndices.count - 4) // Euler for a closed triangulated sphere
            var edges = [SIMD2<Int>: Int]()
            for t in hull.triangles { for e in [SIMD2(t.x, t.y), SIMD2(t.y, t.z), SIMD2(t.z, t.x)] { edges[e, default: 0] += 1 } }
            #expect(edges.allSatisfy { $0.value == 1 && edges[SIMD2($0.key.y, $0.key.x)] == 1 })
            var worst = 0.0
            for t in hull.triangles {
                let n = normalize(cross(pts[t.y] - pts[t.x], pts[t.z] - pts[t.x]))
                for q in pts { worst = max(worst, dot(n, q - pts[t.x])) }
            }
            #expect(worst < 1e-4, "trial \(trial): a point lies \(worst) m outside a hull face")
        }
    }

    @Test("PCA box of a rotated elongated box: axes and extents")
    func pcaBox() throws {
        var rng = SeededGenerator(seed: 5)
        for trial in 0..<5 {
            let f = randomFrame(&rng)
            let h = SIMD3<Double>(2, 1, 0.5)
            let c = cloud(boxSamples(centre: SIMD3(1e6, 2e6, 10), h: h, frame: f, count: 20_000, surface: false, seed: UInt64(trial)))
            let b = try OrientedBoxFit.pca(c)
            #expect(abs(dot(b.axis0, f.0)) > 0.999)
            #expect(abs(dot(b.axis1, f.1)) > 0.999)
            expectContainsAll(b, c)
            #expect(b.volume >= 8 * 0.999 && b.volume < 8 * 1.05)
            #expect(length(b.translated(by: c.origin).centre - SIMD3(1e6, 2e6, 10)) < 0.05)
        }
    }

    @Test("upright box is exact for yawed boxes, z-up and y-up, at 1e6 m offsets")
    func upright() throws {
        var rng = SeededGenerator(seed: 6)
        for trial in 0..<10 {
            let yaw = rng.nextUnitDouble() * 6.3
            let up: SIMD3<Double> = trial % 2 == 0 ? SIMD3(0, 0, 1) : SIMD3(0, 1, 0)
            let (u, v) = orthonormalComplement(up)
            let a = cosDouble(yaw) * u + sinDouble(yaw) * v
            let frame = (a, cross(up, a), up)
            let h = SIMD3<Double>(0.9, 0.4, 0.45) // a sideboard
            let centre = SIMD3<Double>(1e6, -1e6, 3) + SIMD3(rng.nextGaussian(), rng.nextGaussian(), 0)
            let c = cloud(boxSamples(centre: centre, h: h, frame: frame, count: 3000, surface: true, seed: UInt64(trial)))
            let b = try OrientedBoxFit.upright(c, up: up * 3)
            #expect(abs(dot(b.axis2, up) - 1) < 1e-12)
            #expect(abs(b.halfExtents.x - 0.9) < 1e-5 && abs(b.halfExtents.y - 0.4) < 1e-5 && abs(b.halfExtents.z - 0.45) < 1e-5)
            #expect(abs(abs(dot(b.axis0, a)) - 1) < 1e-6)
            #expect(length(b.translated(by: c.origin).centre - centre) < 1e-5)
            expectContainsAll(b, c)
        }
    }

    @Test("minimum-volume box: rotated boxes are recovered exactly")
    func minimumVolumeBoxes() throws {
        var rng = SeededGenerator(seed: 7)
        for trial in 0..<6 {
            let f = randomFrame(&rng)
            let h = [SIMD3<Double>(1, 1, 1), SIMD3(2, 1, 0.5), SIMD3(1.5, 1.4, 0.2)][trial % 3]
            let c = cloud(boxSamples(centre: SIMD3(5e5, 5e5, 5e5), h: h, frame: f, count: 1500, surface: trial % 2 == 0, seed: UInt64(trial)))
            let b = try OrientedBoxFit.minimumVolume(c)
            let truth = 8 * h.x * h.y * h.z
            #expect(b.volume <= truth * 1.01)
            #expect(b.volume >= truth * (1 - 1e-5))
            let hs = sortedExtents(b), ts = [h.x, h.y, h.z].sorted()
            for k in 0..<3 { #expect(abs(hs[k] - ts[k]) < 1e-3) }
            expectContainsAll(b, c)
            #expect(try OrientedBoxFit.minimumVolume(c) == b)
        }
    }

    @Test("minimum-volume box of a regular tetrahedron is the circumscribed cube (no face flush)")
    func tetrahedron() throws {
        var rng = SeededGenerator(seed: 8)
        let f = randomFrame(&rng)
        let verts: [SIMD3<Double>] = [SIMD3(1, 1, 1), SIMD3(1, -1, -1), SIMD3(-1, 1, -1), SIMD3(-1, -1, 1)]
        var pts: [SIMD3<Double>] = []
        for k in 0..<600 {
            let t = [0, 1, 2, 3].filter { $0 != k % 4 }
            var w = SIMD3(rng.nextUnitDouble(), rng.nextUnitDouble(), rng.nextUnitDouble())
            w /= w.sum()
            let q = w.x * verts[t[0]] + w.y * verts[t[1]] + w.z * verts[t[2]]
            pts.append(q.x * f.0 + q.y * f.1 + q.z * f.2 + SIMD3(7, 8, 9))
        }
        for q in verts { pts.append(q.x * f.0 + q.y * f.1 + q.z * f.2 + SIMD3(7, 8, 9)) }
        let c = cloud(pts)
        let b = try OrientedBoxFit.minimumVolume(c)
        // Edge 2√2, cube of side 2 (volume 8) vs. face-flush box 2√2·√6·(4/√3)/... = 16/√2·… ≈ 11.3.
        #expect(abs(b.volume / 8 - 1) < 0.01)
        expectContainsAll(b, c)
        let pca = try OrientedBoxFit.pca(c)
        #expect(b.volume <= pca.volume * (1 + 1e-9))
    }

    @Test("minimum-volume box beats a dense random search of orientations on irregular blobs")
    func versusRandomSearch() throws {
        var rng = SeededGenerator(seed: 9)
        for trial in 0..<3 {
            // Anisotropic Gaussian blob, sheared: no symmetry to exploit.
            let f = randomFrame(&rng)
            let pts: [SIMD3<Double>] = (0..<300).map { _ in
                let g = SIMD3(rng.nextGaussian() * 1.5, rng.nextGaussian() * 0.7, rng.nextGaussian() * 0.3)
                return (g.x + 0.4 * g.y) * f.0 + g.y * f.1 + (g.z + 0.3 * g.x) * f.2
            }
            let c = cloud(pts)
            let b = try OrientedBoxFit.minimumVolume(c)
            expectContainsAll(b, c)
            var bestRandom = Double.infinity
            let local = (0..<c.count).map { SIMD3<Double>(c.localPoint($0)) }
            for _ in 0..<2500 {
                let r = randomFrame(&rng)
                var lo = SIMD3<Double>(repeating: .infinity), hi = -lo
                for q in local {
                    let p = SIMD3(dot(q, r.0), dot(q, r.1), dot(q, r.2))
                    lo = pointwiseMin(lo, p)
                    hi = pointwiseMax(hi, p)
                }
                let s = hi - lo
                bestRandom = min(bestRandom, s.x * s.y * s.z)
            }
            #expect(b.volume <= bestRandom * 1.0 + 1e-12, "trial \(trial): \(b.volume) vs random \(bestRandom)")
        }
    }

    @Test("noisy box surface: extents grow by about the noise, axes stay")
    func noisy() throws {
        var rng = SeededGenerator(seed: 10)
        let f = randomFrame(&rng)
        let h = SIMD3<Double>(1.0, 0.6, 0.4)
        let c = cloud(boxSamples(centre: .zero, h: h, frame: f, count: 4000, surface: true, sigma: 0.002, corners: false, seed: 3))
        let b = try OrientedBoxFit.minimumVolume(c)
        #expect(abs(dot(b.axis0, f.0)) > 0.999 && abs(dot(b.axis1, f.1)) > 0.999)
        for k in 0..<3 { #expect(b.halfExtents[k] > h[k] - 0.005 && b.halfExtents[k] < h[k] + 0.012) }
        expectContainsAll(b, c)
    }

    @Test("degenerate input: planar, collinear, single point, empty, NaN, bad up")
    func degenerate() throws {
        var rng = SeededGenerator(seed: 11)
        let f = randomFrame(&rng)
        let planar = cloud(boxSamples(centre: SIMD3(1, 1, 1), h: SIMD3(2, 1, 0), frame: f, count: 300, surface: false, seed: 2))
        let pb = try OrientedBoxFit.minimumVolume(planar)
        #expect(abs(pb.halfExtents.x - 2) < 1e-5 && abs(pb.halfExtents.y - 1) < 1e-5 && pb.halfExtents.z < 1e-6)
        #expect(abs(abs(dot(pb.axis2, f.2)) - 1) < 1e-6)
        expectContainsAll(pb, planar, tolerance: 1e-6)
        let line = cloud((0..<20).map { Double($0) * f.0 + SIMD3(3, 3, 3) })
        let lb = try OrientedBoxFit.minimumVolume(line)
        #expect(abs(lb.halfExtents.x - 9.5) < 1e-5 && lb.halfExtents.y < 1e-6 && lb.volume < 1e-9)
        let single = cloud([SIMD3(4, 5, 6)])
        for b in [try OrientedBoxFit.minimumVolume(single), try OrientedBoxFit.pca(single),
                  try OrientedBoxFit.upright(single, up: SIMD3(0, 0, 1))] {
            #expect(b.halfExtents == .zero)
            #expect(length(b.translated(by: single.origin).centre - SIMD3(4, 5, 6)) < 1e-9)
        }
        #expect(throws: FitError.tooFewPoints(required: 1, actual: 0)) { try OrientedBoxFit.pca(PointCloud()) }
        var bad = single
        bad.x[0] = .nan
        #expect(throws: FitError.nonFinitePoint(index: 0)) { try OrientedBoxFit.minimumVolume(bad) }
        #expect(throws: FitError.invalidParameter("up vector SIMD3<Double>(0.0, 0.0, 0.0) must be finite and non-zero")) {
            try OrientedBoxFit.upright(single, up: .zero)
        }
    }
}
