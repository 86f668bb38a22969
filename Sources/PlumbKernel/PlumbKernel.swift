/// PlumbKernel: the geometry core of Plumbline.
///
/// Point clouds (``PointCloud``), covariance and closed-form 3x3 eigen decomposition
/// (``CovarianceAccumulator``, ``SymmetricEigen3``), LAPACK-backed linear algebra, spatial indexing,
/// normal estimation, robust model fitting (planes, lines, circles), multi-plane segmentation and
/// oriented bounding boxes. It knows nothing of RoomPlan's types.
public enum PlumbKernelInfo {
    /// Semantic version of the kernel API.
    public static let version = "0.1.0"
}
