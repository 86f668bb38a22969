/// Area estimate of a planar point set: the occupancy-grid area, capped by the area of the rectangle with
/// the same in-plane second moments, `12 * sqrt(λ1 * λ2)` (exact for a uniformly sampled rectangle). The
/// cap stops thin strips, whose grid cells grow on sparse data, from reporting inflated areas.
func planarArea(gridArea: Double, eigenvalues: SIMD3<Double>) -> Double {
    min(gridArea, 12 * (max(eigenvalues[1], 0) * max(eigenvalues[2], 0)).squareRoot())
}

/// A square occupancy grid in a plane's (u, v) coordinates over a set of points, with 8-connected
/// components and a boundary-corrected area per component (internal to plane segmentation).
///
/// The cell starts at the requested size and grows by 1.5x (at most 8 times) while the points average
/// fewer than three per occupied cell or the grid would exceed a size bound, so sparse scans do not
/// fragment into false components and memory stays O(points).
struct PlaneOccupancyGrid {
    let centroid: SIMD3<Double>
    let u: SIMD3<Double>
    let v: SIMD3<Double>
    private(set) var cell: Double = 0
    private(set) var minU: Double = 0
    private(set) var minV: Double = 0
    private(set) var width = 0
    private(set) var height = 0
    /// Component id per cell, -1 when empty.
    private(set) var cellLabel: [Int32] = []
    /// Cell of each input point.
    private(set) var pointCell: [Int32] = []
    /// Points per component.
    private(set) var componentPoints: [Int] = []
    /// Boundary-corrected area per component (m²).
    private(set) var componentArea: [Double] = []

    /// Grid over the points `(x[i], y[i], z[i])` (local frame) projected on the plane through `centroid`
    /// spanned by the unit vectors `u`, `v`.
    init(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        centroid: SIMD3<Double>, u: SIMD3<Double>, v: SIMD3<Double>, minCell: Double
    ) {
        self.centroid = centroid
        self.u = u
        self.v = v
        let m = x.count
        guard m > 0 else { return }
        // In-plane coordinates (u, v) of every point, as pairs so the rasterising divides both at once.
        var puv = [SIMD2<Double>](repeating: .zero, count: m)
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        // (dot(d, u), dot(d, v)) lane by lane: the same products and sums in the same order.
        let ux = SIMD2(u.x, v.x), uy = SIMD2(u.y, v.y), uz = SIMD2(u.z, v.z)
        puv.withUnsafeMutableBufferPointer { out in
            for i in 0..<m {
                let dx = Double(x[i]) - centroid.x, dy = Double(y[i]) - centroid.y, dz = Double(z[i]) - centroid.z
                let q = SIMD2(repeating: dx) * ux + SIMD2(repeating: dy) * uy + SIMD2(repeating: dz) * uz
                out[i] = q
                lo = pointwiseMin(lo, q)
                hi = pointwiseMax(hi, q)
            }
        }
        let maxCells = max(4 * m, 1 << 16)
        var c = minCell
        // Point counts per cell and the cell of each point, of the last attempt that rasterised (the one
        // whose size is kept): the final occupancy and point cells need no second pass.
        var cells = [Int32]()
        var pointCell = [Int32](repeating: 0, count: m)
        for attempt in 0...8 {
            // Sized in floating point first: a stray point at 1e19 m must grow the cell, not trap `Int(_:)`.
            let wd = ((hi.x - lo.x) / c).rounded(.down) + 1, hd = ((hi.y - lo.y) / c).rounded(.down) + 1
            if !(wd * hd <= Double(maxCells)) {
                c *= 1.5
                continue
            }
            let w = Int(wd), h = Int(hd)
            cells = [Int32](repeating: 0, count: w * h)
            let occupied = Self.rasterise(puv, lo: lo, cell: c, width: w, height: h, counts: &cells, pointCell: &pointCell)
            width = w
            height = h
            cell = c
            if attempt < 8 && m < 3 * occupied {
                c *= 1.5
                continue
            }
            break
        }
        if width == 0 {  // every attempt exceeded the size bound: 256 cells across the longest side
            cell = max((hi - lo).max() / 255, minCell)
            width = Int(((hi.x - lo.x) / cell).rounded(.down)) + 1
            height = Int(((hi.y - lo.y) / cell).rounded(.down)) + 1
            cells = [Int32](repeating: 0, count: width * height)
            _ = Self.rasterise(puv, lo: lo, cell: cell, width: width, height: height, counts: &cells, pointCell: &pointCell)
        }
        minU = lo.x
        minV = lo.y
        self.pointCell = pointCell
        labelComponents(occupancy: cells)
        // Points per component from the points per cell of the kept grid.
        for k in 0..<cells.count where cellLabel[k] >= 0 { componentPoints[Int(cellLabel[k])] += Int(cells[k]) }
    }

    /// Rasterises the in-plane points `puv` into a `width` x `height` grid of square cells of side `cell`
    /// whose corner is `lo`: adds one to `counts` per point and writes each point's cell into `pointCell`.
    /// Returns the number of occupied cells.
    /// - Precondition: `counts` holds `width * height` zeros; `pointCell.count == puv.count`.
    private static func rasterise(
        _ puv: [SIMD2<Double>], lo: SIMD2<Double>, cell: Double, width w: Int, height h: Int,
        counts: inout [Int32], pointCell: inout [Int32]
    ) -> Int {
        let size = SIMD2<Double>(repeating: cell)
        var occupied = 0
        puv.withUnsafeBufferPointer { p in
            counts.withUnsafeMutableBufferPointer { cnt in
                pointCell.withUnsafeMutableBufferPointer { pc in
                    for i in 0..<p.count {
                        let g = (p[i] - lo) / size
                        let k = min(h - 1, Int(g.y)) * w + min(w - 1, Int(g.x))
                        pc[i] = Int32(truncatingIfNeeded: k)
                        if cnt[k] == 0 { occupied += 1 }
                        cnt[k] &+= 1
                    }
                }
            }
        }
        return occupied
    }

    private mutating func labelComponents(occupancy: [Int32]) {
        let w = width, h = height
        cellLabel = [Int32](repeating: -1, count: w * h)
        var stack = [Int32]()
        var next: Int32 = 0
        for start in 0..<(w * h) where occupancy[start] != 0 && cellLabel[start] < 0 {
            cellLabel[start] = next
            stack.append(Int32(start))
            var interior = 0, boundary = 0
            while let top = stack.popLast() {
                let k = Int(top)
                let cu = k % w, cv = k / w
                var isBoundary = false
                for dv in -1...1 {
                    for du in -1...1 where du != 0 || dv != 0 {
                        let nu = cu + du, nv = cv + dv
                        guard nu >= 0, nu < w, nv >= 0, nv < h else {
                            if du == 0 || dv == 0 { isBoundary = true }
                            continue
                        }
                        let nk = nv * w + nu
                        if occupancy[nk] == 0 {
                            if du == 0 || dv == 0 { isBoundary = true }
                            continue
                        }
                        if cellLabel[nk] < 0 {
                            cellLabel[nk] = next
                            stack.append(Int32(nk))
                        }
                    }
                }
                if isBoundary { boundary += 1 } else { interior += 1 }
            }
            componentArea.append((Double(interior) + 0.5 * Double(boundary)) * cell * cell)
            componentPoints.append(0)
            next += 1
        }
    }

    /// Number of connected components.
    var componentCount: Int { componentArea.count }

    /// Grid coordinates (cells, fractional) of local point `p`; `(0, 0)` is the corner of cell 0.
    func cellCoordinates(of p: SIMD3<Float>) -> SIMD2<Double> {
        let d = SIMD3<Double>(p) - centroid
        return SIMD2((dot(d, u) - minU) / cell, (dot(d, v) - minV) / cell)
    }

    /// Component of the cell containing local point `p`, or nil when outside the grid or in an empty cell.
    func component(at p: SIMD3<Float>) -> Int? {
        guard width > 0 else { return nil }
        let d = SIMD3<Double>(p) - centroid
        let gu = (dot(d, u) - minU) / cell, gv = (dot(d, v) - minV) / cell
        guard gu >= 0, gv >= 0, gu < Double(width), gv < Double(height) else { return nil }
        let l = cellLabel[Int(gv) * width + Int(gu)]
        return l < 0 ? nil : Int(l)
    }
}

extension PlaneOccupancyGrid {
    /// True when local point `p` projects into a cell of `component` or one of its 8 neighbours.
    func contains(_ p: SIMD3<Float>, component c: Int) -> Bool {
        guard width > 0 else { return false }
        let g = cellCoordinates(of: p)
        let fu = g.x.rounded(.down), fv = g.y.rounded(.down)
        guard fu >= -1, fv >= -1, fu <= Double(width), fv <= Double(height) else { return false }
        let cu = Int(fu), cv = Int(fv)
        for nv in max(cv - 1, 0)...min(cv + 1, height - 1) {
            for nu in max(cu - 1, 0)...min(cu + 1, width - 1) where cellLabel[nv * width + nu] == Int32(c) {
                return true
            }
        }
        return false
    }

    /// The cells of component `c` dilated by one cell, as a mask with a one-cell border: answers
    /// ``contains(_:component:)`` with one projection and one look-up.
    func dilatedMask(component c: Int) -> DilatedComponentMask {
        DilatedComponentMask(grid: self, component: c)
    }

    /// Sum of the boundary-corrected areas of all components (m²).
    var totalArea: Double { componentArea.reduce(0, +) }
}
