/// Summary of a list of values (usually absolute errors): count, mean, median, 95th percentile,
/// minimum and maximum. Percentiles interpolate linearly between order statistics (Hyndman–Fan
/// type 7, as NumPy's default). All fields are 0 for an empty list.
public struct SummaryStatistic: Sendable, Equatable, Codable {
    /// Number of values.
    public var count: Int
    /// Arithmetic mean.
    public var mean: Double
    /// 50th percentile.
    public var median: Double
    /// 95th percentile.
    public var p95: Double
    /// Smallest value.
    public var min: Double
    /// Largest value.
    public var max: Double

    /// The summary of `values` (non-finite values are ignored).
    /// - Complexity: O(n log n).
    public init(_ values: [Double]) {
        let v = values.filter(\.isFinite).sorted()
        count = v.count
        guard !v.isEmpty else { mean = 0; median = 0; p95 = 0; min = 0; max = 0; return }
        var s = 0.0
        for x in v { s += x }
        mean = s / Double(v.count)
        median = Self.percentile(sorted: v, 0.5)
        p95 = Self.percentile(sorted: v, 0.95)
        min = v[0]
        max = v[v.count - 1]
    }

    /// Percentile `q` in 0...1 of already sorted values (type 7 interpolation); 0 when empty.
    public static func percentile(sorted v: [Double], _ q: Double) -> Double {
        guard !v.isEmpty else { return 0 }
        let h = Double(v.count - 1) * Swift.min(Swift.max(q, 0), 1)
        let lo = Int(h.rounded(.down)), hi = Swift.min(lo + 1, v.count - 1)
        return v[lo] + (h - Double(lo)) * (v[hi] - v[lo])
    }
}

/// Detection counts with precision, recall and F1. Precision (recall) is 1 when there is nothing
/// predicted (nothing to find), so a perfect empty result scores 1.
public struct DetectionScore: Sendable, Equatable, Codable {
    /// Matched pairs.
    public var truePositives: Int
    /// Model elements without a truth partner.
    public var falsePositives: Int
    /// Truth elements without a model partner.
    public var falseNegatives: Int

    /// A score from counts.
    public init(truePositives: Int = 0, falsePositives: Int = 0, falseNegatives: Int = 0) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
    }

    /// TP / (TP + FP), 1 when nothing was predicted.
    public var precision: Double {
        truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
    }
    /// TP / (TP + FN), 1 when there was nothing to find.
    public var recall: Double {
        truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
    }
    /// Harmonic mean of precision and recall (0 when both are 0).
    public var f1: Double {
        let p = precision, r = recall
        return p + r > 0 ? 2 * p * r / (p + r) : 0
    }

    /// Component-wise sum of counts.
    public static func + (a: DetectionScore, b: DetectionScore) -> DetectionScore {
        DetectionScore(
            truePositives: a.truePositives + b.truePositives, falsePositives: a.falsePositives + b.falsePositives,
            falseNegatives: a.falseNegatives + b.falseNegatives)
    }

    private enum CodingKeys: String, CodingKey { case truePositives, falsePositives, falseNegatives, precision, recall, f1 }

    /// Decodes the counts (derived fields are ignored and recomputed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        truePositives = try c.decode(Int.self, forKey: .truePositives)
        falsePositives = try c.decode(Int.self, forKey: .falsePositives)
        falseNegatives = try c.decode(Int.self, forKey: .falseNegatives)
    }

    /// Encodes the counts plus precision, recall and F1 for readers of the JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(truePositives, forKey: .truePositives)
        try c.encode(falsePositives, forKey: .falsePositives)
        try c.encode(falseNegatives, forKey: .falseNegatives)
        try c.encode(precision, forKey: .precision)
        try c.encode(recall, forKey: .recall)
        try c.encode(f1, forKey: .f1)
    }
}
