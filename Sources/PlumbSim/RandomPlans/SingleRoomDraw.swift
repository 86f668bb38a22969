import Foundation
import PlumbKernel

/// Draws one single-room plan: a target room of some type and outline, its neighbours, openings,
/// ceiling and furniture (distribution documented on ``RandomPlanGenerator``).
enum SingleRoomDraw {
    /// Target room types with their weights and centre-line size ranges (width, depth) in metres.
    static let roomTypes: [(type: RoomType, weight: Double, w: ClosedRange<Double>, d: ClosedRange<Double>)] = [
        (.bedroom, 16, 2.6...5.0, 2.8...5.2), (.livingRoom, 12, 3.5...7.0, 3.5...7.0), (.kitchen, 11, 2.2...4.6, 2.5...5.0),
        (.bathroom, 11, 1.7...3.2, 1.9...3.6), (.office, 9, 2.4...4.6, 2.5...4.6), (.hallway, 10, 1.0...1.7, 3.2...8.5),
        (.storage, 6, 1.65...2.3, 1.7...2.4), (.diningRoom, 7, 3.0...5.0, 3.0...5.0), (.openPlan, 8, 5.5...8.8, 4.6...7.6),
        (.laundry, 4, 1.7...2.6, 1.9...3.0),
    ]

    static func displayName(_ t: RoomType) -> String {
        switch t {
        case .livingRoom: "Living room"
        case .diningRoom: "Dining room"
        case .openPlan: "Open-plan living"
        case .hallway: "Hall"
        case .storage: "Closet"
        default: t.rawValue.prefix(1).uppercased() + t.rawValue.dropFirst()
        }
    }

    static func draw(name: String, rng: inout SeededGenerator) -> PlanDraft? {
        let spec = roomTypes[rng.weighted(roomTypes.map(\.weight))]
        var w = rng.uniform(spec.w.lowerBound, spec.w.upperBound, step: 0.05)
        var d = rng.uniform(spec.d.lowerBound, spec.d.upperBound, step: 0.05)
        if spec.type == .hallway && rng.chance(0.35) {
            // A squarish entrance hall instead of a corridor.
            w = rng.uniform(2.0, 3.8, step: 0.05)
            d = rng.uniform(2.0, 4.0, step: 0.05)
        }
        if rng.chance(0.5) { swap(&w, &d) }
        let tExt = rng.uniform(0.15, 0.40, step: 0.005)
        // Outline.
        let shapeKinds = ["rectangle", "lShape", "tShape", "uShape", "rectilinear", "nonOrthogonal", "curved"]
        var shape = shapeKinds[rng.weighted([34, 14, 7, 7, 12, 13, 13])]
        var arcs: [Int: Double] = [:]
        var outline = Outlines.make(shape, w: w, d: d, arcs: &arcs, rng: &rng)
        if outline == nil { shape = "rectangle"; outline = Outlines.rectangle(w, d) }
        guard var outline else { return nil }
        // Neighbours behind doors and passages.
        var cells = [LayoutCell(id: "room", name: displayName(spec.type), type: spec.type, outline: outline, arcSagitta: arcs)]
        let neighbourCount = rng.weighted([15, 45, 30, 10])
        var hosts: [Int: [Int]] = [:]  // target edge → neighbour cell indices
        var partialHosts = Set<Int>()  // edges with a neighbour along part of them only
        var connections: [(cell: Int, passage: Bool)] = []
        var probe = outline
        for (e, s) in arcs.sorted(by: { $0.key > $1.key }) {
            // Add the arc's middle to the overlap probe so neighbours keep off the bulge.
            let a = outline[e], b = outline[(e + 1) % outline.count]
            probe.insert((a + b) / 2 - Geo.left(Geo.unit(b - a)) * s, at: e + 1)
        }
        let probeTris = Plan2D.triangulate(probe).map { [probe[$0.0], probe[$0.1], probe[$0.2]] }
        var zones: [[SIMD2<Double>]] = []
        for _ in 0..<neighbourCount {
            for _ in 0..<10 {
                let e = rng.nextIndex(below: outline.count)
                guard arcs[e] == nil else { continue }
                let a = outline[e], b = outline[(e + 1) % outline.count]
                let l = Geo.length(b - a), dir = Geo.unit(b - a), out = -Geo.left(dir)
                let m = 0.35
                let n = outline.count
                // Full span: the neighbour continues both adjacent walls of a rectangular end (its side
                // walls are their collinear continuations), so the whole edge is an interior wall.
                let squareEnds = Geo.dot(Geo.unit(a - outline[(e + n - 1) % n]), out) > 0.9999
                    && Geo.dot(Geo.unit(outline[(e + 2) % n] - b), out) < -0.9999 && arcs[(e + n - 1) % n] == nil && arcs[(e + 1) % n] == nil
                let full = squareEnds && hosts[e] == nil && rng.chance(0.5)
                guard full || l - 2 * m >= 1.2 else { continue }
                let hall = rng.chance(0.4)
                let span = full ? l : rng.uniform(1.2, l - 2 * m, step: 0.05)
                let s0 = full ? 0 : rng.uniform(m, l - m - span, step: 0.05)
                let depth = hall ? rng.uniform(1.15, 1.7, step: 0.05) : rng.uniform(2.0, 4.5, step: 0.05)
                let p0 = a + dir * s0, p1 = a + dir * (s0 + span)
                let zone = [p0 - dir * 0.6 + out * 0.05, p1 + dir * 0.6 + out * 0.05, p1 + dir * 0.6 + out * (depth + 0.6), p0 - dir * 0.6 + out * (depth + 0.6)]
                guard !probeTris.contains(where: { Plan2D.convexOverlap($0, zone) }),
                      !zones.contains(where: { Plan2D.convexOverlap($0, zone) }) else { continue }
                zones.append(zone)
                let type: RoomType = hall ? .hallway : rng.pick([.bedroom, .livingRoom, .kitchen, .bathroom, .office, .diningRoom, .storage, .hallway])
                let id = "n\(cells.count)"
                // Neighbour on the outer side: counter-clockwise is p1, p0, then outwards.
                cells.append(LayoutCell(id: id, name: displayName(type), type: type, outline: [p1, p0, p0 + out * depth, p1 + out * depth]))
                hosts[e, default: []].append(cells.count - 1)
                if !full { partialHosts.insert(e) }
                connections.append((cells.count - 1, rng.chance(0.4)))
                break
            }
        }
        // Optional rotation of the whole plan in the world (the ARKit frame has an arbitrary yaw).
        if rng.chance(0.25) {
            let ang = rng.uniform(-Double.pi, Double.pi, step: 0.001)
            let c = cos(ang), s = sin(ang)
            for i in cells.indices {
                cells[i].outline = cells[i].outline.map { p in SIMD2((c * p.x - s * p.y * 1), s * p.x + c * p.y) }
            }
            outline = cells[0].outline
        }
        // Wall lines: an edge shared with a neighbour over its whole length is an interior wall (8-20 cm);
        // one shared over part of it is 15-20 cm (both an exterior and an interior thickness); the rest exterior.
        var lines = WallLines(defaultThickness: tExt)
        for e in hosts.keys.sorted() {
            let t = partialHosts.contains(e) ? rng.uniform(0.15, 0.20, step: 0.005) : rng.uniform(0.08, 0.20, step: 0.005)
            lines.set(outline[e], outline[(e + 1) % outline.count], thickness: t)
        }
        for e in outline.indices { lines.set(outline[e], outline[(e + 1) % outline.count], thickness: tExt) }
        // Ceiling: storey height, sloped parts, a lower ceiling beyond some passages (a step).
        let small: Set<RoomType> = [.bathroom, .storage, .hallway, .laundry]
        let h = small.contains(spec.type) ? rng.uniform(2.2, 2.9, step: 0.01) : rng.uniform(2.3, 3.5, step: 0.01)
        var storey = Storey(index: 0, floorElevation: 0, ceilingHeight: h)
        let slope = rng.weighted([72, 14, 14])  // none, fully, partly
        if slope > 0 {
            storey.ceilingHeight = max(h, 2.4)
            let free = outline.indices.filter { hosts[$0] == nil && arcs[$0] == nil && Geo.length(outline[($0 + 1) % outline.count] - outline[$0]) > 1.0 }
            guard !free.isEmpty else { return nil }
            let e = rng.pick(free)
            let planes = slopePlanes(outline: outline, edge: e, lines: lines, storeyHeight: storey.ceilingHeight, full: slope == 1, rng: &rng)
            guard !planes.isEmpty else { return nil }
            storey.slopedCeilings = planes
        }
        for (ci, passage) in connections where passage && rng.chance(0.4) {
            cells[ci].ceilingHeight = max(2.1, storey.ceilingHeight - rng.uniform(0.2, 0.6, step: 0.01))
        }
        guard let layout = AssembledLayout.assemble(cells, lines: lines) else { return nil }
        var fit = PlanFitter(layout: layout, storeys: [storey], name: name)
        // Doors and passages to the neighbours.
        for (ci, passage) in connections {
            let nid = cells[ci].id
            guard let wi = layout.layoutWalls.first(where: { Set([$0.positiveRoom, $0.negativeRoom]) == Set(["room", nid]) })?.wallIndex else { return nil }
            if passage {
                let wall = fit.plan.walls[wi]
                let maxW = min(3.0, wall.length - 2 * fit.endMargin)
                guard maxW >= 0.7 else { continue }
                _ = fit.addOpening(wallIndex: wi, type: .opening, width: rng.uniform(0.7, maxW, step: 0.05), height: 10, sillAboveFloor: 0,
                                   headroom: rng.chance(0.5) ? 0 : rng.uniform(0.05, 0.4, step: 0.01), minHeight: 1.9, rng: &rng)
            } else {
                let width = rng.uniform(0.7, 1.0, step: 0.05)
                _ = fit.addOpening(wallIndex: wi, type: .door, width: width, height: rng.uniform(2.0, 2.1, step: 0.01), sillAboveFloor: 0,
                                   leaf: PlanFitter.randomLeaf(pOpen: 0.6, rng: &rng), minHeight: 1.9, rng: &rng)
            }
        }
        // Exterior openings of the target room.
        let exterior = layout.layoutWalls.filter { $0.positiveRoom == "room" && $0.negativeRoom == nil }.map(\.wallIndex)
        let straightExterior = exterior.filter { !fit.plan.walls[$0].isCurved }
        if (connections.isEmpty || rng.chance(0.15)), !straightExterior.isEmpty {
            for _ in 0..<4 {
                if fit.addOpening(wallIndex: rng.pick(straightExterior), type: .door, width: rng.uniform(0.8, 1.0, step: 0.05),
                                  height: rng.uniform(2.0, 2.15, step: 0.01), sillAboveFloor: 0,
                                  leaf: PlanFitter.randomLeaf(pOpen: 0.3, rng: &rng), minHeight: 1.9, rng: &rng) != nil { break }
            }
        }
        if [.livingRoom, .kitchen, .bedroom, .openPlan, .diningRoom].contains(spec.type), rng.chance(0.3), !straightExterior.isEmpty {
            for _ in 0..<4 {
                if fit.addOpening(wallIndex: rng.pick(straightExterior), type: .door, width: rng.uniform(1.6, 2.4, step: 0.05),
                                  height: rng.uniform(2.0, 2.3, step: 0.01), sillAboveFloor: 0,
                                  leaf: PlanFitter.randomLeaf(pOpen: 0.25, rng: &rng, swing: .negative), minHeight: 1.9, rng: &rng) != nil { break }
            }
        }
        let fewWindows: Set<RoomType> = [.hallway, .storage, .laundry, .bathroom]
        for wi in exterior where !(fewWindows.contains(spec.type) && rng.chance(0.6)) {
            fit.addWindows(wallIndex: wi, maxCount: fit.plan.walls[wi].isCurved ? 1 : 3, rng: &rng)
        }
        RoomFurnishing.furnish("room", fitter: &fit, rng: &rng)
        var plan = fit.plan
        plan.notes = "Generated by RandomPlanGenerator (single room, \(shape)); room 'room' is scanned, n* are neighbouring spaces."
        return PlanDraft(plan: plan, scannedRoomIDs: ["room"], shapes: [shape])
    }

    /// Sloped ceiling planes rising from the inner face of outline edge `edge` (an eave 1.2-2.0 m high):
    /// `full` slopes over the whole room (35 % two planes, a gable), otherwise over 25-60 % of its depth.
    static func slopePlanes(
        outline: [SIMD2<Double>], edge e: Int, lines: WallLines, storeyHeight h: Double, full: Bool, rng: inout SeededGenerator
    ) -> [SlopedCeiling] {
        let n = outline.count
        let a = outline[e], b = outline[(e + 1) % n], dir = Geo.unit(b - a), inward = Geo.left(dir)
        let t = lines.thickness(a, b)
        let la = a + inward * (t / 2), lb = b + inward * (t / 2)
        let extent = outline.map { Geo.dot($0 - la, inward) }.max() ?? 0
        guard extent > 1 else { return [] }
        let h0 = rng.uniform(1.2, min(2.0, h - 0.3), step: 0.01)
        if !full {
            return [SlopedCeiling(lineStart: la, lineEnd: lb, heightAtLine: h0, risePerMetre: (h - h0) / (extent * rng.uniform(0.25, 0.6)))]
        }
        if rng.chance(0.35), let f = outline.indices.first(where: { j in
            Geo.dot(Geo.unit(outline[(j + 1) % n] - outline[j]), dir) < -0.999 && abs(Geo.dot(outline[j] - la, inward) - extent) < 0.5
        }) {
            // A gable: the opposite wall gets its own plane; the ridge runs down the middle.
            let c = outline[f], dd = outline[(f + 1) % n]
            let tf = lines.thickness(c, dd), inF = Geo.left(Geo.unit(dd - c))
            let rise = (h - h0) / (extent / 2) * rng.uniform(0.8, 0.97)
            return [SlopedCeiling(lineStart: la, lineEnd: lb, heightAtLine: h0, risePerMetre: rise),
                    SlopedCeiling(lineStart: c + inF * (tf / 2), lineEnd: dd + inF * (tf / 2), heightAtLine: h0, risePerMetre: rise)]
        }
        return [SlopedCeiling(lineStart: la, lineEnd: lb, heightAtLine: h0, risePerMetre: (h - h0) / extent * rng.uniform(0.8, 0.98))]
    }
}

/// Room outlines on wall centre lines (counter-clockwise, origin at a corner of the bounding rectangle).
enum Outlines {
    static func rectangle(_ w: Double, _ d: Double) -> [SIMD2<Double>] { [SIMD2(0, 0), SIMD2(w, 0), SIMD2(w, d), SIMD2(0, d)] }

    /// Replaces corner `k` by a rectangular notch `a` deep along the incoming edge and `b` along the outgoing one.
    static func notchCorner(_ p: [SIMD2<Double>], _ k: Int, a: Double, b: Double) -> [SIMD2<Double>] {
        let n = p.count, c = p[k]
        let din = Geo.unit(c - p[(k + n - 1) % n]), dout = Geo.unit(p[(k + 1) % n] - c)
        var q = p
        q.replaceSubrange(k...k, with: [c - din * a, c - din * a + dout * b, c + dout * b])
        return q
    }

    /// Inserts a rectangular notch into edge `k` from `s` to `s + w` along it, `depth` deep.
    static func notchEdge(_ p: [SIMD2<Double>], _ k: Int, s: Double, w: Double, depth: Double) -> [SIMD2<Double>] {
        let a = p[k], b = p[(k + 1) % p.count], d = Geo.unit(b - a), n = Geo.left(d)
        var q = p
        q.insert(contentsOf: [a + d * s, a + d * s + n * depth, a + d * (s + w) + n * depth, a + d * (s + w)], at: k + 1)
        return q
    }

    /// An outline of kind `shape` within a `w` × `d` rectangle; `nil` when the room is too small for it.
    static func make(_ shape: String, w: Double, d: Double, arcs: inout [Int: Double], rng: inout SeededGenerator) -> [SIMD2<Double>]? {
        let rect = rectangle(w, d)
        let len = [w, d, w, d]  // edge k runs from corner k to corner k+1
        func r(_ x: Double) -> Double { (x * 20).rounded() / 20 }
        var out: [SIMD2<Double>]
        switch shape {
        case "rectangle":
            return rect
        case "lShape":
            guard w >= 2.4, d >= 2.4 else { return nil }
            let k = rng.nextIndex(below: 4)
            out = notchCorner(rect, k, a: r(rng.uniform(0.25, 0.55) * len[(k + 3) % 4]), b: r(rng.uniform(0.25, 0.55) * len[k]))
        case "tShape":
            let k = rng.nextIndex(below: 4)
            guard len[k] >= 3.0, len[(k + 1) % 4] >= 2.4 else { return nil }
            let depth = r(rng.uniform(0.3, 0.55) * len[(k + 1) % 4])
            let a1 = r(rng.uniform(0.2, 0.38) * len[k]), b0 = r(rng.uniform(0.2, 0.38) * len[k])
            // Notch the later corner first so the earlier index stays valid.
            let first = (k + 1) % 4
            if first > k {
                out = notchCorner(rect, first, a: a1, b: depth)
                out = notchCorner(out, k, a: depth, b: b0)
            } else {
                out = notchCorner(rect, k, a: depth, b: b0)
                out = notchCorner(out, first, a: a1, b: depth)
            }
        case "uShape":
            let k = rng.nextIndex(below: 4)
            guard len[k] >= 2.8, len[(k + 1) % 4] >= 2.2 else { return nil }
            let nw = r(rng.uniform(0.25, 0.45) * len[k])
            let s = r(rng.uniform(0.7, len[k] - 0.7 - nw))
            out = notchEdge(rect, k, s: s, w: nw, depth: r(rng.uniform(0.3, 0.55) * len[(k + 1) % 4]))
        case "rectilinear":
            guard w >= 2.6, d >= 2.6 else { return nil }
            let edgeNotch = rng.chance(0.4) ? rng.nextIndex(below: 4) : nil
            let count = edgeNotch == nil ? rng.int(2...4) : rng.int(1...2)
            var corners = Array(0..<4)
            for i in stride(from: 3, to: 0, by: -1) { corners.swapAt(i, rng.nextIndex(below: i + 1)) }
            let chosen = Set(corners.prefix(count))
            // a along the incoming edge (k-1), b along the outgoing edge (k); each ≤ 40 % of its edge.
            var a = [Double](repeating: 0, count: 4), b = a
            for k in chosen.sorted() {
                a[k] = r(rng.uniform(0.15, 0.4) * len[(k + 3) % 4])
                b[k] = r(rng.uniform(0.15, 0.4) * len[k])
            }
            var q = rect
            var shift = 0
            if let k = edgeNotch {
                // The notch sits between the corner notches of its edge with 0.5 m to spare.
                let lo = b[k] + 0.5, hi = len[k] - a[(k + 1) % 4] - 0.5
                guard hi - lo >= 1.0 else { return nil }
                let nw = r(rng.uniform(0.5, min(1.8, hi - lo - 0.3)))
                let s = r(rng.uniform(lo, hi - nw))
                q = notchEdge(q, k, s: s, w: nw, depth: r(rng.uniform(0.2, 0.4) * len[(k + 1) % 4]))
                shift = k
            }
            for k in chosen.sorted(by: >) {
                let idx = edgeNotch != nil && k > shift ? k + 4 : k
                q = notchCorner(q, idx, a: a[k], b: b[k])
            }
            out = q
        case "nonOrthogonal":
            var q = rect
            let variant = rng.int(0...2)
            if variant != 1 {
                // Skew the far side: one or both far corners slide along x.
                let dx = r(rng.uniform(0.3, min(1.4, w * 0.35))) * (rng.chance(0.5) ? 1 : -1)
                q[2].x += dx
                if rng.chance(0.5) { q[3].x += r(rng.uniform(-0.8, 0.8)) }
                guard q[2].x - q[3].x > 1.2 else { return nil }
            }
            if variant != 0 {
                // Cut a corner diagonally.
                let k = rng.nextIndex(below: 4)
                let n = q.count, c = q[k]
                let lin = Geo.length(c - q[(k + n - 1) % n]), lout = Geo.length(q[(k + 1) % n] - c)
                let din = Geo.unit(c - q[(k + n - 1) % n]), dout = Geo.unit(q[(k + 1) % n] - c)
                let ca = r(rng.uniform(0.4, max(0.45, 0.4 * lin))), cb = r(rng.uniform(0.4, max(0.45, 0.4 * lout)))
                q.replaceSubrange(k...k, with: [c - din * ca, c + dout * cb])
            }
            out = q
        case "curved":
            guard w >= 2.0, d >= 2.0 else { return nil }
            let k = rng.nextIndex(below: 4)
            let l = len[k]
            let s = rng.chance(0.8) ? r(rng.uniform(0.25, min(1.6, 0.45 * l))) : -r(rng.uniform(0.15, min(0.5, 0.2 * l)))
            arcs[k] = s
            out = rect
        default:
            return nil
        }
        guard Plan2D.signedArea(out) > 0, Plan2D.firstSelfIntersection(out) == nil else { return nil }
        // Every edge at least 0.4 m long.
        for i in out.indices where Geo.length(out[(i + 1) % out.count] - out[i]) < 0.4 { return nil }
        return out
    }
}
