import PlumbKernel

/// Volume overlap of two objects' boxes treated as upright prisms: footprint polygon (plan) times
/// vertical extent.
enum UprightBoxOverlap {
    /// Intersection over union of the two boxes' volumes (0 when either is empty).
    /// - Complexity: O(1) (two 4-gons clipped).
    static func iou(_ a: CapturedRoom.Object, _ b: CapturedRoom.Object) -> Double {
        let ba = a.worldBounds, bb = b.worldBounds
        let h = Double(min(ba.max.y, bb.max.y) - max(ba.min.y, bb.min.y))
        guard h > 0 else { return 0 }
        let fa = a.footprint.vertices.map { SIMD2<Double>($0) }, fb = b.footprint.vertices.map { SIMD2<Double>($0) }
        let inter = Plan2D.area(Plan2D.clip(fa, byConvex: fb)) * h
        let va = Plan2D.area(fa) * Double(ba.max.y - ba.min.y), vb = Plan2D.area(fb) * Double(bb.max.y - bb.min.y)
        let union = va + vb - inter
        return union > 0 ? inter / union : 0
    }
}
