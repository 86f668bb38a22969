/// Why a model fit failed.
public enum FitError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The fit needs at least `required` points and got `actual`.
    case tooFewPoints(required: Int, actual: Int)
    /// Input point `index` (into the caller's array or cloud) is NaN or infinite.
    case nonFinitePoint(index: Int)
    /// Subset index `index` (the `position`-th entry of the index list) is outside `0..<count`.
    case indexOutOfRange(index: Int, position: Int, count: Int)
    /// The points do not determine the model (coincident, collinear for a circle, …); says which.
    case degenerate(String)
    /// A parameter is out of its valid range (threshold ≤ 0, confidence outside (0, 1), …).
    case invalidParameter(String)
    /// The robust estimator found no model with at least `required` inliers.
    case noConsensus(bestInliers: Int, required: Int)
    /// The underlying linear algebra failed.
    case linearAlgebra(LinearAlgebraError)

    public var description: String {
        switch self {
        case let .tooFewPoints(r, n): "fit needs at least \(r) points, got \(n)"
        case let .nonFinitePoint(i): "point \(i) has a NaN or infinite coordinate"
        case let .indexOutOfRange(i, p, n): "index \(i) at position \(p) is outside 0..<\(n)"
        case let .degenerate(why): "degenerate input: \(why)"
        case let .invalidParameter(why): "invalid parameter: \(why)"
        case let .noConsensus(b, r): "no model reached \(r) inliers (best had \(b))"
        case let .linearAlgebra(e): "linear algebra failed: \(e)"
        }
    }
}
