/// Total-least-squares fitting of a straight line to 2D points.
public enum Line2DFit {
    /// Fits the line minimising the sum of squared orthogonal distances to `points` (or to those at
    /// `indices`). The line passes through the centroid along the principal axis of the 2x2 covariance
    /// (accumulated in `Double` about the first point, closed-form eigenvector).
    /// - Throws: ``FitError/tooFewPoints(required:actual:)`` below 2 points,
    ///   ``FitError/nonFinitePoint(index:)``, ``FitError/indexOutOfRange(index:position:count:)``,
    ///   ``FitError/degenerate(_:)`` when all points coincide.
    /// - Complexity: O(n), one allocation for the residuals.
    public static func fit(_ points: [SIMD2<Double>], indices: [Int]? = nil) throws(FitError) -> FitResult<Line2DModel> {
        let n = indices?.count ?? points.count
        guard n >= 2 else { throw .tooFewPoints(required: 2, actual: n) }
        try PointSubset.validate(points, indices: indices)
        let shift = points[indices?.first ?? 0]
        var s = SIMD2<Double>.zero
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        points.withUnsafeBufferPointer { ps in
            func add(_ p: SIMD2<Double>) {
                let d = p - shift
                s += d
                sxx += d.x * d.x
                sxy += d.x * d.y
                syy += d.y * d.y
            }
            if let indices { for i in indices { add(ps[i]) } } else { for i in 0..<n { add(ps[i]) } }
        }
        let nd = Double(n)
        let m = s / nd
        let cxx = sxx / nd - m.x * m.x, cxy = sxy / nd - m.x * m.y, cyy = syy / nd - m.y * m.y
        let trace = cxx + cyy
        guard trace > 0 else { throw .degenerate("all \(n) points coincide") }
        let theta = 0.5 * atan2Double(2 * cxy, cxx - cyy)
        var line = Line2DModel(point: shift + m, direction: SIMD2(cosDouble(theta), sinDouble(theta)))
        line.canonicalise()
        return FitResult(model: line, residuals: residuals(of: line, points: points, indices: indices))
    }

    /// Residual statistics (absolute orthogonal distances, metres) of `line` over `points` (or those
    /// at `indices`).
    /// - Precondition: indices are valid.
    public static func residuals(of line: Line2DModel, points: [SIMD2<Double>], indices: [Int]? = nil) -> FitResiduals {
        let r: [Double] = if let indices {
            indices.map { line.signedDistance(points[$0]) }
        } else {
            points.map { line.signedDistance($0) }
        }
        return FitResiduals(residuals: r)
    }
}
