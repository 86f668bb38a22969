/// A binary occupancy grid over the plan (horizontal) plane, used to find a room's footprint from the
/// points of its ceiling or floor.
///
/// Cell `(i, j)` covers `[minX + i*cell, minX + (i+1)*cell) x [minY + j*cell, minY + (j+1)*cell)` in plan
/// metres. Storage is one byte per cell, row-major (`j * width + i`).
package struct FootprintGrid: Sendable, Equatable {
    /// Cell edge length, metres.
    package let cell: Double
    /// Plan coordinates of the grid's lower-left corner, metres.
    package let minimum: SIMD2<Double>
    /// Number of columns (x) and rows (y).
    package let width: Int, height: Int
    /// 1 for occupied cells, 0 for empty ones.
    package var cells: [UInt8]

    /// Largest grid accepted (cells); a footprint of 300 m x 300 m at 2 cm is 2.25e8 cells and is refused.
    package static let maximumCellCount = 64_000_000

    /// Empty cells kept around the points, so closing and boundary tracing never touch the grid edge.
    package static let margin = 6

    /// Rasterises plan points into a grid with `cell`-metre cells and an empty margin of ``margin`` cells.
    ///
    /// - Throws: ``PointCloudError/tooFewPoints(required:actual:)`` for no points,
    ///   ``PointCloudError/nonFiniteCoordinate(index:)`` for NaN/Inf, and
    ///   ``PointCloudError/degenerate(_:)`` when the grid would exceed ``maximumCellCount``.
    /// - Complexity: O(n + cells).
    package init(points: [SIMD2<Double>], cell: Double) throws(PointCloudError) {
        guard !points.isEmpty else { throw .tooFewPoints(required: 1, actual: 0) }
        guard cell > 0, cell.isFinite else { throw .degenerate("grid cell size must be positive, got \(cell)") }
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for (k, p) in points.enumerated() {
            guard p.x.isFinite, p.y.isFinite else { throw .nonFiniteCoordinate(index: k) }
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let w = Int(((hi.x - lo.x) / cell).rounded(.down)) + 2 * Self.margin + 1
        let h = Int(((hi.y - lo.y) / cell).rounded(.down)) + 2 * Self.margin + 1
        guard w.multipliedReportingOverflow(by: h).overflow == false, w * h <= Self.maximumCellCount else {
            throw .degenerate("footprint of \(hi.x - lo.x) x \(hi.y - lo.y) m at \(cell) m cells is too large")
        }
        self.cell = cell
        self.minimum = lo - SIMD2(repeating: cell * Double(Self.margin))
        self.width = w
        self.height = h
        var c = [UInt8](repeating: 0, count: w * h)
        for p in points {
            let i = Int((p.x - minimum.x) / cell), j = Int((p.y - minimum.y) / cell)
            c[j * w + i] = 1
        }
        self.cells = c
    }

    /// An empty grid covering `[minimum, maximum]` with `cell`-metre cells plus the usual ``margin``.
    /// - Throws: ``PointCloudError/degenerate(_:)`` for a bad cell size or a grid above ``maximumCellCount``.
    package init(covering minimum: SIMD2<Double>, _ maximum: SIMD2<Double>, cell: Double) throws(PointCloudError) {
        guard cell > 0, cell.isFinite, minimum.x.isFinite, minimum.y.isFinite, maximum.x.isFinite, maximum.y.isFinite else {
            throw .degenerate("grid bounds and cell must be finite, cell positive")
        }
        let w = Int(((maximum.x - minimum.x) / cell).rounded(.down)) + 2 * Self.margin + 1
        let h = Int(((maximum.y - minimum.y) / cell).rounded(.down)) + 2 * Self.margin + 1
        guard w > 0, h > 0, w.multipliedReportingOverflow(by: h).overflow == false, w * h <= Self.maximumCellCount else {
            throw .degenerate("a footprint of \(maximum.x - minimum.x) x \(maximum.y - minimum.y) m at \(cell) m cells is too large")
        }
        self.cell = cell
        self.minimum = minimum - SIMD2(repeating: cell * Double(Self.margin))
        self.width = w
        self.height = h
        self.cells = [UInt8](repeating: 0, count: w * h)
    }

    /// Cell containing plan point `p`, or nil outside the grid.
    @inlinable
    package func cellIndex(of p: SIMD2<Double>) -> Int? {
        let i = Int(((p.x - minimum.x) / cell).rounded(.down)), j = Int(((p.y - minimum.y) / cell).rounded(.down))
        guard i >= 0, j >= 0, i < width, j < height else { return nil }
        return j * width + i
    }

    /// Plan coordinates of grid vertex `(i, j)` (a cell corner).
    @inlinable
    package func vertex(_ i: Int, _ j: Int) -> SIMD2<Double> {
        minimum + SIMD2(Double(i), Double(j)) * cell
    }

    /// Morphological closing (dilation then erosion) with a square of half-size `radius` cells: bridges gaps
    /// left by dropouts and thin occluders. `radius` is clamped to ``margin`` - 1.
    /// - Complexity: O(cells * radius) with separable passes.
    package mutating func close(radius: Int) {
        let radius = Swift.min(radius, Self.margin - 1)
        guard radius > 0 else { return }
        cells = Self.erode(Self.dilate(cells, width, height, radius), width, height, radius)
    }

    /// Morphological dilation with a square of half-size `radius` cells (an occupied cell occupies every
    /// cell within `radius` of it along both axes). Not clamped: cells beyond the grid are empty.
    /// - Complexity: O(cells * radius) with separable passes.
    package mutating func dilate(radius: Int) {
        guard radius > 0 else { return }
        cells = Self.dilate(cells, width, height, radius)
    }

    /// Distance from every occupied cell's centre to the nearest empty cell's centre (0 on empty cells),
    /// metres, by a 3-4 chamfer transform (within 8 % of the Euclidean distance); cells beyond the grid
    /// count as empty.
    /// - Complexity: O(cells), two passes.
    package func distanceToEmpty() -> [Double] {
        let big = Int32.max / 2
        var d = [Int32](repeating: 0, count: cells.count)
        for k in cells.indices where cells[k] != 0 { d[k] = big }
        func at(_ i: Int, _ j: Int) -> Int32 { i < 0 || j < 0 || i >= width || j >= height ? 0 : d[j * width + i] }
        for j in 0..<height {
            for i in 0..<width where d[j * width + i] != 0 {
                d[j * width + i] = Swift.min(d[j * width + i], at(i - 1, j) + 3, at(i, j - 1) + 3, at(i - 1, j - 1) + 4, at(i + 1, j - 1) + 4)
            }
        }
        for j in stride(from: height - 1, through: 0, by: -1) {
            for i in stride(from: width - 1, through: 0, by: -1) where d[j * width + i] != 0 {
                d[j * width + i] = Swift.min(d[j * width + i], at(i + 1, j) + 3, at(i, j + 1) + 3, at(i + 1, j + 1) + 4, at(i - 1, j + 1) + 4)
            }
        }
        return d.map { Double($0) / 3 * cell }
    }

    /// Whether an occupied cell lies on the grid's outermost rows or columns (a flood that escaped).
    /// - Complexity: O(width + height).
    package var touchesBorder: Bool {
        for i in 0..<width where cells[i] != 0 || cells[(height - 1) * width + i] != 0 { return true }
        for j in 0..<height where cells[j * width] != 0 || cells[j * width + width - 1] != 0 { return true }
        return false
    }

    /// Keeps only the 4-connected occupied component holding the first of `points` that lies on an occupied
    /// cell (all cells are cleared when none does). Returns whether a component was kept.
    /// - Complexity: O(cells).
    @discardableResult
    package mutating func keepComponent(containingFirstOf points: [SIMD2<Double>]) -> Bool {
        let grid = self
        guard let start = points.lazy.compactMap({ grid.cellIndex(of: $0) }).first(where: { grid.cells[$0] != 0 }) else {
            cells = [UInt8](repeating: 0, count: cells.count)
            return false
        }
        var keep = [UInt8](repeating: 0, count: cells.count)
        var stack = [start]
        keep[start] = 1
        while let k = stack.popLast() {
            let i = k % width, j = k / width
            for q in [i > 0 ? k - 1 : -1, i < width - 1 ? k + 1 : -1, j > 0 ? k - width : -1, j < height - 1 ? k + width : -1]
            where q >= 0 && cells[q] != 0 && keep[q] == 0 {
                keep[q] = 1
                stack.append(q)
            }
        }
        cells = keep
        return true
    }

    /// Keeps the 4-connected occupied components holding at least `minimum` of `points` (plan metres; points
    /// outside the raster or on empty cells count for none); keeps everything when no component does.
    /// Returns the number of components kept.
    /// - Complexity: O(cells + points).
    @discardableResult
    package mutating func keepComponents(holdingAtLeast minimum: Int, of points: [SIMD2<Double>]) -> Int {
        let (label, sizes) = componentLabels()
        var held = [Int](repeating: 0, count: sizes.count)
        for p in points {
            if let k = cellIndex(of: p), label[k] >= 0 { held[Int(label[k])] += 1 }
        }
        let kept = held.map { $0 >= minimum }
        let count = kept.filter { $0 }.count
        guard count > 0 else { return 0 }
        for k in cells.indices where cells[k] != 0 && !kept[Int(label[k])] { cells[k] = 0 }
        return count
    }

    /// The 4-connected components of the occupied cells: a label per cell (-1 for empty cells; components
    /// numbered in order of their first cell) and each component's size in cells.
    /// - Complexity: O(cells).
    package func componentLabels() -> (label: [Int32], sizes: [Int]) {
        var label = [Int32](repeating: -1, count: cells.count)
        var sizes: [Int] = []
        var stack: [Int] = []
        for s in 0..<cells.count where cells[s] != 0 && label[s] < 0 {
            let next = Int32(sizes.count)
            var size = 0
            stack.append(s)
            label[s] = next
            while let k = stack.popLast() {
                size += 1
                let i = k % width, j = k / width
                if i > 0, cells[k - 1] != 0, label[k - 1] < 0 { label[k - 1] = next; stack.append(k - 1) }
                if i < width - 1, cells[k + 1] != 0, label[k + 1] < 0 { label[k + 1] = next; stack.append(k + 1) }
                if j > 0, cells[k - width] != 0, label[k - width] < 0 { label[k - width] = next; stack.append(k - width) }
                if j < height - 1, cells[k + width] != 0, label[k + width] < 0 { label[k + width] = next; stack.append(k + width) }
            }
            sizes.append(size)
        }
        return (label, sizes)
    }

    /// Keeps only the largest 4-connected occupied component and fills its holes.
    /// - Complexity: O(cells).
    package mutating func keepLargestComponentFilled() {
        let (label, sizes) = componentLabels()
        var best = -1, bestSize = 0
        for (c, size) in sizes.enumerated() where size > bestSize {
            bestSize = size
            best = c
        }
        var stack: [Int] = []
        // Flood the outside from the border through cells not in the best component.
        var outside = [Bool](repeating: false, count: cells.count)
        for i in 0..<width {
            stack.append(i)
            stack.append((height - 1) * width + i)
        }
        for j in 0..<height {
            stack.append(j * width)
            stack.append(j * width + width - 1)
        }
        while let k = stack.popLast() {
            guard !outside[k], label[k] != Int32(best) else { continue }
            outside[k] = true
            let i = k % width, j = k / width
            if i > 0 { stack.append(k - 1) }
            if i < width - 1 { stack.append(k + 1) }
            if j > 0 { stack.append(k - width) }
            if j < height - 1 { stack.append(k + width) }
        }
        for k in 0..<cells.count { cells[k] = outside[k] ? 0 : 1 }
    }

    /// Area of the occupied cells, m².
    package var occupiedArea: Double { Double(cells.reduce(0) { $0 + Int($1) }) * cell * cell }

    /// The outer boundary of the occupied cells as a closed, counter-clockwise polygon through cell
    /// corners (no repeated first vertex). Expects a single hole-free component (call
    /// ``keepLargestComponentFilled()`` first); returns the longest loop otherwise.
    /// - Complexity: O(cells).
    package func boundaryPolygon() -> [SIMD2<Double>] {
        // Directed boundary edges with the occupied cell on the left; key = vertex index.
        let vw = width + 1
        var out = [Int32](repeating: -1, count: (width + 1) * (height + 1))
        var extra: [Int: [Int32]] = [:]
        func occ(_ i: Int, _ j: Int) -> Bool { i >= 0 && j >= 0 && i < width && j < height && cells[j * width + i] == 1 }
        func add(_ a: Int, _ b: Int) {
            if out[a] < 0 { out[a] = Int32(b) } else { extra[a, default: []].append(Int32(b)) }
        }
        for j in 0..<height {
            for i in 0..<width where occ(i, j) {
                if !occ(i, j - 1) { add(j * vw + i, j * vw + i + 1) }              // bottom edge, left to right
                if !occ(i + 1, j) { add(j * vw + i + 1, (j + 1) * vw + i + 1) }    // right edge, upwards
                if !occ(i, j + 1) { add((j + 1) * vw + i + 1, (j + 1) * vw + i) }  // top edge, right to left
                if !occ(i - 1, j) { add((j + 1) * vw + i, j * vw + i) }            // left edge, downwards
            }
        }
        var used = Set<Int64>()
        var bestLoop: [Int] = []
        for start in 0..<out.count where out[start] >= 0 {
            var loop: [Int] = []
            var v = start
            var guardCount = 0
            while guardCount < out.count * 2 {
                guardCount += 1
                var candidates = [Int(out[v])] + (extra[v] ?? []).map(Int.init)
                candidates.removeAll { used.contains(Int64(v) << 32 | Int64($0)) }
                guard let n = candidates.first else { break }
                used.insert(Int64(v) << 32 | Int64(n))
                loop.append(v)
                v = n
                if v == start { break }
            }
            if loop.count > bestLoop.count { bestLoop = loop }
        }
        // Drop collinear vertices.
        var poly: [SIMD2<Double>] = []
        let m = bestLoop.count
        for k in 0..<m {
            let a = bestLoop[(k + m - 1) % m], b = bestLoop[k], c = bestLoop[(k + 1) % m]
            let da = SIMD2(b % vw - a % vw, b / vw - a / vw), dc = SIMD2(c % vw - b % vw, c / vw - b / vw)
            if da != dc { poly.append(vertex(b % vw, b / vw)) }
        }
        return poly
    }

    private static func dilate(_ c: [UInt8], _ w: Int, _ h: Int, _ r: Int) -> [UInt8] {
        morph(c, w, h, r, fill: 1)
    }

    private static func erode(_ c: [UInt8], _ w: Int, _ h: Int, _ r: Int) -> [UInt8] {
        morph(c, w, h, r, fill: 0)
    }

    /// Separable square max (fill 1) or min (fill 0) filter.
    private static func morph(_ c: [UInt8], _ w: Int, _ h: Int, _ r: Int, fill: UInt8) -> [UInt8] {
        var tmp = [UInt8](repeating: 1 - fill, count: c.count)
        for j in 0..<h {
            for i in 0..<w {
                var hit = false
                for a in Swift.max(0, i - r)...Swift.min(w - 1, i + r) where c[j * w + a] == fill {
                    hit = true
                    break
                }
                tmp[j * w + i] = hit ? fill : 1 - fill
            }
        }
        var res = tmp
        for j in 0..<h {
            for i in 0..<w {
                var hit = false
                for b in Swift.max(0, j - r)...Swift.min(h - 1, j + r) where tmp[b * w + i] == fill {
                    hit = true
                    break
                }
                res[j * w + i] = hit ? fill : 1 - fill
            }
        }
        return res
    }
}
