import Foundation
import PlumbKernel

/// Draws one multi-room plan: an apartment or small house whose rectangular footprint is cut by
/// guillotine cuts (plus a corridor strip) into rooms (distribution documented on ``RandomPlanGenerator``).
enum MultiRoomDraw {
    /// An axis-aligned rectangle on wall centre lines.
    struct Box { var x0, z0, x1, z1: Double
        var outline: [SIMD2<Double>] { [SIMD2(x0, z0), SIMD2(x1, z0), SIMD2(x1, z1), SIMD2(x0, z1)] }
        var area: Double { (x1 - x0) * (z1 - z0) }
    }

    static func draw(name: String, rng: inout SeededGenerator) -> PlanDraft? {
        let count = rng.int(2...8)
        let variant = count >= 3 ? rng.weighted([56, 22, 22]) : rng.weighted([70, 0, 30])  // plain, two-storey, split-level
        let twoStorey = variant == 1, splitLevel = variant == 2
        let perStorey = twoStorey ? [(count + 1) / 2, count / 2] : [count]
        let tExt = rng.uniform(0.15, 0.40, step: 0.005)
        var lines = WallLines(defaultThickness: tExt)
        // Footprint from the larger storey's room count.
        let rooms0 = perStorey[0]
        let area = Double(rooms0) * rng.uniform(9, 16)
        let aspect = rng.uniform(1.0, 1.8)
        let w = ((area * aspect).squareRoot() * 20).rounded() / 20, d = max(3.0, ((area / aspect).squareRoot() * 20).rounded() / 20)
        let foot = Box(x0: 0, z0: 0, x1: max(w, d), z1: min(w, d) < 3 ? 3 : min(w, d))
        for (a, b) in [(SIMD2(foot.x0, foot.z0), SIMD2(foot.x1, foot.z0)), (SIMD2(foot.x1, foot.z0), SIMD2(foot.x1, foot.z1)),
                       (SIMD2(foot.x1, foot.z1), SIMD2(foot.x0, foot.z1)), (SIMD2(foot.x0, foot.z1), SIMD2(foot.x0, foot.z0))] {
            lines.set(a, b, thickness: tExt)
        }
        var cells: [LayoutCell] = []
        var storeys: [Storey] = []
        var corridorIDs: [Int: String] = [:]
        var elevation = 0.0
        for (s, n) in perStorey.enumerated() {
            var boxes: [Box] = []
            var corridor: Box?
            if n >= 4 && rng.chance(0.85), let split = corridorSplit(foot, rooms: n - 1, lines: &lines, rng: &rng) {
                corridor = split.corridor
                boxes = split.rooms
            } else {
                boxes = guillotine(foot, count: n, lines: &lines, rng: &rng)
            }
            guard boxes.count + (corridor == nil ? 0 : 1) == n else { return nil }
            let types = assignTypes(boxes, storey: s, rng: &rng)
            let prefix = s == 0 ? "r" : "u"
            if let corridor {
                let id = s == 0 ? "hall" : "landing"
                corridorIDs[s] = id
                cells.append(LayoutCell(id: id, name: s == 0 ? "Hall" : "Landing", type: .hallway, storey: s, outline: corridor.outline))
            }
            for (i, b) in boxes.enumerated() {
                cells.append(LayoutCell(id: "\(prefix)\(i + 1)", name: SingleRoomDraw.displayName(types[i]), type: types[i], storey: s, outline: b.outline))
            }
            let h = s == 0 ? rng.uniform(2.3, 3.2, step: 0.01) : rng.uniform(2.3, 2.8, step: 0.01)
            storeys.append(Storey(index: s, floorElevation: elevation, ceilingHeight: h))
            elevation += h + rng.uniform(0.25, 0.35, step: 0.01)
        }
        // Split level: one room raised, reached through an opening whose sill is the riser.
        var raised: (cell: Int, rise: Double)?
        if splitLevel {
            let candidates = cells.indices.filter { ![.hallway, .livingRoom, .kitchen].contains(cells[$0].type) }
            guard !candidates.isEmpty else { return nil }
            let c = rng.pick(candidates)
            let rise = rng.uniform(0.3, 0.8, step: 0.05)
            cells[c].floorElevation = rise
            storeys[0].ceilingHeight = max(storeys[0].ceilingHeight, ((rise + rng.uniform(2.3, 2.7)) * 100).rounded() / 100)
            raised = (c, rise)
        }
        // Attic: the top storey of a house sometimes has sloped ceilings along a long exterior wall.
        if twoStorey && rng.chance(0.35) {
            let top = storeys.count - 1
            let la = SIMD2(foot.x0, foot.z0 + tExt / 2), lb = SIMD2(foot.x1, foot.z0 + tExt / 2)
            let depth = foot.z1 - foot.z0 - tExt
            let h0 = rng.uniform(1.5, 2.0, step: 0.01)
            let hTop = max(storeys[top].ceilingHeight, 2.5)
            storeys[top].ceilingHeight = hTop
            let rise = (hTop - h0) / (depth * rng.uniform(0.35, 0.9))
            storeys[top].slopedCeilings = [SlopedCeiling(lineStart: la, lineEnd: lb, heightAtLine: h0, risePerMetre: rise)]
        }
        guard let layout = AssembledLayout.assemble(cells, lines: lines) else { return nil }
        var fit = PlanFitter(layout: layout, storeys: storeys, name: name)
        // Shared walls between pairs of rooms, longest first.
        func shared(_ a: String, _ b: String) -> [Int] {
            layout.layoutWalls.filter { $0.negativeRoom != nil && Set([$0.positiveRoom, $0.negativeRoom!]) == Set([a, b]) }
                .map(\.wallIndex).sorted { fit.plan.walls[$0].length > fit.plan.walls[$1].length }
        }
        var joined: [(String, String)] = []  // pairs joined by passages
        var raisedPassage: Opening?
        if let raised {
            let rid = cells[raised.cell].id
            let partners = cells.filter { $0.storey == cells[raised.cell].storey && $0.id != rid }
                .sorted { ($0.type == .livingRoom || $0.type == .hallway ? 0 : 1) < ($1.type == .livingRoom || $1.type == .hallway ? 0 : 1) }
            for p in partners {
                guard let wi = shared(rid, p.id).first else { continue }
                let maxW = min(2.5, fit.plan.walls[wi].length - 2 * fit.endMargin)
                guard maxW >= 0.9 else { continue }
                raisedPassage = fit.addOpening(wallIndex: wi, type: .opening, width: rng.uniform(0.9, maxW, step: 0.05), height: 2.3,
                                               sillAboveFloor: 0, minHeight: 1.9, rng: &rng)
                if raisedPassage != nil { joined.append((rid, p.id)); break }
            }
            guard let o = raisedPassage, let wall = fit.plan.wall(o.wallID) else { return nil }
            // A step box in front of the opening on the lower side.
            let lowSide: Double = wall.positiveRoom == rid ? -1 : 1
            if let lowID = lowSide > 0 ? wall.positiveRoom : wall.negativeRoom, let low = fit.plan.room(lowID) {
                let depth = rng.uniform(0.3, 0.45, step: 0.05)
                let c = wall.centerLine.point(at: o.position) + wall.centerLine.normal(at: o.position) * (lowSide * (wall.thickness / 2 + depth / 2 + 0.01))
                fit.add(PlanFitter.Item(category: .stairs, width: o.width, depth: depth, height: raised.rise / 2), in: low, center: c,
                        axis: wall.centerLine.tangent(at: o.position) * lowSide, ignoreKeepOut: true)
            }
        }
        // Open kitchen: a wide opening to the living room.
        for s in storeys.indices {
            guard let liv = cells.first(where: { $0.storey == s && $0.type == .livingRoom }),
                  let kit = cells.first(where: { $0.storey == s && $0.type == .kitchen }),
                  let wi = shared(liv.id, kit.id).first, rng.chance(0.75) else { continue }
            let maxW = min(3.0, fit.plan.walls[wi].length - 2 * fit.endMargin)
            guard maxW >= 1.5 else { continue }
            if fit.addOpening(wallIndex: wi, type: .opening, width: rng.uniform(1.5, maxW, step: 0.05), height: 10, sillAboveFloor: 0,
                              headroom: rng.chance(0.5) ? 0 : rng.uniform(0.05, 0.3, step: 0.01), minHeight: 1.9, rng: &rng) != nil {
                joined.append((liv.id, kit.id))
            }
        }
        // Doors along a spanning tree of each storey, corridor (or living room) first.
        for s in storeys.indices {
            let ids = cells.filter { $0.storey == s }.map(\.id)
            let root = corridorIDs[s] ?? cells.first(where: { $0.storey == s && $0.type == .livingRoom })?.id ?? ids[0]
            var reached: Set<String> = [root]
            var progress = true
            while progress && reached.count < ids.count {
                progress = false
                for id in ids where !reached.contains(id) {
                    // Rooms joined by a passage count as reached once the other one is.
                    if joined.contains(where: { ($0.0 == id && reached.contains($0.1)) || ($0.1 == id && reached.contains($0.0)) }) {
                        reached.insert(id); progress = true; continue
                    }
                    let partners = reached.sorted { a, b in a == root || b == root ? a == root && b != root : a < b }  // root first, then by id (sets have no stable order)
                    for p in partners {
                        guard let wi = shared(id, p).first else { continue }
                        let type = cells.first { $0.id == id }!.type
                        let width = type == .bathroom || type == .storage ? rng.uniform(0.7, 0.8, step: 0.05) : rng.uniform(0.75, 0.95, step: 0.05)
                        if fit.addOpening(wallIndex: wi, type: .door, width: width, height: rng.uniform(2.0, 2.1, step: 0.01), sillAboveFloor: 0,
                                          leaf: PlanFitter.randomLeaf(pOpen: 0.55, rng: &rng), minHeight: 1.9, rng: &rng) != nil {
                            reached.insert(id); progress = true
                            break
                        }
                    }
                }
            }
            guard reached.count == ids.count else { return nil }
        }
        // Entrance, patio door and windows on exterior walls.
        let exterior = layout.layoutWalls.filter { $0.negativeRoom == nil }
        let entranceRoom = corridorIDs[0] ?? cells.first(where: { $0.storey == 0 && $0.type == .livingRoom })?.id ?? cells[0].id
        let entranceWalls = exterior.filter { $0.positiveRoom == entranceRoom }.map(\.wallIndex)
        var entrance = false
        for _ in 0..<6 where !entrance && !entranceWalls.isEmpty {
            entrance = fit.addOpening(wallIndex: rng.pick(entranceWalls), type: .door, width: rng.uniform(0.85, 1.0, step: 0.05),
                                      height: rng.uniform(2.0, 2.15, step: 0.01), sillAboveFloor: 0,
                                      leaf: PlanFitter.randomLeaf(pOpen: 0.2, rng: &rng, swing: .positive), minHeight: 1.9, rng: &rng) != nil
        }
        if let liv = cells.first(where: { $0.type == .livingRoom }), rng.chance(0.35) {
            let walls = exterior.filter { $0.positiveRoom == liv.id }.map(\.wallIndex)
            for _ in 0..<4 where !walls.isEmpty {
                if fit.addOpening(wallIndex: rng.pick(walls), type: .door, width: rng.uniform(1.6, 2.4, step: 0.05), height: rng.uniform(2.0, 2.3, step: 0.01),
                                  sillAboveFloor: 0, leaf: PlanFitter.randomLeaf(pOpen: 0.25, rng: &rng, swing: .negative), minHeight: 1.9, rng: &rng) != nil { break }
            }
        }
        for lw in exterior {
            guard let type = cells.first(where: { $0.id == lw.positiveRoom })?.type else { continue }
            if type == .hallway || type == .storage, !rng.chance(0.3) { continue }
            fit.addWindows(wallIndex: lw.wallIndex, maxCount: type == .bathroom ? 1 : 2, rng: &rng)
        }
        // Stairs up in a two-storey house.
        if twoStorey {
            let host = corridorIDs[0] ?? cells.first(where: { $0.storey == 0 && $0.type == .livingRoom })?.id ?? cells[0].id
            if let r = fit.plan.room(host) { fit.placeAgainstWall(RoomFurnishing.stairs(r, plan: fit.plan, rng: &rng), in: r, rng: &rng, tries: 30) }
        }
        for c in cells { RoomFurnishing.furnish(c.id, fitter: &fit, rng: &rng) }
        var plan = fit.plan
        plan.notes = "Generated by RandomPlanGenerator (\(count) rooms\(twoStorey ? ", two storeys" : "")\(splitLevel ? ", split level" : "")); every room is scanned."
        return PlanDraft(plan: plan, scannedRoomIDs: cells.map(\.id), shapes: cells.map { _ in "rectangle" })
    }

    /// A corridor strip across the footprint (along x) with rooms on one or both sides, each side cut into rooms.
    static func corridorSplit(_ f: Box, rooms: Int, lines: inout WallLines, rng: inout SeededGenerator) -> (corridor: Box, rooms: [Box])? {
        let cw = rng.uniform(1.1, 1.5, step: 0.05)
        let depth = f.z1 - f.z0
        let twoSided = depth >= cw + 4.6 && rooms >= 2
        let zc: Double
        var strips: [(Box, Int)] = []
        if twoSided {
            zc = f.z0 + ((rng.uniform(0.35, 0.65) * (depth - cw) * 20).rounded() / 20)
            guard zc - f.z0 >= 2.2, f.z1 - (zc + cw) >= 2.2 else { return nil }
            let top = (rooms + 1) / 2
            strips = [(Box(x0: f.x0, z0: f.z0, x1: f.x1, z1: zc), top), (Box(x0: f.x0, z0: zc + cw, x1: f.x1, z1: f.z1), rooms - top)]
        } else {
            guard depth - cw >= 2.2 else { return nil }
            zc = rng.chance(0.5) ? f.z0 : f.z1 - cw
            strips = [(zc == f.z0 ? Box(x0: f.x0, z0: f.z0 + cw, x1: f.x1, z1: f.z1) : Box(x0: f.x0, z0: f.z0, x1: f.x1, z1: zc), rooms)]
        }
        let corridor = Box(x0: f.x0, z0: zc, x1: f.x1, z1: zc + cw)
        let t = rng.uniform(0.08, 0.20, step: 0.005)
        for z in [zc, zc + cw] where z > f.z0 + 1e-9 && z < f.z1 - 1e-9 { lines.set(SIMD2(f.x0, z), SIMD2(f.x1, z), thickness: t) }
        var out: [Box] = []
        for (strip, k) in strips where k > 0 {
            guard (strip.x1 - strip.x0) / Double(k) >= 1.8 else { return nil }
            // Cut the strip into k rooms with random widths (each at least 1.6 m).
            var weights = (0..<k).map { _ in rng.uniform(0.6, 1.4) }
            let total = weights.reduce(0, +)
            weights = weights.map { $0 / total }
            var x = strip.x0
            for i in 0..<k {
                var x1 = i == k - 1 ? strip.x1 : ((x + weights[i] * (strip.x1 - strip.x0)) * 20).rounded() / 20
                x1 = min(x1, strip.x1 - 1.6 * Double(k - 1 - i))
                guard x1 - x >= 1.6 else { return nil }
                if i < k - 1 { lines.set(SIMD2(x1, strip.z0), SIMD2(x1, strip.z1), thickness: rng.uniform(0.08, 0.20, step: 0.005)) }
                out.append(Box(x0: x, z0: strip.z0, x1: x1, z1: strip.z1))
                x = x1
            }
        }
        return (corridor, out)
    }

    /// Recursive guillotine cuts of `b` into `count` rooms (cut across the longer side, near the count ratio).
    static func guillotine(_ b: Box, count: Int, lines: inout WallLines, rng: inout SeededGenerator) -> [Box] {
        guard count > 1 else { return [b] }
        let k1 = count / 2 + (count % 2 == 1 && rng.chance(0.5) ? 1 : 0)
        let frac = min(0.8, max(0.2, Double(k1) / Double(count) + rng.uniform(-0.12, 0.12)))
        let t = rng.uniform(0.08, 0.20, step: 0.005)
        if b.x1 - b.x0 >= b.z1 - b.z0 {
            let x = ((b.x0 + frac * (b.x1 - b.x0)) * 20).rounded() / 20
            lines.set(SIMD2(x, b.z0), SIMD2(x, b.z1), thickness: t)
            return guillotine(Box(x0: b.x0, z0: b.z0, x1: x, z1: b.z1), count: k1, lines: &lines, rng: &rng)
                + guillotine(Box(x0: x, z0: b.z0, x1: b.x1, z1: b.z1), count: count - k1, lines: &lines, rng: &rng)
        }
        let z = ((b.z0 + frac * (b.z1 - b.z0)) * 20).rounded() / 20
        lines.set(SIMD2(b.x0, z), SIMD2(b.x1, z), thickness: t)
        return guillotine(Box(x0: b.x0, z0: b.z0, x1: b.x1, z1: z), count: k1, lines: &lines, rng: &rng)
            + guillotine(Box(x0: b.x0, z0: z, x1: b.x1, z1: b.z1), count: count - k1, lines: &lines, rng: &rng)
    }

    /// Room types for the boxes of one storey: ground floor living room (largest), kitchen (next to it when
    /// possible), bathroom (smallest), then bedrooms, an office, dining room or closet; upper floors bedrooms and a bathroom.
    static func assignTypes(_ boxes: [Box], storey: Int, rng: inout SeededGenerator) -> [RoomType] {
        var types = [RoomType](repeating: .bedroom, count: boxes.count)
        let byArea = boxes.indices.sorted { boxes[$0].area > boxes[$1].area }
        if boxes.count == 1 { return [storey == 0 ? .openPlan : .bedroom] }
        func touches(_ a: Box, _ b: Box) -> Bool {
            let ovX = min(a.x1, b.x1) - max(a.x0, b.x0), ovZ = min(a.z1, b.z1) - max(a.z0, b.z0)
            return (abs(a.x1 - b.x0) < 1e-6 || abs(b.x1 - a.x0) < 1e-6) && ovZ >= 2.0 || (abs(a.z1 - b.z0) < 1e-6 || abs(b.z1 - a.z0) < 1e-6) && ovX >= 2.0
        }
        var free = Set(boxes.indices)
        if storey == 0 {
            let liv = byArea[0]
            types[liv] = boxes.count == 2 && rng.chance(0.5) ? .openPlan : .livingRoom
            free.remove(liv)
            if boxes.count >= 3 || types[liv] == .livingRoom {
                let kit = free.sorted().first { touches(boxes[$0], boxes[liv]) && rng.chance(0.85) } ?? free.sorted().first!
                types[kit] = .kitchen
                free.remove(kit)
            }
        }
        if let bath = byArea.reversed().first(where: { free.contains($0) }), boxes.count >= 3 || storey > 0 {
            types[bath] = .bathroom
            free.remove(bath)
        }
        for i in free.sorted() {
            let a = boxes[i].area
            types[i] = a < 4.5 ? .storage : rng.pick([.bedroom, .bedroom, .bedroom, .office, storey == 0 ? .diningRoom : .bedroom, .laundry].filter { $0 != .laundry || a < 9 })
        }
        return types
    }
}
