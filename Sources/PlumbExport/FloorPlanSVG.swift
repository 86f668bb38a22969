import Foundation
import Plumbline
import PlumbKernel

/// A measured floor plan of one storey as SVG, seen from above.
///
/// Coordinates are metres on the page: the model plan (world x to the right, world z down the page,
/// looking down −Y) turned by −``PlanOrientation/rotation`` about the model origin so that the storey's
/// dominant wall direction is horizontal (the root's `data-rotation`, degrees, and its `<desc>` record the
/// turn; an axis-aligned plan is not turned, and SVG x = world x, SVG y = world z). The `viewBox` is in
/// metres and every length in the file can be read back as a measurement. Contents, each element tagged
/// with `class` and `data-id` (the element's identifier):
/// - `floor` polygons and `room-name` / `room-area` labels (area in m² to 2 decimals);
/// - `wall` polygons: each wall's plan footprint with its thickness (``WallSolid``), cut where doors,
///   windows and openings are; curved walls as sampled arcs;
/// - `door` leaves (a line from the hinge, perpendicular to the wall, as long as the door is wide) and
///   swing arcs (`door-swing`, an SVG arc of that radius) for doors up to
///   ``Style/maximumSingleLeafDoor`` wide; two leaves of half the width, hinged at both jambs, up to
///   ``Style/maximumDoubleLeafDoor``; wider "doors" (RoomPlan reports 3-4 m passages as doors) as
///   openings; `window` glazing lines; `opening` dashed jamb lines (with `data-category="door"` for
///   those wide doors);
/// - text in a centimetre frame (`font-size` in cm under `scale(0.01)`) in Arial or its metric twin
///   Liberation Sans, its baseline 0.35 font sizes below the anchor (no `dominant-baseline`, which cairo
///   ignores), so that every renderer (librsvg and cairo included) draws it the same;
/// - `dimension` groups on every wall: extension lines, the dimension line with ticks, and the length
///   text (`data-length`, metres; arc length for curved walls);
/// - `object` outlines (box footprints) with their category;
/// - a `scale-bar` with its length in metres (`data-length`);
/// - labels placed without overlaps (`LabelPlacer`): room names and areas first, then wall lengths
///   (longest first), then object names, each moved around its place (or along its dimension line),
///   shrunk down to ``Style/minimumTextSize``, or else replaced by a key number (`label-key`) that the
///   `legend` under the scale bar explains;
/// - a `north-arrow` pointing to the model's −z (see ``PlanOrientation`` for what north means),
///   `data-north` its page direction.
public enum FloorPlanSVG {
    /// Drawing parameters (lengths in metres on the plan).
    public struct Style: Sendable, Equatable {
        /// Output size: pixels per metre (sets `width` / `height`).
        public var pixelsPerMetre: Double = 60
        /// Margin around the drawing, metres.
        public var margin: Double = 1.0
        /// Distance of dimension lines from the wall face, metres.
        public var dimensionOffset: Double = 0.35
        /// Room name font size, metres.
        public var labelSize: Double = 0.24
        /// Dimension text size, metres.
        public var dimensionTextSize: Double = 0.15
        /// Smallest size a label shrinks to when it collides with others before it is moved to the legend
        /// (a key number on the plan), metres.
        public var minimumTextSize: Double = 0.08
        /// Widest door drawn with one leaf and its swing, metres; wider ones up to
        /// ``maximumDoubleLeafDoor`` get two leaves, wider still are drawn as openings (jamb lines, no swing).
        public var maximumSingleLeafDoor: Double = 1.2
        /// Widest door drawn with leaves and swings (two), metres.
        public var maximumDoubleLeafDoor: Double = 2.4
        /// A style with the defaults.
        public init() {}
    }

    /// The SVG text of `story`.
    /// - Complexity: O(walls × hosted elements + objects + floor vertices).
    public static func render(_ model: ExportModel, story: Int, style: Style = Style()) -> String {
        var d = Drawing(style: style)
        let turn = PlanOrientation(model: model, story: story)
        let T = turn.page
        let walls = model.walls.filter { $0.story == story }
        let floors = model.floors.filter { $0.story == story }
        let rooms = model.rooms.filter { $0.story == story }
        let objects = model.objects.filter { $0.story == story }
        // Plan centre: for choosing the outside of walls for dimension lines.
        var pts: [SIMD2<Double>] = []
        for f in floors { pts += f.planOutline.vertices.map { T(SIMD2<Double>($0)) } }
        for w in walls { let s = w.planCenterLine; pts += [T(SIMD2<Double>(s.start)), T(SIMD2<Double>(s.end))] }
        for o in objects { pts += o.footprint.vertices.map { T(SIMD2<Double>($0)) } }
        let centre = pts.isEmpty ? SIMD2<Double>.zero : pts.reduce(.zero, +) / Double(pts.count)

        d.open("g", ["class": "floors"])
        for f in floors {
            d.polygon(f.planOutline.vertices.map { T(SIMD2<Double>($0)) }, ["class": "floor", "data-id": f.identifier.uuidString])
        }
        d.close()
        var solids: [WallSolid] = []
        for w in walls { solids.append(WallSolid(wall: w, hosted: model.embeddedSurfaces(inWall: w))) }
        let dimensions = solids.map { dimension($0, turn, centre: centre, style: style) }
        // Labels, placed without overlaps: room names first, then wall lengths (longest first), then
        // object names (largest first).
        var placer = LabelPlacer()
        var roomLabels: [(ExportRoom, PlanLabel, LabelPlacer.Outcome)] = []
        for r in rooms {
            guard let p = r.labelPoint else { continue }
            let label = roomLabel(r, at: T(SIMD2<Double>(p)), style: style)
            roomLabels.append((r, label, placer.place(label)))
        }
        var dimensionOutcomes: [Int: LabelPlacer.Outcome] = [:]
        for k in dimensions.indices.sorted(by: { (dimensions[$0]?.length ?? 0, $1) > (dimensions[$1]?.length ?? 0, $0) }) {
            guard let g = dimensions[k] else { continue }
            dimensionOutcomes[k] = placer.place(g.label)
        }
        var objectLabels: [Int: (PlanLabel, LabelPlacer.Outcome)] = [:]
        let footprints = objects.map { $0.footprint.vertices.map { T(SIMD2<Double>($0)) } }
        let areas = objects.map { Double($0.dimensions.x * $0.dimensions.z) }
        for k in objects.indices.sorted(by: { (areas[$0], $1) > (areas[$1], $0) }) {
            let fp = footprints[k]
            let c = fp.reduce(.zero, +) / Double(max(fp.count, 1))
            let label = objectLabel(objects[k].category.name, at: c, style: style)
            objectLabels[k] = (label, placer.place(label))
        }

        d.open("g", ["class": "objects"])
        for (k, o) in objects.enumerated() {
            d.polygon(footprints[k], ["class": "object", "data-id": o.identifier.uuidString, "data-category": o.category.name])
            if let (label, outcome) = objectLabels[k] { d.label(label, outcome) }
        }
        d.close()
        d.open("g", ["class": "walls"])
        for s in solids { drawWall(s, turn, &d) }
        d.close()
        d.open("g", ["class": "dimensions"])
        for (k, g) in dimensions.enumerated() {
            guard let g, let outcome = dimensionOutcomes[k] else { continue }
            drawDimension(g, outcome, &d)
        }
        d.close()
        d.open("g", ["class": "rooms"])
        for (_, label, outcome) in roomLabels { d.label(label, outcome) }
        d.close()
        // Bounds and scale bar.
        var lo = d.lo, hi = d.hi
        if lo.x > hi.x { lo = .zero; hi = SIMD2(1, 1) }
        let width = hi.x - lo.x
        let bar = [0.5, 1, 2, 5, 10, 20, 50].last { $0 <= max(width / 4, 0.5) } ?? 0.5
        let y0 = hi.y + style.margin * 0.6
        d.open("g", ["class": "scale-bar", "data-length": DecimalText.compact(bar, 3)])
        let steps = bar >= 2 ? Int(bar.rounded()) : 2
        for i in 0..<steps {
            let a = lo.x + bar * Double(i) / Double(steps), b = lo.x + bar * Double(i + 1) / Double(steps)
            d.polygon([SIMD2(a, y0), SIMD2(b, y0), SIMD2(b, y0 + 0.08), SIMD2(a, y0 + 0.08)],
                      ["class": i % 2 == 0 ? "bar-dark" : "bar-light"])
        }
        d.text("0", at: SIMD2(lo.x, y0 - 0.1), size: style.dimensionTextSize, angle: 0, ["class": "bar-text"])
        d.text("\(DecimalText.compact(bar, 3)) m", at: SIMD2(lo.x + bar, y0 - 0.1), size: style.dimensionTextSize, angle: 0,
               ["class": "bar-text"])
        d.close()
        if !placer.legend.isEmpty {
            // Labels with no room on the plan: their key numbers explained under the scale bar.
            d.open("g", ["class": "legend"])
            let size = style.dimensionTextSize
            var y = y0 + 0.08 + size * 1.6
            var lines = ["Labels without room on the plan (key numbers):"]
            lines += placer.legend.enumerated().map { "\($0 + 1)  \($1)" }
            for line in lines {
                let w = LabelBox(text: line, centre: .zero, size: size, angle: 0, bold: false).half.x
                d.text(line, at: SIMD2(lo.x + w, y), size: size, angle: 0, ["class": "legend-text"])
                y += size * 1.4
            }
            d.close()
        }
        // North arrow (model −z) beside the drawing's top right corner.
        let north = turn.north
        let nc = SIMD2(hi.x + 0.6, lo.y + 0.45)
        d.open("g", ["class": "north-arrow", "data-north": "\(DecimalText.compact(north.x, 4)) \(DecimalText.compact(north.y, 4))"])
        let side = SIMD2(-north.y, north.x)
        d.polygon([nc + north * 0.3, nc - north * 0.2 + side * 0.1, nc - north * 0.1, nc - north * 0.2 - side * 0.1], ["class": "north"])
        d.text("N", at: nc + north * 0.45, size: style.dimensionTextSize, angle: 0, ["class": "north-text"])
        d.close()
        lo = d.lo - SIMD2(repeating: style.margin)
        hi = d.hi + SIMD2(repeating: style.margin)
        let size = hi - lo
        let n = { (v: Double) in DecimalText.compact(v, 3) }
        var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        head += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(saturating: (size.x * style.pixelsPerMetre).rounded()))\" "
        head += "height=\"\(Int(saturating: (size.y * style.pixelsPerMetre).rounded()))\" viewBox=\"\(n(lo.x)) \(n(lo.y)) \(n(size.x)) \(n(size.y))\" "
        head += "data-rotation=\"\(DecimalText.compact(turn.rotation, 4))\" data-story=\"\(story)\" data-units=\"m\">\n"
        head += "<title>Floor plan, storey \(story)</title>\n"
        head += "<desc>Page (x, y), metres = model plan (x, z) turned by \(DecimalText.compact(-turn.rotation, 4))° about the model origin "
        head += "(the dominant wall direction, \(DecimalText.compact(turn.rotation, 4))° from +x towards +z, drawn horizontal); "
        head += "the arrow N is the model's −z.</desc>\n"
        head += """
            <style>
            text{font-family:Arial,Helvetica,'Liberation Sans',sans-serif}
            .floor{fill:#f4efe6;stroke:none}
            .wall{fill:#2b2b2b;stroke:#2b2b2b;stroke-width:0.005}
            .door{stroke:#7a4a1e;stroke-width:0.025;fill:none}
            .door-swing{stroke:#7a4a1e;stroke-width:0.01;fill:none;stroke-dasharray:0.05 0.03}
            .window{stroke:#2a7ab8;stroke-width:0.02;fill:none}
            .opening{stroke:#888;stroke-width:0.015;fill:none;stroke-dasharray:0.06 0.04}
            .object{fill:none;stroke:#5a7fa8;stroke-width:0.015;stroke-dasharray:0.04 0.02}
            .object-label{fill:#5a7fa8;text-anchor:middle}
            .dim-line,.dim-ext,.dim-tick{stroke:#c0392b;stroke-width:0.008;fill:none}
            .dim-text{fill:#c0392b;text-anchor:middle}
            .room-name{fill:#222;font-weight:bold;text-anchor:middle}
            .room-area{fill:#444;text-anchor:middle}
            .bar-dark{fill:#222}.bar-light{fill:#fff;stroke:#222;stroke-width:0.01}
            .bar-text{fill:#222;text-anchor:middle}
            .legend-text{fill:#222;text-anchor:middle}
            .label-key{fill:#555;font-weight:bold;text-anchor:middle}
            .north{fill:#222;stroke:none}
            .north-text{fill:#222;font-weight:bold;text-anchor:middle}
            </style>

            """
        head += "<rect class=\"background\" x=\"\(n(lo.x))\" y=\"\(n(lo.y))\" width=\"\(n(size.x))\" height=\"\(n(size.y))\" fill=\"#ffffff\"/>\n"
        return head + d.body + "</svg>\n"
    }

    /// Most storeys ``write(_:to:style:batch:)`` writes files for (one file each): 200.
    public static let maximumStoreys = 200

    /// Writes one SVG per storey: `url` itself when the model has one storey, else
    /// `<name>-story<N>.svg` beside it; all of them or none (a failure at one storey replaces no file).
    /// Returns the files written, in storey order.
    /// - Parameters:
    ///   - model: the model to draw.
    ///   - url: the file of a single storey, and the name the storeys' files are made from.
    ///   - style: sizes, colours and limits of the drawing.
    ///   - batch: when given, the files are staged in it and written when the caller commits it.
    /// - Throws: ``ExportError/tooManyStoreys(count:limit:)`` (before writing anything) when the model
    ///   has more than ``maximumStoreys`` storey numbers; ``ExportError/fileError(path:detail:)``.
    @discardableResult
    public static func write(_ model: ExportModel, to url: URL, style: Style = Style(), batch: SafeFileBatch? = nil) throws(ExportError) -> [URL] {
        let stories = model.stories.isEmpty ? [0] : model.stories
        guard stories.count <= maximumStoreys else { throw .tooManyStoreys(count: stories.count, limit: maximumStoreys) }
        var out: [URL] = []
        try USDZExporter.writeAll(batch) { b throws(ExportError) in
            for s in stories {
                let u = stories.count == 1 ? url
                    : url.deletingLastPathComponent().appendingPathComponent(
                        "\(url.deletingPathExtension().lastPathComponent)-story\(s).\(url.pathExtension.isEmpty ? "svg" : url.pathExtension)")
                try USDZExporter.write(Data(render(model, story: s, style: style).utf8), to: u, batch: b)
                out.append(u)
            }
        }
        return out
    }

    /// World plan point (x, z) of wall parameters.
    static func plan(_ s: WallSolid, _ u: Float, _ w: Float) -> SIMD2<Double> {
        let p = s.wall.transform.apply(toPoint: s.localPoint(u: u, y: 0, w: w))
        return SIMD2(Double(p.x), Double(p.z))
    }

    /// u positions from `a` to `b` (inclusive), sampled finely for curved walls.
    static func samples(_ s: WallSolid, _ a: Float, _ b: Float) -> [Float] {
        guard let c = s.curve else { return [a, b] }
        let n = ArcBudget.steps(Double(((b - a) / (2 * .pi / 180)).rounded(.up)), radius: c.radius, span: b - a)
        return (0...n).map { a + (b - a) * Float($0) / Float(n) }
    }

    /// Draws wall `s` (its solid stretches, doors, windows and openings) on the page turned by `turn`.
    static func drawWall(_ s: WallSolid, _ turn: PlanOrientation, _ d: inout Drawing) {
        let plan = { (s: WallSolid, u: Float, w: Float) in turn.page(Self.plan(s, u, w)) }
        let us = s.outline.map(\.x)
        guard let uMin = us.min(), let uMax = us.max(), uMax > uMin else { return }
        // Solid intervals along u: the wall minus the hosted elements' extents.
        var gaps = s.holes.map { ($0.u.lowerBound, $0.u.upperBound) }.sorted { $0.0 < $1.0 }
        var merged: [(Float, Float)] = []
        for g in gaps {
            if let l = merged.last, g.0 <= l.1 { merged[merged.count - 1].1 = max(l.1, g.1) } else { merged.append(g) }
        }
        gaps = merged
        let solid = WallMesher.subtract([(uMin, uMax)], gaps)
        let w0 = s.depth.lowerBound, w1 = s.depth.upperBound
        for (a, b) in solid {
            let u = samples(s, a, b)
            d.polygon(u.map { plan(s, $0, w0) } + u.reversed().map { plan(s, $0, w1) },
                      ["class": "wall", "data-id": s.wall.identifier.uuidString])
        }
        for h in s.holes {
            let a = h.u.lowerBound, b = h.u.upperBound
            let id = h.identifier.uuidString
            switch h.category {
            case .door where ((plan(s, b, w1) - plan(s, a, w1)) * (plan(s, b, w1) - plan(s, a, w1))).sum().squareRoot()
                    <= d.style.maximumDoubleLeafDoor + 1e-6:
                // Hinge at the start jamb on the +w face; leaf along the wall normal there. Wider than one
                // leaf: two leaves, hinged at both jambs, meeting in the middle.
                let hinge = plan(s, a, w1), jamb = plan(s, b, w1)
                let r = ((jamb - hinge) * (jamb - hinge)).sum().squareRoot()
                var n = plan(s, a, w1 + 1) - hinge
                n /= max((n * n).sum().squareRoot(), 1e-9)
                let t = jamb - hinge
                let sweep = (n.x * t.y - n.y * t.x) < 0 ? 1 : 0
                let f = { (v: Double) in DecimalText.compact(v, 3) }
                let leaves: [(hinge: SIMD2<Double>, to: SIMD2<Double>, radius: Double, sweep: Int)] = r <= d.style.maximumSingleLeafDoor + 1e-6
                    ? [(hinge, jamb, r, sweep)]
                    : [(hinge, plan(s, (a + b) / 2, w1), r / 2, sweep), (jamb, plan(s, (a + b) / 2, w1), r / 2, 1 - sweep)]
                for leaf in leaves {
                    let leafEnd = leaf.hinge + n * leaf.radius
                    d.line(leaf.hinge, leafEnd, ["class": "door", "data-id": id, "data-width": DecimalText.text(leaf.radius, 3)])
                    d.element("path", [
                        "class": "door-swing", "data-id": id,
                        "d": "M \(f(leafEnd.x)) \(f(leafEnd.y)) A \(f(leaf.radius)) \(f(leaf.radius)) 0 0 \(leaf.sweep) \(f(leaf.to.x)) \(f(leaf.to.y))",
                    ])
                }
            case .window:
                let u = samples(s, a, b)
                for w in [w0, (w0 + w1) / 2, w1] {
                    d.polyline(u.map { plan(s, $0, w) }, ["class": "window", "data-id": id])
                }
            default:
                var attributes = ["class": "opening", "data-id": id]
                if case .door = h.category { attributes["data-category"] = "door" }
                d.line(plan(s, a, w0), plan(s, a, w1), attributes)
                d.line(plan(s, b, w0), plan(s, b, w1), attributes)
            }
        }
    }

    /// A wall's dimension on the page: the measured face's ends, the dimension line's ends, the unit
    /// direction along it and out from the plan, and its label with the candidate places for it.
    struct Dimension {
        var id: String
        var length: Double
        var a: SIMD2<Double>, b: SIMD2<Double>, a2: SIMD2<Double>, b2: SIMD2<Double>
        var dir: SIMD2<Double>, out: SIMD2<Double>
        var label: PlanLabel
    }

    /// The dimension of wall `s` on its outer side (away from `centre`, a page point) on the page turned by
    /// `turn`; `nil` for a wall without length. The length text goes, in order of preference: outside the
    /// dimension line at its middle, moved along it (a quarter and 40 % of the length each way), inside it,
    /// then beyond either end.
    static func dimension(_ s: WallSolid, _ turn: PlanOrientation, centre: SIMD2<Double>, style: Style) -> Dimension? {
        let plan = { (s: WallSolid, u: Float, w: Float) in turn.page(Self.plan(s, u, w)) }
        let us = s.outline.map(\.x)
        guard let uMin = us.min(), let uMax = us.max(), uMax > uMin else { return nil }
        // Outside = the face farther from the plan centre.
        let uMid = (uMin + uMax) / 2
        let p0 = plan(s, uMid, s.depth.lowerBound), p1 = plan(s, uMid, s.depth.upperBound)
        let d0 = ((p0 - centre) * (p0 - centre)).sum(), d1 = ((p1 - centre) * (p1 - centre)).sum()
        let wFace = d0 >= d1 ? s.depth.lowerBound : s.depth.upperBound
        let a = plan(s, uMin, wFace), b = plan(s, uMax, wFace)
        var dir = b - a
        let len = (dir * dir).sum().squareRoot()
        guard len > 1e-6 else { return nil }
        dir /= len
        var out = SIMD2(-dir.y, dir.x)
        let mid = plan(s, uMid, wFace)
        if ((mid - centre) * out).sum() < 0 { out = -out }
        // For curved walls the dimension line clears the bulge of the arc.
        let bulge = max(0, ((mid - a) * out).sum())
        let off = out * (style.dimensionOffset + bulge)
        let a2 = a + off, b2 = b + off
        var angle = atan2(dir.y, dir.x) * 180 / .pi
        if angle > 90 { angle -= 180 }
        if angle <= -90 { angle += 180 }
        let text = (s.curve != nil ? "arc " : "") + DecimalText.text(s.length, 2) + " m"
        let m = (a2 + b2) / 2
        let label = PlanLabel(
            lines: [PlanLabel.Line(text: text, attributes: ["class": "dim-text"])], size: style.dimensionTextSize,
            minimumSize: min(style.minimumTextSize, style.dimensionTextSize), angle: angle,
            positions: { size in
                let half = LabelBox(text: text, centre: .zero, size: size, angle: 0, bold: false).half
                let clear = 0.04 + half.y
                let room = max(0, len / 2 - half.x)
                var shifts: [Double] = [0]
                for f in [0.25, -0.25, 0.4, -0.4] where abs(f * len) <= room { shifts.append(f * len) }
                var out2 = shifts.map { m + dir * $0 + out * clear }
                out2 += shifts.map { m + dir * $0 - out * clear }
                out2 += [a2 - dir * (half.x + 0.1) + out * clear, b2 + dir * (half.x + 0.1) + out * clear]
                return out2
            },
            legend: "wall " + text)
        return Dimension(id: s.wall.identifier.uuidString, length: s.length, a: a, b: b, a2: a2, b2: b2, dir: dir, out: out, label: label)
    }

    /// Draws dimension `g` with its label where the placer put it.
    static func drawDimension(_ g: Dimension, _ outcome: LabelPlacer.Outcome, _ d: inout Drawing) {
        d.open("g", ["class": "dimension", "data-id": g.id, "data-length": DecimalText.text(g.length, 3)])
        d.line(g.a + g.out * 0.05, g.a2 + g.out * 0.08, ["class": "dim-ext"])
        d.line(g.b + g.out * 0.05, g.b2 + g.out * 0.08, ["class": "dim-ext"])
        d.line(g.a2, g.b2, ["class": "dim-line"])
        let tick = (g.dir + g.out) * (0.07 / 2.squareRoot())
        d.line(g.a2 - tick, g.a2 + tick, ["class": "dim-tick"])
        d.line(g.b2 - tick, g.b2 + tick, ["class": "dim-tick"])
        d.label(g.label, outcome)
        d.close()
    }

    /// A room's label: its name (bold) over its floor area, centred at `p` or moved around it.
    static func roomLabel(_ r: ExportRoom, at p: SIMD2<Double>, style: Style) -> PlanLabel {
        let lines = [
            PlanLabel.Line(text: r.name, offset: -0.6, bold: true, attributes: ["class": "room-name", "data-area": DecimalText.text(r.floorArea, 3)]),
            PlanLabel.Line(text: "\(DecimalText.text(r.floorArea, 2)) m²", scale: 0.8, offset: 0.6, attributes: ["class": "room-area"]),
        ]
        let width = { (size: Double) in lines.map { LabelBox(text: $0.text, centre: .zero, size: size * $0.scale, angle: 0, bold: $0.bold).half.x * 2 }.max() ?? 0 }
        return PlanLabel(
            lines: lines, size: style.labelSize, minimumSize: min(style.labelSize, style.minimumTextSize / 0.8), angle: 0,
            positions: { size in ring(p, SIMD2(width(size) * 0.6, size * 2.4)) },
            legend: "\(r.name.isEmpty ? "room" : r.name), \(DecimalText.text(r.floorArea, 2)) m²")
    }

    /// An object's label: its category at the footprint's centre `c`, or moved around it.
    static func objectLabel(_ name: String, at c: SIMD2<Double>, style: Style) -> PlanLabel {
        let size = style.dimensionTextSize * 0.8
        return PlanLabel(
            lines: [PlanLabel.Line(text: name, attributes: ["class": "object-label"])], size: size,
            minimumSize: min(size, style.minimumTextSize), angle: 0,
            positions: { s in ring(c, SIMD2(LabelBox(text: name, centre: .zero, size: s, angle: 0, bold: false).half.x + 0.05, s * 1.2)) },
            legend: name)
    }

    /// `p`, then the 8 points around it `step` (x, y) away, then 16 points twice as far.
    static func ring(_ p: SIMD2<Double>, _ step: SIMD2<Double>) -> [SIMD2<Double>] {
        var out = [p]
        for k in 1...2 {
            let s = step * Double(k)
            out += [SIMD2(0, -s.y), SIMD2(0, s.y), SIMD2(-s.x, 0), SIMD2(s.x, 0), SIMD2(-s.x, -s.y), SIMD2(s.x, -s.y), SIMD2(-s.x, s.y), SIMD2(s.x, s.y)]
                .map { p + $0 }
        }
        return out
    }
}

/// SVG text accumulator that tracks the drawing's bounds (metres).
struct Drawing {
    let style: FloorPlanSVG.Style
    var body = ""
    var lo = SIMD2<Double>(repeating: .infinity)
    var hi = SIMD2<Double>(repeating: -.infinity)
    var depth = 0

    init(style: FloorPlanSVG.Style) { self.style = style }

    static func escape(_ s: String) -> String {
        var o = ""
        for c in s {
            switch c {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            default:
                // XML 1.0 allows no C0 control characters but tab, newline and carriage return.
                if let a = c.asciiValue, a < 0x20, a != 0x09, a != 0x0A, a != 0x0D { continue }
                if c.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF || $0.value == 0x7F }) { continue }
                o.append(c)
            }
        }
        return o
    }

    static func n(_ v: Double) -> String { DecimalText.compact(v, 3) }

    func attrs(_ a: [String: String]) -> String {
        a.keys.sorted().map { " \($0)=\"\(Self.escape(a[$0]!))\"" }.joined()
    }

    mutating func grow(_ p: SIMD2<Double>) {
        lo = pointwiseMin(lo, p)
        hi = pointwiseMax(hi, p)
    }

    mutating func open(_ tag: String, _ a: [String: String]) {
        body += String(repeating: " ", count: depth) + "<\(tag)\(attrs(a))>\n"
        depth += 1
    }

    mutating func close() {
        depth -= 1
        body += String(repeating: " ", count: depth) + "</g>\n"
    }

    mutating func element(_ tag: String, _ a: [String: String], content: String? = nil) {
        let pad = String(repeating: " ", count: depth)
        if let content { body += pad + "<\(tag)\(attrs(a))>\(Self.escape(content))</\(tag)>\n" } else {
            body += pad + "<\(tag)\(attrs(a))/>\n"
        }
    }

    mutating func polygon(_ p: [SIMD2<Double>], _ a: [String: String]) {
        p.forEach { grow($0) }
        var a = a
        a["points"] = p.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")
        element("polygon", a)
    }

    mutating func polyline(_ p: [SIMD2<Double>], _ a: [String: String]) {
        p.forEach { grow($0) }
        var a = a
        a["points"] = p.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ")
        element("polyline", a)
    }

    mutating func line(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ a: [String: String]) {
        grow(p)
        grow(q)
        var a = a
        a["x1"] = Self.n(p.x); a["y1"] = Self.n(p.y); a["x2"] = Self.n(q.x); a["y2"] = Self.n(q.y)
        element("line", a)
    }

    /// Units of a text's own frame per metre: text is drawn in centimetres (`font-size="15"` under
    /// `scale(0.01)`), because renderers that round font sizes below one user unit (librsvg) garble
    /// metre-sized text.
    static let textUnitsPerMetre = 100.0

    /// How far below its anchor a line's baseline is drawn, as a share of the font size: the anchor is the
    /// middle of Arial's capitals and digits (cap height 0.716 em). An explicit offset rather than
    /// `dominant-baseline: middle`, which cairo (cairosvg) ignores: it drew every label 3-5 pixels lower than
    /// librsvg and Chromium do.
    static let baselineDrop = 0.35

    mutating func text(_ s: String, at p: SIMD2<Double>, size: Double, angle: Double, _ a: [String: String]) {
        LabelBox(text: s, centre: p, size: size, angle: angle, bold: true).corners.forEach { grow($0) }
        var a = a
        a["x"] = "0"; a["y"] = Self.n(Self.baselineDrop * size * Self.textUnitsPerMetre)
        a["font-size"] = Self.n(size * Self.textUnitsPerMetre)
        var t = "translate(\(Self.n(p.x)) \(Self.n(p.y)))"
        if abs(angle) > 1e-6 { t += " rotate(\(Self.n(angle)))" }
        a["transform"] = t + " scale(\(Self.n(1 / Self.textUnitsPerMetre)))"
        element("text", a, content: s)
    }

    /// Draws `label` as the placer left it: its lines, or its key number.
    mutating func label(_ label: PlanLabel, _ outcome: LabelPlacer.Outcome) {
        switch outcome {
        case let .placed(centre, size):
            let a = label.angle * .pi / 180
            let across = SIMD2(-sin(a), cos(a))
            for line in label.lines {
                text(line.text, at: centre + across * (line.offset * size), size: size * line.scale, angle: label.angle, line.attributes)
            }
        case let .dropped(key, centre, size):
            guard let centre else { return }
            text("\(key)", at: centre, size: size, angle: 0, ["class": "label-key", "data-key": "\(key)"])
        }
    }
}
