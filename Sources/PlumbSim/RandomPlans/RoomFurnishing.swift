import Foundation
import PlumbKernel

/// Furniture by room type, placed as people do (see ``RandomPlanGenerator``).
enum RoomFurnishing {
    typealias Item = PlanFitter.Item

    /// Furnishes room `roomID`: nearly empty (12 %), typical (68 %) or dense (20 %, filled until about
    /// 40-50 % of the floor is covered).
    static func furnish(_ roomID: String, fitter f: inout PlanFitter, rng: inout SeededGenerator) {
        guard let r = f.plan.room(roomID) else { return }
        let density = rng.weighted([0.12, 0.68, 0.20])
        if density == 0 {
            if rng.chance(0.5) { f.placeAgainstWall(storage(tall: false, rng: &rng), in: r, rng: &rng) }
            return
        }
        typical(r, fitter: &f, rng: &rng)
        guard density == 2 else { return }
        let target = rng.uniform(0.4, 0.5)
        var misses = 0
        while f.coverage(r) < target && misses < 14 {
            let before = f.plan.furniture.count
            switch rng.weighted([3, 2, 1, 1, 1]) {
            case 0: f.placeAgainstWall(storage(tall: rng.chance(0.5), rng: &rng), in: r, rng: &rng)
            case 1: f.placeTableWithChairs(table(rng: &rng), chairs: rng.int(0...4), againstWall: rng.chance(0.3), in: r, rng: &rng)
            case 2: f.placeAgainstWall(sofa(rng: &rng), in: r, rng: &rng)
            case 3: f.placeFree(chair(arm: true, rng: &rng), in: r, rng: &rng)
            default: f.placeAgainstWall(Item(category: .bed, width: rng.uniform(0.9, 1.6, step: 0.1), depth: rng.uniform(1.9, 2.1, step: 0.05),
                                             height: rng.uniform(0.45, 0.6, step: 0.05)), in: r, rng: &rng)
            }
            if f.plan.furniture.count == before { misses += 1 }
        }
    }

    /// The usual furniture of the room's type.
    static func typical(_ r: Room, fitter f: inout PlanFitter, rng: inout SeededGenerator) {
        func maybe(_ p: Double, _ body: (inout PlanFitter, inout SeededGenerator) -> Void) {
            if rng.chance(p) { body(&f, &rng) }
        }
        switch r.type {
        case .bedroom:
            maybe(1) { f, g in f.placeAgainstWall(Item(category: .bed, width: g.pick([0.9, 1.2, 1.4, 1.6, 1.8]), depth: g.uniform(2.0, 2.15, step: 0.05),
                                                          height: g.uniform(0.45, 0.6, step: 0.05)), in: r, rng: &g) }
            maybe(0.7) { f, g in f.placeAgainstWall(storage(tall: true, rng: &g), in: r, rng: &g) }
            maybe(0.5) { f, g in for _ in 0..<2 { f.placeAgainstWall(Item(category: .storage, width: 0.45, depth: 0.4, height: 0.5), in: r, rng: &g) } }
            maybe(0.35) { f, g in f.placeTableWithChairs(desk(rng: &g), chairs: 1, againstWall: true, in: r, rng: &g) }
            maybe(0.25) { f, g in f.placeAgainstWall(television(rng: &g), in: r, rng: &g) }
            maybe(0.15) { f, g in f.placeFree(chair(arm: true, rng: &g), in: r, rng: &g) }
            maybe(0.08) { f, g in f.placeAgainstWall(sofa(rng: &g), in: r, rng: &g) }
        case .bathroom:
            maybe(r.area > 3.2 ? 0.65 : 0.15) { f, g in f.placeAgainstWall(Item(category: .bathtub, width: g.uniform(1.5, 1.8, step: 0.05),
                                                                                depth: g.uniform(0.7, 0.8, step: 0.05), height: g.uniform(0.5, 0.6, step: 0.05)), in: r, rng: &g) }
            maybe(1) { f, g in f.placeAgainstWall(Item(category: .toilet, width: g.uniform(0.36, 0.45, step: 0.01), depth: g.uniform(0.6, 0.75, step: 0.01),
                                                          height: g.uniform(0.75, 0.85, step: 0.01)), in: r, rng: &g) }
            maybe(0.95) { f, g in f.placeAgainstWall(Item(category: .sink, width: g.uniform(0.45, 0.9, step: 0.05), depth: g.uniform(0.4, 0.5, step: 0.01),
                                                          height: g.uniform(0.8, 0.9, step: 0.01)), in: r, rng: &g) }
            maybe(0.3) { f, g in f.placeAgainstWall(washer(rng: &g), in: r, rng: &g) }
            maybe(0.35) { f, g in f.placeAgainstWall(Item(category: .storage, width: g.uniform(0.4, 0.8, step: 0.05), depth: g.uniform(0.3, 0.4, step: 0.05),
                                                          height: g.uniform(0.5, 1.9, step: 0.05)), in: r, rng: &g) }
        case .kitchen:
            maybe(0.95) { f, g in f.placeRun(kitchenRun(rng: &g), in: r, rng: &g) }
            maybe(0.5) { f, g in f.placeTableWithChairs(table(rng: &g), chairs: g.int(1...4), againstWall: g.chance(0.3), in: r, rng: &g) }
            maybe(0.2) { f, g in f.placeAgainstWall(washer(rng: &g), in: r, rng: &g) }
            maybe(0.3) { f, g in f.placeAgainstWall(storage(tall: true, rng: &g), in: r, rng: &g) }
        case .livingRoom, .openPlan:
            if r.type == .openPlan { maybe(0.9) { f, g in f.placeRun(kitchenRun(rng: &g), in: r, rng: &g) } }
            maybe(0.9) { f, g in f.placeAgainstWall(sofa(rng: &g), in: r, rng: &g) }
            maybe(0.7) { f, g in f.placeFree(Item(category: .table, width: g.uniform(0.8, 1.3, step: 0.05), depth: g.uniform(0.5, 0.7, step: 0.05),
                                                  height: g.uniform(0.38, 0.46, step: 0.01)), in: r, rng: &g) }
            maybe(0.6) { f, g in f.placeAgainstWall(television(rng: &g), in: r, rng: &g) }
            maybe(0.5) { f, g in f.placeAgainstWall(storage(tall: true, rng: &g), in: r, rng: &g) }
            maybe(0.4) { f, g in f.placeAgainstWall(storage(tall: false, rng: &g), in: r, rng: &g) }
            maybe(0.45) { f, g in f.placeFree(chair(arm: true, rng: &g), in: r, rng: &g) }
            maybe(0.3) { f, g in f.placeAgainstWall(fireplace(rng: &g), in: r, rng: &g) }
            maybe(0.25) { f, g in f.placeAgainstWall(stairs(r, plan: f.plan, rng: &g), in: r, rng: &g, tries: 30) }
            maybe(r.type == .openPlan ? 0.8 : 0.3) { f, g in f.placeTableWithChairs(table(rng: &g), chairs: g.int(2...6), againstWall: false, in: r, rng: &g) }
        case .diningRoom:
            maybe(0.95) { f, g in f.placeTableWithChairs(table(rng: &g), chairs: g.int(2...6), againstWall: false, in: r, rng: &g) }
            maybe(0.6) { f, g in f.placeAgainstWall(storage(tall: false, rng: &g), in: r, rng: &g) }
            maybe(0.3) { f, g in f.placeAgainstWall(storage(tall: true, rng: &g), in: r, rng: &g) }
            maybe(0.15) { f, g in f.placeAgainstWall(fireplace(rng: &g), in: r, rng: &g) }
            maybe(0.1) { f, g in f.placeAgainstWall(television(rng: &g), in: r, rng: &g) }
        case .office:
            maybe(0.95) { f, g in f.placeTableWithChairs(desk(rng: &g), chairs: 1, againstWall: true, in: r, rng: &g) }
            maybe(0.8) { f, g in f.placeAgainstWall(storage(tall: true, rng: &g), in: r, rng: &g) }
            maybe(0.4) { f, g in f.placeAgainstWall(storage(tall: false, rng: &g), in: r, rng: &g) }
            maybe(0.2) { f, g in f.placeAgainstWall(sofa(rng: &g), in: r, rng: &g) }
            maybe(0.3) { f, g in f.placeFree(chair(arm: false, rng: &g), in: r, rng: &g) }
            maybe(0.1) { f, g in f.placeAgainstWall(television(rng: &g), in: r, rng: &g) }
        case .hallway, .stairwell:
            maybe(0.5) { f, g in f.placeAgainstWall(Item(category: .storage, width: g.uniform(0.6, 1.2, step: 0.05), depth: g.uniform(0.3, 0.4, step: 0.05),
                                                         height: g.uniform(0.45, 1.0, step: 0.05)), in: r, rng: &g) }
            maybe(0.25) { f, g in f.placeAgainstWall(storage(tall: true, rng: &g), in: r, rng: &g) }
            maybe(width(r) >= 1.9 ? 0.5 : 0) { f, g in f.placeAgainstWall(stairs(r, plan: f.plan, rng: &g), in: r, rng: &g, tries: 30) }
            maybe(0.1) { f, g in f.placeAgainstWall(chair(arm: false, rng: &g), in: r, rng: &g) }
            maybe(0.15) { f, g in f.placeAgainstWall(Item(category: .table, width: g.uniform(0.6, 1.2, step: 0.05), depth: g.uniform(0.3, 0.4, step: 0.05),
                                                         height: g.uniform(0.75, 0.9, step: 0.01)), in: r, rng: &g) }
        case .storage:
            for _ in 0..<rng.int(1...4) { f.placeAgainstWall(storage(tall: rng.chance(0.6), rng: &rng), in: r, rng: &rng) }
            maybe(0.2) { f, g in f.placeAgainstWall(washer(rng: &g), in: r, rng: &g) }
        case .laundry, .garage:
            maybe(0.95) { f, g in for _ in 0..<g.int(1...2) { f.placeAgainstWall(washer(rng: &g), in: r, rng: &g) } }
            maybe(0.6) { f, g in f.placeAgainstWall(Item(category: .sink, width: g.uniform(0.45, 0.8, step: 0.05), depth: g.uniform(0.4, 0.55, step: 0.05),
                                                         height: g.uniform(0.8, 0.9, step: 0.01)), in: r, rng: &g) }
            maybe(0.6) { f, g in f.placeAgainstWall(storage(tall: g.chance(0.5), rng: &g), in: r, rng: &g) }
        case .unidentified:
            maybe(0.5) { f, g in f.placeAgainstWall(storage(tall: g.chance(0.5), rng: &g), in: r, rng: &g) }
        }
    }

    /// A room's mean width across its longest wall: floor area over the longest polygon edge, metres
    /// (about 1.2 for a corridor, the short side for a rectangle).
    static func width(_ r: Room) -> Double {
        let n = r.polygon.count
        let longest = (0..<n).map { Geo.length(r.polygon[($0 + 1) % n] - r.polygon[$0]) }.max() ?? 1
        return r.area / max(longest, 1e-9)
    }

    /// Storage: tall (wardrobe or shelf 1.8-2.2 m) or low (sideboard, chest).
    static func storage(tall: Bool, rng: inout SeededGenerator) -> Item {
        tall ? Item(category: .storage, width: rng.uniform(0.6, 2.0, step: 0.05), depth: rng.uniform(0.35, 0.62, step: 0.01), height: rng.uniform(1.8, 2.2, step: 0.05))
            : Item(category: .storage, width: rng.uniform(0.5, 1.8, step: 0.05), depth: rng.uniform(0.35, 0.5, step: 0.01), height: rng.uniform(0.45, 0.95, step: 0.05))
    }
    static func sofa(rng: inout SeededGenerator) -> Item {
        Item(category: .sofa, width: rng.uniform(1.4, 2.6, step: 0.05), depth: rng.uniform(0.8, 1.0, step: 0.05), height: rng.uniform(0.75, 0.95, step: 0.05))
    }
    static func chair(arm: Bool, rng: inout SeededGenerator) -> Item {
        arm ? Item(category: .chair, width: rng.uniform(0.65, 0.9, step: 0.05), depth: rng.uniform(0.7, 0.9, step: 0.05), height: rng.uniform(0.75, 1.0, step: 0.05))
            : Item(category: .chair, width: 0.5, depth: 0.5, height: rng.uniform(0.8, 1.1, step: 0.05))
    }
    static func table(rng: inout SeededGenerator) -> Item {
        let round = rng.chance(0.25)
        let w = rng.uniform(0.8, 2.0, step: 0.05)
        return Item(category: .table, width: w, depth: round ? w : rng.uniform(0.7, 1.0, step: 0.05), height: rng.uniform(0.72, 0.78, step: 0.01))
    }
    static func desk(rng: inout SeededGenerator) -> Item {
        Item(category: .table, width: rng.uniform(1.0, 1.6, step: 0.05), depth: rng.uniform(0.6, 0.8, step: 0.05), height: rng.uniform(0.72, 0.76, step: 0.01))
    }
    /// A wall-hung television: a thin box 0.9-1.3 m above the floor.
    static func television(rng: inout SeededGenerator) -> Item {
        Item(category: .television, width: rng.uniform(0.9, 1.6, step: 0.05), depth: rng.uniform(0.05, 0.1, step: 0.01),
             height: rng.uniform(0.55, 0.9, step: 0.05), elevation: rng.uniform(0.9, 1.3, step: 0.05))
    }
    static func washer(rng: inout SeededGenerator) -> Item {
        Item(category: .washerDryer, width: 0.6, depth: rng.uniform(0.55, 0.65, step: 0.01), height: rng.uniform(0.82, 0.88, step: 0.01))
    }
    static func fireplace(rng: inout SeededGenerator) -> Item {
        Item(category: .fireplace, width: rng.uniform(1.0, 1.8, step: 0.05), depth: rng.uniform(0.35, 0.6, step: 0.05), height: rng.uniform(0.9, 1.3, step: 0.05))
    }
    /// A stair flight's box along a wall, up to just below the ceiling.
    static func stairs(_ r: Room, plan: FloorPlan, rng: inout SeededGenerator) -> Item {
        let clear = plan.ceilingElevation(of: r, at: r.centroid) - plan.floorElevation(of: r)
        return Item(category: .stairs, width: rng.uniform(2.0, 3.2, step: 0.05), depth: rng.uniform(0.85, 1.1, step: 0.05),
                    height: max(0.5, min(clear - rng.uniform(0.05, 0.3), 2.7)))
    }
    /// A kitchen run: cabinets, sink, stove, oven, dishwasher and refrigerator side by side (shuffled middle).
    static func kitchenRun(rng: inout SeededGenerator) -> [Item] {
        func unit(_ c: FurnitureCategory, _ w: Double) -> Item { Item(category: c, width: w, depth: 0.6, height: 0.9) }
        var middle: [Item] = [unit(.sink, rng.uniform(0.6, 0.9, step: 0.05)), unit(.stove, 0.6)]
        if rng.chance(0.7) { middle.append(unit(.oven, 0.6)) }
        if rng.chance(0.6) { middle.append(unit(.dishwasher, 0.6)) }
        for _ in 0..<rng.int(1...3) { middle.append(unit(.storage, rng.uniform(0.3, 1.2, step: 0.05))) }
        for i in stride(from: middle.count - 1, to: 0, by: -1) { middle.swapAt(i, rng.nextIndex(below: i + 1)) }
        let fridge = Item(category: .refrigerator, width: rng.uniform(0.6, 0.9, step: 0.05), depth: rng.uniform(0.62, 0.72, step: 0.01),
                          height: rng.uniform(1.7, 2.0, step: 0.05))
        return rng.chance(0.5) ? [fridge] + middle : middle + [fridge]
    }
}
