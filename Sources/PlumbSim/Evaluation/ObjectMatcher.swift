import Plumbline

/// Matches furniture boxes category-agnostically by upright 3D box IoU (``UprightBox``): pairs with
/// IoU ≥ ``minimumIoU`` are allowed and the optimal matching maximises the summed IoU. Category
/// accuracy is then measured over the matched pairs.
public enum ObjectMatcher {
    /// Smallest box IoU of a match.
    public static let minimumIoU = 0.25

    /// Score and matched index pairs (model, truth).
    /// - Complexity: O(n·m + k²·K).
    /// `floorY` (the truth room's floor elevation) sets the elevations of the score's ``ObjectScore/outcomes``.
    public static func match(model: [CapturedRoom.Object], truth: [CapturedRoom.Object], floorY: Double = 0) -> (score: ObjectScore, pairs: [(Int, Int)]) {
        let mb = model.map(UprightBox.init), tb = truth.map(UprightBox.init)
        var ious = [Double](repeating: 0, count: model.count * truth.count)
        for i in mb.indices { for j in tb.indices { ious[i * truth.count + j] = mb[i].iou(tb[j]) } }
        let g = GatedMatching(left: model.count, right: truth.count) { i, j in
            let v = ious[i * truth.count + j]
            return v >= minimumIoU ? 1 - v : nil
        }
        var s = ObjectScore()
        s.detection = DetectionScore(
            truePositives: g.pairs.count, falsePositives: g.unmatchedLeft.count, falseNegatives: g.unmatchedRight.count)
        for (i, j) in g.pairs {
            s.ious.append(ious[i * truth.count + j])
            if model[i].category == truth[j].category { s.categoryCorrect += 1 }
            s.outcomes.append(ObjectOutcome(truth: ObjectBoxRecord(truth[j], floorY: floorY),
                                            model: ObjectBoxRecord(model[i], floorY: floorY),
                                            iou: ious[i * truth.count + j], nearest: nil))
        }
        // Unmatched boxes with the box of the other side they overlap most (first on ties).
        func nearest(_ n: Int, _ iou: (Int) -> Double) -> (Int, Double)? {
            var best: (Int, Double)?
            for k in 0..<n where iou(k) > (best?.1 ?? 0) { best = (k, iou(k)) }
            return best
        }
        for j in g.unmatchedRight {
            let b = nearest(model.count) { ious[$0 * truth.count + j] }
            s.outcomes.append(ObjectOutcome(truth: ObjectBoxRecord(truth[j], floorY: floorY), model: nil,
                                            iou: b?.1 ?? 0, nearest: b.map { model[$0.0].category.name }))
        }
        for i in g.unmatchedLeft {
            let b = nearest(truth.count) { ious[i * truth.count + $0] }
            s.outcomes.append(ObjectOutcome(truth: nil, model: ObjectBoxRecord(model[i], floorY: floorY),
                                            iou: b?.1 ?? 0, nearest: b.map { truth[$0.0].category.name }))
        }
        return (s, g.pairs)
    }
}
