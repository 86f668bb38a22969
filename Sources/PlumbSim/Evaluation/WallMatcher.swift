import Foundation
import Plumbline

/// One-to-one matching of model walls to truth walls by the Hungarian algorithm.
///
/// A pair is allowed when the plan lines are within ``maximumAngle`` of parallel, each midpoint lies
/// within ``maximumDistance`` of the other's line, their projections overlap and their vertical
/// extents overlap. Cost: mean midpoint-to-line distance + |length difference| / 2 + angle (radians).
public enum WallMatcher {
    /// Largest angle between matched walls, radians (30°).
    public static let maximumAngle = Double.pi / 6
    /// Largest midpoint-to-line distance of matched walls, metres.
    public static let maximumDistance = 0.5

    /// The optimal gated matching (left = model, right = truth).
    /// - Complexity: O(n·m + k²·K).
    public static func match(model: [UprightSurfaceGeometry], truth: [UprightSurfaceGeometry]) -> GatedMatching {
        GatedMatching(left: model.count, right: truth.count) { i, j in cost(model[i], truth[j]) }
    }

    /// The matching cost of a pair, `nil` when the gate forbids it.
    public static func cost(_ m: UprightSurfaceGeometry, _ t: UprightSurfaceGeometry) -> Double? {
        let angle = m.angle(to: t)
        guard angle <= maximumAngle else { return nil }
        let d1 = abs(t.signedDistance(m.midpoint)), d2 = abs(m.signedDistance(t.midpoint))
        guard d1 <= maximumDistance, d2 <= maximumDistance else { return nil }
        guard t.projectedOverlap(m) > 0, m.verticalOverlap(t) > 0 else { return nil }
        return (d1 + d2) / 2 + abs(m.length - t.length) / 2 + angle
    }
}
