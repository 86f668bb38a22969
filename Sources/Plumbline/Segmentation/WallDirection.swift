import Foundation
import PlumbKernel

extension RoomSegmentation {
    /// The turn about the vertical (radians, in [-π/4, π/4)) that aligns the storey's walls with the grid's rows
    /// and columns: points x' = x cos t + z sin t, z' = -x sin t + z cos t lie on the grid's axes. The walls'
    /// direction, modulo 90°, is the one along which the points of wall-evidence cells (an evenly strided
    /// sample of at most 100,000) pile up most sharply: the largest sum of squared counts of their projections
    /// on the direction and on its normal in bins of one cell, searched every 0.5° in bins of four cells, then
    /// every 0.05° within 0.5° of the best in bins of one cell. Long straight walls dominate that sum, as they
    /// dominate a wall plane fit's support. A turn that moves no sampled point by half a cell, or that does not
    /// at least double the sum of the unturned axes, is 0, so a cloud whose walls already run along its axes
    /// is segmented exactly as before.
    /// - Complexity: O(sample × 200).
    static func wallTurn(_ raster: StoreyRaster, cloud: PointCloud, cell: Double) -> Double {
        var wallMembers: [Int] = []
        for (m, i) in raster.members.enumerated() where raster.cellOf[m] >= 0 && raster.walls.cells[Int(raster.cellOf[m])] != 0 {
            wallMembers.append(i)
        }
        guard wallMembers.count >= 100 else { return 0 }
        let stride = Swift.max(1, (wallMembers.count + 99_999) / 100_000)
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(wallMembers.count / stride + 1)
        var mean = SIMD2<Double>.zero
        for k in Swift.stride(from: 0, to: wallMembers.count, by: stride) {
            let i = wallMembers[k]
            let p = SIMD2(Double(cloud.x[i]), Double(cloud.z[i]))
            points.append(p)
            mean += p
        }
        mean /= Double(points.count)
        var radius = 0.0
        for k in points.indices {
            points[k] -= mean
            radius = Swift.max(radius, (points[k] * points[k]).sum().squareRoot())
        }
        guard radius > 0 else { return 0 }
        // Sum over both axes of the squared bin counts of the projections on the axes turned by `t`.
        var counts = [Int](repeating: 0, count: 2 * (Int(radius / cell) + 2))
        func sharpness(_ t: Double, bin: Double) -> Int {
            let (c, s) = (cos(t), sin(t))
            let bins = Int(radius / bin) + 1
            var total = 0
            for axis in 0..<2 {
                for k in 0..<(2 * bins + 1) { counts[k] = 0 }
                for p in points {
                    let v = axis == 0 ? c * p.x + s * p.y : -s * p.x + c * p.y
                    counts[Swift.min(2 * bins, Swift.max(0, Int((v / bin).rounded(.down)) + bins))] += 1
                }
                for k in 0..<(2 * bins + 1) { total += counts[k] * counts[k] }
            }
            return total
        }
        let degree = Double.pi / 180
        // The best of a sweep, ties to the smaller turn.
        func best(_ angles: [Double], bin: Double) -> Double {
            var (top, at) = (-1, 0.0)
            for a in angles {
                let v = sharpness(a, bin: bin)
                if v > top || v == top && abs(a) < abs(at) { (top, at) = (v, a) }
            }
            return at
        }
        let coarse = best((0..<180).map { Double($0 - 90) * 0.5 * degree }, bin: 4 * cell)
        var turn = best((-10...10).map { coarse + Double($0) * 0.05 * degree }, bin: cell)
        // Back into [-45°, 45°): a quarter turn gives the same rows and columns.
        if turn >= .pi / 4 { turn -= .pi / 2 }
        if turn < -.pi / 4 { turn += .pi / 2 }
        // Turned only when that at least doubles the sharpness along the axes: a cloud whose walls run along its
        // axes (the estimate then wanders by a few tenths of a degree with furniture and strays) is not turned.
        guard abs(turn) * radius >= cell / 2, sharpness(turn, bin: cell) >= 2 * sharpness(0, bin: cell) else { return 0 }
        return turn
    }
}
