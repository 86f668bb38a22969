import Foundation
import Testing
@testable import PlumbKernel

/// Issue 23: finite but huge numbers must never trap. On main e6e5f67 one stray point at x = 1e19 lying
/// in the floor plane trapped plane segmentation (`PlaneOccupancyGrid`: `Int(span / cell)` overflow).
@Suite("Huge finite numbers")
struct HugeCoordinateTests {
    @Test("a floor-plane point at x = 1e19 does not trap plane segmentation; the room's planes are still found")
    func strayPointAt1e19() throws {
        let room = SyntheticRoom(points: 30_000, seed: 5)
        var cloud = room.cloud
        // In the floor plane (z = 0, local frame), a 1e19 m stray: an inlier of the floor's plane fit.
        cloud.append(local: SIMD3(1e19, 0.5, 0))
        let o = PlaneSegmentationOptions(minPoints: 100, minArea: 0.25, seed: 7)
        let result = try PlaneSegmenter.segment(cloud, options: o)
        let clean = try PlaneSegmenter.segment(room.cloud, options: o)
        #expect(result.planes.count >= clean.planes.count - 1)
        #expect(result.planes.contains { abs($0.normal.z) > 0.99 }, "the floor or the ceiling is still found")
    }

    @Test("a plane's occupancy grid over a point 1e19 m away is sized without trapping, within its cell bound")
    func occupancyGridWithHugeSpan() {
        let n = 1000
        let xs: [Float] = (0..<n).map { Float($0 % 40) * 0.05 } + [1e19]
        let ys: [Float] = (0..<n).map { Float($0 / 40) * 0.05 } + [0]
        let zs = [Float](repeating: 0, count: n + 1)
        let grid = xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                zs.withUnsafeBufferPointer { z in
                    PlaneOccupancyGrid(x: x, y: y, z: z, centroid: .zero, u: SIMD3(1, 0, 0), v: SIMD3(0, 1, 0), minCell: 0.05)
                }
            }
        }
        #expect(grid.width >= 1 && grid.height >= 1)
        #expect(grid.width * grid.height <= 1 << 16)
        #expect(grid.pointCell.count == n + 1)
    }

    @Test("Int(saturating:) clamps, rounds toward zero and maps NaN to 0")
    func saturatingConversion() {
        #expect(Int(saturating: 1e20) == Int.max)
        #expect(Int(saturating: -1e20) == Int.min)
        #expect(Int(saturating: Double.infinity) == Int.max)
        #expect(Int(saturating: Double.nan) == 0)
        #expect(Int(saturating: 2.9) == 2 && Int(saturating: -2.9) == -2)
        #expect(Int32(saturating: Float(3e9)) == Int32.max)
        #expect(Int64(saturating: 9.223372036854775e18) == 9_223_372_036_854_774_784)
        #expect(Int(saturating: Double(Int.max)) == Int.max)  // 2^63 rounds up: clamped, not trapped
    }
}
