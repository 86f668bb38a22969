#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// A room's plan footprint found by flooding free space from a seed until walls stop it.
///
/// Each wall is drawn into a raster as a barrier along its whole supported extent (over doors and windows,
/// so the flood does not leak into the next room), lengthened at both ends so that walls close at corners.
/// The flood (4-connected) starts at the seed and is bounded by the barriers and the raster's edge. This is
/// robust to everything a phone scan lacks: unscanned ceiling, furniture hiding the floor, points seen
/// through doors.
package enum BarrierFill {
    /// A barrier: a wall curve and the parameter range it covers. For lines the parameter is the distance
    /// along the direction from the line's point; for arcs it is the angle (radians, counter-clockwise from +x).
    package struct Barrier: Sendable, Hashable {
        /// The wall.
        package var wall: PlanWall
        /// Covered parameter range.
        package var range: ClosedRange<Double>
        /// A barrier from a wall and its covered range.
        package init(wall: PlanWall, range: ClosedRange<Double>) {
            self.wall = wall
            self.range = range
        }
    }

    /// Floods from `seed` within `bounds` (plan metres), stopped by `barriers` lengthened by `extension`
    /// metres at both ends. The result has the flooded cells set (call
    /// ``FootprintGrid/keepLargestComponentFilled()`` to drop holes left by barriers inside the room).
    /// - Throws: ``PointCloudError/degenerate(_:)`` for a raster too large, or a seed outside the bounds or
    ///   on a barrier.
    /// - Complexity: O(cells + total barrier length / cell).
    package static func fill(
        seed: SIMD2<Double>, barriers: [Barrier], bounds: (min: SIMD2<Double>, max: SIMD2<Double>),
        cell: Double = 0.04, extension ext: Double = 0.2
    ) throws(PointCloudError) -> FootprintGrid {
        try fill(seeds: [seed], barriers: barriers, bounds: bounds, cell: cell, extension: ext)
    }

    /// Like ``fill(seed:barriers:bounds:cell:extension:)``, flooding from the first of `seeds` (in order of
    /// preference) that lies inside the bounds and off every barrier — a narrow hall's best-seen spot can
    /// lie on a wall's thickened raster line — or, with `fromEvery`, from every such seed (the sensor's
    /// stations: a barrier that cuts the room between them leaves several flooded pieces).
    /// - Throws: ``PointCloudError/degenerate(_:)`` for a raster too large or when no seed is usable.
    package static func fill(
        seeds: [SIMD2<Double>], barriers: [Barrier], bounds: (min: SIMD2<Double>, max: SIMD2<Double>),
        cell: Double = 0.04, extension ext: Double = 0.2, fromEvery: Bool = false
    ) throws(PointCloudError) -> FootprintGrid {
        var grid = try FootprintGrid(covering: bounds.min, bounds.max, cell: cell)
        var blocked = [Bool](repeating: false, count: grid.cells.count)
        for b in barriers {
            switch b.wall {
            case let .line(p, d):
                let t0 = b.range.lowerBound - ext, t1 = b.range.upperBound + ext
                let steps = Swift.max(1, Int((t1 - t0) / (cell * 0.25)))
                for s in 0...steps {
                    let q = p + d * (t0 + (t1 - t0) * Double(s) / Double(steps))
                    if let k = grid.cellIndex(of: q) { blocked[k] = true }
                }
            case let .arc(c, r):
                let a0 = b.range.lowerBound - ext / r, a1 = b.range.upperBound + ext / r
                let steps = Swift.max(1, Int((a1 - a0) * r / (cell * 0.25)))
                for s in 0...steps {
                    let a = a0 + (a1 - a0) * Double(s) / Double(steps)
                    if let k = grid.cellIndex(of: c + SIMD2(cos(a), sin(a)) * r) { blocked[k] = true }
                }
            }
        }
        // Thicken barriers by one cell (8-neighbourhood) so diagonal steps cannot slip through.
        var thick = blocked
        for j in 1..<(grid.height - 1) {
            for i in 1..<(grid.width - 1) where blocked[j * grid.width + i] {
                thick[j * grid.width + i + 1] = true
                thick[(j + 1) * grid.width + i] = true
            }
        }
        let usable = seeds.compactMap { grid.cellIndex(of: $0) }.filter { !thick[$0] }
        guard let start = usable.first else {
            let inside = seeds.contains { grid.cellIndex(of: $0) != nil }
            throw .degenerate(inside ? "every flood seed (\(seeds.count)) lies on a wall" : "the flood seeds lie outside the scan")
        }
        var stack = fromEvery ? usable : [start]
        for k in stack { grid.cells[k] = 1 }
        let w = grid.width
        while let k = stack.popLast() {
            let i = k % w, j = k / w
            for q in [i > 0 ? k - 1 : -1, i < w - 1 ? k + 1 : -1, j > 0 ? k - w : -1, j < grid.height - 1 ? k + w : -1]
            where q >= 0 && !thick[q] && grid.cells[q] == 0 {
                grid.cells[q] = 1
                stack.append(q)
            }
        }
        return grid
    }
}
