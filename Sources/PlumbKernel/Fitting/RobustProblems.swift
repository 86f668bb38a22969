/// RANSAC/MSAC problem: a plane through points of a ``PointCloud`` (local frame), optionally a subset.
public struct PlaneRobustProblem: RobustEstimationProblem, Sendable {
    /// The cloud; models are in its local frame.
    public let cloud: PointCloud
    /// Cloud indices of the data items, or `nil` for all points.
    public let indices: [Int]?

    /// A problem over `cloud` (or its points at `indices`).
    /// - Throws: ``FitError`` for non-finite points or out-of-range indices.
    public init(cloud: PointCloud, indices: [Int]? = nil) throws(FitError) {
        try PointSubset.validate(cloud, indices: indices)
        self.cloud = cloud
        self.indices = indices
    }

    /// Number of points considered.
    public var dataCount: Int { indices?.count ?? cloud.count }
    /// Three points define a plane.
    public var minimalSampleSize: Int { 3 }

    /// Cloud index of data position `k`.
    @inlinable public func sourceIndex(_ k: Int) -> Int { indices?[k] ?? k }

    @inline(__always) func point(_ k: Int) -> SIMD3<Double> {
        let i = sourceIndex(k)
        return SIMD3(Double(cloud.x[i]), Double(cloud.y[i]), Double(cloud.z[i]))
    }

    /// The plane through the three sampled points, `nil` if they are collinear.
    public func model(fromSample sample: [Int]) -> PlaneModel? { PlaneModel(point(sample[0]), point(sample[1]), point(sample[2])) }

    /// Orthogonal distance, metres.
    public func residual(of model: PlaneModel, at position: Int) -> Double { abs(model.signedDistance(point(position))) }

    /// Total-least-squares plane on the given positions.
    public func refit(positions: [Int]) throws(FitError) -> PlaneModel {
        try PlaneFit.fit(cloud, indices: positions.map(sourceIndex)).model
    }
}

/// RANSAC/MSAC problem: a straight line through 2D points.
public struct Line2DRobustProblem: RobustEstimationProblem, Sendable {
    /// The points, metres.
    public let points: [SIMD2<Double>]

    /// A problem over `points`.
    /// - Throws: ``FitError/nonFinitePoint(index:)``.
    public init(points: [SIMD2<Double>]) throws(FitError) {
        try PointSubset.validate(points, indices: nil)
        self.points = points
    }

    /// Number of points.
    public var dataCount: Int { points.count }
    /// Two points define a line.
    public var minimalSampleSize: Int { 2 }
    /// The line through the two sampled points, `nil` if they coincide.
    public func model(fromSample sample: [Int]) -> Line2DModel? { Line2DModel(through: points[sample[0]], points[sample[1]]) }
    /// Orthogonal distance, metres.
    public func residual(of model: Line2DModel, at position: Int) -> Double { abs(model.signedDistance(points[position])) }
    /// Total-least-squares line on the given positions.
    public func refit(positions: [Int]) throws(FitError) -> Line2DModel { try Line2DFit.fit(points, indices: positions).model }
}

/// RANSAC/MSAC problem: a circle through 2D points (refit = Hyper + Levenberg–Marquardt).
public struct CircleRobustProblem: RobustEstimationProblem, Sendable {
    /// The points, metres.
    public let points: [SIMD2<Double>]
    /// Circles with a radius outside this range are rejected as hypotheses, metres.
    public let radiusRange: ClosedRange<Double>

    /// A problem over `points`, accepting hypotheses with radius in `radiusRange`.
    /// - Throws: ``FitError/nonFinitePoint(index:)``.
    public init(points: [SIMD2<Double>], radiusRange: ClosedRange<Double> = 0...1e4) throws(FitError) {
        try PointSubset.validate(points, indices: nil)
        self.points = points
        self.radiusRange = radiusRange
    }

    /// Number of points.
    public var dataCount: Int { points.count }
    /// Three points define a circle.
    public var minimalSampleSize: Int { 3 }

    /// The circumcircle of the three sampled points, `nil` if collinear or outside the radius range.
    public func model(fromSample sample: [Int]) -> CircleModel? {
        guard let c = CircleModel(through: points[sample[0]], points[sample[1]], points[sample[2]]),
              radiusRange.contains(c.radius) else { return nil }
        return c
    }

    /// Orthogonal distance to the circle, metres.
    public func residual(of model: CircleModel, at position: Int) -> Double { abs(model.signedDistance(points[position])) }
    /// Geometric circle fit on the given positions.
    public func refit(positions: [Int]) throws(FitError) -> CircleModel { try CircleFit.fit(points, indices: positions).model }
}

extension PlaneFit {
    /// Robust plane: RANSAC/MSAC over ``PlaneRobustProblem``; inlier indices are cloud indices.
    /// - Throws: as ``RobustFit/msac(_:options:)``.
    public static func robust(_ cloud: PointCloud, indices: [Int]? = nil, options: RobustFitOptions) throws(FitError) -> RobustFitResult<PlaneModel> {
        let problem = try PlaneRobustProblem(cloud: cloud, indices: indices)
        var result = try RobustFit.msac(problem, options: options)
        if let indices { result.inlierIndices = result.inlierIndices.map { indices[$0] } }
        return result
    }
}

extension Line2DFit {
    /// Robust 2D line: RANSAC/MSAC over ``Line2DRobustProblem``.
    /// - Throws: as ``RobustFit/msac(_:options:)``.
    public static func robust(_ points: [SIMD2<Double>], options: RobustFitOptions) throws(FitError) -> RobustFitResult<Line2DModel> {
        try RobustFit.msac(Line2DRobustProblem(points: points), options: options)
    }
}

extension CircleFit {
    /// Robust circle: RANSAC/MSAC over ``CircleRobustProblem``.
    /// - Throws: as ``RobustFit/msac(_:options:)``.
    public static func robust(_ points: [SIMD2<Double>], radiusRange: ClosedRange<Double> = 0...1e4,
                              options: RobustFitOptions) throws(FitError) -> RobustFitResult<CircleModel> {
        try RobustFit.msac(CircleRobustProblem(points: points, radiusRange: radiusRange), options: options)
    }
}
