import Foundation
import PlumbKernel

extension RoomBuilder {
    /// Turns the outline, structure and leftover points into RoomPlan surfaces and objects.
    func assemble(outline: RoomOutline, structure: RoomStructure, cloud: PointCloud, planes: [DetectedPlane],
                  wallMembers: [[Int]], clock: inout StageClock) -> CapturedRoom {
        let seed = options.seed
        let floorY = structure.floorY
        var room = CapturedRoom(identifier: DerivedIdentifier.make(name: "room", seed: seed))
        var structural = Set<Int>(structure.floorPlanes + structure.ceilingPlanes)
        let m = outline.corners.count
        // A fold (two sides running back along each other around something thin) is one wall: the longer
        // side's, on the fitted wall of the two.
        var foldPartner: [Int: Int] = [:]
        for f in outline.folds(maximumWidth: options.maximumFoldWidth) {
            foldPartner[f.longer] = f.shorter
            foldPartner[f.shorter] = -1
        }
        for k in 0..<m {
            var a = outline.corners[k], b = outline.corners[(k + 1) % m]
            // A side that collapsed to a point (two walls meeting where a third one ended) is no wall.
            guard planLength(b - a) >= 0.01, foldPartner[k] != -1 else { continue }
            var edge = outline.edges[k]
            if let s = foldPartner[k], edge.wallIndex == nil, outline.edges[s].wallIndex != nil {
                edge = outline.edges[s]
                a = edge.wall.project(a)
                b = edge.wall.project(b)
            }
            let members = edge.wallIndex.map { wallMembers[$0] } ?? []
            structural.formUnion(members)
            let plane = members.first
            let id = DerivedIdentifier.make(name: "wall \(k)", seed: seed)
            let ha = structure.ceilingY(x: a.x, z: a.y) - floorY, hb = structure.ceilingY(x: b.x, z: b.y) - floorY
            var wall = wallSurface(a: a, b: b, edge: edge, floorY: floorY, heights: (ha, hb), structure: structure, id: id)
            clock.lap("wall surfaces")
            if let plane {
                let cov = WallCoverage(plane: planes[plane], cloud: cloud, a: a, b: b, floorY: floorY, height: Double(wall.dimensions.y))
                wall.confidence = cov.confidence
                wall.completedEdges = cov.completedEdges
            } else {
                wall.confidence = .low
            }
            room.walls.append(wall)
            clock.lap("wall coverage")
            guard plane != nil else { continue }
            if case let .arc(centre, radius) = edge.wall {
                // Openings in a curved wall: the wall unrolled along its arc.
                let roomInside = planCross(b - a, centre - a) > 0  // the room is left of a→b
                let h = Swift.max(ha, hb)
                let arc = ArcWallPatch(centre: centre, radius: radius, start: a, end: b, floorY: floorY, height: h,
                                       roomInside: roomInside)
                for (j, o) in WallOpeningDetector.detect(in: cloud, arc: arc).enumerated() {
                    let id = DerivedIdentifier.make(name: "wall \(k) opening \(j)", seed: seed)
                    append(arcOpeningSurface(o, arc: arc, host: wall, wallHeight: h, id: id), to: &room)
                }
                clock.lap("openings")
                continue
            }
            // Openings in straight walls backed by a fitted plane.
            let d = (b - a) / planLength(b - a)
            let inward = SIMD2(-d.y, d.x)
            let mid = (a + b) / 2 + inward * 0.3
            let h = Swift.max(ha, hb)
            let patch = WallPatch(start: SIMD3(a.x, floorY, a.y), end: SIMD3(b.x, floorY, b.y), up: SIMD3(0, 1, 0),
                                  height: h, roomSide: SIMD3(mid.x, floorY + 1, mid.y))
            let found = WallOpeningDetector.detect(in: cloud, patch: patch)
            clock.lap("openings")
            for (j, o) in found.enumerated() {
                let surface = openingSurface(o, patch: patch, host: wall, wallHeight: h, id: DerivedIdentifier.make(name: "wall \(k) opening \(j)", seed: seed))
                append(surface, to: &room)
            }
            clock.lap("wall surfaces")
        }
        room.floors = [floorSurface(outline: outline, floorY: floorY, id: DerivedIdentifier.make(name: "floor", seed: seed))]
        room.objects = ObjectExtraction(options: options).objects(
            cloud: cloud, planes: planes, structural: structural, outline: outline, structure: structure)
        clock.lap("objects")
        let label = ObjectClassifier.sectionLabel(for: room.objects.map(\.category))
        let centre = outlineCentroid(outline)
        room.sections = [CapturedRoom.Section(label: label, center: SIMD3(Float(centre.x), Float(floorY), Float(centre.y)))]
        return room
    }

    /// A wall surface from corner `a` to `b` (plan x, z). Local x runs from a to b, y up, z into the room.
    /// A curved wall's width is its chord |b − a| (its arc, with the arc length, is in `curve`), so that
    /// local x = ±width/2 are its end corners, as for straight walls and the truth models.
    func wallSurface(a: SIMD2<Double>, b: SIMD2<Double>, edge: RoomOutline.Edge, floorY: Double,
                     heights: (Double, Double), structure: RoomStructure, id: UUID) -> CapturedRoom.Surface {
        let chord = b - a
        let c = planLength(chord)
        let d = chord / c
        let x = SIMD3<Float>(Float(d.x), 0, Float(d.y)), y = SIMD3<Float>(0, 1, 0)
        let z = SIMD3<Float>(Float(-d.y), 0, Float(d.x))
        let h = Swift.max(heights.0, heights.1)
        let mid = (a + b) / 2
        let t = Transform4x4(xAxis: x, yAxis: y, zAxis: z, translation: SIMD3(Float(mid.x), Float(floorY + h / 2), Float(mid.y)))
        var curve: CapturedRoom.Surface.Curve?
        if case let .arc(centre, radius) = edge.wall {
            let lc = SIMD2(planDot(centre - mid, d), planDot(centre - mid, SIMD2(-d.y, d.x)))
            let la = SIMD2(-c / 2, 0) - lc, lb = SIMD2(c / 2, 0) - lc
            let sa = atan2(la.y, la.x)
            var sb = atan2(lb.y, lb.x)
            // The wall is the minor arc between the corners.
            if sb - sa > .pi { sb -= 2 * .pi } else if sa - sb > .pi { sb += 2 * .pi }
            curve = .init(center: SIMD2(Float(lc.x), Float(lc.y)), radius: Float(radius), startAngle: Float(sa), endAngle: Float(sb))
        }
        var corners: [SIMD3<Float>] = []
        if abs(heights.0 - heights.1) > 0.03 || hasCeilingKink(a: a, b: b, structure: structure) {
            corners = wallPolygon(a: a, b: b, floorY: floorY, h: h, structure: structure)
        }
        return CapturedRoom.Surface(category: .wall, dimensions: SIMD3(Float(c), Float(h), 0), transform: t,
                                    identifier: id, curve: curve, polygonCorners: corners)
    }

    /// True when the ceiling envelope bends between `a` and `b` (two ceiling planes cross above the wall).
    func hasCeilingKink(a: SIMD2<Double>, b: SIMD2<Double>, structure: RoomStructure) -> Bool {
        guard structure.ceilings.count > 1 else { return false }
        let f = { (t: Double) -> Double in
            let p = a + (b - a) * t
            return structure.ceilingY(x: p.x, z: p.y)
        }
        return abs(f(0.5) - (f(0) + f(1)) / 2) > 0.03
    }

    /// Outline of a wall with a non-horizontal top in its local frame (x along, y up, centred).
    func wallPolygon(a: SIMD2<Double>, b: SIMD2<Double>, floorY: Double, h: Double, structure: RoomStructure) -> [SIMD3<Float>] {
        let len = planLength(b - a)
        // Sample the ceiling envelope densely and keep the vertices where its slope changes.
        let steps = Swift.max(2, Int(len / 0.05))
        var top: [SIMD2<Double>] = []
        for s in 0...steps {
            let t = Double(s) / Double(steps)
            let p = a + (b - a) * t
            top.append(SIMD2(t * len - len / 2, structure.ceilingY(x: p.x, z: p.y) - floorY - h / 2))
        }
        var kept = [top[0]]
        for s in 1..<(top.count - 1) {
            let prev = kept.last!, next = top[s + 1]
            let cross = planCross(top[s] - prev, next - top[s])
            if abs(cross) > 1e-4 { kept.append(top[s]) }
        }
        kept.append(top[top.count - 1])
        var poly: [SIMD3<Float>] = [SIMD3(Float(-len / 2), Float(-h / 2), 0), SIMD3(Float(len / 2), Float(-h / 2), 0)]
        for p in kept.reversed() { poly.append(SIMD3(Float(p.x), Float(p.y), 0)) }
        return poly
    }

    /// Adds a door, window or opening surface to the room's list of its category.
    func append(_ surface: CapturedRoom.Surface, to room: inout CapturedRoom) {
        switch surface.category {
        case .door: room.doors.append(surface)
        case .window: room.windows.append(surface)
        default: room.openings.append(surface)
        }
    }

    /// A door, window or opening surface from an opening detected in a curved wall: a flat rectangle on the
    /// chord of the wall surface between the opening's ends (RoomPlan's surfaces are planar), local x along
    /// the chord in the direction of increasing arc length, z into the room.
    func arcOpeningSurface(_ o: WallOpeningDetector.Opening, arc: ArcWallPatch, host: CapturedRoom.Surface,
                           wallHeight: Double, id: UUID) -> CapturedRoom.Surface {
        let p0 = arc.point(u: o.uMin, v: 0), p1 = arc.point(u: o.uMax, v: 0)
        let chord = SIMD3<Float>(Float(p1.x - p0.x), 0, Float(p1.z - p0.z))
        let width = (chord * chord).sum().squareRoot()
        let x = width > 0 ? chord / width : SIMD3<Float>(1, 0, 0)
        let y = SIMD3<Float>(0, 1, 0)
        let z = SIMD3<Float>(-x.z, 0, x.x)  // x × y
        let mid = (p0 + p1) / 2
        let centre = SIMD3<Float>(Float(mid.x), Float(arc.floorY + (o.vMin + o.vMax) / 2), Float(mid.z))
        var surface = openingSurface(o, patch: nil, host: host, wallHeight: wallHeight, id: id)
        // The room side of the chord: towards the circle's centre when the room is inside it.
        let towardsCentre = SIMD3<Float>(Float(arc.centre.x) - centre.x, 0, Float(arc.centre.y) - centre.z)
        let facesRoom = ((z * towardsCentre).sum() > 0) == arc.roomInside
        let inward = facesRoom ? z : -z, along = facesRoom ? x : -x
        surface.transform = Transform4x4(xAxis: along, yAxis: y, zAxis: inward, translation: centre)
        surface.dimensions.x = width
        return surface
    }

    /// A door, window or opening surface from a detected opening in `patch` (nil: the caller sets the
    /// transform).
    func openingSurface(_ o: WallOpeningDetector.Opening, patch: WallPatch?, host: CapturedRoom.Surface,
                        wallHeight: Double, id: UUID) -> CapturedRoom.Surface {
        let category: CapturedRoom.Surface.Category
        if o.vMin < options.floorReachTolerance {
            if o.leaf != nil {
                category = .door(isOpen: true)
            } else if let f = o.frame {
                // Framed: a surface inside is the closed leaf; nothing inside is an open door whose leaf was not seen.
                if case .recessed = o.filling { category = .door(isOpen: false) } else { category = .door(isOpen: f.insideDepth == nil) }
            } else if case .recessed = o.filling, o.vMax < wallHeight - options.closedDoorLintel {
                category = .door(isOpen: false)
            } else {
                category = .opening
            }
        } else {
            category = .window
        }
        var t = Transform4x4.identity
        if let patch {
            let centre = patch.point(u: (o.uMin + o.uMax) / 2, v: (o.vMin + o.vMax) / 2)
            t = Transform4x4(xAxis: SIMD3<Float>(patch.along), yAxis: SIMD3<Float>(patch.up), zAxis: SIMD3<Float>(patch.inward),
                             translation: SIMD3<Float>(centre))
        }
        var depth: Float = 0
        if case let .recessed(d) = o.filling { depth = Float(d) }
        return CapturedRoom.Surface(category: category, confidence: o.fill > 0.9 ? .high : .medium,
                                    dimensions: SIMD3(Float(o.width), Float(o.height), depth), transform: t,
                                    identifier: id, parentIdentifier: host.identifier)
    }

    /// The floor: a horizontal surface whose local z is world +y, with the outline in `polygonCorners`
    /// (arcs tessellated every 10 cm).
    func floorSurface(outline: RoomOutline, floorY: Double, id: UUID) -> CapturedRoom.Surface {
        let pts = outline.sampledPolygon().points
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for p in pts {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let c = (lo + hi) / 2
        // Local x = world x, local y = world -z, local z = world +y (right-handed).
        let t = Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0),
                             translation: SIMD3(Float(c.x), Float(floorY), Float(c.y)))
        let corners = pts.map { SIMD3<Float>(Float($0.x - c.x), Float(-($0.y - c.y)), 0) }
        return CapturedRoom.Surface(category: .floor, dimensions: SIMD3(Float(hi.x - lo.x), Float(hi.y - lo.y), 0),
                                    transform: t, identifier: id, polygonCorners: corners)
    }

    /// Area-weighted centroid of the outline's corner polygon (plan x, z).
    func outlineCentroid(_ o: RoomOutline) -> SIMD2<Double> {
        var a = 0.0, c = SIMD2<Double>.zero
        let p = o.corners
        for i in 0..<p.count {
            let q = p[i], r = p[(i + 1) % p.count]
            let w = planCross(q, r)
            a += w
            c += (q + r) * w
        }
        return abs(a) > 1e-12 ? c / (3 * a) : p.reduce(.zero, +) / Double(p.count)
    }
}
