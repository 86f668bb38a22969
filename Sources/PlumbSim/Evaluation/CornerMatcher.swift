/// Wall corners in plan and their precision/recall at a distance threshold.
public enum CornerMatcher {
    /// Radius within which wall end points are merged into one corner, metres.
    public static let mergeRadius = 0.02

    /// The plan corners of a set of walls: every wall's two plan end points, greedily merged (in input
    /// order) into the running mean of the first cluster within ``mergeRadius``.
    /// - Complexity: O(n·c) for n end points and c corners.
    public static func corners(_ walls: [UprightSurfaceGeometry]) -> [SIMD2<Double>] {
        var sums: [SIMD2<Double>] = [], counts: [Double] = []
        for p in walls.flatMap({ [$0.start, $0.end] }) {
            if let k = sums.indices.first(where: { let c = sums[$0] / counts[$0]; return ((c - p) * (c - p)).sum() <= mergeRadius * mergeRadius }) {
                sums[k] += p
                counts[k] += 1
            } else {
                sums.append(p)
                counts.append(1)
            }
        }
        return zip(sums, counts).map { $0 / $1 }
    }

    /// Detection counts when model corners are matched one-to-one (minimum total distance) to truth
    /// corners no farther than `threshold` metres.
    /// - Complexity: O(n·m + k²·K).
    public static func score(model: [SIMD2<Double>], truth: [SIMD2<Double>], threshold: Double) -> DetectionScore {
        let m = GatedMatching(left: model.count, right: truth.count) { i, j in
            let d = ((model[i] - truth[j]) * (model[i] - truth[j])).sum().squareRoot()
            return d <= threshold ? d : nil
        }
        return DetectionScore(
            truePositives: m.pairs.count, falsePositives: m.unmatchedLeft.count, falseNegatives: m.unmatchedRight.count)
    }
}
