/// Multi-plane segmentation of a whole scan: every planar structure above a minimum area and point count,
/// each with its inliers, unit normal, offset, RMS and area.
///
/// Algorithm (seeded, deterministic, identical output with or without `parallel`):
/// 1. Each round draws a random subsample of the remaining points (``PlaneSegmentationOptions/sampleSize``),
///    sorts it along a Morton curve and forms local three-point hypotheses; each is scored on the
///    subsample by the 8-lane SIMD point-to-plane inlier kernel and the best one is kept.
/// 2. The winner's inliers are collected from all remaining points and refit by total least squares
///    (``CovarianceAccumulator`` + ``SymmetricEigen3``) a few times. With normals in the cloud, inliers must
///    also agree in normal direction.
/// 3. The inliers are split into 8-connected components on an in-plane occupancy grid, so coplanar but
///    separate pieces (two tables of equal height, opposite door jambs) become separate planes; each
///    component with enough points and area is accepted and refit, and its points are removed.
///    A round that accepts nothing counts as a failure and its candidate's points are set aside.
/// 4. Stop at ``PlaneSegmentationOptions/maxPlanes``, when the best support extrapolates to fewer than
///    half of ``PlaneSegmentationOptions/minPoints``, or after ``PlaneSegmentationOptions/maxFailedRounds``
///    failures in a row.
/// 5. Optionally (``PlaneSegmentationOptions/refineLabels``) every point within the threshold of several
///    planes goes to the nearest plane whose occupied region (dilated by one cell) contains it, and all
///    planes are refit. This returns the edge strips that an earlier, perpendicular plane absorbed.
///
/// An empty cloud, or one with fewer than `minPoints` points, gives an empty result (no error).
/// - Complexity: about O(rounds · (hypotheses · sampleSize + refinementIterations · n)) plus O(n · planes)
///   for label refinement; memory O(n).
public enum PlaneSegmenter {
    /// Segments `cloud` into planes.
    /// - Throws: ``PlaneSegmentationError/invalidOption(name:value:)`` for out-of-range options and
    ///   ``PlaneSegmentationError/invalidCloud(_:)`` for non-finite coordinates, mismatched attributes or
    ///   more than `Int32.max - 8` points.
    public static func segment(
        _ cloud: PointCloud, options: PlaneSegmentationOptions = .init()
    ) throws(PlaneSegmentationError) -> PlaneSegmentationResult {
        try options.validate()
        do { try cloud.validate() } catch { throw .invalidCloud(error) }
        guard cloud.count <= Int(Int32.max) - 8 else {
            throw .invalidCloud(.degenerate("\(cloud.count) points exceed the segmentation limit of 2^31 - 9"))
        }
        if let normals = cloud.normals {
            for i in 0..<normals.count where !(normals.x[i].isFinite && normals.y[i].isFinite && normals.z[i].isFinite) {
                throw .invalidCloud(.degenerate("normal \(i) is not finite"))
            }
        }
        var engine = PlaneSegmentationEngine(cloud: cloud, options: options)
        return engine.run()
    }
}
