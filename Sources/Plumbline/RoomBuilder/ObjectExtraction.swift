import Foundation
import PlumbKernel

/// Finds furniture: the points inside the room that belong to no structural plane, clustered by voxel
/// connectivity, each cluster boxed upright (minimum-area footprint rectangle) and categorised.
///
/// Isolated points (5 cm voxels with very few points) are dropped first. Each voxel cluster is split into the
/// pieces of furniture it merged (``ClusterSplitter``), and pieces (from any clusters) standing mostly inside
/// one another are joined again (``ContainedPartMerge``).
/// Rejected as phantoms: parts with too few points, boxes thinner than 3 cm or smaller than 15 cm across,
/// points within 8 cm of a wall (wall clutter, skirting, noise), parts no higher than 12 cm above the floor
/// (floor patches, rugs), elevated fragments under 35 cm across (window and door reveals), parts reaching the
/// ceiling (structure the outline did not model), parts whose bottom is over 1 m up that are more than 25 cm
/// from every wall or under 30 cm tall (wall-hung furniture hangs on a wall), floor-standing panels thinner
/// than 16 cm, tall floor-standing sheets of points across the nearest wall (door leaves), elevated panels
/// under 60 cm wide (faces split off a cabinet; a television passes), and floor-to-ceiling parts covering more
/// than 40 % of the room (unmodelled structure). Boxes that end within the dropped wall band are extended to
/// the wall (``WallSupportedBox``).
///
/// Nothing floats: a part rests on the floor, on another part (a television on a cabinet) or hangs on a wall
/// (``standing(_:on:floorY:)``); a part seen only from above stands on the floor. Counter runs are cut into
/// their modules (``ObjectClassifier/counterModules(width:)``).
struct ObjectExtraction {
    var options: RoomBuilder.Options
    /// Points closer than this to a wall are dropped as wall clutter, metres.
    static let wallBand = 0.08
    /// Footprints thinner than this are panels, metres: only wall-hung ones (televisions) are furniture.
    static let panelDepth = 0.16
    /// Farthest a high (wall-hung) object's footprint may be from a wall, metres.
    static let wallHungReach = 0.25
    /// Bottom height above the floor from which an object is *high*: above counters, so wall-hung, metres.
    static let highBottom = 1.0
    /// Smallest height of a high object, metres (wall cabinets, televisions; not the sliver of a reveal).
    static let highMinimumHeight = 0.3
    /// Lowest bottom of a wall-hung object above the floor, metres (televisions, wall cabinets hang above
    /// counters and seats; a part lower down that rests on nothing stands on the floor, out of sight below).
    static let wallHungBottom = 0.8
    /// Farthest a part's bottom may be above the top of the part it rests on, metres.
    static let restTolerance = 0.15
    /// Thickest sheet of points a panel is (80 % of its points across its shorter side), metres.
    static let sheetThickness = 0.08
    /// Lowest floor-standing panel taken for a door leaf, metres.
    static let leafMinimumHeight = 1.5
    /// Closest a piece of furniture's top comes to the ceiling, metres: parts reaching the ceiling (points
    /// stop 6 cm below it) are structure the outline did not model.
    static let ceilingContact = 0.08

    func objects(cloud: PointCloud, planes: [DetectedPlane], structural: Set<Int>, outline: RoomOutline,
                 structure: RoomStructure) -> [CapturedRoom.Object] {
        var isStructural = [Bool](repeating: false, count: cloud.count)
        for k in structural { for i in planes[k].inliers { isStructural[Int(i)] = true } }
        let floorY = structure.floorY
        var keep: [Int] = []
        let toOutline = OutlineDistance(outline)
        for i in 0..<cloud.count where !isStructural[i] {
            let y = Double(cloud.y[i])
            let p = SIMD2(Double(cloud.x[i]), Double(cloud.z[i]))
            guard y > floorY + 0.03, y < structure.ceilingY(x: p.x, z: p.y) - 0.06 else { continue }
            guard Self.inside(p, outline.corners), toOutline.distance(to: p) > Self.wallBand else { continue }
            keep.append(i)
        }
        keep = Self.denseOnly(keep, cloud: cloud)
        var vo = VoxelClustering.Options()
        vo.voxel = 0.035
        vo.minimumPoints = options.minimumObjectPoints
        guard let clusters = try? VoxelClustering.cluster(cloud, indices: keep, options: vo) else { return [] }
        let splitter = ClusterSplitter()
        let roomArea = abs(Plan2D.signedArea(outline.corners))
        let merger = ContainedPartMerge()
        let (parts, boxes) = merger.mergedWithBoxes(
            clusters.clusters.flatMap { splitter.split($0, cloud: cloud) }, cloud: cloud)
        // Candidate parts with their boxes (bottom and top as seen), before deciding what they stand on.
        var found: [Candidate] = []
        for (n, cl) in parts.enumerated() where cl.count >= options.minimumObjectPoints {
            guard var box = boxes[n] else { continue }
            if options.beautifyObjects { box = snapToWalls(box, cloud: cloud, indices: cl, outline: outline) }
            box = WallSupportedBox().extended(box, outline: outline)
            let bottom = box.centre.y - box.halfExtents.z, top = box.centre.y + box.halfExtents.z
            let w = 2 * box.halfExtents.x, d = 2 * box.halfExtents.y
            guard Swift.min(w, d) > 0.03, Swift.max(w, d) > 0.15 else { continue }
            // Phantoms: floor-level noise (nothing 12 cm above the floor: floor patches, rugs) and small
            // elevated fragments (window and door reveals, frames): wall-hung furniture is at least 35 cm across.
            guard top - floorY > 0.12 else { continue }
            guard bottom - floorY < 0.3 || Swift.max(w, d) > 0.35 else { continue }
            // Structure the outline did not model (a pillar, a chimney breast, a wall return) reaches the
            // ceiling; so does structure leaking over much of the room. Furniture stops short of it.
            let ceilingGap = structure.ceilingY(x: box.centre.x, z: box.centre.z) - top
            guard ceilingGap > Self.ceilingContact, !(ceilingGap < 0.15 && w * d > 0.4 * roomArea) else { continue }
            let centre = SIMD2(box.centre.x, box.centre.z)
            let wallGap = box.planCorners.map { toOutline.distance(to: $0) }.min() ?? .infinity
            let long = w >= d ? box.axis0 : box.axis1
            var alongWall = true
            if let wall = toOutline.nearestSideDirection(to: centre) {
                alongWall = abs(planDot(wall, SIMD2(long.x, long.z))) > cos(20 * Double.pi / 180)
            }
            found.append(Candidate(index: n, points: cl, box: box, bottom: bottom, top: top, wallGap: wallGap,
                                   alongWall: alongWall, panel: isPanel(box, cloud: cloud, indices: cl)))
        }
        // What each part stands on: the floor, another part (a television on a cabinet), or a wall (wall-hung).
        var pieces: [(candidate: Candidate, base: Double, shape: ObjectClassifier.Shape)] = []
        for c in found {
            let w = 2 * c.box.halfExtents.x, d = 2 * c.box.halfExtents.y
            let base = standing(c, on: found, floorY: floorY)
            let height = c.top - base
            guard height > 0.05 else { continue }
            let high = base - floorY >= Self.highBottom
            guard !high || (c.wallGap <= Self.wallHungReach && height >= Self.highMinimumHeight) else { continue }
            // Thin panels are wall-hung televisions or phantoms: door leaves (a tall sheet of points across
            // the nearest wall; a wardrobe seen only from the front runs along it), side faces split off a cabinet.
            if base - floorY < 0.3 {
                guard Swift.min(w, d) >= Self.panelDepth else { continue }
                guard !(c.panel && height > Self.leafMinimumHeight && !c.alongWall) else { continue }
            } else {
                guard Swift.min(w, d) >= Self.panelDepth || Swift.max(w, d) > 0.6 else { continue }
            }
            let surface = topSurface(c.box, cloud: cloud, indices: c.points)
            let shape = ObjectClassifier.Shape(
                width: Swift.max(w, d), depth: Swift.min(w, d), height: height, elevation: base - floorY,
                topCover: topCover(c.box, cloud: cloud, indices: c.points, surface: surface), wallGap: c.wallGap,
                topSurface: surface - floorY, alongWall: c.alongWall)
            pieces.append((c, base, shape))
        }
        // Counter runs, cut into their modules along the run (each a cabinet or a built-in appliance, which
        // geometry cannot tell apart: storage).
        var units: [Unit] = []
        for p in pieces {
            let c = p.candidate
            let counter = ObjectClassifier.isCounter(p.shape)
            let n = counter ? ObjectClassifier.counterModules(width: p.shape.width) : 1
            guard n > 1 else {
                units.append(Unit(box: c.box, base: p.base, top: c.top, shape: p.shape, counter: counter,
                                  module: false, points: c.points.count, name: "object \(c.index)"))
                continue
            }
            let alongFirst = c.box.halfExtents.x >= c.box.halfExtents.y
            let axis = alongFirst ? c.box.axis0 : c.box.axis1
            let length = p.shape.width / Double(n)
            for k in 0..<n {
                var b = c.box
                b.centre += axis * ((Double(k) + 0.5) * length - p.shape.width / 2)
                if alongFirst { b.halfExtents.x = length / 2 } else { b.halfExtents.y = length / 2 }
                units.append(Unit(box: b, base: p.base, top: c.top, shape: p.shape, counter: true, module: true,
                                  points: c.points.count / n, name: "object \(c.index) module \(k)"))
            }
        }
        // Categories, with what the room's other objects say (a tall unit beside a counter, a bathroom).
        func category(_ i: Int, bathroom: Bool) -> CapturedRoom.Object.Category {
            guard !units[i].module else { return .storage }
            var ctx = ObjectClassifier.Context(bathroom: bathroom)
            for (j, u) in units.enumerated() where j != i && u.counter && Self.planGap(units[i].box, u.box) < 0.1 {
                ctx.besideCounter = true
                break
            }
            return ObjectClassifier.category(of: units[i].shape, context: ctx)
        }
        var categories = units.indices.map { category($0, bathroom: false) }
        if categories.contains(.toilet) || categories.contains(.bathtub) {
            categories = units.indices.map { category($0, bathroom: true) }
        }
        var out: [CapturedRoom.Object] = []
        for (u, category) in zip(units, categories) {
            let w = 2 * u.box.halfExtents.x, d = 2 * u.box.halfExtents.y, height = u.top - u.base
            let x = SIMD3<Float>(u.box.axis0), y = SIMD3<Float>(0, 1, 0)
            let z = SIMD3<Float>(cross(u.box.axis0, SIMD3(0, 1, 0)))
            let centre = SIMD3<Float>(Float(u.box.centre.x), Float(u.base + height / 2), Float(u.box.centre.z))
            let transform = Transform4x4(xAxis: x, yAxis: y, zAxis: z, translation: centre)
            let dims = SIMD3<Float>(Float(w), Float(height), Float(d))
            let conf: CapturedRoom.Confidence = u.points > 2000 ? .high : .medium
            out.append(CapturedRoom.Object(
                category: category, confidence: conf, dimensions: dims, transform: transform,
                identifier: DerivedIdentifier.make(name: u.name, seed: options.seed)))
        }
        return out
    }

    /// A piece of furniture ready to be categorised: its box (a module's share of a counter run's box), base
    /// and top heights, the shape of the part it came from, whether that part is a counter and this piece one of
    /// its modules, its point count and its identifier's name.
    struct Unit {
        var box: OrientedBox
        var base: Double, top: Double
        var shape: ObjectClassifier.Shape
        var counter: Bool, module: Bool
        var points: Int
        var name: String
    }

    /// A furniture part before its base is decided: its points, box, seen bottom and top, plan distance to the
    /// nearest wall, whether its longer side runs along that wall, and whether its points form one thin sheet.
    struct Candidate {
        var index: Int
        var points: [Int]
        var box: OrientedBox
        var bottom: Double, top: Double
        var wallGap: Double
        var alongWall: Bool
        var panel: Bool
    }

    /// The height a part stands on: its seen bottom when it rests on another part (that part's top within
    /// ``restTolerance`` below it, under its plan centre) or hangs on a wall (bottom over ``wallHungBottom``,
    /// within ``wallHungReach`` of a wall); otherwise the floor: a part seen only from above (a nightstand
    /// behind a bed, a toilet behind a basin) continues down out of sight, it does not float.
    func standing(_ c: Candidate, on all: [Candidate], floorY: Double) -> Double {
        let lift = c.bottom - floorY
        guard lift >= 0.12 else { return floorY }
        let centre = c.box.centre
        for o in all where o.index != c.index && o.top < c.bottom + 0.05 && o.top > c.bottom - Self.restTolerance {
            let q = o.box.boxCoordinates(of: SIMD3(centre.x, o.box.centre.y, centre.z))
            if abs(q.x) <= o.box.halfExtents.x + 0.05, abs(q.y) <= o.box.halfExtents.y + 0.05 { return c.bottom }
        }
        if lift >= Self.wallHungBottom, c.wallGap <= Self.wallHungReach { return c.bottom }
        // High parts away from the walls are phantoms; the caller drops them (they stay high here).
        if lift >= Self.highBottom { return c.bottom }
        return floorY
    }

    /// Whether a part's points form one thin vertical sheet: 80 % of them within ``sheetThickness`` across the
    /// box's shorter side (a door leaf, a panel; a cabinet seen from two sides is not).
    func isPanel(_ box: OrientedBox, cloud: PointCloud, indices: [Int]) -> Bool {
        guard !indices.isEmpty else { return false }
        let across = box.halfExtents.x >= box.halfExtents.y ? box.axis1 : box.axis0
        var t = indices.map { dot(SIMD3<Double>(cloud.localPoint($0)), across) }
        t.sort()
        let lo = t[t.count / 10], hi = t[Swift.min(t.count - 1, t.count * 9 / 10)]
        return hi - lo < Self.sheetThickness
    }

    /// Median of the highest point of each 5 cm plan cell of the part (box frame), absolute height: the top
    /// surface a person would name (a table top, a seat), not the tallest stray point.
    func topSurface(_ box: OrientedBox, cloud: PointCloud, indices: [Int]) -> Double {
        let cell = 0.05
        let nu = Swift.max(1, Int(2 * box.halfExtents.x / cell)), nv = Swift.max(1, Int(2 * box.halfExtents.y / cell))
        var grid = [Double](repeating: -.infinity, count: nu * nv)
        for i in indices {
            let p = SIMD3<Double>(cloud.localPoint(i))
            let q = box.boxCoordinates(of: p)
            let u = Int((q.x + box.halfExtents.x) / cell), v = Int((q.y + box.halfExtents.y) / cell)
            let k = Swift.min(nv - 1, Swift.max(0, v)) * nu + Swift.min(nu - 1, Swift.max(0, u))
            grid[k] = Swift.max(grid[k], p.y)
        }
        let tops = grid.filter { $0 > -.infinity }.sorted()
        return tops.isEmpty ? box.centre.y + box.halfExtents.z : tops[tops.count / 2]
    }

    /// Plan gap between two upright boxes' footprints (0 when they overlap), metres: the smallest distance
    /// from a corner of one to the other's footprint.
    static func planGap(_ a: OrientedBox, _ b: OrientedBox) -> Double {
        func gap(_ p: SIMD2<Double>, _ box: OrientedBox) -> Double {
            let q = box.boxCoordinates(of: SIMD3(p.x, box.centre.y, p.y))
            let dx = Swift.max(0, abs(q.x) - box.halfExtents.x), dy = Swift.max(0, abs(q.y) - box.halfExtents.y)
            return (dx * dx + dy * dy).squareRoot()
        }
        let ab = a.planCorners.map { gap($0, b) }.min() ?? .infinity
        let ba = b.planCorners.map { gap($0, a) }.min() ?? .infinity
        return Swift.min(ab, ba)
    }

    /// Drops isolated points (sensor outliers, flying pixels): keeps the points whose 5 cm voxel holds at least
    /// 3 points and at least 5 % of the median occupied voxel's count.
    ///
    /// Voxel counts come from sorting the points' voxel keys (radix sort on the voxel coordinates packed
    /// with the point's rank into one word) rather than a hash map; same counts, same result.
    /// - Complexity: O(n), no allocation per point.
    static func denseOnly(_ idx: [Int], cloud: PointCloud) -> [Int] {
        guard !idx.isEmpty else { return [] }
        func cell(_ i: Int) -> SIMD3<Int32> {
            SIMD3(Int32((cloud.x[i] * 20).rounded(.down)), Int32((cloud.y[i] * 20).rounded(.down)), Int32((cloud.z[i] * 20).rounded(.down)))
        }
        var lo = SIMD3<Int32>(repeating: .max)
        for i in idx { lo = pointwiseMin(lo, cell(i)) }
        // Packed key of each point's voxel relative to the lowest one (21 bits per axis; a cloud wider than
        // 2^21 voxels, 100 km, falls back to the hash map).
        var cells = [SIMD3<Int64>](repeating: .zero, count: idx.count)
        var top = SIMD3<Int64>.zero
        for (k, i) in idx.enumerated() {
            let c = SIMD3<Int64>(truncatingIfNeeded: cell(i)) &- SIMD3<Int64>(truncatingIfNeeded: lo)
            guard c.max() < 1 << 21 else { return denseOnlyHashed(idx, cloud: cloud) }
            cells[k] = c
            top = pointwiseMax(top, c)
        }
        // Voxel key with as many bits per axis as the cloud needs (ordered like x, y, z fields of 21 bits),
        // shifted above the point's rank: sorting the key bits groups each voxel's points, in rank order.
        func bits(_ v: Int64) -> Int { Int64.bitWidth - v.leadingZeroBitCount }
        let (bx, by, bz) = (bits(top.x), bits(top.y), bits(top.z))
        let rankBits = bits(Int64(idx.count - 1))
        guard rankBits + bx + by + bz <= 64 else { return denseOnlyHashed(idx, cloud: cloud) }
        var order = [UInt64](repeating: 0, count: idx.count)
        for k in 0..<idx.count {
            let c = cells[k]
            let key = UInt64(c.x) << UInt64(by + bz) | UInt64(c.y) << UInt64(bz) | UInt64(c.z)
            order[k] = key << UInt64(rankBits) | UInt64(k)
        }
        RadixSort.sortBits(&order, bits: rankBits..<(rankBits + bx + by + bz))
        // Run lengths: the count of every voxel, assigned back to its points; the voxel counts for the median.
        let rankMask = (UInt64(1) << UInt64(rankBits)) &- 1
        var counts = [Int32](repeating: 0, count: idx.count)
        var voxelCounts: [Int32] = []
        var start = 0
        while start < order.count {
            let key = order[start] >> UInt64(rankBits)
            var end = start + 1
            while end < order.count, order[end] >> UInt64(rankBits) == key { end += 1 }
            let c = Int32(end - start)
            voxelCounts.append(c)
            for r in start..<end { counts[Int(order[r] & rankMask)] = c }
            start = end
        }
        voxelCounts.sort()
        let threshold = Swift.max(3, Int32(Double(voxelCounts[voxelCounts.count / 2]) * 0.05))
        var out: [Int] = []
        out.reserveCapacity(idx.count)
        for (k, i) in idx.enumerated() where counts[k] >= threshold { out.append(i) }
        return out
    }

    /// ``denseOnly(_:cloud:)`` with a hash map of voxel counts (any extent).
    static func denseOnlyHashed(_ idx: [Int], cloud: PointCloud) -> [Int] {
        var counts: [SIMD3<Int32>: Int32] = [:]
        func key(_ i: Int) -> SIMD3<Int32> {
            SIMD3(Int32((cloud.x[i] * 20).rounded(.down)), Int32((cloud.y[i] * 20).rounded(.down)), Int32((cloud.z[i] * 20).rounded(.down)))
        }
        for i in idx { counts[key(i), default: 0] += 1 }
        guard !counts.isEmpty else { return [] }
        let sorted = counts.values.sorted()
        let threshold = Swift.max(3, Int32(Double(sorted[sorted.count / 2]) * 0.05))
        return idx.filter { counts[key($0)]! >= threshold }
    }

    /// Share of the box's footprint (5 cm cells) with points within 5 cm of the height `surface` (absolute,
    /// metres; the top surface, so a chair back rising over a table does not hide the table's flat top).
    func topCover(_ box: OrientedBox, cloud: PointCloud, indices: [Int], surface: Double) -> Double {
        let cell = 0.05
        let nu = Swift.max(1, Int(2 * box.halfExtents.x / cell)), nv = Swift.max(1, Int(2 * box.halfExtents.y / cell))
        var grid = [Bool](repeating: false, count: nu * nv)
        // Heights from the points' y: an upright box's third axis may point down (axis0 × axis1).
        for i in indices {
            let p = SIMD3<Double>(cloud.localPoint(i))
            guard abs(p.y - surface) < 0.05 else { continue }
            let q = box.boxCoordinates(of: p)
            let u = Int((q.x + box.halfExtents.x) / cell), v = Int((q.y + box.halfExtents.y) / cell)
            grid[Swift.min(nv - 1, Swift.max(0, v)) * nu + Swift.min(nu - 1, Swift.max(0, u))] = true
        }
        return Double(grid.filter { $0 }.count) / Double(grid.count)
    }

    /// Re-boxes the cluster aligned with the nearest straight wall when its yaw is within 15 degrees of it, or
    /// when the wall-aligned box is at most 30 % larger in plan (a part seen only on one or two faces, whose
    /// minimum-area rectangle can come out at any angle).
    func snapToWalls(_ box: OrientedBox, cloud: PointCloud, indices: [Int], outline: RoomOutline) -> OrientedBox {
        let axis = SIMD2(box.axis0.x, box.axis0.z)
        let c = SIMD2(box.centre.x, box.centre.z)
        var best: (dist: Double, dir: SIMD2<Double>)?
        for e in outline.edges {
            guard case let .line(_, d) = e.wall else { continue }
            let dist = e.wall.distance(to: c)
            if dist < (best?.dist ?? .infinity) { best = (dist, d) }
        }
        guard let wallDir = best?.dir else { return box }
        // Angle between the box's axis and the wall direction, modulo 90 degrees.
        var ang = atan2(planCross(wallDir, axis), planDot(wallDir, axis))
        while ang > .pi / 4 { ang -= .pi / 2 }
        while ang < -.pi / 4 { ang += .pi / 2 }
        guard abs(ang) > 1e-6 else { return box }
        let u = SIMD3(wallDir.x, 0, wallDir.y), v = SIMD3(-wallDir.y, 0, wallDir.x)
        var lo = SIMD3<Double>(repeating: .infinity), hi = SIMD3<Double>(repeating: -.infinity)
        for i in indices {
            let p = SIMD3<Double>(cloud.localPoint(i))
            let q = SIMD3(dot(p, u), dot(p, v), p.y)
            lo = pointwiseMin(lo, q)
            hi = pointwiseMax(hi, q)
        }
        let mid = (lo + hi) / 2, half = (hi - lo) / 2
        let area = box.halfExtents.x * box.halfExtents.y
        guard abs(ang) < 15 * .pi / 180 || half.x * half.y <= 1.3 * area else { return box }
        let centre = u * mid.x + v * mid.y + SIMD3(0, mid.z, 0)
        if half.x >= half.y {
            return OrientedBox(centre: centre, axis0: u, axis1: v, halfExtents: half)
        }
        return OrientedBox(centre: centre, axis0: v, axis1: -u, halfExtents: SIMD3(half.y, half.x, half.z))
    }

    /// Even-odd point-in-polygon test (straight sides).
    static func inside(_ p: SIMD2<Double>, _ poly: [SIMD2<Double>]) -> Bool {
        var inside = false
        var j = poly.count - 1
        for i in 0..<poly.count {
            let a = poly[i], b = poly[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}

extension OrientedBox {
    /// The four plan (x, z) corners of an upright box (axis0, axis1 horizontal), metres.
    var planCorners: [SIMD2<Double>] {
        let c = SIMD2(centre.x, centre.z)
        let a = SIMD2(axis0.x, axis0.z) * halfExtents.x, b = SIMD2(axis1.x, axis1.z) * halfExtents.y
        return [c - a - b, c + a - b, c + a + b, c - a + b]
    }
}
