import Plumbline
import Foundation

/// Matches doors, windows or openings of one type by rectangle IoU in the truth host wall's plane.
///
/// Both rectangles are expressed in the local frame of the truth element's host wall (or of the truth
/// element itself when it has no host): their local x (along the wall) and y (up) extents form the two
/// rectangles. A pair is allowed when the model rectangle's centre lies within
/// ``maximumPlaneDistance`` of the truth's plane and the IoU is at least ``minimumIoU``; the optimal
/// one-to-one matching maximises the summed IoU.
public enum OpeningMatcher {
    /// Smallest rectangle IoU of a match.
    public static let minimumIoU = 0.5
    /// Largest distance between the model element's centre and the truth element's plane, metres.
    public static let maximumPlaneDistance = 0.5

    /// Rectangle IoU of `model` and `truth` in `plane`'s local x-y, or `nil` when the model element
    /// is farther than ``maximumPlaneDistance`` from the truth element along the plane normal.
    public static func rectangleIoU(model: CapturedRoom.Surface, truth: CapturedRoom.Surface, plane: Transform4x4) -> Double? {
        let inv = plane.rigidInverse
        func extent(_ s: CapturedRoom.Surface) -> (lo: SIMD3<Double>, hi: SIMD3<Double>) {
            let pts = s.worldCorners.map { SIMD3<Double>(inv.apply(toPoint: $0)) }
            var lo = pts[0], hi = pts[0]
            for p in pts { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
            return (lo, hi)
        }
        let m = extent(model), t = extent(truth)
        let mz = (m.lo.z + m.hi.z) / 2, tz = (t.lo.z + t.hi.z) / 2
        guard abs(mz - tz) <= maximumPlaneDistance else { return nil }
        let ix = min(m.hi.x, t.hi.x) - max(m.lo.x, t.lo.x), iy = min(m.hi.y, t.hi.y) - max(m.lo.y, t.lo.y)
        let inter = max(ix, 0) * max(iy, 0)
        let union = (m.hi.x - m.lo.x) * (m.hi.y - m.lo.y) + (t.hi.x - t.lo.x) * (t.hi.y - t.lo.y) - inter
        return union > 0 ? inter / union : 0
    }

    /// Score and matched index pairs (model, truth) for one opening type. `hosts` maps a truth
    /// element's `parentIdentifier` to its host wall.
    /// - Complexity: O(n·m + k²·K).
    public static func match(
        model: [CapturedRoom.Surface], truth: [CapturedRoom.Surface], hosts: [UUID: CapturedRoom.Surface]
    ) -> (score: OpeningTypeScore, pairs: [(Int, Int)]) {
        var ious = [Double?](repeating: nil, count: model.count * truth.count)
        for (j, t) in truth.enumerated() {
            let plane = t.parentIdentifier.flatMap { hosts[$0] }?.transform ?? t.transform
            for (i, m) in model.enumerated() { ious[i * truth.count + j] = rectangleIoU(model: m, truth: t, plane: plane) }
        }
        let g = GatedMatching(left: model.count, right: truth.count) { i, j in
            guard let v = ious[i * truth.count + j], v >= minimumIoU else { return nil }
            return 1 - v
        }
        var s = OpeningTypeScore()
        s.detection = DetectionScore(
            truePositives: g.pairs.count, falsePositives: g.unmatchedLeft.count, falseNegatives: g.unmatchedRight.count)
        for (i, j) in g.pairs {
            s.widthErrors.append(Double(model[i].dimensions.x) - Double(truth[j].dimensions.x))
            s.heightErrors.append(Double(model[i].dimensions.y) - Double(truth[j].dimensions.y))
            s.ious.append(ious[i * truth.count + j] ?? 0)
        }
        return (s, g.pairs)
    }
}
