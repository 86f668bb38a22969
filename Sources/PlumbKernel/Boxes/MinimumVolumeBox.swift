extension OrientedBoxFit {
    /// Approximately minimum-volume oriented box (within 1 % of the optimum on the shapes in the tests).
    ///
    /// Method: the points extreme along 512 fixed directions, then their 3D convex hull
    /// (``ConvexHull3D``), reduce the input to a few hundred hull vertices. Every candidate
    /// direction n is scored exactly by the best box having n as an axis (``upright(_:up:indices:)``'s
    /// minimum-area rectangle around the projection times the extent along n). Candidates: the PCA axes,
    /// the normals of the hull faces (the largest `maxFaceCandidates` by area), and cross products of
    /// pairs of the `edgeDirections` longest distinct hull edges (covers optima with two faces flush with
    /// hull edges, O'Rourke 1985, e.g. the cube around a regular tetrahedron). The best
    /// `refinementStarts` frames are refined by a pattern search over n on the sphere (step halved from
    /// 0.05 rad down to 1e-7 rad). The final box is recomputed over all points so it contains them.
    /// Axes are ordered by decreasing extent. Planar input gives a zero-thickness box, collinear or
    /// single-point input a PCA box.
    /// - Throws: the errors of ``pca(_:indices:)``.
    /// - Complexity: O(n log n + (c + r) · h log h) for h hull vertices, c candidates, r refinement steps.
    public static func minimumVolume(
        _ cloud: PointCloud, indices: [Int]? = nil, maxFaceCandidates: Int = 400, edgeDirections: Int = 16,
        refinementStarts: Int = 3
    ) throws(FitError) -> OrientedBox {
        let (pts, c) = try gather(cloud, indices: indices)
        let eigen = principalAxes(pts)
        let largest = eigen.values[2]
        guard largest > 0, eigen.values[1] > 1e-18 * largest else {
            // Collinear or a single point: the PCA box is exact.
            return box(axes: eigen.vector2, eigen.vector1, points: pts, centroid: c)
        }
        let extreme = extremePoints(pts, axes: eigen)
        guard let hull = ConvexHull3D.compute(extreme) else {
            // Planar: the minimum-area rectangle in the plane, zero thickness.
            if eigen.values[0] <= 1e-18 * largest || extreme.count < 4 {
                return canonical(boxAround(axis: eigen.vector0, points: pts, centroid: c))
            }
            // Rounding defeated the hull: refine from the PCA axes only.
            var best = boxAround(axis: eigen.vector0, points: extreme, centroid: .zero)
            for a in [eigen.vector0, eigen.vector1, eigen.vector2] {
                let r = refine(axis: a, points: extreme)
                if r.volume < best.volume { best = r }
            }
            return canonical(box(axes: best.axis0, best.axis1, points: pts, centroid: c))
        }
        let pts3 = extreme
        let h = hull.vertexIndices.map { pts3[$0] }
        var candidates: [SIMD3<Double>] = [eigen.vector0, eigen.vector1, eigen.vector2]
        // Face normals, largest faces first, deduplicated up to sign.
        var faces: [(area: Double, normal: SIMD3<Double>)] = hull.triangles.map { t in
            let n = cross(pts3[t.y] - pts3[t.x], pts3[t.z] - pts3[t.x])
            return (0.5 * length(n), normalize(n))
        }
        faces.sort { $0.area > $1.area }
        var seen = Set<SIMD3<Int64>>()
        func addCandidate(_ n: SIMD3<Double>) {
            guard length(n) > 0.5 else { return }
            let s = canonicalSign(n)
            let key = SIMD3<Int64>((s * 1e5).rounded(.toNearestOrEven))
            if seen.insert(key).inserted { candidates.append(s) }
        }
        for f in faces where candidates.count < maxFaceCandidates + 3 && f.area > 0 { addCandidate(f.normal) }
        // Longest distinct edge directions and their pairwise cross products.
        var edges: [(Double, SIMD3<Double>)] = []
        for t in hull.triangles {
            for (a, b) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] where a < b {
                let d = pts3[b] - pts3[a]
                edges.append((length(d), d))
            }
        }
        edges.sort { $0.0 > $1.0 }
        var dirs: [SIMD3<Double>] = []
        for (l, d) in edges where l > 0 && dirs.count < edgeDirections {
            let u = d / l
            if dirs.allSatisfy({ abs(dot($0, u)) < 0.9999 }) { dirs.append(u) }
        }
        for i in 0..<dirs.count { for j in (i + 1)..<dirs.count { addCandidate(normalize(cross(dirs[i], dirs[j]))) } }

        // Score every candidate direction exactly (best box with that axis), keep the best few.
        var scored: [(volume: Double, axis: SIMD3<Double>)] = candidates.map { ($0 == .zero ? .infinity : boxAround(axis: $0, points: h, centroid: .zero).volume, $0) }
        scored.sort { $0.volume < $1.volume }
        var best = boxAround(axis: scored[0].axis, points: h, centroid: .zero)
        for start in scored.prefix(max(1, refinementStarts)) {
            let refined = refine(axis: start.axis, points: h)
            if refined.volume < best.volume { best = refined }
        }
        return canonical(box(axes: best.axis0, best.axis1, points: pts, centroid: c))
    }

    /// The points extreme (max and min) along 512 directions of a Fibonacci sphere and the PCA axes:
    /// a subset of the hull vertices that keeps every corner and drops points on flat faces, which
    /// makes the 3D hull fast and well conditioned. O(n · 512), deterministic.
    static func extremePoints(_ pts: [SIMD3<Double>], axes e: SymmetricEigen3) -> [SIMD3<Double>] {
        var dirs: [SIMD3<Double>] = [e.vector0, e.vector1, e.vector2]
        let k = 512
        let golden = 2.399_963_229_728_653 // π (3 − √5)
        for i in 0..<k {
            let z = 1 - (2 * Double(i) + 1) / Double(k)
            let r = (1 - z * z).squareRoot()
            let phi = golden * Double(i)
            dirs.append(SIMD3(r * cosDouble(phi), r * sinDouble(phi), z))
        }
        var keep = [Bool](repeating: false, count: pts.count)
        pts.withUnsafeBufferPointer { ps in
            for d in dirs {
                var hi = -Double.infinity, lo = Double.infinity, iHi = 0, iLo = 0
                for i in 0..<ps.count {
                    let v = dot(ps[i], d)
                    if v > hi { hi = v; iHi = i }
                    if v < lo { lo = v; iLo = i }
                }
                keep[iHi] = true
                keep[iLo] = true
            }
        }
        var out: [SIMD3<Double>] = []
        for i in 0..<pts.count where keep[i] { out.append(pts[i]) }
        return out
    }

    /// Pattern search over the axis direction: tries n rotated by ±δ about two tangent directions,
    /// moves on improvement, halves δ otherwise.
    static func refine(axis start: SIMD3<Double>, points: [SIMD3<Double>]) -> OrientedBox {
        var n = start
        var best = boxAround(axis: n, points: points, centroid: .zero)
        var delta = 0.05
        while delta > 1e-7 {
            var improved = false
            // Tangent directions: the current box's in-plane axes (aligned with the optimum's structure).
            for t in [best.axis0, best.axis1, best.axis0 + best.axis1, best.axis0 - best.axis1] {
                for s in [delta, -delta] {
                    let m = normalize(n + s * normalize(t))
                    let b = boxAround(axis: m, points: points, centroid: .zero)
                    if b.volume < best.volume * (1 - 1e-12) {
                        best = b
                        n = m
                        improved = true
                    }
                }
            }
            if !improved { delta *= 0.5 }
        }
        return best
    }

    /// `n` flipped so its largest-magnitude component is positive.
    static func canonicalSign(_ n: SIMD3<Double>) -> SIMD3<Double> {
        let k = abs(n.x) >= abs(n.y) && abs(n.x) >= abs(n.z) ? 0 : (abs(n.y) >= abs(n.z) ? 1 : 2)
        return n[k] < 0 ? -n : n
    }

    /// Axes sorted by decreasing extent, axis0 and axis1 sign-canonical, right-handed.
    static func canonical(_ b: OrientedBox) -> OrientedBox {
        var pairs = [(b.halfExtents.x, b.axis0), (b.halfExtents.y, b.axis1), (b.halfExtents.z, b.axis2)]
        pairs.sort { $0.0 > $1.0 }
        let a0 = canonicalSign(pairs[0].1), a1 = canonicalSign(pairs[1].1)
        return OrientedBox(centre: b.centre, axis0: a0, axis1: a1, halfExtents: SIMD3(pairs[0].0, pairs[1].0, pairs[2].0))
    }
}
