import Plumbline

/// Matches furniture boxes category-agnostically by upright 3D box IoU (``UprightBox``): pairs with
/// IoU ≥ ``minimumIoU`` are allowed and the optimal matching maximises the summed IoU. Category
/// accuracy is then measured over the matched pairs.
public enum ObjectMatcher {
    /// Smallest box IoU of a match.
    public static let minimumIoU = 0.25

    /// Score and matched index pairs (model, truth).
    /// - Complexity: O(n·m + k²·K).
    public static func match(model: [CapturedRoom.Object], truth: [CapturedRoom.Object]) -> (score: ObjectScore, pairs: [(Int, Int)]) {
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
        }
        return (s, g.pairs)
    }
}
