/// Detects rooms that cannot both be where they are: floors at about the same height overlapping in
/// plan by more than a set fraction of the smaller floor. Two captures of one building in one frame
/// only overlap along their shared walls (a few per cent), so a large overlap means a wrong frame or a
/// room captured twice.
enum RoomPlacementCheck {
    /// Largest number of raster cells sampled per room pair (bounds time and memory).
    static let maximumCells = 250_000
    /// Largest number of cell-vertex tests per room pair (fewer cells for floors with many vertices).
    static let maximumWork = 50_000_000

    /// The first offending pair (lower index first) with its overlap fraction, or `nil`.
    /// `floors[i]` holds room `i`'s floor polygons in plan (x, z); `elevations[i]` its floor height.
    /// Rooms whose floors differ by more than `heightTolerance` metres are never compared; pairs for which
    /// `excused(i, j, fraction)` is true (rooms shown to be open to each other) are passed over.
    /// - Complexity: O(pairs · cells · vertices) with cells · vertices ≤ ``maximumWork`` per pair.
    static func firstConflict(floors: [[PlanPolygon]], elevations: [Double?], heightTolerance: Double,
                              maximumFraction: Double, excused: (Int, Int, Double) -> Bool = { _, _, _ in false }) -> (Int, Int, Double)? {
        let areas = floors.map { $0.reduce(0) { $0 + $1.area } }
        let boxes = floors.map(bounds)
        for i in floors.indices {
            for j in floors.indices where j > i {
                guard areas[i] > 0, areas[j] > 0, let bi = boxes[i], let bj = boxes[j] else { continue }
                if let ei = elevations[i], let ej = elevations[j], abs(ei - ej) > heightTolerance { continue }
                let lo = pointwiseMax(bi.min, bj.min), hi = pointwiseMin(bi.max, bj.max)
                guard hi.x > lo.x, hi.y > lo.y else { continue }
                let vertices = (floors[i] + floors[j]).reduce(0) { $0 + $1.vertices.count }
                let overlap = rasterOverlap(floors[i], floors[j], lo: lo, hi: hi, cells: max(1000, min(maximumCells, maximumWork / max(vertices, 1))))
                let fraction = overlap / min(areas[i], areas[j])
                if fraction > maximumFraction, !excused(i, j, fraction) { return (i, j, fraction) }
            }
        }
        return nil
    }

    /// Area (m²) of the plan region inside some polygon of `a` and some polygon of `b`, sampled at cell
    /// centres of about `cells` cells (at least 5 cm) over the box `lo…hi`.
    static func rasterOverlap(_ a: [PlanPolygon], _ b: [PlanPolygon], lo: SIMD2<Double>, hi: SIMD2<Double>, cells: Int) -> Double {
        let size = hi - lo
        let cell = max(0.05, (size.x * size.y / Double(cells)).squareRoot())
        let nx = max(1, Int((size.x / cell).rounded(.up))), nz = max(1, Int((size.y / cell).rounded(.up)))
        var count = 0
        for iz in 0..<nz {
            let z = lo.y + (Double(iz) + 0.5) * cell
            for ix in 0..<nx {
                let p = SIMD2<Float>(Float(lo.x + (Double(ix) + 0.5) * cell), Float(z))
                if a.contains(where: { $0.contains(p) }) && b.contains(where: { $0.contains(p) }) { count += 1 }
            }
        }
        return Double(count) * cell * cell
    }

    static func bounds(_ polys: [PlanPolygon]) -> (min: SIMD2<Double>, max: SIMD2<Double>)? {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for p in polys { for v in p.vertices { lo = pointwiseMin(lo, SIMD2<Double>(v)); hi = pointwiseMax(hi, SIMD2<Double>(v)) } }
        return lo.x <= hi.x ? (lo, hi) : nil
    }
}
