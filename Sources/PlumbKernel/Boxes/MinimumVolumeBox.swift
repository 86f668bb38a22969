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
    /// `refinementStarts` frames are refined by a local search over orientations (exact rotation about
    /// each box axis, then pattern moves tilting the axes, step quartered from 0.05 rad down to 1e-6 rad).
    /// Since the search runs on a subset, points left outside the resulting box (or, when there are
    /// many, the extreme ones among them) are added, the set is reduced to its 3D hull vertices, and the
    /// search repeated (up to 4 times) until the
    /// box contains them all. The final box is recomputed over all points so it contains them.
    /// Axes are ordered by decreasing extent. Planar input gives a zero-thickness box, collinear or
    /// single-point input a PCA box.
    /// - Throws: the errors of ``pca(_:indices:)``.
    /// - Complexity: O(n log n + (c + r) · h log h) for h hull vertices, c candidates, r refinement steps.
    public static func minimumVolume(
        _ cloud: PointCloud, indices: [Int]? = nil, maxFaceCandidates: Int = 400, edgeDirections: Int = 16,
        refinementStarts: Int = 3
    ) throws(FitError) -> OrientedBox {
        let search = HullSearch(maxFaceCandidates: maxFaceCandidates, edgeDirections: edgeDirections,
                                refinementStarts: refinementStarts)
        if let box = try prefilteredMinimumVolume(cloud, indices: indices, search: search) { return box }
        return try generalMinimumVolume(cloud, indices: indices, search: search)
    }

    /// The candidate-search settings of ``minimumVolume(_:indices:maxFaceCandidates:edgeDirections:refinementStarts:)``.
    struct HullSearch {
        var maxFaceCandidates: Int
        var edgeDirections: Int
        var refinementStarts: Int
    }

    /// Fast path: ``HullPrefilter`` (one block pass, Akl–Toussaint throw-away), the exact 3D hull of the
    /// survivors, the candidate search on its vertices, and the final box over the survivors (which
    /// contains every point, see ``HullPrefilter``). `nil` when the prefilter or the hull finds the
    /// input flat or degenerate; the caller then takes the general path.
    static func prefilteredMinimumVolume(_ cloud: PointCloud, indices: [Int]?, search: HullSearch) throws(FitError) -> OrientedBox? {
        let o = cloud.origin
        if cloud.y.count != cloud.count || cloud.z.count != cloud.count || !(o.x.isFinite && o.y.isFinite && o.z.isFinite) {
            try PointSubset.validate(cloud, indices: indices)
        }
        let outcome: HullPrefilter.Outcome
        if let indices {
            try PointSubset.validate(cloud, indices: indices)
            let xs = indices.map { cloud.x[$0] }, ys = indices.map { cloud.y[$0] }, zs = indices.map { cloud.z[$0] }
            outcome = xs.withUnsafeBufferPointer { x in
                ys.withUnsafeBufferPointer { y in zs.withUnsafeBufferPointer { z in HullPrefilter.run(x: x, y: y, z: z) } }
            }
        } else {
            outcome = cloud.x.withUnsafeBufferPointer { x in
                cloud.y.withUnsafeBufferPointer { y in cloud.z.withUnsafeBufferPointer { z in HullPrefilter.run(x: x, y: y, z: z) } }
            }
        }
        switch outcome {
        case .nonFinite:
            try PointSubset.validate(cloud, indices: indices)
            return nil
        case .degenerate:
            return nil
        case .survivors(let kept):
            guard let hull = ConvexHull3D.compute(kept.points) else { return nil }
            let vertices = hull.vertexIndices.map { kept.points[$0] }
            let axes = principalAxes(vertices)
            let best = searchHull(points: kept.points, hull: hull, startAxes: [axes.vector0, axes.vector1, axes.vector2], search: search)
            return canonical(box(axes: best.axis0, best.axis1, points: kept.points, centroid: kept.reference))
        }
    }

    /// General path (flat, near-degenerate or non-finite-looking input): the points extreme along 512
    /// directions, their hull, the candidate search, then points left outside are added and the search
    /// repeated (up to 4 times); the final box is computed over all points.
    static func generalMinimumVolume(_ cloud: PointCloud, indices: [Int]?, search: HullSearch) throws(FitError) -> OrientedBox {
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
        var best = searchHull(points: extreme, hull: hull, startAxes: [eigen.vector0, eigen.vector1, eigen.vector2], search: search)
        // The search ran on a subset; points outside the subset's optimal box (missed by the extreme
        // point filter) can move the optimum. Add them and search again until none is left out.
        var evaluation = hull.vertexIndices.map { extreme[$0] }
        for _ in 0..<4 {
            let missed = outside(best, points: pts, tolerance: 1e-6 * max(best.halfExtents.x, best.halfExtents.y, best.halfExtents.z))
            if missed.isEmpty { break }
            evaluation += missed.count > 64 ? extremePoints(missed, axes: eigen) : missed
            // Only hull vertices can touch a box: search on them (the final box covers every point).
            if let hull = ConvexHull3D.compute(evaluation) { evaluation = hull.vertexIndices.map { evaluation[$0] } }
            best = refine(axis: best.axis2, points: evaluation)
        }
        return canonical(box(axes: best.axis0, best.axis1, points: pts, centroid: c))
    }

    /// The candidate search on the vertices of `hull` (a hull of `pts3`, indices into it), see
    /// ``minimumVolume(_:indices:maxFaceCandidates:edgeDirections:refinementStarts:)``. Returns the best
    /// box around the hull vertices, in the frame of `pts3`.
    static func searchHull(points pts3: [SIMD3<Double>], hull: ConvexHull3D, startAxes: [SIMD3<Double>], search: HullSearch) -> OrientedBox {
        var evaluator = AxisBoxEvaluator(hullOf: pts3, hull: hull)
        var candidates: [SIMD3<Double>] = startAxes
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
        for f in faces where candidates.count < search.maxFaceCandidates + startAxes.count && f.area > 0 { addCandidate(f.normal) }
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
        for (l, d) in edges where l > 0 && dirs.count < search.edgeDirections {
            let u = d / l
            if dirs.allSatisfy({ abs(dot($0, u)) < 0.9999 }) { dirs.append(u) }
        }
        for i in 0..<dirs.count { for j in (i + 1)..<dirs.count { addCandidate(normalize(cross(dirs[i], dirs[j]))) } }

        // Score every candidate direction exactly (best box with that axis), keep the best few.
        var scored: [(volume: Double, axis: SIMD3<Double>)] = candidates.map {
            ($0 == .zero ? .infinity : evaluator.box(axis: $0).volume, $0)
        }
        scored.sort { $0.volume < $1.volume }
        var best = evaluator.box(axis: scored[0].axis)
        for start in scored.prefix(max(1, search.refinementStarts)) {
            let refined = refine(axis: start.axis, evaluator: &evaluator)
            if refined.volume < best.volume { best = refined }
        }
        return best
    }

    /// Points farther than `tolerance` metres outside `box` (box and points in the same frame). O(n).
    static func outside(_ box: OrientedBox, points: [SIMD3<Double>], tolerance: Double) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        let limit = box.halfExtents + tolerance
        points.withUnsafeBufferPointer { ps in
            for q in ps {
                let b = box.boxCoordinates(of: q)
                if abs(b.x) > limit.x || abs(b.y) > limit.y || abs(b.z) > limit.z { out.append(q) }
            }
        }
        return out
    }

    /// The points extreme (max and min) along 512 directions of a Fibonacci sphere and the PCA axes:
    /// a subset of the hull vertices that keeps every corner and drops points on flat faces, which
    /// makes the 3D hull fast and well conditioned. Deterministic; ties go to the lowest index.
    ///
    /// The points are split into blocks of 128 consecutive points with their bounding boxes; per
    /// direction the block whose box reaches farthest is scanned first, and afterwards only blocks whose
    /// box can still reach the best value so far (plus a rounding margin) are scanned, in index order. The
    /// result equals a full scan of every point. O(n + 515 · (n / 128 + scanned points)).
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
        let n = pts.count
        let blockSize = 128
        let blocks = (n + blockSize - 1) / blockSize
        var centre = [SIMD3<Double>](repeating: .zero, count: blocks)
        var half = [SIMD3<Double>](repeating: .zero, count: blocks)
        var scale = 0.0
        pts.withUnsafeBufferPointer { ps in
            for b in 0..<blocks {
                var lo = ps[b * blockSize], hi = lo
                for i in (b * blockSize)..<min(n, (b + 1) * blockSize) {
                    lo = pointwiseMin(lo, ps[i])
                    hi = pointwiseMax(hi, ps[i])
                }
                centre[b] = 0.5 * (lo + hi)
                half[b] = 0.5 * (hi - lo)
                scale = max(scale, pointwiseMax(lo, -lo).max(), pointwiseMax(hi, -hi).max())
            }
        }
        // Bounds and point projections are computed differently; this margin covers their rounding.
        let margin = 1e-9 * max(scale, 1e-300)
        var keep = [Bool](repeating: false, count: n)
        var upper = [Double](repeating: 0, count: blocks)
        var lower = [Double](repeating: 0, count: blocks)
        pts.withUnsafeBufferPointer { ps in
            for d in dirs {
                let ad = pointwiseMax(d, -d)
                var topBlock = 0, bottomBlock = 0
                for b in 0..<blocks {
                    let c = dot(centre[b], d), h = dot(half[b], ad)
                    upper[b] = c + h + margin
                    lower[b] = c - h - margin
                    if upper[b] > upper[topBlock] { topBlock = b }
                    if lower[b] < lower[bottomBlock] { bottomBlock = b }
                }
                // Seed the best values from the most promising blocks, then scan every block that can
                // reach them, in index order with the same comparisons as a plain scan.
                var seedHi = -Double.infinity, seedLo = Double.infinity
                for i in (topBlock * blockSize)..<min(n, (topBlock + 1) * blockSize) { seedHi = max(seedHi, dot(ps[i], d)) }
                for i in (bottomBlock * blockSize)..<min(n, (bottomBlock + 1) * blockSize) { seedLo = min(seedLo, dot(ps[i], d)) }
                var hi = -Double.infinity, lo = Double.infinity, iHi = 0, iLo = 0
                for b in 0..<blocks where upper[b] >= seedHi || lower[b] <= seedLo {
                    let scanHi = upper[b] >= seedHi, scanLo = lower[b] <= seedLo
                    for i in (b * blockSize)..<min(n, (b + 1) * blockSize) {
                        let v = dot(ps[i], d)
                        if scanHi && v > hi { hi = v; iHi = i }
                        if scanLo && v < lo { lo = v; iLo = i }
                    }
                }
                keep[iHi] = true
                keep[iLo] = true
            }
        }
        var out: [SIMD3<Double>] = []
        for i in 0..<n where keep[i] { out.append(pts[i]) }
        return out
    }

    /// Local search over orientations starting from the best box around `start`. Each round tries the
    /// exact optimum of the rotation about each current box axis (``boxAround(axis:points:centroid:)``),
    /// then tilts each axis by ±δ towards the two diagonals of the other two axes (four directions that
    /// positively span the axis's tangent plane, so every tilt direction is still probed); δ is
    /// quartered from 0.05 rad until
    /// below 1e-6 rad when a round brings no improvement, or after 8 improving rounds at one δ (so
    /// that a long run of tiny improvements on a flat optimum cannot stall the search).
    static func refine(axis start: SIMD3<Double>, points: [SIMD3<Double>]) -> OrientedBox {
        var evaluator = AxisBoxEvaluator(points: points)
        return refine(axis: start, evaluator: &evaluator)
    }

    /// ``refine(axis:points:)`` on the evaluator's points.
    static func refine(axis start: SIMD3<Double>, evaluator: inout AxisBoxEvaluator) -> OrientedBox {
        var best = evaluator.box(axis: start)
        var delta = 0.05
        func consider(_ n: SIMD3<Double>) -> Bool {
            let b = evaluator.box(axis: n)
            guard b.volume < best.volume * (1 - 1e-12) else { return false }
            best = b
            return true
        }
        var roundsAtDelta = 0
        while delta > 1e-6 {
            var improved = false
            for n in [best.axis0, best.axis1, best.axis2] where consider(n) { improved = true }
            for k in 0..<3 {
                let axes = [best.axis0, best.axis1, best.axis2]
                let n = axes[k], t0 = axes[(k + 1) % 3], t1 = axes[(k + 2) % 3]
                for t in [normalize(t0 + t1), normalize(t0 - t1)] {
                    for s in [delta, -delta] where consider(normalize(n + s * t)) { improved = true }
                }
            }
            roundsAtDelta += 1
            if !improved || roundsAtDelta >= 8 {
                delta *= 0.25
                roundsAtDelta = 0
            }
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
