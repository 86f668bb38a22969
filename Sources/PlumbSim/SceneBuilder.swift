import PlumbKernel
/// Builds the true solids of a ``FloorPlan`` as a labelled triangle mesh.
///
/// Walls are swept solids (both faces, end and top caps) with rectangular holes for openings and
/// reveals lining each hole; arc walls are tessellated so the chord error stays below `maxChordError`.
/// Rooms get a floor polygon at their floor elevation and a ceiling made of flat and sloped pieces (the
/// lowest of the storey's ceiling planes). Furniture boxes, door leaves (closed in the hole or swung about
/// the hinge), door casings and window glass (in the wall's middle plane) are added as labelled surfaces.
///
/// Doors are built as real doors look: a casing (architrave) ``doorCasingWidth`` wide standing
/// ``doorCasingProjection`` proud of each wall face frames the sides and head of the hole (never below the
/// wall base); a closed leaf sits ``closedLeafSetback`` behind the swing-side face with ``doorLeafGap`` round
/// its sides and head and ``doorLeafUndercut`` above the floor. The hole itself (the truth opening) is unchanged.
public enum SceneBuilder {
    /// Thickness of simulated door leaves, metres.
    public static let doorLeafThickness = 0.04
    /// Width of a door casing strip (sides and head, both wall faces), metres. Its inner edge is the hole edge.
    public static let doorCasingWidth = 0.07
    /// How far a door casing stands proud of the wall face, metres.
    public static let doorCasingProjection = 0.018
    /// How far a closed leaf's swing-side face sits behind the swing-side wall face (leaf against its stop), metres.
    public static let closedLeafSetback = 0.006
    /// Clearance between a leaf and the jambs and head, metres.
    public static let doorLeafGap = 0.003
    /// Clearance between a leaf's bottom and the floor, metres.
    public static let doorLeafUndercut = 0.01

    /// The scene mesh of `plan` (which should be validated first).
    /// - Complexity: O(walls × (openings + arc segments) + rooms × vertices² + furniture).
    public static func build(_ plan: FloorPlan, maxChordError: Double = 0.0005) -> SceneMesh {
        var mesh = SceneMesh()
        let ext = WallJoints.extensions(plan)
        for (i, w) in plan.walls.enumerated() {
            addWall(w, plan: plan, extension: ext[i], maxChordError: maxChordError, into: &mesh)
        }
        for r in plan.rooms { addFloorAndCeiling(r, plan: plan, into: &mesh) }
        for f in plan.furniture {
            let s = mesh.addSurface(SceneSurface(kind: .furniture, ownerID: f.id, roomID: f.roomID))
            mesh.addBox(center: f.center, axes: f.axisX, SIMD3(0, 1, 0), f.axisZ, halfExtents: f.size / 2, surface: s)
        }
        return mesh
    }

    // MARK: walls

    private struct Hole { var u0: Double; var u1: Double; var y0: Double; var y1: Double }

    private static func addWall(
        _ w: Wall, plan: FloorPlan, extension e: (Double, Double), maxChordError: Double, into mesh: inout SceneMesh
    ) {
        let line = w.centerLine
        let yb = w.bottom(in: plan), yt = w.top(in: plan)
        let h = w.thickness / 2
        let uStart = -e.0, uEnd = w.length + e.1
        let openings = plan.openings(inWall: w.id)
        let holes = openings.map {
            Hole(u0: $0.position - $0.width / 2, u1: $0.position + $0.width / 2, y0: yb + $0.sillHeight, y1: min(yb + $0.sillHeight + $0.height, yt))
        }
        func stations(_ a: Double, _ b: Double) -> [Double] {
            WallTessellation.stations(w, from: a, to: b, maxChordError: maxChordError)
        }
        func at(_ u: Double, _ s: Double, _ y: Double) -> SIMD3<Double> {
            let p = line.point(at: u) + line.normal(at: u) * s
            return SIMD3(p.x, y, p.y)
        }
        let facePos = mesh.addSurface(SceneSurface(kind: .wallFace, ownerID: w.id, side: .positive, roomID: w.positiveRoom))
        let faceNeg = mesh.addSurface(SceneSurface(kind: .wallFace, ownerID: w.id, side: .negative, roomID: w.negativeRoom))
        let cap = mesh.addSurface(SceneSurface(kind: .wallCap, ownerID: w.id))
        let reveal = mesh.addSurface(SceneSurface(kind: .wallReveal, ownerID: w.id))

        // Faces: split the (u, y) rectangle at hole edges and skip covered y-ranges.
        var cuts = [uStart, uEnd]
        for hl in holes { cuts.append(max(uStart, min(uEnd, hl.u0))); cuts.append(max(uStart, min(uEnd, hl.u1))) }
        cuts.sort()
        for k in 0..<(cuts.count - 1) {
            let a = cuts[k], b = cuts[k + 1]
            guard b - a > 1e-9 else { continue }
            let mid = (a + b) / 2
            var spans = [(yb, yt)]
            for hl in holes where hl.u0 < mid && mid < hl.u1 {
                spans = spans.flatMap { s -> [(Double, Double)] in
                    var out: [(Double, Double)] = []
                    if hl.y0 > s.0 { out.append((s.0, min(s.1, hl.y0))) }
                    if hl.y1 < s.1 { out.append((max(s.0, hl.y1), s.1)) }
                    return out.filter { $0.1 - $0.0 > 1e-9 }
                }
            }
            let us = stations(a, b)
            for (y0, y1) in spans {
                for j in 0..<(us.count - 1) {
                    let u0 = us[j], u1 = us[j + 1]
                    mesh.addQuad(at(u0, h, y0), at(u1, h, y0), at(u1, h, y1), at(u0, h, y1), surface: facePos)
                    mesh.addQuad(at(u0, -h, y0), at(u0, -h, y1), at(u1, -h, y1), at(u1, -h, y0), surface: faceNeg)
                }
            }
        }
        // Top cap and end caps.
        let all = stations(uStart, uEnd)
        for j in 0..<(all.count - 1) {
            mesh.addQuad(at(all[j], -h, yt), at(all[j], h, yt), at(all[j + 1], h, yt), at(all[j + 1], -h, yt), surface: cap)
        }
        mesh.addQuad(at(uStart, -h, yb), at(uStart, h, yb), at(uStart, h, yt), at(uStart, -h, yt), surface: cap)
        mesh.addQuad(at(uEnd, -h, yb), at(uEnd, -h, yt), at(uEnd, h, yt), at(uEnd, h, yb), surface: cap)
        // Reveals, leaves and glass.
        for (o, hl) in zip(openings, holes) {
            mesh.addQuad(at(hl.u0, -h, hl.y0), at(hl.u0, h, hl.y0), at(hl.u0, h, hl.y1), at(hl.u0, -h, hl.y1), surface: reveal)
            mesh.addQuad(at(hl.u1, -h, hl.y0), at(hl.u1, -h, hl.y1), at(hl.u1, h, hl.y1), at(hl.u1, h, hl.y0), surface: reveal)
            let us = stations(hl.u0, hl.u1)
            for j in 0..<(us.count - 1) {
                let u0 = us[j], u1 = us[j + 1]
                if hl.y0 > yb + 1e-9 { mesh.addQuad(at(u0, -h, hl.y0), at(u0, h, hl.y0), at(u1, h, hl.y0), at(u1, -h, hl.y0), surface: reveal) }
                if hl.y1 < yt - 1e-9 { mesh.addQuad(at(u0, -h, hl.y1), at(u1, -h, hl.y1), at(u1, h, hl.y1), at(u0, h, hl.y1), surface: reveal) }
            }
            switch o.type {
            case .window:
                let g = mesh.addSurface(SceneSurface(kind: .glass, ownerID: o.id))
                for j in 0..<(us.count - 1) {
                    mesh.addQuad(at(us[j], 0, hl.y0), at(us[j + 1], 0, hl.y0), at(us[j + 1], 0, hl.y1), at(us[j], 0, hl.y1), surface: g)
                }
            case .door:
                addDoorLeaf(o, wall: w, hole: (hl.u0, hl.u1, hl.y0, hl.y1), into: &mesh)
                addDoorCasings(o, wall: w, hole: (hl.u0, hl.u1, hl.y0, hl.y1), wallTop: yt, wallRange: (uStart, uEnd), into: &mesh)
            case .opening:
                break
            }
        }
    }

    private static func addDoorLeaf(_ o: Opening, wall w: Wall, hole: (Double, Double, Double, Double), into mesh: inout SceneMesh) {
        let line = w.centerLine
        let hingeAtStart = (o.hinge ?? .start) == .start
        let uh = hingeAtStart ? hole.0 : hole.1
        let swingSign: Double = (o.swing ?? .positive) == .positive ? 1 : -1
        let t2 = line.tangent(at: uh), n2 = line.normal(at: uh) * swingSign
        let hp2 = line.point(at: uh) + n2 * (w.thickness / 2)
        let closedDir = t2 * (hingeAtStart ? 1 : -1)
        let a = o.effectiveLeafAngle
        // Rigid rotation of the closed leaf frame (along, into-wall) by the opening angle towards the swing side.
        let along2 = closedDir * _cos(a) + n2 * _sin(a)
        let into2 = -n2 * _cos(a) + closedDir * _sin(a)
        let t = doorLeafThickness
        // A closed leaf rests against its stop, set back from the swing-side face; both keep the clearances.
        let setback = a > 0 ? 0 : closedLeafSetback
        let gap = doorLeafGap, undercut = doorLeafUndercut
        let width = o.width - 2 * gap, height = hole.3 - hole.2 - gap - undercut
        let c2 = hp2 + along2 * (gap + width / 2) + into2 * (setback + t / 2)
        let s = mesh.addSurface(SceneSurface(kind: .doorLeaf, ownerID: o.id))
        mesh.addBox(
            center: SIMD3(c2.x, hole.2 + undercut + height / 2, c2.y), axes: SIMD3(along2.x, 0, along2.y), SIMD3(0, 1, 0),
            SIMD3(into2.x, 0, into2.y), halfExtents: SIMD3(width / 2, height / 2, t / 2), surface: s)
    }

    /// Casings on both faces round the sides and head of a door hole: boxes ``doorCasingWidth`` wide and
    /// ``doorCasingProjection`` deep, from the wall base up, the head spanning both side casings. Each box is
    /// laid along the tangent at its middle (exact for straight walls, within a fraction of a millimetre
    /// on the curved walls of the plans). Side casings are clipped to the wall's extent and the head to its top.
    private static func addDoorCasings(
        _ o: Opening, wall w: Wall, hole: (Double, Double, Double, Double), wallTop: Double,
        wallRange: (Double, Double), into mesh: inout SceneMesh
    ) {
        let line = w.centerLine
        let cw = doorCasingWidth, cp = doorCasingProjection
        let s = mesh.addSurface(SceneSurface(kind: .doorCasing, ownerID: o.id))
        let yb = hole.2, headTop = min(hole.3 + cw, wallTop)
        // (u0, u1, y0, y1) rectangles of the three strips.
        var strips: [(Double, Double, Double, Double)] = [
            (max(hole.0 - cw, wallRange.0), hole.0, yb, headTop),
            (hole.1, min(hole.1 + cw, wallRange.1), yb, headTop),
        ]
        if headTop > hole.3 + 1e-6 { strips.append((max(hole.0 - cw, wallRange.0), min(hole.1 + cw, wallRange.1), hole.3, headTop)) }
        for side in [1.0, -1.0] {
            for (u0, u1, y0, y1) in strips where u1 - u0 > 1e-6 && y1 - y0 > 1e-6 {
                let um = (u0 + u1) / 2
                let t2 = line.tangent(at: um), n2 = line.normal(at: um) * side
                let c2 = line.point(at: um) + n2 * (w.thickness / 2 + cp / 2)
                mesh.addBox(
                    center: SIMD3(c2.x, (y0 + y1) / 2, c2.y), axes: SIMD3(t2.x, 0, t2.y), SIMD3(0, 1, 0), SIMD3(n2.x, 0, n2.y),
                    halfExtents: SIMD3((u1 - u0) / 2, (y1 - y0) / 2, cp / 2), surface: s)
            }
        }
    }

    // MARK: floors and ceilings

    /// A linear height function `h(p) = g·p + c` over the plan.
    private struct Linear { var g: SIMD2<Double>; var c: Double
        func at(_ p: SIMD2<Double>) -> Double { (g * p).sum() + c }
    }

    private static func addFloorAndCeiling(_ r: Room, plan: FloorPlan, into mesh: inout SceneMesh) {
        guard let storey = plan.storey(r.storey) else { return }
        let floorY = plan.floorElevation(of: r)
        let tris = Plan2D.triangulate(r.polygon)
        let fs = mesh.addSurface(SceneSurface(kind: .floor, ownerID: r.id, roomID: r.id))
        let cs = mesh.addSurface(SceneSurface(kind: .ceiling, ownerID: r.id, roomID: r.id))
        let planes = storey.slopedCeilings.map { s in
            let n = s.leftNormal
            return Linear(g: n * s.risePerMetre, c: s.heightAtLine - s.risePerMetre * (s.lineStart * n).sum())
        }
        for (i, j, k) in tris {
            let a = r.polygon[i], b = r.polygon[j], c = r.polygon[k]
            mesh.addTriangle(SIMD3(a.x, floorY, a.y), SIMD3(c.x, floorY, c.y), SIMD3(b.x, floorY, b.y), surface: fs)
            // Split the triangle into convex pieces, each under one ceiling plane (the lowest one).
            let flat = (r.ceilingHeight.map { floorY + $0 } ?? (storey.floorElevation + storey.ceilingHeight)) - storey.floorElevation
            var pieces: [([SIMD2<Double>], Linear)] = [([a, b, c], Linear(g: .zero, c: flat))]
            for pl in planes {
                var next: [([SIMD2<Double>], Linear)] = []
                for (poly, cur) in pieces {
                    // Region where the slope plane is lower: (pl - cur)(p) < 0.
                    let dg = pl.g - cur.g, dc = pl.c - cur.c
                    let below = Plan2D.clipConvex(poly, normal: dg, offset: -dc)
                    let above = Plan2D.clipConvex(poly, normal: -dg, offset: dc)
                    if below.count >= 3 && abs(Plan2D.signedArea(below)) > 1e-10 { next.append((below, pl)) }
                    if above.count >= 3 && abs(Plan2D.signedArea(above)) > 1e-10 { next.append((above, cur)) }
                }
                pieces = next
            }
            for (poly, hf) in pieces {
                for m in 1..<(poly.count - 1) {
                    let p0 = poly[0], p1 = poly[m], p2 = poly[m + 1]
                    mesh.addTriangle(
                        SIMD3(p0.x, storey.floorElevation + hf.at(p0), p0.y), SIMD3(p1.x, storey.floorElevation + hf.at(p1), p1.y),
                        SIMD3(p2.x, storey.floorElevation + hf.at(p2), p2.y), surface: cs)
                }
            }
        }
    }
}
