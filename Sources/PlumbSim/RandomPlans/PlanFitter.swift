import Foundation
import PlumbKernel

/// Places openings and furniture into an assembled layout, keeping them inside walls, clear of each
/// other, below the ceilings and out of door swings and passages.
struct PlanFitter {
    /// The plan being filled (storeys, rooms and walls fixed; openings and furniture growing).
    var plan: FloorPlan
    /// Straight inner-face edges per room (from ``AssembledLayout``).
    let straightEdges: [String: [(SIMD2<Double>, SIMD2<Double>)]]
    /// Zones (convex plan polygons) per room that furniture must not overlap.
    var keepOut: [String: [[SIMD2<Double>]]] = [:]
    /// Strips (convex plan polygons, 25 cm deep) in front of windows per room, with the world y of the
    /// window's sill: furniture reaching above the sill stays out of them (nothing tall in front of a window).
    var windowZones: [String: [(zone: [SIMD2<Double>], sill: Double)]] = [:]
    /// Distance kept between an opening and a wall end, metres (half the thickest wall + 5 cm).
    let endMargin: Double

    init(layout: AssembledLayout, storeys: [Storey], name: String) {
        plan = FloorPlan(name: name, storeys: storeys, rooms: layout.rooms, walls: layout.walls)
        straightEdges = layout.straightEdges
        endMargin = (layout.walls.map(\.thickness).max() ?? 0.2) / 2 + 0.05
    }

    // MARK: openings

    /// Lowest sill an opening in `w` may have: the highest floor of the rooms it joins above the wall base.
    func minSill(_ w: Wall) -> Double {
        let base = w.bottom(in: plan)
        return [w.positiveRoom, w.negativeRoom].compactMap { $0.flatMap(plan.room) }
            .map { plan.floorElevation(of: $0) - base }.max().map { max(0, $0) } ?? 0
    }

    /// Height above the wall base that is free at arc length `u` (the wall top or a lower ceiling of either room).
    func clearHeight(_ w: Wall, at u: Double) -> Double {
        let base = w.bottom(in: plan)
        var h = w.top(in: plan) - base
        for side in [1.0, -1.0] {
            let rid = side > 0 ? w.positiveRoom : w.negativeRoom
            guard let rid, let r = plan.room(rid) else { continue }
            let p = w.centerLine.point(at: u) + w.centerLine.normal(at: u) * (side * w.thickness / 2)
            h = min(h, plan.ceilingElevation(of: r, at: p) - base)
        }
        return h
    }

    /// Whether an opening of `width` centred at `u` in `w` is clear of the wall ends and (with `gap`) other openings.
    func isFree(_ w: Wall, at u: Double, width: Double, gap: Double = 0.15) -> Bool {
        guard u - width / 2 >= endMargin - 1e-9, u + width / 2 <= w.length - endMargin + 1e-9 else { return false }
        return plan.openings.allSatisfy { o in o.wallID != w.id || abs(o.position - u) >= (o.width + width) / 2 + gap }
    }

    /// Adds an opening to wall `wallIndex`: a centre drawn along the wall (or hugging a corner when
    /// `nearCorner`), height reduced to the free height less `headroom`; `nil` when nothing fits.
    mutating func addOpening(
        wallIndex: Int, type: OpeningType, width: Double, height: Double, sillAboveFloor: Double, headroom: Double = 0.05,
        nearCorner: Bool = false, leaf: (isOpen: Bool, angle: Double, hinge: HingeSide, swing: SwingSide)? = nil,
        minHeight: Double, rng: inout SeededGenerator
    ) -> Opening? {
        let w = plan.walls[wallIndex]
        let lo = endMargin + width / 2, hi = w.length - endMargin - width / 2
        guard hi >= lo else { return nil }
        let sill = minSill(w) + sillAboveFloor
        for attempt in 0..<12 {
            var u: Double
            if nearCorner && attempt < 6 {
                let inset = rng.uniform(0, 0.12, step: 0.005)
                u = rng.chance(0.5) ? lo + inset : hi - inset
            } else {
                u = rng.uniform(lo, hi, step: 0.005)
            }
            u = min(max(u, lo), hi)
            guard isFree(w, at: u, width: width) else { continue }
            let free = min(clearHeight(w, at: u - width / 2), clearHeight(w, at: u + width / 2), clearHeight(w, at: u))
            let h = min(height, free - headroom - sill)
            guard h >= minHeight else { continue }
            let id = "\(type == .window ? "win" : type == .door ? "door" : "pass")\(plan.openings.count + 1)"
            var o = Opening(id: id, wallID: w.id, type: type, position: u, width: width, height: h, sillHeight: sill)
            if let leaf, type == .door {
                o.hinge = leaf.hinge
                o.swing = leaf.swing
                o.isOpen = leaf.isOpen
                if leaf.isOpen {
                    // Keep the open leaf inside the room it swings into.
                    let side: Double = leaf.swing == .positive ? 1 : -1
                    let rid = leaf.swing == .positive ? w.positiveRoom : w.negativeRoom
                    var angle = leaf.angle
                    if let rid, let r = plan.room(rid) {
                        let origin = w.centerLine.point(at: u) + w.centerLine.normal(at: u) * (side * w.thickness / 2)
                        let depth = Geo.rayDepth(r.polygon, from: origin, along: w.centerLine.normal(at: u) * side)
                        if depth < width + 0.08 { angle = min(angle, asin(max(0, min(1, (depth - 0.08) / width)))) }
                    }
                    if angle < 0.2 { o.isOpen = false } else { o.openAngle = (angle * 1000).rounded() / 1000 }
                }
            }
            if type == .window {
                for side in [1.0, -1.0] {
                    guard let rid = side > 0 ? w.positiveRoom : w.negativeRoom else { continue }
                    let depth = 0.25 + w.thickness / 2
                    let c = w.centerLine.point(at: u) + w.centerLine.normal(at: u) * (side * depth / 2)
                    windowZones[rid, default: []].append(
                        (Geo.rect(center: c, axis: w.centerLine.tangent(at: u), width: width, depth: depth), w.bottom(in: plan) + sill))
                }
            } else {
                for side in [1.0, -1.0] {
                    guard let rid = side > 0 ? w.positiveRoom : w.negativeRoom else { continue }
                    let depth = (type == .door ? width + 0.15 : 0.8) + w.thickness / 2
                    let c = w.centerLine.point(at: u) + w.centerLine.normal(at: u) * (side * depth / 2)
                    keepOut[rid, default: []].append(Geo.rect(center: c, axis: w.centerLine.tangent(at: u), width: width + 0.3, depth: depth))
                }
            }
            plan.openings.append(o)
            return o
        }
        return nil
    }

    /// A door leaf: open with probability `pOpen` at 0.3-1.57 rad, random hinge and swing.
    static func randomLeaf(pOpen: Double, rng: inout SeededGenerator, swing: SwingSide? = nil) -> (isOpen: Bool, angle: Double, hinge: HingeSide, swing: SwingSide) {
        let open = rng.chance(pOpen)
        let angle = rng.uniform(0.3, Double.pi / 2)
        let hinge: HingeSide = rng.chance(0.5) ? .start : .end
        let s = swing ?? (rng.chance(0.5) ? .positive : .negative)
        return (open, angle, hinge, s)
    }

    /// Adds 0-`maxCount` windows to the exterior wall `wallIndex` (sizes, sills and corner positions drawn).
    mutating func addWindows(wallIndex: Int, maxCount: Int, rng: inout SeededGenerator) {
        let w = plan.walls[wallIndex]
        let count = min(maxCount, Int(w.length / 1.2))
        guard count > 0 else { return }
        for _ in 0..<rng.int(0...count) {
            let lowSill = rng.chance(0.22)
            let width = rng.uniform(0.5, min(2.0, max(0.55, w.length - 2 * endMargin - 0.05)), step: 0.05)
            let sill = lowSill ? rng.uniform(0.3, 0.5, step: 0.05) : rng.uniform(0.8, 1.1, step: 0.05)
            let height = rng.uniform(0.6, lowSill ? 2.0 : 1.6, step: 0.05)
            _ = addOpening(wallIndex: wallIndex, type: .window, width: width, height: height, sillAboveFloor: sill, headroom: 0.15,
                           nearCorner: rng.chance(0.3), minHeight: 0.4, rng: &rng)
        }
    }

    // MARK: furniture

    /// A furniture item to place: category and size (width along the wall it backs onto, depth into the
    /// room, height) and its bottom above the floor.
    struct Item {
        var category: FurnitureCategory
        var width: Double, depth: Double, height: Double
        var elevation: Double = 0
    }

    /// Whether a box with plan footprint `fp` and world y range fits in room `r`: inside the polygon (no
    /// edge crossings, 1 cm from the boundary), below the ceiling, out of the keep-out zones, not above a
    /// window's sill in front of it, and clear of other furniture.
    func fits(_ r: Room, footprint fp: [SIMD2<Double>], bottom: Double, top: Double, ignoreKeepOut: Bool = false) -> Bool {
        for c in fp {
            guard r.contains(c), Plan2D.boundaryDistance(r.polygon, c) >= 0.008 else { return false }
            if top > plan.ceilingElevation(of: r, at: c) - 0.02 { return false }
        }
        let poly = r.polygon
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            if Plan2D.contains(fp, a) { return false }
            for j in 0..<4 where Plan2D.segmentsCross(a, b, fp[j], fp[(j + 1) % 4]) { return false }
        }
        if !ignoreKeepOut {
            for z in keepOut[r.id] ?? [] where Plan2D.convexOverlap(z, fp) { return false }
        }
        for (z, sill) in windowZones[r.id] ?? [] where top > sill + 0.02 && Plan2D.convexOverlap(z, fp) { return false }
        for f in plan.furniture where f.roomID == r.id {
            guard f.verticalRange.upperBound > bottom + 1e-3, f.verticalRange.lowerBound < top - 1e-3 else { continue }
            if Plan2D.convexOverlap(f.footprint, fp, tolerance: 0.005) { return false }
        }
        return true
    }

    /// Adds the furniture box (footprint centre `c`, width axis `u`) if it fits; returns whether it did.
    @discardableResult
    mutating func add(_ item: Item, in r: Room, center c: SIMD2<Double>, axis u: SIMD2<Double>, ignoreKeepOut: Bool = false) -> Bool {
        let fp = Geo.rect(center: c, axis: u, width: item.width, depth: item.depth)
        let floor = plan.floorElevation(of: r)
        let bottom = floor + item.elevation, top = bottom + item.height
        guard fits(r, footprint: fp, bottom: bottom, top: top, ignoreKeepOut: ignoreKeepOut) else { return false }
        // Local x along u: yaw with (cos yaw, -sin yaw) = u.
        let yaw = atan2(-u.y, u.x)
        plan.furniture.append(Furniture(
            id: "f\(plan.furniture.count + 1)", category: item.category, roomID: r.id,
            center: SIMD3(c.x, (bottom + top) / 2, c.y), size: SIMD3(item.width, item.height, item.depth), yaw: yaw))
        return true
    }

    /// Places `item` with its back against a random straight wall of `r` (tries `tries` positions).
    @discardableResult
    mutating func placeAgainstWall(_ item: Item, in r: Room, rng: inout SeededGenerator, tries: Int = 14) -> Bool {
        let edges = (straightEdges[r.id] ?? []).filter { Geo.length($0.1 - $0.0) >= item.width + 0.03 }
        guard !edges.isEmpty else { return false }
        for _ in 0..<tries {
            let (a, b) = rng.pick(edges)
            let l = Geo.length(b - a), d = Geo.unit(b - a), n = Geo.left(d)
            let s = rng.chance(0.35) ? (rng.chance(0.5) ? item.width / 2 + 0.012 : l - item.width / 2 - 0.012)
                : rng.uniform(item.width / 2 + 0.012, l - item.width / 2 - 0.012)
            let c = a + d * s + n * (item.depth / 2 + 0.012)
            if add(item, in: r, center: c, axis: d) { return true }
        }
        return false
    }

    /// Places `item` free-standing at a random point of `r`, aligned with one of its walls.
    @discardableResult
    mutating func placeFree(_ item: Item, in r: Room, rng: inout SeededGenerator, tries: Int = 20) -> Furniture? {
        let edges = straightEdges[r.id] ?? []
        guard !edges.isEmpty else { return nil }
        let xs = r.polygon.map(\.x), zs = r.polygon.map(\.y)
        for _ in 0..<tries {
            let c = SIMD2(rng.uniform(xs.min()!, xs.max()!), rng.uniform(zs.min()!, zs.max()!))
            let (a, b) = rng.pick(edges)
            var u = Geo.unit(b - a)
            if rng.chance(0.5) { u = Geo.left(u) }
            if add(item, in: r, center: c, axis: u) { return plan.furniture.last }
        }
        return nil
    }

    /// Places items side by side along one wall (a kitchen run), spilling onto a second wall; skips what does not fit.
    mutating func placeRun(_ items: [Item], in r: Room, rng: inout SeededGenerator) {
        var edges = (straightEdges[r.id] ?? []).filter { Geo.length($0.1 - $0.0) >= 1.2 }
        guard !edges.isEmpty else { return }
        edges.sort { Geo.length($0.1 - $0.0) > Geo.length($1.1 - $1.0) }
        var rest = items[...]
        for (a, b) in edges.prefix(2) where !rest.isEmpty {
            let l = Geo.length(b - a), d = Geo.unit(b - a), n = Geo.left(d)
            let total = rest.reduce(0) { $0 + $1.width }
            var s = 0.012 + (total < l - 0.03 ? rng.uniform(0, l - 0.03 - total) : 0)
            while let item = rest.first, s + item.width <= l - 0.012 {
                let c = a + d * (s + item.width / 2) + n * (item.depth / 2 + 0.012)
                if add(item, in: r, center: c, axis: d) {
                    s += item.width + 0.002
                    rest.removeFirst()
                } else {
                    s += 0.1
                }
            }
        }
    }

    /// A table (free-standing, or a desk against a wall) with chairs drawn round it.
    mutating func placeTableWithChairs(_ table: Item, chairs: Int, againstWall: Bool, in r: Room, rng: inout SeededGenerator) {
        let before = plan.furniture.count
        if againstWall { placeAgainstWall(table, in: r, rng: &rng) } else { placeFree(table, in: r, rng: &rng) }
        guard plan.furniture.count > before, let t = plan.furniture.last else { return }
        let c = SIMD2(t.center.x, t.center.z)
        let ax = SIMD2(t.axisX.x, t.axisX.z), az = SIMD2(t.axisZ.x, t.axisZ.z)
        // Sides: front (+z), back (-z), right (+x), left (-x); a desk only gets chairs in front.
        var sides: [(SIMD2<Double>, Double)] = [(az, t.size.z / 2), (-az, t.size.z / 2), (ax, t.size.x / 2), (-ax, t.size.x / 2)]
        if againstWall { sides = [sides[0]] }
        var placed = 0
        for (k, (n, half)) in sides.enumerated() where placed < chairs {
            let seat = rng.uniform(0.42, 0.5, step: 0.01)
            let chair = Item(category: .chair, width: seat, depth: seat, height: rng.uniform(0.8, 0.95, step: 0.01))
            let along = k < 2 ? ax : az
            let span = k < 2 ? t.size.x : t.size.z
            let slots = max(1, min(chairs - placed, Int(span / 0.6)))
            for j in 0..<slots {
                let off = (Double(j) + 0.5) / Double(slots) * span - span / 2
                let p = c + n * (half + 0.06 + seat / 2) + along * off
                if add(chair, in: r, center: p, axis: Geo.left(n)) { placed += 1 }
            }
        }
    }

    /// Fraction of room `r`'s floor under floor-standing furniture footprints (0-1).
    func coverage(_ r: Room) -> Double {
        let floor = plan.floorElevation(of: r)
        let a = plan.furniture.filter { $0.roomID == r.id && $0.verticalRange.lowerBound < floor + 0.05 }.reduce(0) { $0 + $1.size.x * $1.size.z }
        return min(1, a / max(r.area, 1e-9))
    }
}
