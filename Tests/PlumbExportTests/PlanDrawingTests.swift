import Foundation
import Testing
@testable import PlumbExport
import Plumbline

/// Floor plans drawn as architects draw them (issue 26): door swings only for leaf-sized doors; text that
/// librsvg draws as Chromium does.
@Suite("Plan drawing")
struct PlanDrawingTests {
    /// A 10 m wall with doors `widths` wide, 2.5 m apart.
    static func model(doors widths: [Float]) throws -> ExportModel {
        let wall = CapturedRoom.Surface(category: .wall, dimensions: SIMD3(10, 2.5, 0.2), transform: .identity)
        let doors = widths.enumerated().map { k, w in
            CapturedRoom.Surface(category: .door(isOpen: false), dimensions: SIMD3(w, 2.1, 0),
                                 transform: Transform4x4(yaw: 0, translation: SIMD3(-3.5 + 2.5 * Float(k) + w / 2 - 0.6, -0.2, 0)),
                                 parentIdentifier: wall.identifier)
        }
        return try ExportModel(room: CapturedRoom(walls: [wall], doors: doors))
    }

    @Test("a 0.9 m door gets one leaf and swing, 1.8 and 2.3 m doors two of half the width, a 3.6 m 'door' none (jamb lines)")
    func doorSwingsOnlyForLeafSizedDoors() throws {
        let m = try Self.model(doors: [0.9, 1.8, 2.3])
        let svg = FloorPlanSVG.render(m, story: 0)
        let c = try SVGCollector.parse(svg)
        for (door, leaves) in zip(m.doors, [1, 2, 2]) {
            let swings = c.elements.filter { $0.attributes["class"] == "door-swing" && $0.attributes["data-id"] == door.identifier.uuidString }
            #expect(swings.count == leaves, "\(door.dimensions.x) m door")
            for sw in swings {
                let parts = sw.attributes["d"]!.split(separator: " ")
                let r = Double(parts[parts.firstIndex(of: "A")! + 1])!
                #expect(abs(r - Double(door.dimensions.x) / Double(leaves)) < 2e-3)
            }
        }
        let wide = try Self.model(doors: [3.6])
        let w = try SVGCollector.parse(FloorPlanSVG.render(wide, story: 0))
        let id = wide.doors[0].identifier.uuidString
        #expect(!w.elements.contains { $0.attributes["class"] == "door-swing" }, "a 3.6 m door has no swing")
        #expect(!w.elements.contains { $0.attributes["class"] == "door" })
        let jambs = w.elements.filter { $0.attributes["class"] == "opening" && $0.attributes["data-id"] == id }
        #expect(jambs.count == 2 && jambs.allSatisfy { $0.attributes["data-category"] == "door" })
    }

    /// `a` degrees folded into (−45, 45].
    static func fold90(_ a: Double) -> Double {
        var x = a.truncatingRemainder(dividingBy: 90)
        if x <= -45 { x += 90 }
        if x > 45 { x -= 90 }
        return x
    }

    @Test("a 4 × 3 m room turned by 30° in the model frame is drawn squared: axis-aligned walls and floor, rotation 30° recorded, N arrow on the model's −z")
    func plansDrawnSquared() throws {
        let turned = MeasurementsTests.boxRoom().transformed(by: Transform4x4(yaw: -Float.pi / 6, translation: SIMD3(1.3, 0, -0.7)))
        let model = try ExportModel(room: turned)
        // The model's walls really run at 30° (mod 90°) from +x towards +z.
        for w in model.walls {
            let d = w.planCenterLine.direction
            #expect(abs(Self.fold90(atan2(Double(d.y), Double(d.x)) * 180 / .pi - 30)) < 1e-3)
        }
        let svg = FloorPlanSVG.render(model, story: 0)
        let c = try SVGCollector.parse(svg)
        let rotation = try #require(Double(c.root["data-rotation"] ?? ""))
        #expect(abs(Self.fold90(rotation - 30)) < 0.01, "recorded rotation \(rotation)")
        #expect(Measurements(model: model).plans.map(\.rotation).allSatisfy { abs(Self.fold90($0 - 30)) < 0.01 })
        #expect(Measurements(model: model).csv.contains("\nplan,0,,,rotation,30.000,deg\n"))
        // Every edge of every wall and floor polygon is horizontal or vertical on the page (coordinates are
        // written to the millimetre).
        var edges = 0
        for e in c.elements where ["wall", "floor"].contains(e.attributes["class"] ?? "") {
            let p = SVGCollector.points(e.attributes["points"]!)
            for i in p.indices {
                let d = p[(i + 1) % p.count] - p[i]
                guard (d * d).sum() > 1e-4 else { continue }
                #expect(min(abs(d.x), abs(d.y)) <= 2e-3, "\(e.attributes["class"]!) edge \(p[i]) → \(p[(i + 1) % p.count])")
                edges += 1
            }
        }
        #expect(edges >= 4 * 4 + 4)
        // Dimension lines too.
        for e in c.elements where e.attributes["class"] == "dim-line" {
            let dx = Double(e.attributes["x2"]!)! - Double(e.attributes["x1"]!)!, dy = Double(e.attributes["y2"]!)! - Double(e.attributes["y1"]!)!
            #expect(min(abs(dx), abs(dy)) <= 2e-3)
        }
        // The page is the model plan turned rigidly: recover the turn from the floor polygon (model corners
        // against page corners, same order) and check that the N arrow is the model's −z under it.
        let floorModel = try #require(model.floors.first).planOutline.vertices.map { SIMD2<Double>($0) }
        let floorPage = SVGCollector.points(try #require(c.elements.first { $0.attributes["class"] == "floor" }).attributes["points"]!)
        try #require(floorModel.count == floorPage.count && floorModel.count >= 3)
        let m = floorModel[1] - floorModel[0], q = floorPage[1] - floorPage[0]
        let angle = atan2(m.x * q.y - m.y * q.x, (m * q).sum())
        #expect(abs(angle * 180 / .pi + 30) < 0.05, "page turn \(angle * 180 / .pi)°")
        for i in floorModel.indices {
            let a = floorModel[i] - floorModel[0], b = floorPage[i] - floorPage[0]
            let r = SIMD2(cos(angle) * a.x - sin(angle) * a.y, sin(angle) * a.x + cos(angle) * a.y)
            #expect(((r - b) * (r - b)).sum().squareRoot() < 3e-3, "corner \(i)")
        }
        let arrow = try #require(svg.components(separatedBy: "class=\"north-arrow\" data-north=\"").dropFirst().first)
        let north = arrow.prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
        try #require(north.count == 2)
        let minusZ = SIMD2(-sin(angle) * -1, cos(angle) * -1)
        #expect(abs(north[0] - minusZ.x) < 1e-3 && abs(north[1] - minusZ.y) < 1e-3, "north \(north) vs \(minusZ)")
        // An axis-aligned model is left unturned.
        let square = try ExportModel(room: MeasurementsTests.boxRoom())
        #expect(try SVGCollector.parse(FloorPlanSVG.render(square, story: 0)).root["data-rotation"] == "0")
    }

    /// The estimated boxes (``LabelBox``: font size × character count) of every `<text>` of a plan, read
    /// back from its `transform` (`translate(x y) [rotate(a)] scale(0.01)`), `font-size` and class.
    static func textBoxes(_ c: SVGCollector) throws -> [(text: String, box: LabelBox)] {
        try c.elements.filter { $0.name == "text" }.map { e in
            let t = try #require(e.attributes["transform"])
            let numbers = t.split(whereSeparator: { "() ".contains($0) }).compactMap { Double($0) }
            try #require(numbers.count >= 3)
            let angle = t.contains("rotate") ? numbers[2] : 0
            let size = try #require(Double(e.attributes["font-size"] ?? "")) / 100
            let bold = ["room-name", "north-text", "label-key"].contains(e.attributes["class"] ?? "")
            return (e.text, LabelBox(text: e.text, centre: SIMD2(numbers[0], numbers[1]), size: size, angle: angle, bold: bold))
        }
    }

    /// Pairs of overlapping text boxes.
    static func overlaps(_ boxes: [(text: String, box: LabelBox)]) -> [String] {
        var out: [String] = []
        for i in boxes.indices { for j in boxes.indices where j > i && boxes[i].box.overlaps(boxes[j].box) { out.append("'\(boxes[i].text)' × '\(boxes[j].text)'") } }
        return out
    }

    /// A 1.5 × 1.2 m bathroom, 2.4 m high, with a 0.7 m door, a small window, and a toilet, a sink, a bathtub,
    /// a washer-dryer and two storage units.
    static func clutteredBathroom() throws -> ExportModel {
        var room = MeasurementsTests.boxRoom(width: 1.5, depth: 1.2, height: 2.4, door: (0.5, 0.7, true), window: SIMD2(0.5, 0.6), label: .bathroom)
        func object(_ c: CapturedRoom.Object.Category, _ x: Float, _ z: Float, _ w: Float, _ d: Float, _ oh: Float) -> CapturedRoom.Object {
            CapturedRoom.Object(category: c, dimensions: SIMD3(w, oh, d), transform: Transform4x4(yaw: 0, translation: SIMD3(x, oh / 2, z)))
        }
        room.objects = [
            object(.toilet, 1.25, 0.35, 0.4, 0.65, 0.8), object(.sink, 0.3, 0.95, 0.5, 0.4, 0.85), object(.bathtub, 0.85, 0.95, 0.7, 0.45, 0.55),
            object(.washerDryer, 1.25, 0.95, 0.5, 0.45, 0.85), object(.storage, 0.2, 0.3, 0.35, 0.3, 1.8), object(.storage, 0.7, 0.45, 0.3, 0.3, 0.6),
        ]
        return try ExportModel(room: room)
    }

    @Test("labels do not overlap: a cluttered 1.5 × 1.2 m bathroom (labels moved, shrunk or keyed in the legend) and every fixture plan")
    func labelsWithoutCollisions() throws {
        let model = try Self.clutteredBathroom()
        let svg = FloorPlanSVG.render(model, story: 0)
        #expect(FloorPlanSVG.render(model, story: 0) == svg, "not deterministic")
        let c = try SVGCollector.parse(svg)
        let boxes = try Self.textBoxes(c)
        // The clutter is real: the object names at their footprints' centres would overlap.
        let naive = model.objects.map { o in
            let fp = o.footprint.vertices.map { SIMD2<Double>($0) }
            return (text: o.category.name, box: LabelBox(text: o.category.name, centre: fp.reduce(.zero, +) / Double(fp.count), size: 0.12, angle: 0, bold: false))
        }
        #expect(!Self.overlaps(naive + boxes.filter { ["Bathroom", "1.80 m²"].contains($0.text) }).isEmpty, "the test room is not cluttered")
        let overlapping = Self.overlaps(boxes)
        #expect(overlapping.isEmpty, "\(overlapping)")
        // Every label is on the plan (at no less than the minimum size) or has a key in the legend.
        let style = FloorPlanSVG.Style()
        for e in c.elements where e.name == "text" { #expect(Double(e.attributes["font-size"]!)! >= style.minimumTextSize * 100 - 1e-6) }
        let legend = c.elements.filter { $0.attributes["class"] == "legend-text" }.map(\.text)
        let shown = c.elements.filter { $0.attributes["class"] == "object-label" }.map(\.text)
        for name in Set(model.objects.map(\.category.name)) {
            let n = model.objects.filter { $0.category.name == name }.count
            #expect(shown.filter { $0 == name }.count + legend.filter { $0.hasSuffix("  " + name) }.count == n, "\(name)")
        }
        #expect(c.elements.filter { $0.attributes["class"] == "dim-text" }.count + legend.filter { $0.contains("  wall ") }.count == 4)
        #expect(c.elements.contains { $0.attributes["class"] == "room-name" && $0.text == "Bathroom" })
        for e in c.elements where e.attributes["class"] == "label-key" {
            #expect(legend.contains { $0.hasPrefix(e.text + "  ") }, "key \(e.text) explained")
        }
        // Every bundled plan, RoomPlan export and (when present) real house room.
        for (name, m) in try ExportFixtures.allModels() {
            for story in m.stories {
                let o = Self.overlaps(try Self.textBoxes(try SVGCollector.parse(FloorPlanSVG.render(m, story: story))))
                #expect(o.isEmpty, "\(name) storey \(story): \(o.prefix(5))")
            }
        }
    }

    /// librsvg garbled the furniture labels of metre-unit plans (0.12-unit fonts: "s orage", "so a"); text is
    /// now sized in centimetres under `scale(0.01)`. Every text's font size is at least one unit of its own
    /// frame, and rsvg-convert's rendering differs from Chromium's in under 1 % of the pixels (the issue's
    /// bar; antialiasing and hinting alone differ in about 0.4 %, so the pixel share by itself does not
    /// catch a few garbled labels: the font-size check does).
    @Test("the plan's text is drawn the same by rsvg-convert and Chromium (cluttered_office)")
    func textRendersTheSameInRsvgAndChromium() throws {
        guard let browser = Renderers.chromium, let rsvg = Renderers.find(["rsvg-convert"]), PythonTool.hasModule("zlib") else {
            print("note: rsvg-convert, chromium or python3 absent: the SVG renderer comparison is skipped (apt-get install librsvg2-bin chromium)")
            return
        }
        let dir = try ExportFixtures.temporaryDirectory("plan-renderers")
        defer { try? FileManager.default.removeItem(at: dir) }
        let structure = try #require(try ExportFixtures.truthStructures().first { $0.0 == "cluttered_office" }).1
        let svg = FloorPlanSVG.render(try ExportModel(structure: structure), story: 0)
        let c = try SVGCollector.parse(svg)
        #expect(c.elements.filter { $0.name == "text" }.allSatisfy { Double($0.attributes["font-size"]!)! >= 1 }, "sub-unit font size")
        let file = dir.appendingPathComponent("plan.svg")
        try Data(svg.utf8).write(to: file)
        let (w, h) = (Int(c.root["width"]!)!, Int(c.root["height"]!)!)
        let a = dir.appendingPathComponent("rsvg.png"), b = dir.appendingPathComponent("chromium.png")
        try #require(try Renderers.run(rsvg, [file.path, "-o", a.path]) == 0)
        try Renderers.screenshot(browser, page: file, width: w, height: h, to: b, profile: dir.appendingPathComponent("profile"))
        let d = try Self.pixelDifference(a, b)
        print("note: rsvg-convert vs Chromium: \(d.differ) of \(d.drawn) drawn pixels differ, \(d.share) of the image")
        #expect(d.share < 0.01)
    }

    /// The issue's bar as written: rsvg-convert (librsvg) and cairosvg (cairo) draw every exported plan of the
    /// fixture structures alike, under 1 % of the image's pixels differing by more than 64 in a channel.
    @Test("every fixture plan is drawn the same by rsvg-convert and cairosvg")
    func plansRenderTheSameInRsvgAndCairosvg() throws {
        guard let rsvg = Renderers.find(["rsvg-convert"]), PythonTool.hasModule("cairosvg"), PythonTool.hasModule("zlib") else {
            print("note: rsvg-convert or cairosvg absent: the rsvg/cairo comparison is skipped (apt-get install librsvg2-bin; pip install cairosvg)")
            return
        }
        let dir = try ExportFixtures.temporaryDirectory("plan-cairosvg")
        defer { try? FileManager.default.removeItem(at: dir) }
        var compared = 0
        for (name, structure) in try ExportFixtures.truthStructures() {
            let model = try ExportModel(structure: structure)
            for story in model.stories {
                let stem = "\(name)-\(story)"
                let file = dir.appendingPathComponent("\(stem).svg")
                try Data(FloorPlanSVG.render(model, story: story).utf8).write(to: file)
                let a = dir.appendingPathComponent("\(stem)-rsvg.png"), b = dir.appendingPathComponent("\(stem)-cairo.png")
                try #require(try Renderers.run(rsvg, [file.path, "-o", a.path]) == 0)
                let r = try PythonTool.run(["-c", "import sys, cairosvg; cairosvg.svg2png(url=sys.argv[1], write_to=sys.argv[2])", file.path, b.path])
                try #require(r.status == 0, "cairosvg: \(r.output)")
                let d = try Self.pixelDifference(a, b)
                print("note: \(stem): rsvg-convert vs cairosvg: \(d.differ) of \(d.drawn) drawn pixels differ, \(d.share) of the image")
                // Geometry and text positions agree; what differs is antialiasing and glyph hinting. Cairo
                // ignores `dominant-baseline`, and drew every label 3-5 pixels low (1.0-1.2 % of the image on
                // three plans) until the plan gave its baselines as an explicit offset. Missing or garbled
                // drawing would be several per cent.
                #expect(d.share < 0.01, "\(stem)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    /// Pixels of two renderings of one drawing (same size) that differ by more than 64 in a channel: of the
    /// drawn pixels (darker than 200 in either) and, as a share, of the whole image.
    static func pixelDifference(_ a: URL, _ b: URL) throws -> (differ: Int, drawn: Int, share: Double) {
        let ra = try Renderers.pixels(a), rb = try Renderers.pixels(b)
        try #require(ra.width == rb.width && ra.height == rb.height, "sizes \(ra.width)x\(ra.height) and \(rb.width)x\(rb.height)")
        var drawn = 0, differ = 0, differAll = 0
        for y in 0..<ra.height {
            for x in 0..<ra.width {
                let p = ra.at(x, y), q = rb.at(x, y)
                let diff = p &- q
                let d = max(Swift.abs(diff.x), Swift.abs(diff.y), Swift.abs(diff.z)) > 64
                if d { differAll += 1 }
                if p.min() <= 200 || q.min() <= 200 {
                    drawn += 1
                    if d { differ += 1 }
                }
            }
        }
        return (differ, drawn, Double(differAll) / Double(max(1, ra.width * ra.height)))
    }
}
