import PlumbKernel

/// One partition wall line seen from both sides: its faces in a common plan frame (origin, direction,
/// normal) where each face is an interval along the direction and a (slightly sloping) offset line
/// across it.
struct WallCluster {
    /// Plan origin, unit direction and unit normal `(-d.z, d.x)` of the frame.
    var origin: SIMD2<Double>, direction: SIMD2<Double>, normal: SIMD2<Double>
    /// Indices into the face list.
    var members: [Int]
    /// Per member: interval along ``direction``.
    var intervals: [ClosedRange<Double>]
    /// Per member: offset along ``normal`` at the interval's middle, and its change per metre along.
    var offsets: [Double], slopes: [Double]
    /// Per member: whether its room lies on the +normal side.
    var facesPositive: [Bool]

    /// The frame of `members`: direction = length-weighted mean of the faces' directions (signs aligned
    /// with the first face's), origin = the first face's midpoint.
    init(members: [Int], faces: [WallFace]) {
        let first = faces[members[0]]
        var d = SIMD2<Double>.zero
        for m in members {
            let f = faces[m]
            d += ((f.direction * first.direction).sum() >= 0 ? f.direction : -f.direction) * f.length
        }
        direction = d / planLength(d)
        normal = SIMD2(-direction.y, direction.x)
        origin = first.midpoint
        self.members = members
        intervals = []
        offsets = []
        slopes = []
        facesPositive = []
        for m in members {
            let f = faces[m]
            let s0 = ((f.start - origin) * direction).sum(), s1 = ((f.end - origin) * direction).sum()
            intervals.append(min(s0, s1)...max(s0, s1))
            offsets.append(((f.midpoint - origin) * normal).sum())
            let fd = (f.direction * direction).sum() >= 0 ? f.direction : -f.direction
            slopes.append((fd * normal).sum() / max((fd * direction).sum(), 1e-6))
            facesPositive.append((f.inward * normal).sum() > 0)
        }
    }

    /// Offset of member `k`'s line at position `s` along the direction.
    func offset(_ k: Int, at s: Double) -> Double {
        let mid = (intervals[k].lowerBound + intervals[k].upperBound) / 2
        return offsets[k] + slopes[k] * (s - mid)
    }

    /// Plan point at position `s` along the direction and `o` across it.
    func point(_ s: Double, _ o: Double) -> SIMD2<Double> { origin + direction * s + normal * o }

    /// Position of a plan point along the direction.
    func along(_ p: SIMD2<Double>) -> Double { ((p - origin) * direction).sum() }
}
