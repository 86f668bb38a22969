import PlumbKernel
extension FloorPlan {
    /// Checks that the plan is physically consistent; throws the first problem found.
    ///
    /// Checks: non-empty; unique ids; finite numbers; known storeys, rooms and walls; simple room polygons
    /// with positive area; walls with positive length, sensible thickness/height and arcs wider than their
    /// thickness; openings inside their wall and not overlapping each other; furniture inside its room,
    /// between floor and ceiling, and not intersecting any wall (1 mm tolerance); ceilings at least 1 m
    /// above every room floor.
    /// - Complexity: O(rooms·v² + walls·(openings + furniture·segments)).
    public func validate() throws(FloorPlanError) {
        if storeys.isEmpty { throw .empty(what: "storeys") }
        if rooms.isEmpty { throw .empty(what: "rooms") }
        try Self.checkUnique(storeys.map { String($0.index) }, kind: "storey")
        try Self.checkUnique(rooms.map(\.id), kind: "room")
        try Self.checkUnique(walls.map(\.id), kind: "wall")
        try Self.checkUnique(openings.map(\.id), kind: "opening")
        try Self.checkUnique(furniture.map(\.id), kind: "furniture")
        for s in storeys { try checkStorey(s) }
        for r in rooms { try checkRoom(r) }
        for w in walls { try checkWall(w) }
        for o in openings { try checkOpening(o) }
        for f in furniture { try checkFurniture(f) }
    }

    /// Largest accepted absolute plan coordinate or elevation, metres (100 km).
    static let maxCoordinate = 100_000.0

    private static func checkUnique(_ ids: [String], kind: String) throws(FloorPlanError) {
        var seen = Set<String>()
        for id in ids where !seen.insert(id).inserted { throw .duplicateID(kind: kind, id: id) }
    }

    private static func finite(_ v: Double, _ kind: String, _ id: String, _ field: String) throws(FloorPlanError) {
        if !v.isFinite { throw .nonFinite(kind: kind, id: id, field: field) }
    }

    private static func size(_ v: Double, _ kind: String, _ id: String, _ field: String, allowZero: Bool = false) throws(FloorPlanError) {
        try finite(v, kind, id, field)
        if v > 1000 || v < 0 || (!allowZero && v == 0) { throw .badDimension(kind: kind, id: id, field: field, value: v) }
    }

    private func checkStorey(_ s: Storey) throws(FloorPlanError) {
        let id = String(s.index)
        try Self.finite(s.floorElevation, "storey", id, "floorElevation")
        try Self.size(s.ceilingHeight, "storey", id, "ceilingHeight")
        for (k, c) in s.slopedCeilings.enumerated() {
            for v in [c.lineStart.x, c.lineStart.y, c.lineEnd.x, c.lineEnd.y, c.heightAtLine, c.risePerMetre] {
                try Self.finite(v, "storey", id, "slopedCeilings[\(k)]")
            }
            if c.leftNormal == .zero {
                throw .badDimension(kind: "storey", id: id, field: "slopedCeilings[\(k)] line length", value: 0)
            }
        }
    }

    private func checkRoom(_ r: Room) throws(FloorPlanError) {
        guard storey(r.storey) != nil else { throw .unknownStorey(kind: "room", id: r.id, storey: r.storey) }
        if r.polygon.count > 10_000 {
            throw .badDimension(kind: "room", id: r.id, field: "vertex count", value: Double(r.polygon.count))
        }
        for p in r.polygon {
            try Self.finite(p.x, "room", r.id, "polygon")
            try Self.finite(p.y, "room", r.id, "polygon")
            if abs(p.x) > Self.maxCoordinate || abs(p.y) > Self.maxCoordinate {
                throw .badDimension(kind: "room", id: r.id, field: "polygon coordinate", value: max(abs(p.x), abs(p.y)))
            }
        }
        if let e = r.floorElevation { try Self.finite(e, "room", r.id, "floorElevation") }
        if let c = r.ceilingHeight { try Self.size(c, "room", r.id, "ceilingHeight") }
        guard r.polygon.count >= 3, r.area > 1e-4 else { throw .degeneratePolygon(roomID: r.id) }
        if let e = Plan2D.firstSelfIntersection(r.polygon) { throw .selfIntersectingPolygon(roomID: r.id, edge: e) }
        let floor = floorElevation(of: r)
        for p in r.polygon {
            let h = ceilingElevation(of: r, at: p) - floor
            if h < 1 { throw .ceilingTooLow(roomID: r.id, height: h) }
        }
    }

    private func checkWall(_ w: Wall) throws(FloorPlanError) {
        guard storey(w.storey) != nil else { throw .unknownStorey(kind: "wall", id: w.id, storey: w.storey) }
        switch w.centerLine {
        case let .straight(s, e):
            for v in [s.x, s.y, e.x, e.y] {
                try Self.finite(v, "wall", w.id, "centre line")
                if abs(v) > Self.maxCoordinate { throw .badDimension(kind: "wall", id: w.id, field: "centre line coordinate", value: abs(v)) }
            }
        case let .arc(c, r, a0, a1):
            for v in [c.x, c.y, r, a0, a1] {
                try Self.finite(v, "wall", w.id, "arc")
                if abs(v) > Self.maxCoordinate { throw .badDimension(kind: "wall", id: w.id, field: "arc parameter", value: abs(v)) }
            }
            if abs(a1 - a0) > 2 * .pi + 1e-9 { throw .badDimension(kind: "wall", id: w.id, field: "arc sweep", value: abs(a1 - a0)) }
            if r <= w.thickness / 2 { throw .arcTooTight(wallID: w.id) }
        }
        if !(w.length > 1e-3) { throw .zeroLengthWall(wallID: w.id) }
        if w.length > 1000 { throw .badDimension(kind: "wall", id: w.id, field: "length", value: w.length) }
        try Self.size(w.thickness, "wall", w.id, "thickness")
        if let h = w.height { try Self.size(h, "wall", w.id, "height") }
        if let b = w.baseElevation { try Self.finite(b, "wall", w.id, "baseElevation") }
        if !(w.top(in: self) > w.bottom(in: self)) {
            throw .badDimension(kind: "wall", id: w.id, field: "height", value: w.top(in: self) - w.bottom(in: self))
        }
        for rid in [w.positiveRoom, w.negativeRoom].compactMap({ $0 }) {
            guard let r = room(rid) else { throw .unknownRoom(kind: "wall", id: w.id, roomID: rid) }
            if r.storey != w.storey && w.baseElevation == nil {
                throw .badWallRooms(wallID: w.id, reason: "room '\(rid)' is on storey \(r.storey), wall on \(w.storey)")
            }
        }
        if w.positiveRoom == nil && w.negativeRoom == nil { throw .badWallRooms(wallID: w.id, reason: "bounds no room") }
        if let a = w.positiveRoom, a == w.negativeRoom { throw .badWallRooms(wallID: w.id, reason: "same room on both sides") }
    }

    private func checkOpening(_ o: Opening) throws(FloorPlanError) {
        for (v, f) in [(o.position, "position"), (o.sillHeight, "sillHeight")] { try Self.finite(v, "opening", o.id, f) }
        try Self.size(o.width, "opening", o.id, "width")
        try Self.size(o.height, "opening", o.id, "height")
        if let a = o.openAngle {
            try Self.finite(a, "opening", o.id, "openAngle")
            if a < 0 || a > .pi { throw .badDimension(kind: "opening", id: o.id, field: "openAngle", value: a) }
        }
        guard let w = wall(o.wallID) else { throw .unknownWall(openingID: o.id, wallID: o.wallID) }
        let wallHeight = w.top(in: self) - w.bottom(in: self)
        if o.position - o.width / 2 < -1e-9 || o.position + o.width / 2 > w.length + 1e-9 || o.sillHeight < 0
            || o.sillHeight + o.height > wallHeight + 1e-9 {
            throw .openingOutsideWall(openingID: o.id, wallID: w.id)
        }
        for other in openings where other.wallID == o.wallID && other.id < o.id {
            let apart = abs(other.position - o.position) >= (other.width + o.width) / 2 - 1e-9
            let vApart = other.sillHeight >= o.sillHeight + o.height - 1e-9 || o.sillHeight >= other.sillHeight + other.height - 1e-9
            if !apart && !vApart { throw .overlappingOpenings(first: other.id, second: o.id) }
        }
    }

    private func checkFurniture(_ f: Furniture) throws(FloorPlanError) {
        for v in [f.center.x, f.center.y, f.center.z, f.yaw] {
            try Self.finite(v, "furniture", f.id, "center/yaw")
            if abs(v) > Self.maxCoordinate { throw .badDimension(kind: "furniture", id: f.id, field: "center/yaw", value: abs(v)) }
        }
        for (v, n) in [(f.size.x, "width"), (f.size.y, "height"), (f.size.z, "depth")] { try Self.size(v, "furniture", f.id, n) }
        guard let r = room(f.roomID) else { throw .unknownRoom(kind: "furniture", id: f.id, roomID: f.roomID) }
        let fp = f.footprint
        let floor = floorElevation(of: r)
        let slack = 0.005
        for w in walls {
            let wb = w.bottom(in: self), wt = w.top(in: self)
            guard f.verticalRange.upperBound > wb + 1e-3, f.verticalRange.lowerBound < wt - 1e-3 else { continue }
            for q in w.footprintQuads(maxChordError: 0.002) where Plan2D.convexOverlap(q, fp) {
                throw .furnitureIntersectsWall(furnitureID: f.id, wallID: w.id)
            }
        }
        // Footprint inside the room (corners inside or within 5 mm of the boundary), floor to ceiling.
        for c in fp where !r.contains(c) && Plan2D.boundaryDistance(r.polygon, c) > slack {
            throw .furnitureOutsideRoom(furnitureID: f.id, roomID: r.id)
        }
        if f.verticalRange.lowerBound < floor - slack { throw .furnitureOutsideRoom(furnitureID: f.id, roomID: r.id) }
        for c in fp {
            if f.verticalRange.upperBound > ceilingElevation(of: r, at: c) + slack {
                throw .furnitureOutsideRoom(furnitureID: f.id, roomID: r.id)
            }
        }
    }
}
