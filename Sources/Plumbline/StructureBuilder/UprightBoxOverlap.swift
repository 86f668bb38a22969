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
        let inter = area(clip(fa, by: fb)) * h
        let va = area(fa) * Double(ba.max.y - ba.min.y), vb = area(fb) * Double(bb.max.y - bb.min.y)
        let union = va + vb - inter
        return union > 0 ? inter / union : 0
    }

    /// Sutherland–Hodgman: the part of polygon `p` inside the convex polygon `clipper` (either
    /// orientation).
    static func clip(_ p: [SIMD2<Double>], by clipper: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard clipper.count >= 3 else { return [] }
        let sign: Double = signedArea(clipper) >= 0 ? 1 : -1
        var out = p
        for i in clipper.indices {
            guard !out.isEmpty else { break }
            let a = clipper[i], b = clipper[(i + 1) % clipper.count]
            func side(_ q: SIMD2<Double>) -> Double { sign * ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)) }
            let input = out
            out = []
            for j in input.indices {
                let cur = input[j], prev = input[(j + input.count - 1) % input.count]
                let sc = side(cur), sp = side(prev)
                if sc >= 0 {
                    if sp < 0 { out.append(prev + (cur - prev) * (sp / (sp - sc))) }
                    out.append(cur)
                } else if sp >= 0 {
                    out.append(prev + (cur - prev) * (sp / (sp - sc)))
                }
            }
        }
        return out
    }

    static func signedArea(_ p: [SIMD2<Double>]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    static func area(_ p: [SIMD2<Double>]) -> Double { abs(signedArea(p)) }
}
