import PlumbKernel

/// Closes a room whose fitted walls leave a side open: tall furniture hides a stretch of wall, or the room
/// runs into the next one without a wall (an open kitchen). Used only when the flood from inside the room
/// escapes to the edge of the plan raster.
///
/// A wall's end is *free* when it touches no other wall (farther than `touch` metres from every other
/// wall's covered extent). Free ends of different walls are paired greedily, nearest first, up to `reach`
/// metres apart, and each pair is joined by a straight virtual barrier — where a person would draw the
/// room's boundary across the gap. Deterministic: ties are broken by end order.
enum OpenSideClosure {
    /// The virtual barriers that join the free ends of `barriers`.
    /// - Complexity: O(b²) for b barriers (rooms have few), plus O(f² log f) for f free ends.
    static func bridges(_ barriers: [BarrierFill.Barrier], reach: Double = 8, touch: Double = 0.3) -> [BarrierFill.Barrier] {
        var ends: [(point: SIMD2<Double>, owner: Int)] = []
        for (a, b) in barriers.enumerated() {
            for t in [b.range.lowerBound, b.range.upperBound] {
                let p = b.wall.point(at: t)
                let touching = barriers.indices.contains { o in
                    guard o != a, barriers[o].wall.distance(to: p) < touch else { return false }
                    let u = barriers[o].wall.parameter(of: p, near: barriers[o].range)
                    let slack: Double
                    switch barriers[o].wall {
                    case .line: slack = touch
                    case let .arc(_, r): slack = touch / r
                    }
                    return u > barriers[o].range.lowerBound - slack && u < barriers[o].range.upperBound + slack
                }
                if !touching { ends.append((p, a)) }
            }
        }
        var pairs: [(distance: Double, i: Int, j: Int)] = []
        for i in ends.indices {
            for j in ends.indices where j > i && ends[i].owner != ends[j].owner {
                let d = planLength(ends[j].point - ends[i].point)
                if d > 0.01, d <= reach { pairs.append((d, i, j)) }
            }
        }
        pairs.sort { $0.distance != $1.distance ? $0.distance < $1.distance : ($0.i, $0.j) < ($1.i, $1.j) }
        var used = [Bool](repeating: false, count: ends.count)
        var out: [BarrierFill.Barrier] = []
        for (d, i, j) in pairs where !used[i] && !used[j] {
            used[i] = true
            used[j] = true
            let dir = (ends[j].point - ends[i].point) / d
            out.append(.init(wall: .line(point: ends[i].point, direction: dir), range: 0...d))
        }
        return out
    }
}
