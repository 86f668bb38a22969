/// End extensions that close wall corners: where two wall ends meet, each wall is lengthened so its
/// faces reach the outer (mitre) corner of the joint.
public enum WallJoints {
    /// Extensions `(atStart, atEnd)` in metres for every wall of `plan`, in `plan.walls` order.
    ///
    /// Two ends meet when they are within `tolerance` metres on the same storey. For each pair the outer
    /// corner is the intersection of one face line of each wall that lies beyond both ends; the extension
    /// is the distance of that corner beyond the end (capped at 3 × the thicker wall for acute angles).
    /// Ends that meet the middle of another wall (T joints) already sit inside it and are not extended;
    /// neither are the two collinear pieces of a wall split at a T, nor the stem of such a T.
    /// - Complexity: O(walls²).
    public static func extensions(_ plan: FloorPlan, tolerance: Double = 0.01) -> [(Double, Double)] {
        struct End { var wall: Int; var atStart: Bool; var point: SIMD2<Double>; var inward: SIMD2<Double>; var thickness: Double; var storey: Int }
        var ends: [End] = []
        for (i, w) in plan.walls.enumerated() {
            let l = w.length
            ends.append(End(wall: i, atStart: true, point: w.centerLine.point(at: 0), inward: w.centerLine.tangent(at: 0), thickness: w.thickness, storey: w.storey))
            ends.append(End(wall: i, atStart: false, point: w.centerLine.point(at: l), inward: -w.centerLine.tangent(at: l), thickness: w.thickness, storey: w.storey))
        }
        var out = [(Double, Double)](repeating: (0, 0), count: plan.walls.count)
        func meet(_ a: End, _ b: End) -> Bool {
            let d = a.point - b.point
            return a.wall != b.wall && a.storey == b.storey && (d * d).sum() <= tolerance * tolerance
        }
        func collinear(_ a: End, _ b: End) -> Bool { (a.inward * b.inward).sum() < -0.9999 }
        for a in ends.indices {
            var ext = 0.0
            let others = ends.indices.filter { meet(ends[a], ends[$0]) }
            // A straight continuation (the wall split at a T) or the stem of a T needs no extension.
            let continued = others.contains { collinear(ends[a], ends[$0]) }
            let stem = others.contains { b in others.contains { c in b != c && collinear(ends[b], ends[c]) } }
            if continued || stem { continue }
            for b in others {
                let ea = ends[a], eb = ends[b]
                let na = SIMD2(-ea.inward.y, ea.inward.x), nb = SIMD2(-eb.inward.y, eb.inward.x)
                for sa in [-1.0, 1.0] {
                    for sb in [-1.0, 1.0] {
                        // Solve pa + λ·ia = pb + μ·ib for the face lines.
                        let pa = ea.point + na * (sa * ea.thickness / 2), pb = eb.point + nb * (sb * eb.thickness / 2)
                        let det = ea.inward.x * (-eb.inward.y) - ea.inward.y * (-eb.inward.x)
                        guard abs(det) > 1e-9 else { continue }
                        let r = pb - pa
                        let lam = (r.x * (-eb.inward.y) - r.y * (-eb.inward.x)) / det
                        let mu = (ea.inward.x * r.y - ea.inward.y * r.x) / det
                        if lam <= 1e-12 && mu <= 1e-12 { ext = max(ext, -lam) }
                    }
                }
                ext = min(ext, 3 * max(ea.thickness, eb.thickness))
            }
            if ends[a].atStart { out[ends[a].wall].0 = ext } else { out[ends[a].wall].1 = ext }
        }
        return out
    }
}
