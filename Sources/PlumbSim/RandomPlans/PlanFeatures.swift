import Foundation

/// What one plan (or, summed with ``total(_:)``, a set of plans) contains, measured on the plan itself:
/// counts for coverage reports. Openings are counted in walls that bound a scanned room; furniture and
/// rooms only in scanned rooms.
public struct PlanFeatures: Sendable, Equatable, Codable {
    /// Number of plans summed (1 for one plan).
    public var plans = 0
    /// Scanned rooms, and the other (neighbouring) rooms in the plans.
    public var scannedRooms = 0
    public var neighbourRooms = 0
    /// Scanned rooms through whose openings no other room is visible (no passage, no open door).
    public var closedOffRooms = 0
    /// Scanned rooms by outline kind (`rectangle`, `lShape`, `tShape`, `uShape`, `rectilinear`, `nonOrthogonal`, `curved`).
    public var shapes: [String: Int] = [:]
    /// Scanned rooms by corner count (vertices turning by more than 20°), keyed by the count.
    public var corners: [String: Int] = [:]
    /// Scanned rooms by ``RoomType`` raw value.
    public var roomTypes: [String: Int] = [:]
    /// Arc walls bounding scanned rooms.
    public var curvedWalls = 0
    /// Walls bounding scanned rooms that are neither parallel nor perpendicular to the room's longest wall.
    public var obliqueWalls = 0
    /// Scanned rooms whose ceiling is sloped over at least 90 % of the floor, over 2-90 %, and rooms
    /// whose ceiling steps (a different flat ceiling height) at a passage to another room.
    public var slopedCeilings = 0
    public var partlySlopedCeilings = 0
    public var steppedCeilings = 0
    /// Doors (and how many are open, in exterior walls, at least 1.5 m wide: patio doors).
    public var doors = 0
    public var openDoors = 0
    public var exteriorDoors = 0
    public var patioDoors = 0
    /// Leafless passages, and those at least 1.5 m wide.
    public var passages = 0
    public var widePassages = 0
    /// Windows, those within 15 cm of an inner corner, and those with a sill at most 55 cm above the floor.
    public var windows = 0
    public var windowsNearCorner = 0
    public var lowSillWindows = 0
    /// Furniture boxes in scanned rooms, by ``FurnitureCategory`` raw value.
    public var furniture = 0
    public var furnitureByCategory: [String: Int] = [:]
    /// Scanned rooms with less than 5 % and at least 35 % of the floor under furniture.
    public var nearlyEmptyRooms = 0
    public var denseRooms = 0
    /// Range of the fraction of floor under floor-standing furniture over scanned rooms.
    public var floorCoverage: ClosedRange<Double>?
    /// Range of scanned room floor areas, m².
    public var scannedArea: ClosedRange<Double>?
    /// Range of flat ceiling heights of scanned rooms above their floors, metres.
    public var ceilingHeight: ClosedRange<Double>?
    /// Plans with two or more storeys, and plans with a room on its own floor elevation (split level).
    public var multiStorey = 0
    public var splitLevel = 0
    /// Interior walls (two rooms) and the ranges of interior and exterior wall thickness, metres.
    public var interiorWalls = 0
    public var interiorThickness: ClosedRange<Double>?
    public var exteriorThickness: ClosedRange<Double>?

    /// Empty counts.
    public init() {}

    /// Measures `plan`. `shapes` are the outline kinds of the scanned rooms (the generator knows them).
    /// - Complexity: O(rooms · (walls + vertices + 400 ceiling samples) + openings · walls).
    public static func measure(_ plan: FloorPlan, scannedRoomIDs: [String], shapes: [String]) -> PlanFeatures {
        var f = PlanFeatures()
        f.plans = 1
        let scanned = Set(scannedRoomIDs)
        f.scannedRooms = scanned.count
        f.neighbourRooms = plan.rooms.count - scanned.count
        for s in shapes { f.shapes[s, default: 0] += 1 }
        let bounding = plan.walls.filter { w in [w.positiveRoom, w.negativeRoom].contains { $0.map(scanned.contains) ?? false } }
        let boundingIDs = Set(bounding.map(\.id))
        for r in plan.rooms where scanned.contains(r.id) {
            f.roomTypes[r.type.rawValue, default: 0] += 1
            f.corners[String(cornerCount(r.polygon)), default: 0] += 1
            f.scannedArea = union(f.scannedArea, r.area)
            let floor = plan.floorElevation(of: r)
            let flat = flatCeiling(plan, r)
            f.ceilingHeight = union(f.ceilingHeight, flat - floor)
            let sloped = slopedFraction(plan, r, flat: flat)
            if sloped >= 0.9 { f.slopedCeilings += 1 } else if sloped > 0.02 { f.partlySlopedCeilings += 1 }
            let mine = plan.walls.filter { $0.positiveRoom == r.id || $0.negativeRoom == r.id }
            var seesOut = false, stepped = false
            for w in mine {
                guard let other = w.positiveRoom == r.id ? w.negativeRoom : w.positiveRoom, let o = plan.room(other) else { continue }
                for op in plan.openings(inWall: w.id) where op.type == .opening || op.effectiveLeafAngle > 0 {
                    seesOut = true
                    if op.type == .opening && abs(flatCeiling(plan, o) - flat) > 0.05 { stepped = true }
                }
            }
            if !seesOut { f.closedOffRooms += 1 }
            if stepped { f.steppedCeilings += 1 }
            // Oblique walls: straight walls off the 90° grid of the room's longest wall.
            let straight = mine.compactMap { w -> SIMD2<Double>? in
                if case let .straight(s, e) = w.centerLine { return Geo.unit(e - s) }
                return nil
            }
            if let ref = mine.filter({ !$0.isCurved }).max(by: { $0.length < $1.length }).flatMap({ w -> SIMD2<Double>? in
                if case let .straight(s, e) = w.centerLine { return Geo.unit(e - s) }
                return nil
            }) {
                f.obliqueWalls += straight.filter { d in abs(Geo.dot(d, ref)) < 0.999 && abs(Geo.cross(d, ref)) < 0.999 }.count
            }
            let items = plan.furniture.filter { $0.roomID == r.id }
            f.furniture += items.count
            for i in items { f.furnitureByCategory[i.category.rawValue, default: 0] += 1 }
            let cover = min(1, items.filter { $0.verticalRange.lowerBound < floor + 0.05 }.reduce(0) { $0 + $1.size.x * $1.size.z } / max(r.area, 1e-9))
            f.floorCoverage = union(f.floorCoverage, cover)
            if cover < 0.05 { f.nearlyEmptyRooms += 1 }
            if cover >= 0.35 { f.denseRooms += 1 }
        }
        f.curvedWalls = bounding.filter(\.isCurved).count
        for o in plan.openings where boundingIDs.contains(o.wallID) {
            guard let w = plan.wall(o.wallID) else { continue }
            let exterior = w.positiveRoom == nil || w.negativeRoom == nil
            switch o.type {
            case .door:
                f.doors += 1
                if o.effectiveLeafAngle > 0 { f.openDoors += 1 }
                if exterior { f.exteriorDoors += 1 }
                if o.width >= 1.5 { f.patioDoors += 1 }
            case .opening:
                f.passages += 1
                if o.width >= 1.5 { f.widePassages += 1 }
            case .window:
                f.windows += 1
                if cornerGap(plan, w, o) < 0.15 { f.windowsNearCorner += 1 }
                let floors = [w.positiveRoom, w.negativeRoom].compactMap { $0.flatMap(plan.room) }.map { plan.floorElevation(of: $0) }
                if w.bottom(in: plan) + o.sillHeight - (floors.max() ?? 0) <= 0.55 { f.lowSillWindows += 1 }
            }
        }
        if plan.storeys.count > 1 { f.multiStorey = 1 }
        if plan.rooms.contains(where: { r in r.floorElevation.map { abs($0 - (plan.storey(r.storey)?.floorElevation ?? 0)) > 1e-6 } ?? false }) {
            f.splitLevel = 1
        }
        for w in plan.walls {
            if w.positiveRoom != nil && w.negativeRoom != nil {
                f.interiorWalls += 1
                f.interiorThickness = union(f.interiorThickness, w.thickness)
            } else {
                f.exteriorThickness = union(f.exteriorThickness, w.thickness)
            }
        }
        return f
    }

    /// The sum of `items`: counts added, dictionaries merged, ranges joined.
    public static func total(_ items: [PlanFeatures]) -> PlanFeatures {
        var t = PlanFeatures()
        func merge(_ a: inout [String: Int], _ b: [String: Int]) { for (k, v) in b { a[k, default: 0] += v } }
        func join(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> ClosedRange<Double>? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
        }
        for f in items {
            t.plans += f.plans; t.scannedRooms += f.scannedRooms; t.neighbourRooms += f.neighbourRooms; t.closedOffRooms += f.closedOffRooms
            merge(&t.shapes, f.shapes); merge(&t.corners, f.corners); merge(&t.roomTypes, f.roomTypes)
            t.curvedWalls += f.curvedWalls; t.obliqueWalls += f.obliqueWalls
            t.slopedCeilings += f.slopedCeilings; t.partlySlopedCeilings += f.partlySlopedCeilings; t.steppedCeilings += f.steppedCeilings
            t.doors += f.doors; t.openDoors += f.openDoors; t.exteriorDoors += f.exteriorDoors; t.patioDoors += f.patioDoors
            t.passages += f.passages; t.widePassages += f.widePassages
            t.windows += f.windows; t.windowsNearCorner += f.windowsNearCorner; t.lowSillWindows += f.lowSillWindows
            t.furniture += f.furniture; merge(&t.furnitureByCategory, f.furnitureByCategory)
            t.nearlyEmptyRooms += f.nearlyEmptyRooms; t.denseRooms += f.denseRooms
            t.floorCoverage = join(t.floorCoverage, f.floorCoverage)
            t.scannedArea = join(t.scannedArea, f.scannedArea)
            t.ceilingHeight = join(t.ceilingHeight, f.ceilingHeight)
            t.multiStorey += f.multiStorey; t.splitLevel += f.splitLevel
            t.interiorWalls += f.interiorWalls
            t.interiorThickness = join(t.interiorThickness, f.interiorThickness)
            t.exteriorThickness = join(t.exteriorThickness, f.exteriorThickness)
        }
        return t
    }

    /// A human-readable multi-line summary of the counts (sorted keys, fixed decimals).
    public var summary: String {
        func dict(_ d: [String: Int]) -> String {
            d.keys.sorted { a, b in
                if let x = Int(a), let y = Int(b) { return x < y }
                return a < b
            }.map { "\($0) \(d[$0]!)" }.joined(separator: ", ")
        }
        func range(_ r: ClosedRange<Double>?, _ digits: Int = 2) -> String {
            guard let r else { return "-" }
            return String(format: "%.\(digits)f-%.\(digits)f", r.lowerBound, r.upperBound)
        }
        return """
            plans \(plans): scanned rooms \(scannedRooms), neighbour rooms \(neighbourRooms), closed-off rooms \(closedOffRooms)
            shapes: \(dict(shapes))
            corners: \(dict(corners))
            room types: \(dict(roomTypes))
            areas \(range(scannedArea, 1)) m², ceilings \(range(ceilingHeight)) m; sloped \(slopedCeilings), partly sloped \(partlySlopedCeilings), stepped \(steppedCeilings)
            walls: curved \(curvedWalls), oblique \(obliqueWalls), interior \(interiorWalls) (\(range(interiorThickness, 3)) m), exterior \(range(exteriorThickness, 3)) m
            doors \(doors) (open \(openDoors), exterior \(exteriorDoors), patio \(patioDoors)), passages \(passages) (wide \(widePassages)), windows \(windows) (near corner \(windowsNearCorner), low sill \(lowSillWindows))
            furniture \(furniture): \(dict(furnitureByCategory))
            floor coverage \(range(floorCoverage)), nearly empty \(nearlyEmptyRooms), dense \(denseRooms); multi-storey \(multiStorey), split level \(splitLevel)
            """
    }

    // MARK: measuring helpers

    static func union(_ r: ClosedRange<Double>?, _ v: Double) -> ClosedRange<Double> {
        guard let r else { return v...v }
        return min(r.lowerBound, v)...max(r.upperBound, v)
    }

    /// World y of a room's flat ceiling (its own height or the storey's).
    static func flatCeiling(_ plan: FloorPlan, _ r: Room) -> Double {
        if let h = r.ceilingHeight { return plan.floorElevation(of: r) + h }
        guard let s = plan.storey(r.storey) else { return plan.floorElevation(of: r) }
        return s.floorElevation + s.ceilingHeight
    }

    /// Fraction of grid samples (about 400) inside the room where a sloped part is below the flat ceiling.
    static func slopedFraction(_ plan: FloorPlan, _ r: Room, flat: Double) -> Double {
        let xs = r.polygon.map(\.x), zs = r.polygon.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let z0 = zs.min(), let z1 = zs.max() else { return 0 }
        var inside = 0, sloped = 0
        for i in 0..<20 {
            for j in 0..<20 {
                let p = SIMD2(x0 + (x1 - x0) * (Double(i) + 0.5) / 20, z0 + (z1 - z0) * (Double(j) + 0.5) / 20)
                guard r.contains(p) else { continue }
                inside += 1
                if plan.ceilingElevation(of: r, at: p) < flat - 1e-6 { sloped += 1 }
            }
        }
        return inside > 0 ? Double(sloped) / Double(inside) : 0
    }

    /// Vertices where the outline turns by more than 20°.
    static func cornerCount(_ p: [SIMD2<Double>]) -> Int {
        let n = p.count
        return (0..<n).filter { i in
            let a = Geo.unit(p[i] - p[(i + n - 1) % n]), b = Geo.unit(p[(i + 1) % n] - p[i])
            return Geo.dot(a, b) < cos(20 * Double.pi / 180)
        }.count
    }

    /// Distance along the wall from an opening's edge to the nearer inner corner (the wall end less half
    /// the thickest non-collinear wall meeting it there), metres.
    static func cornerGap(_ plan: FloorPlan, _ w: Wall, _ o: Opening) -> Double {
        // Half the thickest wall meeting the end at an angle; infinite where the wall continues straight
        // on (a T joint seen from the through side is no corner).
        func halfMeeting(_ p: SIMD2<Double>, _ dir: SIMD2<Double>) -> Double {
            var t = 0.0
            for v in plan.walls where v.id != w.id && v.storey == w.storey {
                let l = v.length
                for (q, d) in [(v.centerLine.point(at: 0), v.centerLine.tangent(at: 0)), (v.centerLine.point(at: l), v.centerLine.tangent(at: l))]
                    where Geo.length(q - p) < 0.01 {
                    if abs(Geo.dot(d, dir)) >= 0.999 { return -.infinity }
                    t = max(t, v.thickness / 2)
                }
            }
            return t
        }
        let l = w.length
        let g0 = o.position - o.width / 2 - halfMeeting(w.centerLine.point(at: 0), w.centerLine.tangent(at: 0))
        let g1 = l - o.position - o.width / 2 - halfMeeting(w.centerLine.point(at: l), w.centerLine.tangent(at: l))
        return min(g0, g1)
    }
}
