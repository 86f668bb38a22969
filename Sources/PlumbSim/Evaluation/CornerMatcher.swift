/// Wall corners in plan and their precision/recall at a distance threshold.
public enum CornerMatcher {
    /// Radius within which wall end points are merged into one corner, metres.
    public static let mergeRadius = 0.02

    /// Largest angle between two straight walls whose shared end is a continuation, not a corner, radians (1°).
    public static let continuationAngle = Double.pi / 180
    /// Largest offset of the second wall's far end from the first wall's line for a continuation, metres
    /// (a step between faces of walls whose thicknesses differ by 2 cm or more is a corner).
    public static let continuationOffset = 0.01

    /// The plan corners of a set of walls: every wall's two plan end points, greedily merged (in input
    /// order) into the running mean of the first cluster within ``mergeRadius``; a cluster where exactly
    /// two straight walls continue each other (within ``continuationAngle``, on opposite sides of the
    /// point, the second's far end within ``continuationOffset`` of the first's line) is not a corner and is left
    /// out. Such junctions are where a plan splits one straight face by what lies behind it (an exterior
    /// stretch, then a wall shared with a neighbour): no scan of the room can place them, and a model that
    /// keeps the face as one wall is right. A step between faces of different thickness, a free end and a
    /// curved wall's end stay corners.
    /// - Complexity: O(n·c) for n end points and c corners.
    public static func corners(_ walls: [UprightSurfaceGeometry]) -> [SIMD2<Double>] {
        var sums: [SIMD2<Double>] = [], members: [[Int]] = []
        for (k, p) in walls.flatMap({ [$0.start, $0.end] }).enumerated() {
            if let c = sums.indices.first(where: {
                let c = sums[$0] / Double(members[$0].count)
                return ((c - p) * (c - p)).sum() <= mergeRadius * mergeRadius
            }) {
                sums[c] += p
                members[c].append(k / 2)
            } else {
                sums.append(p)
                members.append([k / 2])
            }
        }
        return sums.indices.compactMap { c in
            let at = sums[c] / Double(members[c].count)
            return isContinuation(members[c], at: at, walls) ? nil : at
        }
    }

    /// Whether the wall ends `members` (wall indices) meeting at `at` are one straight face continued.
    static func isContinuation(_ members: [Int], at: SIMD2<Double>, _ walls: [UprightSurfaceGeometry]) -> Bool {
        guard members.count == 2, members[0] != members[1] else { return false }
        let a = walls[members[0]], b = walls[members[1]]
        guard !a.isCurved, !b.isCurved, a.angle(to: b) <= continuationAngle else { return false }
        guard ((a.midpoint - at) * (b.midpoint - at)).sum() < 0 else { return false }
        let n = SIMD2(-a.direction.y, a.direction.x)
        let far = ((b.start - at) * (b.start - at)).sum() > ((b.end - at) * (b.end - at)).sum() ? b.start : b.end
        return abs(((far - a.start) * n).sum()) <= continuationOffset
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
