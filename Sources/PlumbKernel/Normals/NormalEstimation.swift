/// How ``NormalEstimation`` chooses the sign of each normal (a PCA normal is only defined up to sign).
public enum NormalOrientation: Sendable, Equatable, Codable {
    /// Keep the sign the eigen solver returns (deterministic but arbitrary).
    case unoriented
    /// Every normal points towards this world position (metres, same frame as ``PointCloud/origin``),
    /// e.g. the scanner position: `dot(n, viewpoint - p) >= 0` for every point.
    case towardsViewpoint(SIMD3<Double>)
    /// Consistent orientation by propagation over the symmetric k-NN graph (Hoppe et al. 1992): a
    /// minimum-spanning traversal with edge cost `1 - |n_i · n_j|` flips each newly reached normal to agree
    /// with its parent. Each connected component starts at the point whose normal is most nearly aligned
    /// with the direction to the cloud's centroid, oriented towards the centroid, so for a room scan seen
    /// from inside, normals point into the room (the interior side of walls, floor and ceiling).
    case consistent(neighbors: Int = 10)
}

/// Options for ``NormalEstimation/estimate(_:options:)``.
public struct NormalEstimationOptions: Sendable, Equatable, Codable {
    /// Largest accepted ``k`` (and orientation neighbour count): 1024.
    public static let maximumK = 1024
    /// Neighbours per point, including the point itself (3...``maximumK``). Default 30.
    public var k: Int
    /// Sign convention. Default ``NormalOrientation/unoriented``.
    public var orientation: NormalOrientation
    /// Spread the k-NN/PCA work over all cores; the output is identical either way.
    public var parallel: Bool

    /// Options with the given values.
    public init(k: Int = 30, orientation: NormalOrientation = .unoriented, parallel: Bool = true) {
        self.k = k
        self.orientation = orientation
        self.parallel = parallel
    }
}

/// Per-point unit normals and surface variation of a cloud.
public struct NormalEstimate: Sendable, Equatable, Codable {
    /// Unit normals (local frame; directions do not depend on the origin).
    public var normals: NormalField
    /// Surface variation `λ0 / (λ0 + λ1 + λ2)` of each k-NN covariance, in [0, 1/3]: 0 on a perfect plane.
    /// Zero for neighbourhoods of coincident points.
    public var curvature: [Float]
}

/// k-nearest-neighbour PCA normal estimation.
///
/// For each point the `k` nearest neighbours (exact, ties by point index) come from `LeafBatchKNN`: one
/// block-aligned ``KDTree`` leaf at a time, from the leaves near it with a per-query radius bounded by the
/// triangle inequality (the k-th distance found by counting), else from the leaves near the query itself,
/// else (rarely) from the tree search. Their covariance is summed in `Double` about the query
/// point, in tree-slot order (two interleaved lanes), and the closed-form smallest eigenpair
/// (`SmallestEigenpair3`: the smallest root of ``SymmetricEigen3``'s cubic, without trigonometry) gives
/// the normal and curvature; the eigenpairs are solved four points at a time, one per SIMD lane
/// (`SmallestEigenpair3x4`, bit-identical to the scalar solver), so that their long dependency chains
/// overlap. Each point is independent and its neighbours come in the same order whichever path found
/// them, so the parallel result is byte-identical to the serial one.
public enum NormalEstimation {
    /// Bucket size of the k-NN tree (internal): leaves of at most 64 points (8 blocks of 8). Against 32 on
    /// the 100k- and 1M-point benchmark rooms (one thread, alternated runs): 6–8 % less time, as each
    /// query tests fewer candidate leaves and each leaf's gather serves more queries; 48, 80, 96 and 128
    /// were between 64 and 32, and 16 was 20 % slower than 32.
    static let treeLeafSize = 64

    /// Estimates normals and curvature for every point of `cloud`.
    /// - Throws: ``PointCloudError/tooFewPoints(required:actual:)`` for fewer than 3 points,
    ///   ``PointCloudError/degenerate(_:)`` for `k` outside 3...1024 or an invalid orientation parameter,
    ///   ``PointCloudError/nonFiniteCoordinate(index:)`` for NaN/Inf input.
    /// - Complexity: O(n (log n + k log k)) time, O(n) extra memory (plus O(n · neighbours) for
    ///   consistent orientation).
    public static func estimate(
        _ cloud: PointCloud, options: NormalEstimationOptions = .init()
    ) throws(PointCloudError) -> NormalEstimate {
        let n = cloud.count
        guard options.k >= 3, options.k <= NormalEstimationOptions.maximumK else {
            throw .degenerate("normal estimation needs 3 <= k <= \(NormalEstimationOptions.maximumK), got \(options.k)")
        }
        guard n >= 3 else { throw .tooFewPoints(required: 3, actual: n) }
        try cloud.validate()
        let tree: KDTree
        do {
            tree = try KDTree(
                x: cloud.x, y: cloud.y, z: cloud.z, leafSize: treeLeafSize, blockAlignment: 8, parallel: options.parallel)
        } catch {
            switch error {
            case let .nonFiniteCoordinate(i): throw .nonFiniteCoordinate(index: i)
            default: throw .degenerate("\(error)")
            }
        }
        let k = min(options.k, n)
        var keep = 0
        if case let .consistent(m) = options.orientation {
            guard m >= 1, m <= NormalEstimationOptions.maximumK else {
                throw .degenerate("consistent orientation needs 1...\(NormalEstimationOptions.maximumK) neighbours, got \(m)")
            }
            keep = min(m + 1, k)
        }
        if case let .towardsViewpoint(v) = options.orientation, !(v.x.isFinite && v.y.isFinite && v.z.isFinite) {
            throw .degenerate("viewpoint \(v) is not finite")
        }
        // Every point's entries are written exactly once (each tree slot is visited once), so the arrays
        // start uninitialised: no serial fill, and their pages are first touched by the workers.
        var ny: [Float] = [], nz: [Float] = [], curv: [Float] = [], graph: [Int32] = []
        let nx = [Float](unsafeUninitializedCapacity: n) { bx, cx in
            ny = [Float](unsafeUninitializedCapacity: n) { by, cy in
                nz = [Float](unsafeUninitializedCapacity: n) { bz, cz in
                    curv = [Float](unsafeUninitializedCapacity: n) { bc, cc in
                        graph = [Int32](unsafeUninitializedCapacity: n * keep) { bg, cg in
                            let px = SendablePointer(p: bx.baseAddress!), py = SendablePointer(p: by.baseAddress!)
                            let pz = SendablePointer(p: bz.baseAddress!), pc = SendablePointer(p: bc.baseAddress!)
                            let pg = keep > 0 ? SendablePointer(p: bg.baseAddress!) : nil
                            tree.forEachNeighbourhoodGroup(k: k, keep: keep, parallel: options.parallel) { view, first, count, nb, nearest in
                                Self.solveGroup(
                                    view, first: first, count: count, neighbours: nb, k: k,
                                    normals: (px.p, py.p, pz.p), curvature: pc.p)
                                if let pg {
                                    for r in 0..<count {
                                        let i = Int(view.ids[first + r])
                                        for j in 0..<keep { pg.p[i * keep + j] = nearest[r * keep + j] }
                                    }
                                }
                            }
                            cg = n * keep
                        }
                        cc = n
                    }
                    cz = n
                }
                cy = n
            }
            cx = n
        }
        var normals = NormalField(x: nx, y: ny, z: nz)
        switch options.orientation {
        case .unoriented:
            break
        case let .towardsViewpoint(v):
            NormalOrientationSolver.orient(&normals, cloud: cloud, towards: v)
        case .consistent:
            NormalOrientationSolver.propagate(&normals, cloud: cloud, graph: graph, perRow: keep)
        }
        return NormalEstimate(normals: normals, curvature: curv)
    }

    /// Normal and curvature of the `count` (≤ ``KDTree/neighbourhoodGroupSize``) consecutive tree slots
    /// from `first`, whose neighbour slots are the rows of `neighbours` (`k` per row): covariances one by
    /// one, then the eigenpairs four at a time (`SmallestEigenpair3x4`, bit-identical to the scalar solver
    /// per lane), written at each point's index.
    @inline(__always)
    static func solveGroup(
        _ view: KNNLeafView, first: Int, count: Int, neighbours: UnsafePointer<Int32>, k: Int,
        normals: (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>, z: UnsafeMutablePointer<Float>),
        curvature: UnsafeMutablePointer<Float>
    ) {
        // Six entries per covariance, one SIMD4 per entry and 4 queries (lanes) at a time.
        withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: 6 * ((KDTree.neighbourhoodGroupSize + 3) / 4)) { entries in
            let e = entries.baseAddress!
            let lanes = (count + 3) & ~3
            for r in 0..<lanes {
                // Lanes past `count` repeat the first row (solved, never written).
                let m = covariance(
                    x: view.xs, y: view.ys, z: view.zs, query: first + (r < count ? r : 0),
                    neighbours: neighbours + (r < count ? r : 0) * k, k: k)
                let g = e + 6 * (r >> 2), lane = r & 3
                g[0][lane] = m.xx
                g[1][lane] = m.xy
                g[2][lane] = m.xz
                g[3][lane] = m.yy
                g[4][lane] = m.yz
                g[5][lane] = m.zz
            }
            var r = 0
            while r < count {
                let g = e + 6 * (r >> 2)
                let pair = SmallestEigenpair3x4(xx: g[0], xy: g[1], xz: g[2], yy: g[3], yz: g[4], zz: g[5])
                for lane in 0..<min(4, count - r) {
                    let i = Int(view.ids[first + r + lane])
                    normals.x[i] = Float(pair.x[lane])
                    normals.y[i] = Float(pair.y[lane])
                    normals.z[i] = Float(pair.z[lane])
                    let trace = pair.trace[lane]
                    curvature[i] = trace > 0 ? Float(max(pair.value[lane], 0) / trace) : 0
                }
                r += 4
            }
        }
    }

    /// Population covariance (m²) of the `k` points at tree slots `neighbours`, summed in `Double` about
    /// the query point (recentred, so the sums stay small): neighbours `0, 2, 4, …` and `1, 3, 5, …` go to
    /// the two lanes of `SIMD2<Double>` sums (each lane in list order; an odd last neighbour is paired
    /// with the query point, whose offsets are zero), and the lanes are added at the end.
    @inline(__always)
    static func covariance(
        x xs: UnsafePointer<Float>, y ys: UnsafePointer<Float>, z zs: UnsafePointer<Float>,
        query s: Int, neighbours: UnsafePointer<Int32>, k: Int
    ) -> SymmetricMatrix3 {
        let ox = SIMD2(repeating: Double(xs[s])), oy = SIMD2(repeating: Double(ys[s]))
        let oz = SIMD2(repeating: Double(zs[s]))
        var sx = SIMD2<Double>.zero, sy = sx, sz = sx, sxx = sx, sxy = sx, sxz = sx, syy = sx, syz = sx, szz = sx
        @inline(__always) func add(_ t0: Int, _ t1: Int) {
            // Float to Double two at a time; the offsets are exact.
            let dx = SIMD2<Double>(SIMD2(xs[t0], xs[t1])) - ox
            let dy = SIMD2<Double>(SIMD2(ys[t0], ys[t1])) - oy
            let dz = SIMD2<Double>(SIMD2(zs[t0], zs[t1])) - oz
            sx += dx
            sy += dy
            sz += dz
            sxx += dx * dx
            sxy += dx * dy
            sxz += dx * dz
            syy += dy * dy
            syz += dy * dz
            szz += dz * dz
        }
        var j = 0
        while j &+ 1 < k {
            add(Int(neighbours[j]), Int(neighbours[j &+ 1]))
            j &+= 2
        }
        if j < k { add(Int(neighbours[j]), s) }
        let inv = 1 / Double(k)
        let mx = sx.sum() * inv, my = sy.sum() * inv, mz = sz.sum() * inv
        return SymmetricMatrix3(
            xx: sxx.sum() * inv - mx * mx, xy: sxy.sum() * inv - mx * my, xz: sxz.sum() * inv - mx * mz,
            yy: syy.sum() * inv - my * my, yz: syz.sum() * inv - my * mz, zz: szz.sum() * inv - mz * mz)
    }
}

extension PointCloud {
    /// A copy of this cloud with ``normals`` set by ``NormalEstimation/estimate(_:options:)``.
    /// - Throws: see ``NormalEstimation/estimate(_:options:)``.
    public func withEstimatedNormals(
        options: NormalEstimationOptions = .init()
    ) throws(PointCloudError) -> PointCloud {
        var out = self
        out.normals = try NormalEstimation.estimate(self, options: options).normals
        return out
    }
}
