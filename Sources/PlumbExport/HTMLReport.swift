import Foundation
import PlumbKernel
import Plumbline

/// One self-contained HTML page that shows a model against the scan it was built from: no network, no
/// external scripts, fonts or images (everything is inline; the 3D viewer is the page's own script).
///
/// Contents, in order:
/// - per storey the floor plan (``FloorPlanSVG``, inline), and a top-down density image of the scan
///   (`PlanDensity`: a wall-height slice 0.8-1.6 m above the storey's floor in grey, a floor slice
///   ±5 cm in blue; a PNG in a `data:` URI) with the model drawn over it: every wall's footprint coloured
///   by the share of its length the scan backs (red 0 % to green 100 %), doors, windows, openings and objects outlined;
/// - an interactive 3D view (drag to orbit, wheel to zoom, a section-cut height slider, scan points shown
///   on demand, at most ``Options/maximumViewerPoints`` of them, every k-th);
/// - per wall a side elevation: its outline, its openings, the density of the points backing it, and its
///   backed bins along the bottom;
/// - the measurements (``Measurements``) and diagnostics: per wall its support, warnings, and the
///   caller's notes.
///
/// Frames: model metres, y up; plans are (x, z) seen from above as in ``FloorPlanSVG``. The same model,
/// scan and options give the same bytes.
public enum HTMLReport {
    /// What to put in the report.
    public struct Options: Sendable, Equatable {
        /// Page title.
        public var title: String = "Plumbline report"
        /// Most scan points embedded for the 3D view (every k-th point; 6 bytes each before base64).
        public var maximumViewerPoints: Int = 120_000
        /// Most pixels per side of a storey's density image.
        public var maximumImageSide: Int = 1200
        /// Lines shown under "Notes" in the diagnostics (how the scan was read, build notes, timings).
        public var notes: [String] = []
        /// Walls backed on less than this share of their length are listed as warnings.
        public var weakSupport: Double = 0.5
        /// Options with the defaults.
        public init() {}
    }

    /// The report page.
    /// - Complexity: O(points + image pixels + walls × bins + model elements).
    public static func render(model: ExportModel, scan: ReportScan, options: Options = Options()) -> String {
        let evidence = WallEvidence.measure(model: model, scan: scan)
        let label = Dictionary(uniqueKeysWithValues: model.walls.enumerated().map { ($1.identifier, "W\($0 + 1)") })
        let support = Dictionary(uniqueKeysWithValues: evidence.map { ($0.support.identifier, $0.support) })
        let stories = model.stories.isEmpty ? [0] : model.stories
        var warnings: [String] = []
        for e in evidence where e.support.share < options.weakSupport {
            warnings.append("\(label[e.support.identifier] ?? "wall") (storey \(e.support.story), \(DecimalText.text(e.support.length, 2)) m) is backed by the scan on only \(percent(e.support.share)) of its length")
        }
        var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<title>\(esc(options.title))</title>\n<style>\n\(ReportViewerScript.css)\n</style>\n</head>\n<body>\n"
        let mean = evidence.isEmpty ? 0 : evidence.reduce(0) { $0 + $1.support.share * $1.support.length }
            / max(evidence.reduce(0) { $0 + $1.support.length }, 1e-9)
        h += "<header><h1>\(esc(options.title))</h1><p>\(scan.count) scan points · \(model.walls.count) walls · "
        h += "\(model.doors.count) doors · \(model.windows.count) windows · \(model.openings.count) openings · "
        h += "\(model.objects.count) objects · \(stories.count) storey\(stories.count == 1 ? "" : "s") · "
        h += "walls backed by the scan on \(percent(mean)) of their length</p></header>\n"
        var densities: [Int: PlanDensity] = [:]
        for s in stories {
            h += "<section class=\"storey\" id=\"storey-\(s)\"><h2>Storey \(s)</h2>\n"
            var plan = FloorPlanSVG.render(model, story: s)
            if plan.hasPrefix("<?xml"), let nl = plan.firstIndex(of: "\n") { plan = String(plan[plan.index(after: nl)...]) }
            let turn = PlanOrientation(model: model, story: s)
            let turned = turn.rotation == 0 ? "" : ", turned by \(DecimalText.compact(-turn.rotation, 2))° so the walls are square to the page (N: the model's −z)"
            h += "<figure class=\"plan\"><figcaption>Floor plan (as <code>plumb export --svg</code> writes it\(turned))</figcaption>\n\(plan)</figure>\n"
            let d = PlanDensity(model: model, story: s, scan: scan, maximumSide: max(16, options.maximumImageSide / max(1, Int(Double(stories.count).squareRoot()))))
            densities[s] = d
            h += overlay(model: model, story: s, density: d, evidence: evidence, label: label)
            h += "</section>\n"
        }
        h += viewer(model: model, scan: scan, support: support, options: options)
        h += elevations(evidence: evidence, label: label)
        h += measurements(model: model, support: support, label: label)
        h += diagnostics(model: model, evidence: evidence, label: label, warnings: warnings + outsideWarnings(model: model, densities: densities),
                         options: options)
        h += "<script>\n\(ReportViewerScript.js)\n</script>\n</body>\n</html>\n"
        return h
    }

    /// Renders the report and writes it to `path` (`-` for standard output) through `SafeFile`.
    /// - Parameters:
    ///   - model: the model to show.
    ///   - scan: the scan it was built from, in the model's frame.
    ///   - options: title, notes and viewer limits.
    ///   - path: the output file, or `-` for standard output.
    ///   - batch: when given, the report is staged in it and written when the caller commits it.
    /// - Throws: ``ExportError/fileError(path:detail:)`` when writing fails or the target is refused.
    public static func write(
        model: ExportModel, scan: ReportScan, options: Options = Options(), to path: String, batch: SafeFileBatch? = nil
    ) throws(ExportError) {
        let data = Data(render(model: model, scan: scan, options: options).utf8)
        do throws(SafeFileError) {
            if let batch { try batch.add(data, toOutput: path) } else { try SafeFile.write(data, toOutput: path) }
        } catch {
            throw .fileError(path: path, detail: "cannot write: \(error.reason)")
        }
    }

    // MARK: - Parts

    static func esc(_ s: String) -> String { Drawing.escape(s) }
    static func n(_ v: Double) -> String { DecimalText.compact(v, 3) }
    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }

    /// CSS colour of a support share: red (0) through amber to green (1).
    public static func supportColour(_ share: Double) -> String {
        "hsl(\(Int((max(0, min(1, share)) * 120).rounded())),75%,42%)"
    }

    /// RGB (0…255) of ``supportColour(_:)``, for the 3D view.
    static func supportRGB(_ share: Double) -> SIMD3<Int> {
        let hue = max(0, min(1, share)) * 120, s = 0.75, l = 0.42
        let c = (1 - abs(2 * l - 1)) * s, x = c * (1 - abs((hue / 60).truncatingRemainder(dividingBy: 2) - 1)), m = l - c / 2
        let (r, g, b) = hue < 60 ? (c, x, 0.0) : (x, c, 0.0)
        return SIMD3(Int(((r + m) * 255).rounded()), Int(((g + m) * 255).rounded()), Int(((b + m) * 255).rounded()))
    }

    /// The density image with the model over it, for one storey.
    static func overlay(model: ExportModel, story: Int, density d: PlanDensity, evidence: [WallEvidence], label: [UUID: String]) -> String {
        let w = Double(d.width) * d.cell, hgt = Double(d.height) * d.cell
        let ppm = min(120, 700 / max(w, hgt, 1e-3))
        var o = "<figure class=\"overlay\"><figcaption>Scan and model from above: the scan's points 0.8-1.6 m above the floor (grey) and within 5 cm of it (blue), "
        o += "pixel \(n(d.cell * 100)) cm; walls coloured by the share of their length backed by scan points "
        o += "(<span class=\"swatch\" style=\"background:\(supportColour(0))\"></span>0 % "
        o += "<span class=\"swatch\" style=\"background:\(supportColour(0.5))\"></span>50 % "
        o += "<span class=\"swatch\" style=\"background:\(supportColour(1))\"></span>100 %): a 5 cm bin along a wall is backed "
        o += "when at least \(WallSupport.minimumPointsPerBin) points lie in it within 5 cm of the wall's faces, "
        o += "between 10 cm above its bottom and 10 cm below its top. Doors brown, windows blue, openings grey dashed, objects violet.</figcaption>\n"
        o += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"scan-overlay\" data-story=\"\(story)\" width=\"\(Int((w * ppm).rounded()))\" "
        o += "height=\"\(Int((hgt * ppm).rounded()))\" viewBox=\"\(n(d.origin.x)) \(n(d.origin.y)) \(n(w)) \(n(hgt))\">\n"
        o += "<image x=\"\(n(d.origin.x))\" y=\"\(n(d.origin.y))\" width=\"\(n(w))\" height=\"\(n(hgt))\" preserveAspectRatio=\"none\" "
        o += "style=\"image-rendering:pixelated\" href=\"data:image/png;base64,\(d.png().base64EncodedString())\"/>\n"
        var g = Drawing(style: FloorPlanSVG.Style())
        g.open("g", ["class": "r-objects"])
        for ob in model.objects where ob.story == story {
            g.polygon(ob.footprint.vertices.map { SIMD2<Double>($0) },
                      ["class": "r-object", "fill": "none", "stroke": "#8e44ad", "stroke-width": "0.02", "data-category": ob.category.name])
        }
        g.close()
        g.open("g", ["class": "r-walls"])
        for e in evidence where e.solid.wall.story == story {
            let s = e.solid
            let us = s.outline.map(\.x)
            guard let uMin = us.min(), let uMax = us.max(), uMax > uMin else { continue }
            let u = FloorPlanSVG.samples(s, uMin, uMax)
            let colour = supportColour(e.support.share)
            let id = s.wall.identifier.uuidString
            g.polygon(u.map { FloorPlanSVG.plan(s, $0, s.depth.lowerBound) } + u.reversed().map { FloorPlanSVG.plan(s, $0, s.depth.upperBound) },
                      ["class": "r-wall", "data-id": id, "data-support": DecimalText.text(e.support.share, 3), "fill": colour,
                       "fill-opacity": "0.6", "stroke": colour, "stroke-width": "0.02"])
            for hole in s.holes {
                let (stroke, dash) = holeStyle(hole.category)
                var a = ["class": "r-hole", "data-id": hole.identifier.uuidString, "fill": "none", "stroke": stroke, "stroke-width": "0.03"]
                if let dash { a["stroke-dasharray"] = dash }
                let hu = FloorPlanSVG.samples(s, hole.u.lowerBound, hole.u.upperBound)
                g.polygon(hu.map { FloorPlanSVG.plan(s, $0, s.depth.lowerBound - 0.03) }
                          + hu.reversed().map { FloorPlanSVG.plan(s, $0, s.depth.upperBound + 0.03) }, a)
            }
            let mid = FloorPlanSVG.plan(s, (uMin + uMax) / 2, s.depth.upperBound + 0.18)
            g.text("\(label[s.wall.identifier] ?? "") \(percent(e.support.share))", at: mid, size: 0.16, angle: 0,
                   ["class": "r-label", "fill": "#000", "font-family": "sans-serif", "text-anchor": "middle", "dominant-baseline": "middle"])
        }
        g.close()
        return o + g.body + "</svg></figure>\n"
    }

    /// Stroke colour and dash pattern of a hole's outline.
    static func holeStyle(_ c: CapturedRoom.Surface.Category) -> (String, String?) {
        switch c {
        case .door: ("#7a4a1e", nil)
        case .window: ("#1f6fb2", nil)
        default: ("#555555", "0.08 0.05")
        }
    }

    /// The 3D viewer section with its data.
    static func viewer(model: ExportModel, scan: ReportScan, support: [UUID: WallSupport], options: Options) -> String {
        var colours: [String] = []
        var colourIndex: [String: Int] = [:]
        func colour(_ r: Int, _ g: Int, _ b: Int, _ a: Double) -> Int {
            let key = "[\(r),\(g),\(b),\(n(a))]"
            if let k = colourIndex[key] { return k }
            colourIndex[key] = colours.count
            colours.append(key)
            return colours.count - 1
        }
        var faces: [String] = []
        func add(_ m: MeshBuffer, _ transform: Transform4x4, _ c: Int) {
            var k = 0
            for count in m.faceVertexCounts {
                var f = "[\(c)"
                for j in 0..<Int(count) {
                    let p = transform.apply(toPoint: m.points[Int(m.faceVertexIndices[k + j])])
                    f += ",\(n(Double(p.x))),\(n(Double(p.y))),\(n(Double(p.z)))"
                }
                faces.append(f + "]")
                k += Int(count)
            }
        }
        let floorColour = colour(222, 210, 188, 1)
        for f in model.floors { add(USDStageBuilder.floorMesh(f), f.transform, floorColour) }
        for w in model.walls {
            let rgb = supportRGB(support[w.identifier]?.share ?? 0)
            add(WallMesher.mesh(WallSolid(wall: w, hosted: model.embeddedSurfaces(inWall: w))), w.transform, colour(rgb.x, rgb.y, rgb.z, 1))
        }
        let doorColour = colour(122, 74, 30, 0.85), windowColour = colour(120, 180, 230, 0.45)
        for s in model.doors + model.windows {
            var m = MeshBuffer()
            m.addFace(s.localRectangle)
            add(m, s.transform, s.category == .window ? windowColour : doorColour)
        }
        let objectColour = colour(142, 68, 173, 0.55)
        for o in model.objects { add(WallMesher.box(size: o.dimensions), o.transform, objectColour) }
        let b = model.bounds ?? (SIMD3(0, 0, 0), SIMD3(1, 1, 1))
        let centre = ((b.min + b.max) * 50).rounded(.toNearestOrEven) / 100
        var bytes = [UInt8]()
        var shown = 0
        for i in scan.decimated(to: options.maximumViewerPoints) where options.maximumViewerPoints > 0 {
            let q = (SIMD3<Double>(Double(scan.x[i]), Double(scan.y[i]), Double(scan.z[i])) - centre) * 100
            guard q.min() > -32_767, q.max() < 32_767 else { continue }
            for v in [q.x, q.y, q.z] {
                let k = Int16(v.rounded())
                bytes.append(UInt8(truncatingIfNeeded: k))
                bytes.append(UInt8(truncatingIfNeeded: k >> 8))
            }
            shown += 1
        }
        var o = "<section id=\"view\"><h2>3D view</h2>\n"
        o += "<div class=\"controls\"><label>Section cut at <input type=\"range\" id=\"cut\"> <span id=\"cut-value\"></span></label> "
        let every = max(1, (scan.count + max(options.maximumViewerPoints, 1) - 1) / max(options.maximumViewerPoints, 1))
        o += "<label><input type=\"checkbox\" id=\"show-points\"> scan points (\(shown) of \(scan.count)\(every > 1 ? ", every \(every)th" : ""))</label> "
        o += "<span class=\"legend\">drag to orbit, wheel to zoom; walls coloured by support as above</span></div>\n"
        o += "<canvas id=\"view3d\" width=\"960\" height=\"600\"></canvas>\n"
        o += "<script type=\"application/json\" id=\"model-data\">{\"c\":[\(colours.joined(separator: ","))],"
        o += "\"b\":[\(n(b.min.x)),\(n(b.min.y)),\(n(b.min.z)),\(n(b.max.x)),\(n(b.max.y)),\(n(b.max.z))],"
        o += "\"o\":[\(n(centre.x)),\(n(centre.y)),\(n(centre.z))],\"p\":\"\(Data(bytes).base64EncodedString())\",\n\"f\":[\n"
        o += faces.joined(separator: ",\n") + "]}</script>\n</section>\n"
        return o
    }

    /// Side elevations, one per wall.
    static func elevations(evidence: [WallEvidence], label: [UUID: String]) -> String {
        var o = "<section id=\"elevations\"><h2>Wall elevations</h2>\n<p class=\"legend\">Each wall seen from its front (local +z side), "
        o += "start on the left: the outline, doors (brown), windows (blue), openings (grey dashed), the density of the scan points within 5 cm of it "
        o += "(grey, 5 cm cells), and along the bottom its 5 cm bins, green where backed, red where not.</p>\n"
        for e in evidence {
            let s = e.solid
            let us = s.outline.map(\.x)
            guard let uMin = us.min(), let uMax = us.max(), uMax > uMin else { continue }
            let k = s.lengthPerUnitU
            let length = s.length, top = Double(s.topY), bottom = Double(s.bottomY), height = top - bottom
            let ppm = min(60, 700 / max(length, 1e-3))
            let totalH = height + 0.25
            let id = s.wall.identifier.uuidString
            o += "<figure class=\"elevation\"><figcaption>\(esc(label[s.wall.identifier] ?? "wall")) · storey \(s.wall.story) · "
            o += "\(DecimalText.text(length, 2)) m × \(DecimalText.text(height, 2)) m · backed \(percent(e.support.share))</figcaption>\n"
            o += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"wall-elevation\" data-id=\"\(id)\" width=\"\(Int((length * ppm).rounded()) + 8)\" "
            o += "height=\"\(Int((totalH * ppm).rounded()) + 8)\" viewBox=\"\(n(-0.05)) \(n(-0.05)) \(n(length + 0.1)) \(n(totalH + 0.1))\">\n"
            o += "<image x=\"0\" y=\"0\" width=\"\(n(length))\" height=\"\(n(Double(e.rows) * Double(WallEvidence.cellHeight)))\" preserveAspectRatio=\"none\" "
            o += "style=\"image-rendering:pixelated\" href=\"data:image/png;base64,\(e.png().base64EncodedString())\"/>\n"
            func pt(_ p: SIMD2<Float>) -> String { "\(n((Double(p.x) - Double(uMin)) * k)),\(n(top - Double(p.y)))" }
            o += "<polygon class=\"r-outline\" fill=\"none\" stroke=\"#333\" stroke-width=\"0.02\" points=\"\(s.outline.map(pt).joined(separator: " "))\"/>\n"
            for hole in s.holes {
                let (stroke, dash) = holeStyle(hole.category)
                let x0 = (Double(hole.u.lowerBound) - Double(uMin)) * k, x1 = (Double(hole.u.upperBound) - Double(uMin)) * k
                o += "<rect class=\"r-hole\" data-id=\"\(hole.identifier.uuidString)\" x=\"\(n(x0))\" y=\"\(n(top - Double(hole.y.upperBound)))\" "
                o += "width=\"\(n(x1 - x0))\" height=\"\(n(Double(hole.y.upperBound - hole.y.lowerBound)))\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"0.03\""
                o += (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>\n"
            }
            // Backed bins along the bottom, runs of equal state as one rectangle.
            let bins = e.support.binCounts, bl = e.support.actualBinLength
            var start = 0
            while start < bins.count {
                let backed = bins[start] >= WallSupport.minimumPointsPerBin
                var end = start + 1
                while end < bins.count, (bins[end] >= WallSupport.minimumPointsPerBin) == backed { end += 1 }
                o += "<rect class=\"\(backed ? "r-backed" : "r-unbacked")\" x=\"\(n(Double(start) * bl))\" y=\"\(n(height + 0.08))\" "
                o += "width=\"\(n(Double(end - start) * bl))\" height=\"0.1\" fill=\"\(backed ? "#2e8b57" : "#c0392b")\"/>\n"
                start = end
            }
            o += "</svg></figure>\n"
        }
        return o + "</section>\n"
    }

    /// The measurements tables.
    static func measurements(model: ExportModel, support: [UUID: WallSupport], label: [UUID: String]) -> String {
        let m = Measurements(model: model)
        var o = "<section id=\"measurements\"><h2>Measurements</h2>\n<h3>Rooms</h3>\n<table><tr><th class=\"l\">Room</th><th>Storey</th>"
        o += "<th>Floor m²</th><th>Perimeter m</th><th>Ceiling min m</th><th>Ceiling max m</th><th>Ceiling mean m</th>"
        o += "<th>Walls gross m²</th><th>Walls net m²</th><th>Doors</th><th>Windows</th><th>Openings</th></tr>\n"
        for r in m.rooms {
            o += "<tr><td class=\"l\">\(esc(r.name))</td><td>\(r.story)</td>"
            for v in [r.floorArea, r.perimeter, r.ceilingHeightMin, r.ceilingHeightMax, r.ceilingHeightMean, r.wallAreaGross, r.wallAreaNet] {
                o += "<td>\(DecimalText.text(v, 2))</td>"
            }
            o += "<td>\(r.doorCount)</td><td>\(r.windowCount)</td><td>\(r.openingCount)</td></tr>\n"
        }
        o += "</table>\n<h3>Walls</h3>\n<table><tr><th class=\"l\">Wall</th><th class=\"l\">Room</th><th>Storey</th><th>Length m</th>"
        o += "<th>Height m</th><th>Thickness m</th><th>Gross m²</th><th>Openings m²</th><th>Net m²</th><th>Backed</th></tr>\n"
        for w in m.walls {
            o += "<tr><td class=\"l\">\(label[w.identifier] ?? "–")</td><td class=\"l\">\(esc(w.room))</td><td>\(w.story)</td>"
            for v in [w.length, w.height, w.thickness, w.grossArea, w.openingArea, w.netArea] { o += "<td>\(DecimalText.text(v, 2))</td>" }
            o += "<td>\(support[w.identifier].map { percent($0.share) } ?? "–")</td></tr>\n"
        }
        return o + "</table>\n</section>\n"
    }

    /// Warnings about scan points beyond the model: the share of each storey's wall-slice points more than
    /// 0.25 m outside its floor polygons.
    static func outsideWarnings(model: ExportModel, densities: [Int: PlanDensity]) -> [String] {
        var out: [String] = []
        for (story, d) in densities.sorted(by: { $0.key < $1.key }) {
            let polys = model.floors.filter { $0.story == story }.map(\.planOutline)
            guard !polys.isEmpty else { continue }
            var total: UInt64 = 0, outside: UInt64 = 0
            for r in 0..<d.height {
                for c in 0..<d.width {
                    let k = d.wallCounts[r * d.width + c]
                    guard k > 0 else { continue }
                    total += UInt64(k)
                    let p = SIMD2<Float>(Float(d.origin.x + (Double(c) + 0.5) * d.cell), Float(d.origin.y + (Double(r) + 0.5) * d.cell))
                    if polys.contains(where: { $0.contains(p) }) { continue }
                    if polys.allSatisfy({ distance(p, $0) > 0.25 }) { outside += UInt64(k) }
                }
            }
            guard total > 0 else { continue }
            let share = Double(outside) / Double(total)
            if share >= 0.05 {
                out.append("storey \(story): \(percent(share)) of the scan's wall-height points lie more than 0.25 m outside the model's floors (the scan reaches beyond the model)")
            }
        }
        return out
    }

    /// Distance from `p` to the boundary of `poly`, metres.
    static func distance(_ p: SIMD2<Float>, _ poly: PlanPolygon) -> Float {
        let v = poly.vertices
        var best = Float.infinity
        for i in v.indices {
            let a = v[i], b = v[(i + 1) % v.count], ab = b - a
            let t = max(0, min(1, ((p - a) * ab).sum() / max((ab * ab).sum(), 1e-12)))
            let q = a + ab * t - p
            best = min(best, (q * q).sum().squareRoot())
        }
        return best
    }

    /// Per-wall support, warnings and notes.
    static func diagnostics(model: ExportModel, evidence: [WallEvidence], label: [UUID: String], warnings: [String], options: Options) -> String {
        var o = "<section id=\"diagnostics\"><h2>Diagnostics</h2>\n<h3>Warnings</h3>\n"
        if warnings.isEmpty {
            o += "<p>None.</p>\n"
        } else {
            o += "<ul>\n" + warnings.map { "<li class=\"warn\">\(esc($0))</li>\n" }.joined() + "</ul>\n"
        }
        o += "<h3>Wall support</h3>\n<table><tr><th class=\"l\">Wall</th><th>Storey</th><th>Length m</th><th>Backed</th>"
        o += "<th>Unbacked m</th><th>Points within 5 cm</th><th>Thickness</th><th class=\"l\">Identifier</th></tr>\n"
        for e in evidence {
            let s = e.support
            o += "<tr><td class=\"l\">\(label[s.identifier] ?? "")</td><td>\(s.story)</td><td>\(DecimalText.text(s.length, 2))</td>"
            o += "<td style=\"color:\(supportColour(s.share))\">\(percent(s.share))</td><td>\(DecimalText.text(s.length * (1 - s.share), 2))</td>"
            o += "<td>\(s.points)</td><td>\(e.solid.hasMeasuredThickness ? "measured \(DecimalText.text(Double(e.solid.thickness), 2)) m" : "assumed \(DecimalText.text(Double(e.solid.thickness), 2)) m")</td>"
            o += "<td class=\"l\"><code>\(s.identifier.uuidString)</code></td></tr>\n"
        }
        o += "</table>\n"
        if !options.notes.isEmpty {
            o += "<h3>Notes</h3>\n<ul>\n" + options.notes.map { "<li>\(esc($0))</li>\n" }.joined() + "</ul>\n"
        }
        return o + "</section>\n"
    }
}
