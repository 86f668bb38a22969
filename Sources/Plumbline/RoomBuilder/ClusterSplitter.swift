import PlumbKernel

/// Splits one connected cluster of furniture points into the pieces of furniture it merged (a bed with its
/// nightstands, a chair pushed against a desk, a fridge at the end of a counter).
///
/// Works on the cluster's plan-view top-height map (``cell``-sized cells in plan (x, z), each holding the
/// highest point above it):
/// 1. Cells join when they are 4-neighbours and their tops differ by at most ``heightStep`` (a step in the
///    top profile separates a desk from the chair in front of it), and neither is *sparse*: a cell with far
///    fewer points than dense cells on both sides of it (``sparseCellShare``) is the floor of a gap between
///    two pieces of equal height (a row of desks, a row of cabinets), bridged only by a few noisy returns.
/// 2. Only *core* cells seed parts: cells whose 8 neighbours are all occupied and height-consistent. This
///    erodes the footprint by one cell, so narrow necks (noise bridging the gap between a bed and a
///    nightstand) do not hold parts together; core components smaller than ``minimumPartArea`` seed nothing.
/// 3. Every other occupied cell goes to the part it reaches first by breadth-first growth.
/// 4. Cells much taller than their part's median top that touch a part of their own height move to it
///    (``moveTallCells``).
/// 5. Slab-like parts (footprint shorter side under ``minimumPartWidth``: chair and sofa backs, arms,
///    headboards) are attached parts of real furniture, not furniture of their own: each is merged into the
///    neighbouring part it shares the longest border with (not counting sparse cells), unless its lowest
///    point is above that neighbour's top or it rises more than ``maximumAttachedRise`` above it (a
///    television standing on a cabinet, the front of a fridge seen beside a counter).
///
/// Units metres, local y-up frame of the cloud. Deterministic (no randomness, fixed scan orders).
/// - Complexity: O(n + cells) for n points; a cluster whose grid would exceed ``maximumCells`` is returned whole.
struct ClusterSplitter {
    /// Plan cell size, metres.
    var cell = 0.04
    /// Depth below a cell's top within which most of its points must lie for it to be a top surface, metres.
    var surfaceBand = 0.05
    /// Largest top-height difference between joined neighbouring cells, metres.
    var heightStep = 0.1
    /// Smallest core area of a part, square metres.
    var minimumPartArea = 0.03
    /// Parts narrower than this (footprint shorter side, metres) are merged into a neighbour.
    var minimumPartWidth = 0.3
    /// A cell is *sparse* when it holds fewer points than this share of the densest cell within
    /// ``gapReach`` cells on each of its two sides along a plan axis: the few noisy returns spilled into the
    /// gap between two neighbouring pieces of furniture. Sparse cells neither seed nor join parts; they are
    /// handed to a neighbouring part at the end. (A surface seen sparsely throughout, e.g. a far chair seat,
    /// has no dense cells on both sides and stays.)
    var sparseCellShare = 0.1
    /// How far (cells) on each side of a cell ``sparseCellShare`` looks for dense cells.
    var gapReach = 2
    /// Highest a slab's mean cell top may rise above its neighbour's for the slab to be part of it, metres
    /// (chair and sofa backs, headboards rise less; a television on a cabinet, a fridge beside a counter more).
    var maximumAttachedRise = 0.6
    /// Bound on the grid size (cells) for one cluster.
    var maximumCells = 1_000_000

    /// The parts of a cluster, each a list of indices into `cloud`; one part when nothing splits it.
    func split(_ indices: [Int], cloud: PointCloud) -> [[Int]] {
        guard indices.count > 1 else { return [indices] }
        var lo = SIMD2<Float>(repeating: .infinity), hi = SIMD2<Float>(repeating: -.infinity)
        for i in indices {
            let p = SIMD2(cloud.x[i], cloud.z[i])
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let c = Float(cell)
        let nu = Int(((hi.x - lo.x) / c).rounded(.down)) + 1, nv = Int(((hi.y - lo.y) / c).rounded(.down)) + 1
        guard nu > 2, nv > 2, nu * nv <= maximumCells else { return [indices] }
        let n = nu * nv
        var top = [Float](repeating: -.infinity, count: n), bottom = [Float](repeating: .infinity, count: n)
        var cellOf = [Int32](repeating: 0, count: indices.count)
        for (k, i) in indices.enumerated() {
            let u = Swift.min(nu - 1, Int((cloud.x[i] - lo.x) / c)), v = Swift.min(nv - 1, Int((cloud.z[i] - lo.y) / c))
            let q = v * nu + u
            cellOf[k] = Int32(q)
            top[q] = Swift.max(top[q], cloud.y[i])
            bottom[q] = Swift.min(bottom[q], cloud.y[i])
        }
        // A cell is a seen-from-above surface when most of its points lie within `surfaceBand` of its top;
        // cells of vertical faces (box sides, chair backs, the noisy gap between two pieces) are not.
        var total = [Int32](repeating: 0, count: n), nearTop = [Int32](repeating: 0, count: n)
        let band = Float(surfaceBand)
        for (k, i) in indices.enumerated() {
            let q = Int(cellOf[k])
            total[q] += 1
            if cloud.y[i] >= top[q] - band { nearTop[q] += 1 }
        }
        let step = Float(heightStep)
        let sparse = Self.gapCells(total, nu: nu, nv: nv, share: sparseCellShare, reach: gapReach)
        func joined(_ a: Int, _ b: Int) -> Bool {
            total[a] > 0 && total[b] > 0 && !sparse[a] && !sparse[b] && abs(top[a] - top[b]) <= step
        }
        func surface(_ q: Int) -> Bool { total[q] > 0 && !sparse[q] && 2 * nearTop[q] >= total[q] }
        // Core cells: surface cells whose 8 neighbours are surface cells of about the same height.
        var core = [Bool](repeating: false, count: n)
        for v in 1..<(nv - 1) {
            for u in 1..<(nu - 1) {
                let q = v * nu + u
                guard surface(q) else { continue }
                var ok = true
                for dv in -1...1 where ok {
                    for du in -1...1 where !(du == 0 && dv == 0) {
                        let r = q + dv * nu + du
                        if !surface(r) || !joined(q, r) { ok = false; break }
                    }
                }
                core[q] = ok
            }
        }
        // Connected components of core cells (4-neighbours, height-consistent).
        var label = [Int32](repeating: -1, count: n)
        var parts = 0
        var queue: [Int] = []
        queue.reserveCapacity(n)
        let minCells = Int((minimumPartArea / (cell * cell)).rounded(.up))
        for s in 0..<n where core[s] && label[s] < 0 {
            queue.removeAll(keepingCapacity: true)
            queue.append(s)
            label[s] = Int32(parts)
            var head = 0
            while head < queue.count {
                let q = queue[head]; head += 1
                for r in neighbours4(q, nu: nu, nv: nv) where core[r] && label[r] < 0 && joined(q, r) {
                    label[r] = Int32(parts)
                    queue.append(r)
                }
            }
            if queue.count < minCells {
                for q in queue { label[q] = -2 }  // too small to seed a part; regrown below
            } else {
                parts += 1
            }
        }
        for q in 0..<n where label[q] == -2 { label[q] = -1 }
        // Grow parts over the remaining occupied cells, first through height-consistent steps; what that leaves
        // (furniture seen only from the side, e.g. a tall cabinet) seeds parts of its own when large enough;
        // then grow through any step.
        for pass in 0..<2 {
            queue.removeAll(keepingCapacity: true)
            for q in 0..<n where label[q] >= 0 { queue.append(q) }
            var head = 0
            while head < queue.count {
                let q = queue[head]; head += 1
                for r in neighbours8(q, nu: nu, nv: nv) where label[r] < 0 && top[r] > -.infinity && (pass == 1 || joined(q, r)) {
                    label[r] = label[q]
                    queue.append(r)
                }
            }
            guard pass == 0 else { break }
            for s in 0..<n where label[s] == -1 && top[s] > -.infinity {
                queue.removeAll(keepingCapacity: true)
                queue.append(s)
                label[s] = Int32(parts)
                var h = 0
                while h < queue.count {
                    let q = queue[h]; h += 1
                    for r in neighbours4(q, nu: nu, nv: nv) where label[r] == -1 && joined(q, r) {
                        label[r] = Int32(parts)
                        queue.append(r)
                    }
                }
                if queue.count < minCells {
                    for q in queue { label[q] = -3 }
                } else {
                    parts += 1
                }
            }
            for q in 0..<n where label[q] == -3 { label[q] = -1 }
        }
        guard parts > 1 else { return [indices] }
        Self.moveTallCells(&label, top: top, parts: parts, nu: nu, nv: nv, rise: Float(maximumAttachedRise))
        // Merge slab-like parts into the neighbour with the longest shared border, thinnest first.
        // A slab merges into the neighbour it chose, which stays the representative (link, not union).
        var partSets = DisjointSets(count: parts)
        while true {
            var stats = [PartStats](repeating: PartStats(), count: parts)
            var border: [SIMD2<Int32>: Int] = [:]
            for q in 0..<n where label[q] >= 0 {
                let a = partSets.find(Int(label[q]))
                let u = Double(q % nu) * cell, v = Double(q / nu) * cell
                stats[a].add(SIMD2(u, v), bottom: bottom[q], top: top[q])
                for r in [q + 1, q + nu] where r < n && (r != q + 1 || (q % nu) + 1 < nu) && label[r] >= 0 && !sparse[q] && !sparse[r] {
                    let b = partSets.find(Int(label[r]))
                    if a != b { border[SIMD2(Int32(Swift.min(a, b)), Int32(Swift.max(a, b))), default: 0] += 1 }
                }
            }
            // Slab candidates, thinnest first; the first that borders a part merges into the neighbour it shares
            // the longest border with, unless the slab stands above that neighbour (a television over a bench,
            // a wall cabinet over a counter). Borders through sparse gap cells do not count.
            var slabs: [(part: Int, width: Double)] = []
            for a in 0..<parts where partSets.find(a) == a {
                let w = stats[a].shorterSide(cell: cell)
                if w < minimumPartWidth { slabs.append((a, w)) }
            }
            slabs.sort { $0.width != $1.width ? $0.width < $1.width : $0.part < $1.part }
            let sortedBorder = border.sorted(by: { ($0.key.x, $0.key.y) < ($1.key.x, $1.key.y) })
            var merged = false
            for (t, _) in slabs {
                var best: (other: Int, length: Int)?
                for (k, len) in sortedBorder where Int(k.x) == t || Int(k.y) == t {
                    let other = Int(k.x) == t ? Int(k.y) : Int(k.x)
                    if len > (best?.length ?? 0) { best = (other, len) }
                }
                guard let o = best?.other else { continue }
                guard stats[t].bottom < stats[o].top - Float(surfaceBand) else { continue }
                guard stats[t].meanTop - stats[o].meanTop <= maximumAttachedRise else { continue }
                partSets.link(t, under: o)
                merged = true
                break
            }
            guard merged else { break }
        }
        var byRoot: [Int: Int] = [:]
        var out: [[Int]] = []
        for (k, i) in indices.enumerated() {
            let l = label[Int(cellOf[k])]
            guard l >= 0 else { continue }
            let r = partSets.find(Int(l))
            if let slot = byRoot[r] {
                out[slot].append(i)
            } else {
                byRoot[r] = out.count
                out.append([i])
            }
        }
        return out
    }

    /// Cells whose top rises more than `rise` above their part's median cell top, and that touch (8-neighbours)
    /// a part whose median top is within `rise` of theirs, move to that part (the first such neighbour in scan
    /// order): the side face of a fridge grown into the counter beside it, the end of a television grown into
    /// the cabinet it stands on. Decided on the labels as given, so the scan order does not matter.
    /// - Complexity: O(cells log cells).
    static func moveTallCells(_ label: inout [Int32], top: [Float], parts: Int, nu: Int, nv: Int, rise: Float) {
        var tops = [[Float]](repeating: [], count: parts)
        for q in label.indices where label[q] >= 0 { tops[Int(label[q])].append(top[q]) }
        let median = tops.map { t -> Float in
            guard !t.isEmpty else { return 0 }
            return t.sorted()[t.count / 2]
        }
        let before = label
        for q in before.indices where before[q] >= 0 && top[q] > median[Int(before[q])] + rise {
            let u = q % nu, v = q / nu
            search: for dv in -1...1 {
                for du in -1...1 where !(du == 0 && dv == 0) {
                    let uu = u + du, vv = v + dv
                    guard uu >= 0, uu < nu, vv >= 0, vv < nv else { continue }
                    let other = before[vv * nu + uu]
                    guard other >= 0, other != before[q], abs(top[q] - median[Int(other)]) <= rise else { continue }
                    label[q] = other
                    break search
                }
            }
        }
    }

    /// Flags the occupied cells of an `nu` x `nv` count grid that hold fewer than `share` times the densest
    /// cell within `reach` cells on *both* sides along u or along v (the floor of a gap between two dense
    /// pieces). Row-major grid, v * nu + u.
    /// - Complexity: O(cells x reach).
    static func gapCells(_ counts: [Int32], nu: Int, nv: Int, share: Double, reach: Int) -> [Bool] {
        var out = [Bool](repeating: false, count: counts.count)
        for v in 0..<nv {
            for u in 0..<nu {
                let q = v * nu + u
                let c = Double(counts[q])
                guard c > 0 else { continue }
                var lu: Int32 = 0, ru: Int32 = 0, lv: Int32 = 0, rv: Int32 = 0
                for k in 1...Swift.max(1, reach) {
                    if u - k >= 0 { lu = Swift.max(lu, counts[q - k]) }
                    if u + k < nu { ru = Swift.max(ru, counts[q + k]) }
                    if v - k >= 0 { lv = Swift.max(lv, counts[q - k * nu]) }
                    if v + k < nv { rv = Swift.max(rv, counts[q + k * nu]) }
                }
                out[q] = c < share * Double(Swift.min(lu, ru)) || c < share * Double(Swift.min(lv, rv))
            }
        }
        return out
    }

    private func neighbours4(_ q: Int, nu: Int, nv: Int) -> [Int] {
        let u = q % nu, v = q / nu
        var r: [Int] = []
        if u > 0 { r.append(q - 1) }
        if u + 1 < nu { r.append(q + 1) }
        if v > 0 { r.append(q - nu) }
        if v + 1 < nv { r.append(q + nu) }
        return r
    }

    private func neighbours8(_ q: Int, nu: Int, nv: Int) -> [Int] {
        let u = q % nu, v = q / nu
        var r: [Int] = []
        for dv in -1...1 {
            for du in -1...1 where !(du == 0 && dv == 0) {
                let uu = u + du, vv = v + dv
                if uu >= 0, uu < nu, vv >= 0, vv < nv { r.append(vv * nu + uu) }
            }
        }
        return r
    }
}

/// Running plan moments of a part's cells (for its footprint's sides) and its vertical extent.
private struct PartStats {
    var count = 0.0
    var sum = SIMD2<Double>.zero
    var sumSq = SIMD3<Double>.zero  // xx, yy, xy
    /// Lowest and highest point of the part's cells, metres.
    var bottom = Float.infinity, top = -Float.infinity
    /// Sum of the cells' tops, metres.
    var topSum = 0.0

    /// Mean of the cells' tops, metres.
    var meanTop: Double { count > 0 ? topSum / count : 0 }

    mutating func add(_ p: SIMD2<Double>, bottom b: Float, top t: Float) {
        count += 1
        sum += p
        sumSq += SIMD3(p.x * p.x, p.y * p.y, p.x * p.y)
        bottom = Swift.min(bottom, b)
        top = Swift.max(top, t)
        topSum += Double(t)
    }

    /// Shorter side of the rectangle with the cells' second moments (√(12 λ_min)), at least one cell.
    func shorterSide(cell: Double) -> Double {
        guard count > 0 else { return 0 }
        let m = sum / count
        let sxx = sumSq.x / count - m.x * m.x, syy = sumSq.y / count - m.y * m.y, sxy = sumSq.z / count - m.x * m.y
        let tr = sxx + syy, det = sxx * syy - sxy * sxy
        let lmin = Swift.max(0, tr / 2 - Swift.max(0, tr * tr / 4 - det).squareRoot())
        return Swift.max(cell, (12 * lmin).squareRoot())
    }
}
