/// Oriented bounding boxes of point clouds: PCA, gravity-aligned minimum-footprint ("upright"), and
/// general minimum-volume. All results are in the cloud's **local** frame and contain every point.
public enum OrientedBoxFit {
    /// Gathers the selected points as `Double` offsets from their centroid (one allocation).
    static func gather(_ cloud: PointCloud, indices: [Int]?) throws(FitError) -> (points: [SIMD3<Double>], centroid: SIMD3<Double>) {
        let n = indices?.count ?? cloud.count
        guard n >= 1 else { throw .tooFewPoints(required: 1, actual: 0) }
        try PointSubset.validate(cloud, indices: indices)
        var pts = [SIMD3<Double>](repeating: .zero, count: n)
        var sum = SIMD3<Double>.zero
        pts.withUnsafeMutableBufferPointer { out in
            cloud.x.withUnsafeBufferPointer { xs in
                cloud.y.withUnsafeBufferPointer { ys in
                    cloud.z.withUnsafeBufferPointer { zs in
                        for k in 0..<n {
                            let i = indices?[k] ?? k
                            let q = SIMD3(Double(xs[i]), Double(ys[i]), Double(zs[i]))
                            out[k] = q
                            sum += q
                        }
                    }
                }
            }
        }
        let c = sum / Double(n)
        for k in 0..<n { pts[k] -= c }
        return (pts, c)
    }

    /// The tight box with the given orthonormal right-handed axes around centroid-relative `points`.
    static func box(axes a0: SIMD3<Double>, _ a1: SIMD3<Double>, points: [SIMD3<Double>], centroid: SIMD3<Double>) -> OrientedBox {
        let a2 = cross(a0, a1)
        var lo = SIMD3<Double>(repeating: .infinity), hi = SIMD3<Double>(repeating: -.infinity)
        points.withUnsafeBufferPointer { ps in
            for q in ps {
                let c = SIMD3(dot(q, a0), dot(q, a1), dot(q, a2))
                lo = pointwiseMin(lo, c)
                hi = pointwiseMax(hi, c)
            }
        }
        let mid = 0.5 * (lo + hi)
        return OrientedBox(centre: centroid + mid.x * a0 + mid.y * a1 + mid.z * a2, axis0: a0, axis1: a1,
                           halfExtents: 0.5 * (hi - lo))
    }

    /// Principal-component box: axes are the eigenvectors of the point covariance (accumulated in
    /// `Double`), `axis0` the direction of largest variance; extents are the exact min/max projections.
    /// Degenerate input (one point, collinear, planar) gives zero extents where the points have none.
    /// - Throws: ``FitError/tooFewPoints(required:actual:)`` for no points, ``FitError/nonFinitePoint(index:)``,
    ///   ``FitError/indexOutOfRange(index:position:count:)``.
    /// - Complexity: O(n).
    public static func pca(_ cloud: PointCloud, indices: [Int]? = nil) throws(FitError) -> OrientedBox {
        let (pts, c) = try gather(cloud, indices: indices)
        let e = principalAxes(pts)
        return box(axes: e.vector2, e.vector1, points: pts, centroid: c)
    }

    static func principalAxes(_ pts: [SIMD3<Double>]) -> SymmetricEigen3 {
        var acc = CovarianceAccumulator()
        for q in pts { acc.add(q) }
        return SymmetricEigen3(acc.covariance)
    }

    /// Gravity-aligned box of smallest footprint: `axis2` is `up`, the horizontal axes come from the
    /// minimum-area rectangle (rotating calipers) around the 2D convex hull (Andrew's monotone chain) of
    /// the points projected on the plane ⊥ `up`; the height is the extent along `up`. `axis0` is the
    /// longer horizontal side. Exact for prisms such as furniture with vertical sides.
    /// - Parameters:
    ///   - cloud: the points, in its local frame.
    ///   - up: the up direction in the cloud frame (normalised here).
    ///   - indices: the points to box (`nil`: all of them).
    /// - Throws: ``FitError/invalidParameter(_:)`` for a zero or non-finite `up`, plus the errors of ``pca(_:indices:)``.
    /// - Complexity: O(n log n).
    public static func upright(_ cloud: PointCloud, up: SIMD3<Double>, indices: [Int]? = nil) throws(FitError) -> OrientedBox {
        guard up.x.isFinite, up.y.isFinite, up.z.isFinite, length(up) > 0 else {
            throw .invalidParameter("up vector \(up) must be finite and non-zero")
        }
        let (pts, c) = try gather(cloud, indices: indices)
        var b = boxAround(axis: normalize(up), points: pts, centroid: c)
        if b.halfExtents.x < b.halfExtents.y {
            b = OrientedBox(centre: b.centre, axis0: b.axis1, axis1: -b.axis0,
                            halfExtents: SIMD3(b.halfExtents.y, b.halfExtents.x, b.halfExtents.z))
        }
        return b
    }

    /// A unit basis (u, v) of the plane ⊥ n, deterministic in n.
    static func planeBasis(_ n: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
        let helper: SIMD3<Double> = abs(n.x) < 0.6 ? SIMD3(1, 0, 0) : (abs(n.y) < 0.6 ? SIMD3(0, 1, 0) : SIMD3(0, 0, 1))
        let u = normalize(cross(helper, n))
        return (u, cross(n, u))
    }

    /// The smallest box having `axis` (unit) as its third axis: minimum-area rectangle of the projection
    /// plus the extent along `axis`. Exact for the given axis. O(n log n).
    static func boxAround(axis n: SIMD3<Double>, points: [SIMD3<Double>], centroid: SIMD3<Double>) -> OrientedBox {
        let (u, v) = planeBasis(n)
        var flat = [SIMD2<Double>](repeating: .zero, count: points.count)
        var lo = Double.infinity, hi = -Double.infinity
        points.withUnsafeBufferPointer { ps in
            flat.withUnsafeMutableBufferPointer { f in
                for k in 0..<ps.count {
                    let q = ps[k]
                    f[k] = SIMD2(dot(q, u), dot(q, v))
                    let h = dot(q, n)
                    lo = min(lo, h)
                    hi = max(hi, h)
                }
            }
        }
        let rect = MinimumAreaRectangle.enclosing(hull: ConvexHull2D.hull(flat))!
        let a0 = rect.axis.x * u + rect.axis.y * v
        let a1 = cross(n, a0)
        let centre = centroid + rect.centre.x * u + rect.centre.y * v + 0.5 * (lo + hi) * n
        return OrientedBox(centre: centre, axis0: a0, axis1: a1,
                           halfExtents: SIMD3(rect.halfExtents.x, rect.halfExtents.y, 0.5 * (hi - lo)))
    }
}
