import PlumbKernel

/// The floor and the ceiling found in the points no plane took, for scans whose plane segmentation found
/// neither, or only one of them.
///
/// Plane segmentation scores hypotheses on a subsample and stops after a few failed rounds; in a closet or
/// a narrow hall a phone sees mostly walls and furniture fronts, and the floor (0.5-2 % of the points,
/// in slivers between furniture) or the ceiling is never proposed. Such a surface is still plain in the
/// points: a sharp peak in the height histogram of the leftover points whose plan cells hold their points
/// in a thin slab (a horizontal surface), unlike the same height band across walls and furniture fronts
/// (points spread over the whole band). The floor is the lowest such level under the sensor stations, the
/// ceiling the highest above them.
enum HorizontalLevelRecovery {
    /// Height histogram bin (m).
    static let bin = 0.01
    /// Plan cell of the thin-slab test (m).
    static let cell = 0.1
    /// A cell is part of a horizontal surface when at least this share of the points within ±15 cm of
    /// the level's height lie within the slab (a vertical surface puts about slab / 30 cm there, 0.2 for
    /// the usual 3 cm threshold).
    static let slabShare = 0.6
    /// Smallest area of horizontal cells that makes a level (m²): a closet floor half hidden by shelving.
    static let minimumArea = 0.1
    /// Smallest number of slab points of a level.
    static let minimumPoints = 200

    /// What the leftover points show.
    struct Recovery: Sendable {
        /// The floor and the ceiling where segmentation found no horizontal plane at their height.
        var planes: [DetectedPlane] = []
        /// Indices into the segmentation's planes of the horizontal planes at the recovered floor's or
        /// ceiling's height (within 5 cm): segmentation found the level but only a piece of it (a closet
        /// floor of 0.28 m² between a cabinet and an open door leaf), too small to count as a level by its
        /// own area; the leftover points confirm it.
        var confirmed: [Int] = []
        var isEmpty: Bool { planes.isEmpty && confirmed.isEmpty }
    }

    /// Floor and ceiling recovered from the `unassigned` points of `cloud` (y-up, local frame): new planes
    /// for the levels not among `planes`' horizontal planes (within 5 cm), the indices of those that are.
    /// `threshold` is the segmentation's inlier distance (m); `stations` the sensor positions in the same
    /// frame (empty when unknown): the floor must lie 0.3-2.6 m below their median height and the ceiling
    /// 0.2 m above it. The floor's normal points up, the ceiling's down; inliers ascending; area from the
    /// horizontal cells.
    /// - Complexity: O(u·p + b·w log w) for u unassigned points, p histogram peaks, b height bins and a
    ///   background window of w bins.
    static func recover(cloud: PointCloud, unassigned: [Int32], planes: [DetectedPlane],
                        stations: [SIMD3<Double>], threshold: Double) -> Recovery {
        guard unassigned.count >= minimumPoints, threshold > 0 else { return Recovery() }
        var lo = Double.infinity, hi = -Double.infinity
        for i in unassigned {
            let y = Double(cloud.y[Int(i)])
            lo = Swift.min(lo, y)
            hi = Swift.max(hi, y)
        }
        // A room is at most a few tens of metres tall; anything else is not a room scan (and no allocation
        // proportional to a stray's height).
        guard lo.isFinite, hi.isFinite, hi - lo < 100 else { return Recovery() }
        let bins = Int((hi - lo) / bin) + 1
        var counts = [Int](repeating: 0, count: bins)
        for i in unassigned { counts[Swift.min(bins - 1, Int((Double(cloud.y[Int(i)]) - lo) / bin))] += 1 }
        let w = Swift.max(1, Int((threshold / bin).rounded()))
        // Excess of the slab (±w bins) over the background (median of the bins 2w-8w away on both sides).
        var excess = [Double](repeating: 0, count: bins)
        var window: [Int] = []
        window.reserveCapacity(12 * w + 2)
        for b in 0..<bins {
            var slab = 0
            for k in Swift.max(0, b - w)...Swift.min(bins - 1, b + w) { slab += counts[k] }
            window.removeAll(keepingCapacity: true)
            for d in (2 * w + 1)...(8 * w) {
                if b - d >= 0 { window.append(counts[b - d]) }
                if b + d < bins { window.append(counts[b + d]) }
            }
            window.sort()
            let background = window.isEmpty ? 0 : window[window.count / 2]
            excess[b] = Double(slab - background * (2 * w + 1))
        }
        // Peaks: the largest excess within ±2w bins, lowest bin on a tie.
        var peaks: [Double] = []
        for b in 0..<bins where excess[b] >= Double(minimumPoints) {
            var isPeak = true
            for k in Swift.max(0, b - 2 * w)...Swift.min(bins - 1, b + 2 * w) where k != b {
                if excess[k] > excess[b] || (excess[k] == excess[b] && k < b) { isPeak = false; break }
            }
            if isPeak { peaks.append(lo + (Double(b) + 0.5) * bin) }
        }
        let levels = peaks.compactMap { level(near: $0, cloud: cloud, unassigned: unassigned, threshold: threshold) }
        let known = RoomStructure.levelPlanes(planes)
        let ys = stations.map(\.y).sorted()
        let sensorY: Double? = ys.isEmpty ? nil : ys[ys.count / 2]
        let floor = levels.first { l in
            sensorY.map { l.centroid.y < $0 - 0.3 && l.centroid.y > $0 - 2.6 } ?? true
        }
        let ceiling = levels.last { l in
            guard let f = floor ?? levels.first, l.centroid.y - f.centroid.y > 1.5 else { return false }
            return sensorY.map { l.centroid.y > $0 + 0.2 } ?? true
        }
        var out = Recovery()
        for (found, up) in [(floor, true), (ceiling, false)] {
            guard var l = found else { continue }
            let same = known.filter { abs(planes[$0].centroid.y - l.centroid.y) < 0.05 }
            guard same.isEmpty else {
                out.confirmed += same
                continue
            }
            if !up {
                l.normal = -l.normal
                l.offset = -l.offset
            }
            out.planes.append(l)
        }
        return out
    }

    /// The horizontal surface at height `y`, or nil: the unassigned points within `threshold` of the
    /// total-least-squares plane through the slab at `y` (fitted twice) that lie in its horizontal cells,
    /// when that plane is within 10° of horizontal, holds ``minimumPoints`` and its horizontal cells cover
    /// ``minimumArea``. The normal points up.
    static func level(near y: Double, cloud: PointCloud, unassigned: [Int32], threshold: Double) -> DetectedPlane? {
        var normal = SIMD3<Double>(0, 1, 0), offset = -y
        var inliers: [Int32] = []
        var acc = CovarianceAccumulator()
        for _ in 0..<2 {
            inliers.removeAll(keepingCapacity: true)
            acc = CovarianceAccumulator()
            for i in unassigned {
                let p = SIMD3<Double>(Double(cloud.x[Int(i)]), Double(cloud.y[Int(i)]), Double(cloud.z[Int(i)]))
                if abs(dot(normal, p) + offset) <= threshold {
                    inliers.append(i)
                    acc.add(p)
                }
            }
            guard inliers.count >= minimumPoints else { return nil }
            let e = SymmetricEigen3(acc.covariance)
            normal = e.vector0.y < 0 ? -e.vector0 : e.vector0
            offset = -dot(normal, acc.mean)
            guard normal.y > RoomStructure.levelCosine else { return nil }
        }
        // The thin-slab test per plan cell: slab points against all unassigned points within ±15 cm.
        var slab: [Int64: Int] = [:], around: [Int64: Int] = [:]
        func key(_ i: Int32) -> Int64 {
            let cx = Int64(saturating: (Double(cloud.x[Int(i)]) / cell).rounded(.down))
            let cz = Int64(saturating: (Double(cloud.z[Int(i)]) / cell).rounded(.down))
            return cx &* 1_000_003 &+ cz
        }
        var sumSquares = 0.0
        for i in inliers { slab[key(i), default: 0] += 1 }
        for i in unassigned {
            let p = SIMD3<Double>(Double(cloud.x[Int(i)]), Double(cloud.y[Int(i)]), Double(cloud.z[Int(i)]))
            if abs(dot(normal, p) + offset) <= 0.15, slab[key(i)] != nil { around[key(i), default: 0] += 1 }
        }
        // The level is the points of its horizontal cells.
        var horizontal = Set<Int64>()
        for (k, n) in slab where n >= 2 && Double(n) >= slabShare * Double(around[k] ?? n) { horizontal.insert(k) }
        let area = Double(horizontal.count) * cell * cell
        guard area >= minimumArea else { return nil }
        inliers.removeAll { !horizontal.contains(key($0)) }
        guard inliers.count >= minimumPoints else { return nil }
        acc = CovarianceAccumulator()
        sumSquares = 0
        for i in inliers {
            let p = SIMD3<Double>(Double(cloud.x[Int(i)]), Double(cloud.y[Int(i)]), Double(cloud.z[Int(i)]))
            acc.add(p)
            let d = dot(normal, p) + offset
            sumSquares += d * d
        }
        return DetectedPlane(normal: normal, offset: offset, inliers: inliers, centroid: acc.mean,
                             rms: (sumSquares / Double(inliers.count)).squareRoot(), area: area, gridCellSize: cell)
    }
}
