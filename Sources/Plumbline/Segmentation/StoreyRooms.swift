import Foundation
import PlumbKernel

/// Per-cell height occupancy of one storey's plan grid: for every cell, which 5 cm height slabs (up to 128,
/// from the storey's bottom) are occupied, as two 64-bit words. A slab is occupied when it holds at least two
/// points and a tenth of the cell's fullest slab: a phone's stray returns (a point or two here and there above
/// the ceiling, behind walls) are no surface.
struct ColumnSlabs {
    /// Slab height, metres.
    static let slab = 0.05
    /// Bits of occupied slabs: `words[2 c]` slabs 0-63 of cell c, `words[2 c + 1]` slabs 64-127.
    var words: [UInt64]

    /// Fills the columns of `grid`'s cells from the points `members` of `cloud` (y-up local frame) whose
    /// heights are measured from `bottom`; `cellOf[m]` receives member m's cell (-1 outside the grid).
    /// - Complexity: O(members + 128 cells) time, 128 bytes per cell.
    init(grid: FootprintGrid, cloud: PointCloud, members: [Int], bottom: Double, cellOf: inout [Int32]) {
        let n = grid.cells.count
        var counts = [UInt8](repeating: 0, count: 128 * n)
        cellOf = [Int32](repeating: -1, count: members.count)
        for (m, i) in members.enumerated() {
            guard let c = grid.cellIndex(of: SIMD2(Double(cloud.x[i]), Double(cloud.z[i]))) else { continue }
            cellOf[m] = Int32(c)
            let k = Swift.min(127, Swift.max(0, Int((Double(cloud.y[i]) - bottom) / Self.slab)))
            if counts[128 * c + k] < 255 { counts[128 * c + k] += 1 }
        }
        words = [UInt64](repeating: 0, count: 2 * n)
        for c in 0..<n {
            var most: UInt8 = 0
            for k in 0..<128 { most = Swift.max(most, counts[128 * c + k]) }
            guard most >= 2 else { continue }
            let least = Swift.max(2, most / 10)
            for k in 0..<128 where counts[128 * c + k] >= least { words[2 * c + (k >> 6)] |= UInt64(1) << UInt64(k & 63) }
        }
    }

    /// Whether slab `k` of cell `c` is occupied.
    func has(_ c: Int, _ k: Int) -> Bool { k >= 0 && k < 128 && words[2 * c + (k >> 6)] & (UInt64(1) << UInt64(k & 63)) != 0 }

    /// Highest occupied slab of cell `c`, -1 when none.
    func top(_ c: Int) -> Int {
        if words[2 * c + 1] != 0 { return 127 - words[2 * c + 1].leadingZeroBitCount }
        if words[2 * c] != 0 { return 63 - words[2 * c].leadingZeroBitCount }
        return -1
    }

    /// Lowest occupied slab of cell `c`, -1 when none.
    func bottom(_ c: Int) -> Int {
        if words[2 * c] != 0 { return words[2 * c].trailingZeroBitCount }
        if words[2 * c + 1] != 0 { return 64 + words[2 * c + 1].trailingZeroBitCount }
        return -1
    }

    /// Number of consecutive occupied slabs of cell `c` from slab `k` downwards.
    func run(_ c: Int, downFrom k: Int) -> Int {
        var n = 0
        while has(c, k - n) { n += 1 }
        return n
    }

    /// Longest run of consecutive occupied slabs of cell `c`.
    func longestRun(_ c: Int) -> Int {
        var best = 0, current = 0
        for k in 0..<128 {
            current = has(c, k) ? current + 1 : 0
            best = Swift.max(best, current)
        }
        return best
    }
}

extension RoomSegmentation {
    /// The plan raster of one storey before the free space: its points, grid, height columns and wall evidence.
    struct StoreyRaster {
        /// Indices of the storey's points.
        var members: [Int]
        /// The plan grid (x, z of the y-up local frame, possibly turned: see ``RoomSegmentation/wallTurn(_:cloud:cell:)``).
        var grid: FootprintGrid
        /// Occupied height slabs per cell.
        var columns: ColumnSlabs
        /// Cell of every member (-1 outside the grid).
        var cellOf: [Int32]
        /// Highest occupied slab per cell (-1 when none).
        var top: [Int]
        /// Wall evidence per cell, not dilated.
        var walls: FootprintGrid
        /// The wall evidence that reaches the ceiling (points running down from the cell's top at the ceiling),
        /// not dilated: ``walls`` less the cells that are walls by a tall run only (an open door leaf, a
        /// wardrobe's side, or a wall whose top was not seen).
        var ceilingWalls: FootprintGrid
    }

    /// The raster of the points of `cloud` whose height lies in `range` (type documentation, step 3), nil
    /// when there are none.
    /// - Complexity: O(n + cells).
    func storeyRaster(range: ClosedRange<Double>, cloud: PointCloud) throws(RoomSegmentationError) -> StoreyRaster? {
        var members: [Int] = []
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for i in 0..<cloud.count where range.contains(Double(cloud.y[i])) {
            members.append(i)
            let p = SIMD2(Double(cloud.x[i]), Double(cloud.z[i]))
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        guard !members.isEmpty else { return nil }
        let grid: FootprintGrid
        do { grid = try FootprintGrid(covering: lo, hi, cell: options.cell) } catch { throw .tooLarge("\(error)") }
        let (w, n, cell, slab) = (grid.width, grid.cells.count, options.cell, ColumnSlabs.slab)
        var cellOf: [Int32] = []
        let columns = ColumnSlabs(grid: grid, cloud: cloud, members: members, bottom: range.lowerBound, cellOf: &cellOf)
        let top = (0..<n).map(columns.top)
        // The ceiling over each cell: the highest top within 30 cm.
        let ceiling = Self.neighbourhoodMaximum(top, width: w, height: grid.height, radius: Int((0.3 / cell).rounded()))
        var walls = grid
        walls.cells = [UInt8](repeating: 0, count: n)
        var ceilingWalls = walls
        let (wallRun, tallRun) = (Int((options.minimumWallRun / slab).rounded()), Int((options.tallRun / slab).rounded()))
        for c in 0..<n where top[c] >= 0 {
            let atCeiling = top[c] >= ceiling[c] - 2 && Double(top[c]) * slab >= 1.2 && columns.run(c, downFrom: top[c]) >= wallRun
            if atCeiling || columns.longestRun(c) >= tallRun { walls.cells[c] = 1 }
            if atCeiling { ceilingWalls.cells[c] = 1 }
        }
        return StoreyRaster(members: members, grid: grid, columns: columns, cellOf: cellOf, top: top, walls: walls,
                            ceilingWalls: ceilingWalls)
    }

    /// The rooms of storey `s` (type documentation, steps 3-5): `range` its height range and `stations` every
    /// frame's sensor position (y-up local frame; empty without sensor positions). When the storey's walls are
    /// not aligned with the x and z axes (``wallTurn(_:cloud:cell:)``), its points and stations are turned about
    /// the vertical so that they are, the rooms found there, and their centres turned back.
    /// - Complexity: O(n + cells), twice when the storey is turned.
    func roomsOfStorey(_ s: Int, range: ClosedRange<Double>, cloud: PointCloud, stations: [SIMD3<Double>]) throws(RoomSegmentationError) -> [Room] {
        guard let raster = try storeyRaster(range: range, cloud: cloud) else { return [] }
        let turn: Double = Self.wallTurn(raster, cloud: cloud, cell: options.cell)
        guard turn != 0 else { return try roomsOfStorey(s, range: range, raster: raster, cloud: cloud, stations: stations) }
        let c: Double = cos(turn), sn: Double = sin(turn)
        // Plan (x, z) turned by the angle whose cosine and sine are `c` and `s` (`-sn` turns back).
        func turned(_ x: Double, _ z: Double, _ s: Double) -> SIMD2<Double> { SIMD2(c * x + s * z, -s * x + c * z) }
        var turnedCloud = cloud
        for i in raster.members {
            let q = turned(Double(cloud.x[i]), Double(cloud.z[i]), sn)
            turnedCloud.x[i] = Float(q.x)
            turnedCloud.z[i] = Float(q.y)
        }
        let turnedStations = stations.map { p in
            let q = turned(p.x, p.z, sn)
            return SIMD3(q.x, p.y, q.y)
        }
        guard let again = try storeyRaster(range: range, cloud: turnedCloud) else { return [] }
        var rooms = try roomsOfStorey(s, range: range, raster: again, cloud: turnedCloud, stations: turnedStations)
        for k in rooms.indices { rooms[k].centre = turned(rooms[k].centre.x, rooms[k].centre.y, -sn) }
        return rooms
    }

    /// The rooms of storey `s` from its raster (type documentation, steps 3-5).
    /// - Complexity: O(n + cells).
    func roomsOfStorey(_ s: Int, range: ClosedRange<Double>, raster: StoreyRaster, cloud: PointCloud,
                       stations: [SIMD3<Double>]) throws(RoomSegmentationError) -> [Room] {
        let (members, grid, columns, cellOf, top) = (raster.members, raster.grid, raster.columns, raster.cellOf, raster.top)
        let (w, n, cell, slab) = (grid.width, grid.cells.count, options.cell, ColumnSlabs.slab)
        var walls = raster.walls
        walls.dilate(radius: 1)
        var ceilingWalls = raster.ceilingWalls
        ceilingWalls.dilate(radius: 1)
        var free = grid
        free.cells = (0..<n).map { top[$0] >= 0 && walls.cells[$0] == 0 ? 1 : 0 }
        free.close(radius: 2)
        for c in 0..<n where walls.cells[c] != 0 { free.cells[c] = 0 }

        // Frames' stations per cell (their regions decide whether a cut at a wall line's gap holds).
        var stationCells = [Int](repeating: 0, count: n)
        for p in stations where p.y.isFinite && range.contains(p.y) {
            if let c = grid.cellIndex(of: SIMD2(p.x, p.z)) { stationCells[c] += 1 }
        }
        var label = Self.wallLineGapSplit(free, walls: walls, ceilingWalls: ceilingWalls, radius: options.passageWidth / 2, depth: options.seedDepth,
                                          stationCells: stationCells, minimumCells: Int(options.minimumSplitArea / (cell * cell)))
        label = Self.floorStepSplit(label, free: free, walls: walls, columns: columns,
                                    step: Int((options.floorStep / slab).rounded()), minimumCells: Int(options.minimumSplitArea / (cell * cell)))

        // Regions in plan order (first cell), then which frames' sensors stood in each.
        var firstCell: [Int] = []
        for c in 0..<n where label[c] >= 0 {
            while firstCell.count <= Int(label[c]) { firstCell.append(Int.max) }
            firstCell[Int(label[c])] = Swift.min(firstCell[Int(label[c])], c)
        }
        let order = firstCell.indices.filter { firstCell[$0] != Int.max }.sorted { firstCell[$0] < firstCell[$1] }
        var rank = [Int32](repeating: -1, count: firstCell.count)
        for (k, r) in order.enumerated() { rank[r] = Int32(k) }
        for c in 0..<n where label[c] >= 0 { label[c] = rank[Int(label[c])] }
        let regions = order.count
        var cells = [Int](repeating: 0, count: regions), wallEdges = cells, edges = cells
        var sum = [SIMD2<Double>](repeating: .zero, count: regions)
        for c in 0..<n where label[c] >= 0 {
            let r = Int(label[c])
            cells[r] += 1
            sum[r] += grid.vertex(c % w, c / w) + SIMD2(repeating: cell / 2)
            for q in Self.neighbours(c, grid) where label[q] != label[c] {
                edges[r] += 1
                if walls.cells[q] != 0 { wallEdges[r] += 1 }
            }
        }
        // Stations find their region within 30 cm (a sensor held over a doorway's threshold).
        let reach = Self.grown(label, grid: grid, steps: Int((0.3 / cell).rounded()))
        var frameRegion = [Int32](repeating: -1, count: stations.count)
        var stationsIn = [Int](repeating: 0, count: regions)
        for (f, p) in stations.enumerated() where p.y.isFinite && range.contains(p.y) {
            if let c = grid.cellIndex(of: SIMD2(p.x, p.z)), reach[c] >= 0 {
                frameRegion[f] = reach[c]
                stationsIn[Int(reach[c])] += 1
            }
        }
        let placed = stationsIn.reduce(0, +), sensed = placed > 0
        let minimumCells = Int((options.minimumRoomArea / (cell * cell)).rounded(.up))
        let isRoom = (0..<regions).map { r in
            cells[r] >= minimumCells && (sensed ? stationsIn[r] > 0 && 100 * stationsIn[r] >= placed : 2 * wallEdges[r] >= edges[r])
        }
        // Points: with sensors, every point of the frames that stood in the room; otherwise the points over its
        // region widened by the wall margin.
        let widened = Self.grown(label.map { $0 >= 0 && isRoom[Int($0)] ? $0 : -1 }, grid: grid,
                                 steps: Int((options.wallMargin / cell).rounded()))
        var points = [[Int]](repeating: [], count: regions)
        if sensed, let frames = cloud.frameIndex {
            // Not what lies over another room's region (beyond the wall margin): what a room's frames saw of a
            // neighbour through a doorway would pull its floor and walls into the neighbour. What they saw
            // outside (through windows) and over walls stays.
            var cellOfPoint = [Int32](repeating: -1, count: cloud.count)
            for (m, i) in members.enumerated() { cellOfPoint[i] = cellOf[m] }
            for i in 0..<cloud.count {
                let r = frameRegion[Int(frames[i])]
                guard r >= 0, isRoom[Int(r)] else { continue }
                let c = Int(cellOfPoint[i])
                if c >= 0, widened[c] != r, label[c] >= 0, isRoom[Int(label[c])] { continue }
                points[Int(r)].append(i)
            }
        }
        for (m, i) in members.enumerated() where cellOf[m] >= 0 {
            let r = widened[Int(cellOf[m])]
            if r >= 0, !sensed { points[Int(r)].append(i) }
        }
        var rooms: [Room] = []
        for r in 0..<regions where isRoom[r] {
            rooms.append(Room(storey: s, area: Double(cells[r]) * cell * cell, centre: sum[r] / Double(cells[r]), stations: stationsIn[r],
                              pointIndices: points[r].sorted(), keepsSensors: sensed))
        }
        return rooms
    }

    /// The 4-neighbours of cell `c` inside `grid`.
    static func neighbours(_ c: Int, _ grid: FootprintGrid) -> [Int] {
        let (w, i, j) = (grid.width, c % grid.width, c / grid.width)
        var out: [Int] = []
        if i > 0 { out.append(c - 1) }
        if i < w - 1 { out.append(c + 1) }
        if j > 0 { out.append(c - w) }
        if j < grid.height - 1 { out.append(c + w) }
        return out
    }

    /// Per cell, the largest value within a square of half-size `radius` cells.
    /// - Complexity: O(cells * radius), separable.
    static func neighbourhoodMaximum(_ v: [Int], width w: Int, height h: Int, radius r: Int) -> [Int] {
        // One pass along each line (`index(line, position)`), rows first, then columns.
        func pass(_ v: [Int], length: Int, lines: Int, _ index: (Int, Int) -> Int) -> [Int] {
            var out = v
            for line in 0..<lines {
                for a in 0..<length {
                    var m = Int.min
                    for b in Swift.max(0, a - r)...Swift.min(length - 1, a + r) { m = Swift.max(m, v[index(line, b)]) }
                    out[index(line, a)] = m
                }
            }
            return out
        }
        return pass(pass(v, length: w, lines: h) { $0 * w + $1 }, length: h, lines: w) { $1 * w + $0 }
    }

    /// `label` grown breadth-first by up to `steps` 4-neighbour steps into unlabelled (-1) cells; a cell
    /// reached by two regions in the same step takes the one that reached it first in cell order.
    /// - Complexity: O(cells * steps) at worst.
    static func grown(_ label: [Int32], grid: FootprintGrid, steps: Int) -> [Int32] {
        var out = label
        var front = out.indices.filter { out[$0] >= 0 }
        for _ in 0..<steps where !front.isEmpty {
            var next: [Int] = []
            for c in front {
                for q in neighbours(c, grid) where out[q] < 0 {
                    out[q] = out[c]
                    next.append(q)
                }
            }
            front = next
        }
        return out
    }

    /// Regions of free space (labels per cell, -1 elsewhere), narrow passages split (type documentation,
    /// step 4): seeds are the pieces of the free space farther than `radius` metres from its edge that reach
    /// `radius + depth`; every 4-connected component with two seeds or more is shared among them by
    /// breadth-first growth; the others stay whole.
    /// - Complexity: O(cells).
    static func passageSplit(_ free: FootprintGrid, radius: Double, depth: Double) -> [Int32] {
        let d = free.distanceToEmpty()
        var eroded = free
        eroded.cells = d.map { $0 > radius ? 1 : 0 }
        let (pieces, _) = eroded.componentLabels()
        var reach = [Double](repeating: 0, count: pieces.count)
        for c in pieces.indices where pieces[c] >= 0 { reach[Int(pieces[c])] = Swift.max(reach[Int(pieces[c])], d[c]) }
        let (components, sizes) = free.componentLabels()
        var seedsIn = [Int](repeating: 0, count: sizes.count)
        var counted = [Bool](repeating: false, count: reach.count)
        for c in pieces.indices where pieces[c] >= 0 && reach[Int(pieces[c])] >= radius + depth && !counted[Int(pieces[c])] {
            counted[Int(pieces[c])] = true
            seedsIn[Int(components[c])] += 1
        }
        // Seeds keep their piece numbers; whole components follow them.
        var label = [Int32](repeating: -1, count: free.cells.count)
        var front: [Int] = []
        for c in pieces.indices where pieces[c] >= 0 && counted[Int(pieces[c])] && seedsIn[Int(components[c])] >= 2 {
            label[c] = pieces[c]
            front.append(c)
        }
        grow(&label, from: front, over: free)
        let base = Int32(reach.count)
        for c in label.indices where label[c] < 0 && components[c] >= 0 { label[c] = base + components[c] }
        return label
    }

    /// Spreads `label` breadth-first from the cells `front` over the unlabelled (negative) free cells of
    /// `free`, each taking the label of the neighbour it was reached from.
    /// - Complexity: O(cells).
    static func grow(_ label: inout [Int32], from front: [Int], over free: FootprintGrid) {
        var front = front
        while !front.isEmpty {
            var next: [Int] = []
            for c in front {
                for q in neighbours(c, free) where free.cells[q] != 0 && label[q] < 0 {
                    label[q] = label[c]
                    next.append(q)
                }
            }
            front = next
        }
    }

    /// Regions of free space with gaps in wall lines cut (type documentation, step 4): the cells of every gap
    /// of a wall line (``wallLineGaps(free:walls:ceilingWalls:band:thin:doorway:)``) are taken out of the free space, the rest is
    /// split by ``passageSplit(_:radius:depth:)`` and the gap cells are given back to the regions beside them
    /// (breadth-first). A region touching a gap that is not room-like (under `minimumCells`, or, with stations,
    /// holding under 1 % of the storey's stations or none) joins the neighbour of its free-space component it
    /// shares most boundary with, smallest first; without any gap this is ``passageSplit(_:radius:depth:)``.
    /// - Complexity: O(cells × band × doorway) for the gaps, O(cells) for the rest plus O(regions × cells) at
    ///   worst for the joins.
    static func wallLineGapSplit(_ free: FootprintGrid, walls: FootprintGrid, ceilingWalls: FootprintGrid, radius: Double, depth: Double,
                                 stationCells: [Int], minimumCells: Int) -> [Int32] {
        let cell = free.cell
        let gaps = wallLineGaps(free: free, walls: walls, ceilingWalls: ceilingWalls, band: Int((0.5 / cell).rounded()), thin: Swift.max(2, Int((0.1 / cell).rounded())),
                                doorway: Int((2 * radius / cell).rounded()))
        guard gaps.contains(true) else { return passageSplit(free, radius: radius, depth: depth) }
        var cut = free
        for c in gaps.indices where gaps[c] { cut.cells[c] = 0 }
        var label = passageSplit(cut, radius: radius, depth: depth)
        // Gap cells back to the regions beside them.
        grow(&label, from: label.indices.filter { label[$0] >= 0 }, over: free)
        let regions = Int((label.max() ?? -1) + 1)
        guard regions > 1 else { return label }
        let (component, _) = free.componentLabels()
        var size = [Int](repeating: 0, count: regions), held = size
        var atGap = [Bool](repeating: false, count: regions)
        var componentOf = [Int32](repeating: -1, count: regions)
        for c in label.indices where label[c] >= 0 {
            let r = Int(label[c])
            size[r] += 1
            held[r] += stationCells[c]
            if gaps[c] { atGap[r] = true }
            componentOf[r] = component[c]
        }
        let stations = stationCells.reduce(0, +)
        func roomLike(_ cells: Int, _ inside: Int) -> Bool {
            cells >= minimumCells && (stations == 0 || (inside > 0 && 100 * inside >= stations))
        }
        var sets = DisjointSets(count: regions)
        var rootSize = size, rootHeld = held
        let pending = (0..<regions).filter { size[$0] > 0 && atGap[$0] }.sorted { size[$0] != size[$1] ? size[$0] < size[$1] : $0 < $1 }
        for r in pending {
            let root = sets.find(r)
            guard !roomLike(rootSize[root], rootHeld[root]) else { continue }
            var shared: [Int: Int] = [:]
            for c in label.indices where label[c] >= 0 && sets.find(Int(label[c])) == root {
                for q in neighbours(c, free) where label[q] >= 0 && componentOf[Int(label[q])] == componentOf[r] {
                    let other = sets.find(Int(label[q]))
                    if other != root { shared[other, default: 0] += 1 }
                }
            }
            guard let best = shared.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key else { continue }
            _ = sets.union(root, best)
            let merged = sets.find(root)
            rootSize[merged] = size.indices.filter { sets.find($0) == merged }.reduce(0) { $0 + size[$1] }
            rootHeld[merged] = held.indices.filter { sets.find($0) == merged }.reduce(0) { $0 + held[$1] }
        }
        for c in label.indices where label[c] >= 0 { label[c] = Int32(sets.find(Int(label[c]))) }
        return label
    }

    /// Cells of the gaps in wall lines: along every row and every column of the grid, a run of free cells
    /// between two wall cells that are both jambs, or a run shorter than `doorway` cells with one jamb. A jamb
    /// is a wall cell from which (or from the next cell outward) `thin` wall cells in a row along the line
    /// have free space on both sides across the line within `band` cells (the end of a wall between two
    /// rooms, seen from both), one of them reaching the ceiling (`ceilingWalls`, dilated like `walls`)
    /// within `doorway` cells of that row: an open door leaf standing in a hallway is thin too, but it is no
    /// longer than its doorway is wide and stops under the ceiling, so the run from its free edge across the
    /// hallway is no gap of a wall line (that cut split hallways in two). The two jambs of an opening without lintel between two rooms, and a doorway
    /// whose lintel was not seen, leave such a gap; a run across a room or a corridor ends at walls that
    /// cross it (wall along the run's side, not free space), and an opening to the outside has no free
    /// space behind its jambs.
    /// - Complexity: O(cells × band × doorway) at worst.
    static func wallLineGaps(free: FootprintGrid, walls: FootprintGrid, ceilingWalls: FootprintGrid, band: Int, thin: Int, doorway: Int) -> [Bool] {
        let (w, h) = (free.width, free.height)
        var out = [Bool](repeating: false, count: w * h)
        for rows in [true, false] {
            let (length, lines) = rows ? (w, h) : (h, w)
            func index(_ line: Int, _ p: Int) -> Int { rows ? line * w + p : p * w + line }
            func inside(_ line: Int, _ p: Int) -> Bool { line >= 0 && line < lines && p >= 0 && p < length }
            func isWall(_ line: Int, _ p: Int) -> Bool { inside(line, p) && walls.cells[index(line, p)] != 0 }
            func isFree(_ line: Int, _ p: Int) -> Bool { inside(line, p) && free.cells[index(line, p)] != 0 }
            func reachesCeiling(_ line: Int, _ p: Int) -> Bool { inside(line, p) && ceilingWalls.cells[index(line, p)] != 0 }
            // Whether the wall cell (line, p) has free space on both sides across the line within `band` cells.
            func isThin(_ line: Int, _ p: Int) -> Bool {
                for side in [-1, 1] {
                    var t = 1
                    while t <= band && isWall(line + side * t, p) { t += 1 }
                    guard t <= band, isFree(line + side * t, p) else { return false }
                }
                return true
            }
            // Whether the wall cell (line, p) is a jamb: from it (or the next cell) outward, `thin` wall cells in a
            // row are thin, and one of the thin cells in that row within `doorway` cells reaches the ceiling.
            func isJamb(_ line: Int, _ p: Int, step: Int) -> Bool {
                for lead in 0...1 {
                    var (k, reaches) = (0, false)
                    while k < Swift.max(thin, doorway) && isWall(line, p + step * (lead + k)) && isThin(line, p + step * (lead + k)) {
                        if reachesCeiling(line, p + step * (lead + k)) { reaches = true }
                        k += 1
                        if k >= thin && reaches { return true }
                    }
                }
                return false
            }
            for line in 0..<lines {
                var p = 0
                while p < length {
                    guard isFree(line, p) else { p += 1; continue }
                    var q = p
                    while isFree(line, q + 1) { q += 1 }
                    // Jambs at both ends; a doorway-wide gap needs one (the other end may be a wall across).
                    let (left, right) = (isWall(line, p - 1) && isJamb(line, p - 1, step: -1), isWall(line, q + 1) && isJamb(line, q + 1, step: 1))
                    if isWall(line, p - 1) && isWall(line, q + 1) && (left && right || (left || right) && q - p < doorway) {
                        for k in p...q { out[index(line, k)] = true }
                    }
                    p = q + 1
                }
            }
        }
        return out
    }

    /// `label` with every region whose floor steps (lowest occupied slab of neighbouring cells `step` slabs
    /// apart or more) into at least two room-like pieces (`minimumCells` cells or more, walls along half of
    /// the boundary) split into those pieces; the other pieces join the piece they share most boundary with,
    /// smallest first.
    /// - Complexity: O(cells + pieces × cells of their region).
    static func floorStepSplit(_ label: [Int32], free: FootprintGrid, walls: FootprintGrid, columns: ColumnSlabs,
                               step: Int, minimumCells: Int) -> [Int32] {
        let n = label.count
        var piece = [Int32](repeating: -1, count: n)
        var pieceCells: [[Int]] = [], pieceRegion: [Int32] = []
        for s in 0..<n where label[s] >= 0 && piece[s] < 0 {
            let id = Int32(pieceCells.count)
            var members = [s], k = 0
            piece[s] = id
            while k < members.count {
                let c = members[k]
                k += 1
                for q in neighbours(c, free) where label[q] == label[c] && piece[q] < 0
                    && abs(columns.bottom(q) - columns.bottom(c)) < step {
                    piece[q] = id
                    members.append(q)
                }
            }
            pieceCells.append(members)
            pieceRegion.append(label[s])
        }
        let roomLike = pieceCells.map { members -> Bool in
            guard members.count >= minimumCells else { return false }
            var wall = 0, all = 0
            for c in members {
                for q in neighbours(c, free) where piece[q] != piece[c] {
                    all += 1
                    if walls.cells[q] != 0 { wall += 1 }
                }
            }
            return 2 * wall >= all
        }
        var roomLikeIn = [Int: Int]()
        for (p, r) in pieceRegion.enumerated() where roomLike[p] { roomLikeIn[Int(r), default: 0] += 1 }
        var out = label
        var next = (label.max() ?? -1) + 1
        // Regions with two room-like pieces or more: every piece joins a room-like one, smallest first.
        var merged = Array(pieceCells.indices)
        func root(_ p: Int) -> Int { var p = p; while merged[p] != p { p = merged[p] }; return p }
        let pending = pieceCells.indices.filter { !roomLike[$0] && (roomLikeIn[Int(pieceRegion[$0])] ?? 0) >= 2 }
            .sorted { pieceCells[$0].count != pieceCells[$1].count ? pieceCells[$0].count < pieceCells[$1].count : $0 < $1 }
        for p in pending {
            var shared: [Int: Int] = [:]
            for c in pieceCells[p] {
                for q in neighbours(c, free) where piece[q] >= 0 && piece[q] != piece[c] && label[q] == label[c] {
                    let r = root(Int(piece[q]))
                    if r != p { shared[r, default: 0] += 1 }
                }
            }
            if let best = shared.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key { merged[p] = best }
        }
        var newLabel = [Int32](repeating: -1, count: pieceCells.count)
        for p in pieceCells.indices where (roomLikeIn[Int(pieceRegion[p])] ?? 0) >= 2 {
            let r = root(p)
            if newLabel[r] < 0 { newLabel[r] = next; next += 1 }
            for c in pieceCells[p] { out[c] = newLabel[r] }
        }
        return out
    }
}
