import PlumbKernel

/// Continues a straight wall past the end of its plane's inliers where the scan still shows it, sparsely.
///
/// A laser scanner samples a far wall in columns a few decimetres apart (the spacing grows with range and
/// with the grazing angle), and a phone that never walked to the far end of a long room leaves it sparse
/// too. Plane segmentation takes the dense near part of such a wall and leaves the far columns unassigned,
/// so the wall's barrier stops half-way, the flood escapes past its end, and the open side is closed by a
/// bridge across the room (the PCL laser scan `room_scan1`: a 10.65 m room cut at 4.6 m by a diagonal
/// "wall" 26 % backed by points).
///
/// Evidence, not a guess: the points no plane took (`unassigned`) that lie on the wall's plane (within the
/// segmentation's distance threshold, between the floor and the ceiling) beyond one of its ends are
/// binned along the wall (10 cm); a bin holding at least 3 of them is backed, as in
/// ``WallCandidates/supportedRanges(_:within:line:stations:)``, and the wall is continued bin by bin
/// through gaps no longer than that function's (2.5 m), while the continued stretch, taken together, spans
/// at least half the floor-to-ceiling height (a wall, not a row of low furniture in line with it), does not
/// run through the middle of the floor seen (``crossesSeenFloor(from:to:cloud:floor:)``) and does
/// not cut the free space the scanner stood in (``OpenSideClosure/separatesStations(from:to:_:clearance:minimum:)``);
/// it stops where it meets another wall (a wall does not run on through the room's corner).
/// Arcs are left as they are.
enum SparseWallContinuation {
    /// Bin length along the wall, metres.
    static let bin = 0.1
    /// Points a bin needs to be backed (as in `supportedRanges`).
    static let backed = 3
    /// Longest unbacked gap bridged, metres (as in `supportedRanges`).
    static let maximumGap = 2.5

    /// `barriers` with their straight walls continued over the sparse evidence beyond their ends.
    /// `unassigned` indexes `cloud` (y-up); `threshold` is the segmentation's distance threshold (m);
    /// `reach` bounds how far a wall is continued (m, the room span limit).
    /// - Complexity: O(u · b) for u unassigned points and b barriers, plus the bins.
    /// Whether the segment `p`–`q` runs through the middle of the floor seen (`floor`: the floor planes'
    /// inliers): within 0.4 m of it (beyond 5 cm), the side with fewer floor points has at least a quarter of
    /// the other's (and the other at least 20). A wall has the room's floor on one side; what stands in line
    /// with a wall inside the room (furniture, the far face of a U-shaped room's arm) has floor on both.
    static func crossesSeenFloor(from p: SIMD2<Double>, to q: SIMD2<Double>, cloud: PointCloud, floor: [Int32]) -> Bool {
        let length = planLength(q - p)
        guard length > 0 else { return false }
        let u = (q - p) / length, n = SIMD2(-u.y, u.x)
        var left = 0, right = 0
        for i in floor {
            let r = SIMD2(Double(cloud.x[Int(i)]), Double(cloud.z[Int(i)])) - p
            let t = planDot(r, u), h = planDot(r, n)
            guard t >= 0, t <= length, abs(h) > 0.05, abs(h) < 0.4 else { continue }
            if h > 0 { left += 1 } else { right += 1 }
        }
        return Swift.max(left, right) >= 20 && 4 * Swift.min(left, right) >= Swift.max(left, right)
    }

    static func continued(_ barriers: [BarrierFill.Barrier], cloud: PointCloud, unassigned: [Int32], floor: [Int32] = [],
                          floorY: Double, ceilingY: (Double, Double) -> Double, threshold: Double,
                          stations: [SIMD2<Double>], reach: Double) -> [BarrierFill.Barrier] {
        guard !unassigned.isEmpty else { return barriers }
        var out = barriers
        // Longest walls first: a shorter parallel plane just in front of a wall (a shelf, a layer of the
        // same face) does not continue along the stretch the wall itself continues over.
        let order = barriers.indices.sorted {
            let l0 = barriers[$0].range.upperBound - barriers[$0].range.lowerBound
            let l1 = barriers[$1].range.upperBound - barriers[$1].range.lowerBound
            return l0 != l1 ? l0 > l1 : $0 < $1
        }
        /// Whether the segment `p`–`q` runs along a barrier other than `a` already there (parallel within
        /// 5°, within 0.5 m of its line, overlapping its range).
        func runsAlongAnother(_ a: Int, _ p: SIMD2<Double>, _ q: SIMD2<Double>) -> Bool {
            let length = planLength(q - p)
            guard length > 0 else { return false }
            let u = (q - p) / length
            return out.indices.contains { o in
                guard o != a, case let .line(op, od) = out[o].wall, abs(planDot(od, u)) > 0.996 else { return false }
                let on = SIMD2(-od.y, od.x)
                guard abs(planDot(p - op, on)) < 0.5, abs(planDot(q - op, on)) < 0.5 else { return false }
                let t0 = planDot(p - op, od), t1 = planDot(q - op, od)
                return Swift.min(t0, t1) < out[o].range.upperBound && Swift.max(t0, t1) > out[o].range.lowerBound
            }
        }
        for a in order {
            let b = barriers[a]
            guard case let .line(point, direction) = b.wall else { continue }
            let normal = SIMD2(-direction.y, direction.x)
            let lo = b.range.lowerBound, hi = b.range.upperBound
            let mid = point + direction * (0.5 * (lo + hi))
            let top = ceilingY(mid.x, mid.y)
            guard top - floorY > 0.5 else { continue }
            let bins = Swift.max(1, Int((reach / bin).rounded(.up)))
            // Per side (0: beyond hi, 1: before lo): point count and the lowest and highest point per bin.
            var count = [[Int]](repeating: [Int](repeating: 0, count: bins), count: 2)
            var low = [[Float]](repeating: [Float](repeating: .infinity, count: bins), count: 2)
            var high = [[Float]](repeating: [Float](repeating: -.infinity, count: bins), count: 2)
            for i in unassigned {
                let k = Int(i)
                let y = cloud.y[k]
                guard Double(y) > floorY + 0.05, Double(y) < top + 0.05 else { continue }
                let q = SIMD2(Double(cloud.x[k]), Double(cloud.z[k])) - point
                guard abs(planDot(q, normal)) <= threshold else { continue }
                let t = planDot(q, direction)
                let (side, d) = t > hi ? (0, t - hi) : (t < lo ? (1, lo - t) : (-1, 0.0))
                guard side >= 0, d < reach else { continue }
                let j = Swift.min(bins - 1, Int(d / bin))
                count[side][j] += 1
                low[side][j] = Swift.min(low[side][j], y)
                high[side][j] = Swift.max(high[side][j], y)
            }
            var range = b.range
            for side in 0..<2 {
                let maxGapBins = Int((maximumGap / bin).rounded())
                var last = -1, gap = 0
                var lowest = Float.infinity, highest = -Float.infinity
                var accepted = -1
                for j in 0..<bins {
                    if count[side][j] >= backed {
                        last = j
                        gap = 0
                        lowest = Swift.min(lowest, low[side][j])
                        highest = Swift.max(highest, high[side][j])
                        if Double(highest - lowest) >= 0.5 * (top - floorY) { accepted = last }
                    } else {
                        gap += 1
                        if gap > maxGapBins { break }
                    }
                }
                guard accepted >= 0 else { continue }
                let from = side == 0 ? hi : lo
                // A wall does not run on through another: the continuation stops where it meets another
                // barrier (within 0.3 m of that barrier's range), the room's corner.
                var d = Double(accepted + 1) * bin
                for (o, other) in out.enumerated() where o != a {
                    for x in b.wall.intersections(with: other.wall, parallelSine: 0.26) {
                        let u = other.wall.parameter(of: x, near: other.range)
                        guard u > other.range.lowerBound - 0.3, u < other.range.upperBound + 0.3 else { continue }
                        let along = (b.wall.parameter(of: x, near: b.range) - from) * (side == 0 ? 1 : -1)
                        if along > 0, along < d { d = along }
                    }
                }
                guard d > bin else { continue }
                let to = side == 0 ? hi + d : lo - d
                if runsAlongAnother(a, point + direction * from, point + direction * to) { continue }
                if crossesSeenFloor(from: point + direction * from, to: point + direction * to, cloud: cloud, floor: floor) { continue }
                if !stations.isEmpty,
                   OpenSideClosure.separatesStations(from: point + direction * from, to: point + direction * to, stations, clearance: 0.3) {
                    continue
                }
                range = side == 0 ? range.lowerBound...to : to...range.upperBound
            }
            out[a].range = range
        }
        return out
    }
}
