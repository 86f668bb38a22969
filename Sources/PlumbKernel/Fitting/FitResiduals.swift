/// Summary statistics of the absolute residuals (orthogonal distances, metres) of a fitted model.
///
/// Shared by every fit in the kernel. `robustScale` is the normalised median absolute residual
/// `1.4826 * median(|r|)`, which estimates the Gaussian noise sigma when residuals are centred at zero
/// and is insensitive to up to 50 % outliers. RMS estimates sigma for Gaussian orthogonal noise.
public struct FitResiduals: Sendable, Equatable, Hashable, Codable {
    /// Number of residuals summarised.
    public var count: Int
    /// Root mean square residual, metres.
    public var rms: Double
    /// Mean absolute residual, metres.
    public var meanAbsolute: Double
    /// Largest absolute residual, metres.
    public var maxAbsolute: Double
    /// Median absolute residual, metres.
    public var medianAbsolute: Double
    /// `1.4826 * medianAbsolute`: a robust estimate of the noise sigma, metres.
    public var robustScale: Double

    /// Statistics from explicit values.
    public init(count: Int, rms: Double, meanAbsolute: Double, maxAbsolute: Double, medianAbsolute: Double) {
        self.count = count
        self.rms = rms
        self.meanAbsolute = meanAbsolute
        self.maxAbsolute = maxAbsolute
        self.medianAbsolute = medianAbsolute
        self.robustScale = 1.482_602_218_505_602 * medianAbsolute
    }

    /// Statistics of `residuals` (signs are ignored). All zero for an empty input.
    /// - Complexity: O(n) expected (quickselect for the median); one scratch allocation.
    public init(residuals: [Double]) {
        let n = residuals.count
        guard n > 0 else {
            self.init(count: 0, rms: 0, meanAbsolute: 0, maxAbsolute: 0, medianAbsolute: 0)
            return
        }
        var sumSq = 0.0, sumAbs = 0.0, maxAbs = 0.0
        var scratch = [Double](repeating: 0, count: n)
        residuals.withUnsafeBufferPointer { r in
            scratch.withUnsafeMutableBufferPointer { s in
                for i in 0..<n {
                    let a = abs(r[i])
                    sumSq += a * a
                    sumAbs += a
                    maxAbs = max(maxAbs, a)
                    s[i] = a
                }
            }
        }
        let median = Self.median(&scratch)
        self.init(count: n, rms: (sumSq / Double(n)).squareRoot(), meanAbsolute: sumAbs / Double(n),
                  maxAbsolute: maxAbs, medianAbsolute: median)
    }

    /// Median of `values` (mean of the two middle values for even counts); reorders `values`.
    static func median(_ values: inout [Double]) -> Double {
        let n = values.count
        guard n > 0 else { return 0 }
        let hi = selectElement(&values, n / 2)
        if n % 2 == 1 { return hi }
        // The lower middle is the largest value left of position n/2 after selection (selectElement
        // leaves every value there at most the selected one).
        var lo = -Double.infinity
        for i in 0..<(n / 2) { lo = max(lo, values[i]) }
        return 0.5 * (lo + hi)
    }
}

/// A fitted model together with the statistics of its residuals over the points it was fitted to.
public struct FitResult<Model: Sendable>: Sendable {
    /// The fitted model.
    public var model: Model
    /// Residual statistics (absolute orthogonal distances) over the fitted points.
    public var residuals: FitResiduals

    /// A result from its parts.
    public init(model: Model, residuals: FitResiduals) {
        self.model = model
        self.residuals = residuals
    }
}

extension FitResult: Equatable where Model: Equatable {}
extension FitResult: Hashable where Model: Hashable {}
extension FitResult: Codable where Model: Codable {}
