/// Parameters of ``PlaneSegmenter/segment(_:options:)``. Lengths in metres, areas in m², angles in degrees.
public struct PlaneSegmentationOptions: Sendable, Equatable, Codable {
    /// Maximum point-to-plane distance of an inlier (m). Default 0.02.
    public var distanceThreshold: Float
    /// Smallest number of inliers of a reported plane. Default 100.
    public var minPoints: Int
    /// Smallest in-plane area of a reported plane (m²), measured on the occupancy grid. Default 0.25.
    public var minArea: Double
    /// Stop after this many planes. Default 64.
    public var maxPlanes: Int
    /// Plane hypotheses drawn per round. Default 256.
    public var hypothesesPerRound: Int
    /// Points of the random subsample on which hypotheses are scored. Default 32768.
    public var sampleSize: Int
    /// Largest distance between the three points of a hypothesis (m); they are drawn from a spatially
    /// sorted subsample, so hypotheses are local and small planes get sampled too. Default 1.0.
    public var maxSampleSpan: Float
    /// Total-least-squares refit / re-collect iterations on the full remaining set. Default 3.
    public var refinementIterations: Int
    /// Smallest cell of the in-plane occupancy grid used for connected components and area (m); the cell
    /// grows automatically on sparse planes so that cells hold a few points each. Default 0.05.
    public var gridCellSize: Double
    /// When the cloud has normals, inliers (and hypothesis points) must have normals within this angle of
    /// the plane normal (either sign). Default 60: loose enough to keep edge points, whose k-NN normals
    /// are blurred across the edge, while rejecting points of perpendicular surfaces.
    public var normalAgreementDegrees: Double
    /// Rounds in a row without an accepted plane before stopping. Default 4.
    public var maxFailedRounds: Int
    /// Reassign points within the threshold of several planes to the nearest one whose occupied region
    /// contains them, then refit. Default true.
    public var refineLabels: Bool
    /// Seed of the random generator: same cloud, options and seed give identical output.
    public var seed: UInt64
    /// Score hypotheses on all cores (identical output either way). Default true.
    public var parallel: Bool

    /// Options with the given values (defaults tuned for indoor scans with 5 mm noise).
    public init(
        distanceThreshold: Float = 0.02, minPoints: Int = 100, minArea: Double = 0.25, maxPlanes: Int = 64,
        hypothesesPerRound: Int = 256, sampleSize: Int = 32768, maxSampleSpan: Float = 1.0,
        refinementIterations: Int = 3, gridCellSize: Double = 0.05, normalAgreementDegrees: Double = 60,
        maxFailedRounds: Int = 4, refineLabels: Bool = true, seed: UInt64 = 0, parallel: Bool = true
    ) {
        self.distanceThreshold = distanceThreshold
        self.minPoints = minPoints
        self.minArea = minArea
        self.maxPlanes = maxPlanes
        self.hypothesesPerRound = hypothesesPerRound
        self.sampleSize = sampleSize
        self.maxSampleSpan = maxSampleSpan
        self.refinementIterations = refinementIterations
        self.gridCellSize = gridCellSize
        self.normalAgreementDegrees = normalAgreementDegrees
        self.maxFailedRounds = maxFailedRounds
        self.refineLabels = refineLabels
        self.seed = seed
        self.parallel = parallel
    }

    /// Checks every parameter's range.
    /// - Throws: ``PlaneSegmentationError/invalidOption(name:value:)`` naming the first bad one.
    public func validate() throws(PlaneSegmentationError) {
        if !(distanceThreshold.isFinite && distanceThreshold > 0) {
            throw .invalidOption(name: "distanceThreshold", value: "\(distanceThreshold)")
        }
        if minPoints < 3 { throw .invalidOption(name: "minPoints", value: "\(minPoints)") }
        if !(minArea.isFinite && minArea >= 0) { throw .invalidOption(name: "minArea", value: "\(minArea)") }
        if maxPlanes < 0 || maxPlanes > 100_000 { throw .invalidOption(name: "maxPlanes", value: "\(maxPlanes)") }
        if hypothesesPerRound < 1 || hypothesesPerRound > 1_000_000 {
            throw .invalidOption(name: "hypothesesPerRound", value: "\(hypothesesPerRound)")
        }
        if sampleSize < 3 || sampleSize > 100_000_000 {
            throw .invalidOption(name: "sampleSize", value: "\(sampleSize)")
        }
        if !(maxSampleSpan.isFinite && maxSampleSpan > 0) {
            throw .invalidOption(name: "maxSampleSpan", value: "\(maxSampleSpan)")
        }
        if refinementIterations < 0 || refinementIterations > 100 {
            throw .invalidOption(name: "refinementIterations", value: "\(refinementIterations)")
        }
        if !(gridCellSize.isFinite && gridCellSize > 0) {
            throw .invalidOption(name: "gridCellSize", value: "\(gridCellSize)")
        }
        if !(normalAgreementDegrees.isFinite && normalAgreementDegrees > 0 && normalAgreementDegrees <= 90) {
            throw .invalidOption(name: "normalAgreementDegrees", value: "\(normalAgreementDegrees)")
        }
        if maxFailedRounds < 1 { throw .invalidOption(name: "maxFailedRounds", value: "\(maxFailedRounds)") }
    }
}

/// Problems reported by ``PlaneSegmenter``.
public enum PlaneSegmentationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option is out of range.
    case invalidOption(name: String, value: String)
    /// The input cloud is invalid (non-finite coordinate, mismatched attribute, too many points).
    case invalidCloud(PointCloudError)

    /// A readable message naming the option or the problem.
    public var description: String {
        switch self {
        case let .invalidOption(name, value): "plane segmentation option '\(name)' has invalid value \(value)"
        case let .invalidCloud(e): "plane segmentation input: \(e)"
        }
    }
}
