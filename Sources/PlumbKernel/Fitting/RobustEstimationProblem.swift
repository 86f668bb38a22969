/// A model-fitting problem the generic RANSAC/MSAC driver (``RobustFit``) can solve.
///
/// The data are addressed by position `0..<dataCount`; the problem maps positions to its own storage.
/// Implementations exist for planes (``PlaneRobustProblem``), 2D lines (``Line2DRobustProblem``) and
/// circles (``CircleRobustProblem``); any other model can conform.
public protocol RobustEstimationProblem {
    /// The fitted model type.
    associatedtype Model: Sendable
    /// Number of data items (points).
    var dataCount: Int { get }
    /// Number of items needed to instantiate a model (3 for a plane or circle, 2 for a line).
    var minimalSampleSize: Int { get }
    /// A model through the sampled positions (`minimalSampleSize` distinct positions), or `nil` when the
    /// sample is degenerate (collinear, coincident, …).
    func model(fromSample sample: [Int]) -> Model?
    /// Absolute residual (orthogonal distance, metres) of the item at `position` from `model`.
    func residual(of model: Model, at position: Int) -> Double
    /// Least-squares refit on the given positions (the current inliers).
    func refit(positions: [Int]) throws(FitError) -> Model
}

/// Settings of the RANSAC/MSAC driver.
public struct RobustFitOptions: Sendable, Equatable, Hashable, Codable {
    /// Inlier distance threshold, metres; also the truncation of the MSAC quadratic cost.
    public var inlierThreshold: Double
    /// Probability of having drawn at least one all-inlier sample when adaptive sampling stops.
    public var confidence: Double
    /// Hard cap on the number of random samples drawn.
    public var maxIterations: Int
    /// Smallest inlier count accepted for the final model (at least the minimal sample size is used).
    public var minimumInliers: Int
    /// Maximum number of refit / re-classify rounds after sampling.
    public var refinementRounds: Int
    /// Seed of the ``SeededGenerator`` drawing the samples; same seed, same result.
    public var seed: UInt64

    /// Options with sensible defaults: 99 % confidence, at most 10 000 samples, 3 refinement rounds.
    public init(inlierThreshold: Double, confidence: Double = 0.99, maxIterations: Int = 10_000,
                minimumInliers: Int = 0, refinementRounds: Int = 3, seed: UInt64 = 0x5EED) {
        self.inlierThreshold = inlierThreshold
        self.confidence = confidence
        self.maxIterations = maxIterations
        self.minimumInliers = minimumInliers
        self.refinementRounds = refinementRounds
        self.seed = seed
    }
}

/// Outcome of a robust fit.
public struct RobustFitResult<Model: Sendable>: Sendable {
    /// The final model, least-squares refitted on its inliers.
    public var model: Model
    /// Positions (`0..<dataCount`, or source indices for the convenience wrappers) of the inliers, ascending.
    public var inlierIndices: [Int]
    /// Residual statistics over the inliers.
    public var residuals: FitResiduals
    /// Number of random samples drawn.
    public var iterations: Int
    /// MSAC cost of the final model over all data: Σ min(r², t²), m².
    public var cost: Double

    /// Fraction of the data that are inliers.
    public func inlierRatio(dataCount: Int) -> Double { dataCount > 0 ? Double(inlierIndices.count) / Double(dataCount) : 0 }
}

extension RobustFitResult: Equatable where Model: Equatable {}
extension RobustFitResult: Codable where Model: Codable {}
