import PlumbKernel

/// Closes a room whose fitted walls leave a side open: tall furniture hides a stretch of wall, or the room
/// runs into the next one without a wall (an open kitchen). Used only when the flood from inside the room
/// escapes to the edge of the plan raster.
///
/// A wall's end is *free* when it touches no other wall (farther than `touch` metres from every other
/// wall's covered extent). Free ends of different walls are paired greedily, nearest first, up to `reach`
/// metres apart, and each pair is joined by a straight virtual barrier — where a person would draw the
/// room's boundary across the gap. Deterministic: ties are broken by end order.
///
/// Where the sensor positions are known, a bridge may not cut the free space the sensor stood in: a pair
/// whose bridge has sensor stations on both sides (within its length, more than `clearance` metres from it)
/// is not joined — that bridge would be a wall across the room, where the scanner walked.
enum OpenSideClosure {
    /// The virtual barriers that join the free ends of `barriers`; `stations` are the sensor's plan positions
    /// (may be empty).
    /// - Complexity: O(b²) for b barriers (rooms have few), plus O(f² (log f + s)) for f free ends and s stations.
    static func bridges(_ barriers: [BarrierFill.Barrier], stations: [SIMD2<Double>] = [], reach: Double = 8,
                        touch: Double = 0.3, clearance: Double = 0.3) -> [BarrierFill.Barrier] {
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
                if d > 0.01, d <= reach,
                   !separatesStations(from: ends[i].point, to: ends[j].point, stations, clearance: clearance) {
                    pairs.append((d, i, j))
                }
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

    /// True when the segment `a`–`b` has at least `minimum` stations on each side: within the segment's
    /// length along it and more than `clearance` metres off its line. One station is enough by default:
    /// requiring two (so that someone stepping through a doorway to look does not count) built worse rooms
    /// on the random plans (seed 2026, 300 rooms: floor IoU mean 0.868 against 0.886).
    static func separatesStations(from a: SIMD2<Double>, to b: SIMD2<Double>, _ stations: [SIMD2<Double>],
                                  clearance: Double, minimum: Int = 1) -> Bool {
        let length = planLength(b - a)
        guard length > 0 else { return false }
        let u = (b - a) / length, n = SIMD2(-u.y, u.x)
        var left = 0, right = 0
        for s in stations {
            let t = planDot(s - a, u), h = planDot(s - a, n)
            guard t >= 0, t <= length, abs(h) > clearance else { continue }
            if h > 0 { left += 1 } else { right += 1 }
            if left >= minimum && right >= minimum { return true }
        }
        return false
    }
}
