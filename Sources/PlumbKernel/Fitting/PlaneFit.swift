/// Total-least-squares plane fitting (orthogonal regression) for point clouds.
public enum PlaneFit {
    /// Fits the plane minimising the sum of squared orthogonal distances to the points of `cloud`
    /// (or to `cloud`'s points at `indices`).
    ///
    /// Moments are accumulated in `Double` by ``CovarianceAccumulator`` from the cloud's local
    /// coordinates; the normal is the eigenvector of the smallest eigenvalue (closed-form
    /// ``SymmetricEigen3``) and the plane passes through the centroid. The result is in the cloud's
    /// **local** frame; use ``PlaneModel/translated(by:)`` with `cloud.origin` for world coordinates.
    /// Residuals are absolute orthogonal distances over the fitted points.
    /// - Throws: ``FitError/tooFewPoints(required:actual:)`` below 3 points,
    ///   ``FitError/nonFinitePoint(index:)``, ``FitError/indexOutOfRange(index:position:count:)``,
    ///   ``FitError/degenerate(_:)`` when the points are coincident or collinear.
    /// - Complexity: O(n), two passes, one allocation for the residuals.
    public static func fit(_ cloud: PointCloud, indices: [Int]? = nil) throws(FitError) -> FitResult<PlaneModel> {
        let n = indices?.count ?? cloud.count
        guard n >= 3 else { throw .tooFewPoints(required: 3, actual: n) }
        try PointSubset.validate(cloud, indices: indices)
        var acc = CovarianceAccumulator()
        cloud.x.withUnsafeBufferPointer { xs in
            cloud.y.withUnsafeBufferPointer { ys in
                cloud.z.withUnsafeBufferPointer { zs in
                    if let indices {
                        for i in indices { acc.add(SIMD3<Double>(Double(xs[i]), Double(ys[i]), Double(zs[i]))) }
                    } else {
                        for i in 0..<xs.count { acc.add(SIMD3<Double>(Double(xs[i]), Double(ys[i]), Double(zs[i]))) }
                    }
                }
            }
        }
        let eigen = SymmetricEigen3(acc.covariance)
        let largest = eigen.values[2]
        guard largest > 0 else { throw .degenerate("all \(n) points coincide") }
        guard eigen.values[1] > largest * 1e-12 else { throw .degenerate("the \(n) points are collinear") }
        var plane = PlaneModel(normal: eigen.vector0, through: acc.mean)
        plane.canonicalise()
        return FitResult(model: plane, residuals: residuals(of: plane, cloud: cloud, indices: indices))
    }

    /// Residual statistics (absolute orthogonal distances, metres) of `plane` (local frame of `cloud`)
    /// over the points of `cloud`, or those at `indices`.
    /// - Precondition: indices are valid.
    /// - Complexity: O(n), one allocation.
    public static func residuals(of plane: PlaneModel, cloud: PointCloud, indices: [Int]? = nil) -> FitResiduals {
        let n = indices?.count ?? cloud.count
        var r = [Double](repeating: 0, count: n)
        let nn = plane.normal, d = plane.offset
        r.withUnsafeMutableBufferPointer { out in
            cloud.x.withUnsafeBufferPointer { xs in
                cloud.y.withUnsafeBufferPointer { ys in
                    cloud.z.withUnsafeBufferPointer { zs in
                        if let indices {
                            for (k, i) in indices.enumerated() {
                                out[k] = nn.x * Double(xs[i]) + nn.y * Double(ys[i]) + nn.z * Double(zs[i]) - d
                            }
                        } else {
                            for i in 0..<n {
                                out[i] = nn.x * Double(xs[i]) + nn.y * Double(ys[i]) + nn.z * Double(zs[i]) - d
                            }
                        }
                    }
                }
            }
        }
        return FitResiduals(residuals: r)
    }
}
