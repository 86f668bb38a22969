import PlumbKernel

extension RoomBuilder {
    /// The 25 cm plan cells (x, z) holding points of `planes`, most points first (ties by cell x, then z),
    /// and the plan bounding box (`lo`, `hi`, metres) of those points; the outline's flood starts from the
    /// first cells.
    ///
    /// Counts go into a dense grid over the points' cell range (two passes over the inliers, no hashing);
    /// the order is the same a dictionary of counts sorted by (count descending, x, z) gives.
    /// - Complexity: O(inliers + cells · log cells); cells are bounded by the room span.
    static func seedCells(planes: [DetectedPlane], cloud: PointCloud)
        -> (cells: [SIMD2<Int>], lo: SIMD2<Double>, hi: SIMD2<Double>)
    {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for plane in planes {
            for i in plane.inliers {
                let p = SIMD2(Double(cloud.x[Int(i)]), Double(cloud.z[Int(i)]))
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return ([], lo, hi) }
        func cell(_ v: Double) -> Int { Int((v / 0.25).rounded(.down)) }
        let c0 = SIMD2(cell(lo.x), cell(lo.y))
        let width = cell(hi.x) - c0.x + 1, depth = cell(hi.y) - c0.y + 1
        var counts = [Int](repeating: 0, count: width * depth)
        counts.withUnsafeMutableBufferPointer { cnt in
            for plane in planes {
                for i in plane.inliers {
                    let cx = cell(Double(cloud.x[Int(i)])) - c0.x, cz = cell(Double(cloud.z[Int(i)])) - c0.y
                    cnt[cx * depth + cz] += 1
                }
            }
        }
        var cells: [(cell: SIMD2<Int>, count: Int)] = []
        for k in counts.indices where counts[k] > 0 {
            cells.append((SIMD2(c0.x + k / depth, c0.y + k % depth), counts[k]))
        }
        return (cells.sorted { $0.count != $1.count ? $0.count > $1.count : ($0.cell.x, $0.cell.y) < ($1.cell.x, $1.cell.y) }.map(\.cell), lo, hi)
    }
}
