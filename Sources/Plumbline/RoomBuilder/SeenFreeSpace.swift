import PlumbKernel

/// The plan cells the sensor saw across: a sight line from the sensor to a point it hit crossed empty space,
/// so every cell it passes over (at whatever height) is free. Where the room's walls do not close (a wall
/// never found as a plane: a knee wall under a sloped ceiling, a short wall behind furniture), the space the
/// sensor saw reaches the real wall surface, over furniture and under an unseen ceiling, where the floor
/// and ceiling points alone stop at furniture fronts and at the edge of the ceiling the phone looked at.
enum SeenFreeSpace {
    /// Cells of `region` (a flood stopped by the walls, 1 = reached) crossed by sight lines from a sensor
    /// standing in the region. Each line is walked in plan, at the height it has there, from its sensor
    /// until it leaves the region (a wall), passes under the second-highest point of a cell that lies more
    /// than 10 cm under the ceiling `ceilingY(x, z)` and 10 cm over the line (it went through a door or a
    /// window, under its lintel), or comes within one cell of its hit. A cell counts when at least 1 % as
    /// many lines cross it as cross the median crossed cell, and at least 2: the room's interior is crossed
    /// by thousands, the space past a missing wall only by the odd stray return. Without `ceilingY` no cell
    /// blocks. Looks at up to 500,000 evenly spaced points (all points for the heights); nil without
    /// per-point sensor positions. Same grid as `region`, 1 = seen free. Plan (x, z) in the cloud's local
    /// y-up frame, metres.
    /// - Complexity: O(n + min(n, 500,000) * L / cell) for n points and sight lines of plan length up to L.
    static func cells(in region: FootprintGrid, cloud: PointCloud, ceilingY: ((Double, Double) -> Double)?) -> [UInt8]? {
        var crossings = [Int32](repeating: 0, count: region.cells.count)
        // Per cell, the second-highest point under the ceiling (10 cm clear of it): a sight line that
        // crosses a cell lower than that passed under a surface (the lintel over a door, the wall over a
        // window, a table top), through an opening into space that need not be the room's. A line over
        // furniture passes above everything in the cell but the ceiling. The second-highest, so one stray
        // return does not block. Without the ceiling's height nothing blocks.
        var highest = [SIMD2<Float>](repeating: SIMD2(-.infinity, -.infinity), count: region.cells.count)
        if let ceilingY {
            for i in 0..<cloud.count {
                let x = Double(cloud.x[i]), z = Double(cloud.z[i])
                guard let c = region.cellIndex(of: SIMD2(x, z)) else { continue }
                let y = cloud.y[i]
                guard Double(y) < ceilingY(x, z) - 0.1 else { continue }
                if y > highest[c].x {
                    highest[c] = SIMD2(y, highest[c].x)
                } else if y > highest[c].y {
                    highest[c].y = y
                }
            }
        }
        let step = region.cell * 0.5
        // No line crosses more of the grid than its width plus its height (the walk ends where it leaves).
        let span = Double(region.width + region.height) * region.cell
        let sampled = cloud.forEachSightLine(limit: 500_000) { sensor, point in
            let s = SIMD2(sensor.x, sensor.z), p = SIMD2(point.x, point.z)
            guard let first = region.cellIndex(of: s), region.cells[first] != 0 else { return }
            let full = planLength(p - s), length = full - region.cell
            guard length > 0 else { return }
            let d = (p - s) / full, rise = (point.y - sensor.y) / full
            var last = -1
            for k in 0...Int(Swift.min(length, span) / step) {
                let t = Double(k) * step
                guard let c = region.cellIndex(of: s + d * t), region.cells[c] != 0,
                      Double(highest[c].y) <= sensor.y + rise * t + 0.1 else { return }
                if c != last {
                    crossings[c] &+= 1
                    last = c
                }
            }
        }
        guard sampled else { return nil }
        var crossed = crossings.filter { $0 > 0 }
        guard !crossed.isEmpty else { return nil }
        let median = selectElement(&crossed, crossed.count / 2)
        let threshold = Swift.max(2, median / 100)
        return crossings.map { $0 >= threshold ? 1 : 0 }
    }
}
