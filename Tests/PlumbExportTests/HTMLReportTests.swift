import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import PlumbExport
import Plumbline
import PlumbSim

/// `plumb report`'s page (``HTMLReport``): self-contained, deterministic, the plan where the model is, wall
/// support measured as documented, bounded in size, and drawn by a real browser where the model says.
@Suite("HTML report")
struct HTMLReportTests {
    static func id(_ k: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", k))! }

    /// A 4 m × 3 m room (inner faces; walls 0.2 m thick centred on their lines at x = ±2.1, z = ±1.6), 2.5 m
    /// high, floor at y = 0, a door in the south wall.
    static func room() -> CapturedRoom {
        func wall(_ k: Int, _ centre: SIMD3<Float>, yaw: Float, length: Float) -> CapturedRoom.Surface {
            CapturedRoom.Surface(category: .wall, dimensions: SIMD3(length, 2.5, 0.2), transform: Transform4x4(yaw: yaw, translation: centre),
                                 identifier: id(k))
        }
        let walls = [
            wall(1, SIMD3(0, 1.25, -1.6), yaw: 0, length: 4.4),
            wall(2, SIMD3(2.1, 1.25, 0), yaw: -.pi / 2, length: 3.4),
            wall(3, SIMD3(0, 1.25, 1.6), yaw: .pi, length: 4.4),
            wall(4, SIMD3(-2.1, 1.25, 0), yaw: .pi / 2, length: 3.4),
        ]
        let door = CapturedRoom.Surface(
            category: .door(isOpen: false), dimensions: SIMD3(0.9, 2.0, 0), transform: Transform4x4(yaw: .pi, translation: SIMD3(1, 1.0, 1.6)),
            identifier: id(10), parentIdentifier: id(3))
        let floor = CapturedRoom.Surface(
            category: .floor, dimensions: SIMD3(4, 3, 0),
            transform: Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0), translation: .zero),
            identifier: id(20), polygonCorners: [SIMD3(-2, -1.5, 0), SIMD3(2, -1.5, 0), SIMD3(2, 1.5, 0), SIMD3(-2, 1.5, 0)])
        return CapturedRoom(identifier: id(30), walls: walls, doors: [door], floors: [floor])
    }

    /// Points on the room's inner wall faces (except the door) and floor, about `count` of them, on a
    /// regular grid (deterministic).
    static func scan(count: Int) -> ReportScan {
        var x: [Float] = [], y: [Float] = [], z: [Float] = []
        x.reserveCapacity(count + 1000); y.reserveCapacity(count + 1000); z.reserveCapacity(count + 1000)
        // Wall area 2 × (4 + 3) × 2.5 = 35 m², floor 12 m²: one spacing for both.
        let step = Float((47.0 / Double(count)).squareRoot())
        var v: Float = 0
        while v <= 2.5 {
            var t: Float = -2
            while t <= 2 {
                if !(t > 0.55 && t < 1.45 && v < 2.0) { x.append(t); y.append(v); z.append(1.5) }
                x.append(t); y.append(v); z.append(-1.5)
                t += step
            }
            t = -1.5
            while t <= 1.5 {
                x.append(2); y.append(v); z.append(t)
                x.append(-2); y.append(v); z.append(t)
                t += step
            }
            v += step
        }
        var a: Float = -2
        while a <= 2 {
            var b: Float = -1.5
            while b <= 1.5 { x.append(a); y.append(0); z.append(b); b += step }
            a += step
        }
        return ReportScan(x: x, y: y, z: z)
    }

    /// The inline SVG of the first figure with class `cls`.
    static func figureSVG(_ html: String, _ cls: String) -> String? {
        guard let f = html.range(of: "<figure class=\"\(cls)\">"), let s = html.range(of: "<svg", range: f.upperBound..<html.endIndex),
              let e = html.range(of: "</svg>", range: s.upperBound..<html.endIndex) else { return nil }
        return String(html[s.lowerBound..<e.upperBound])
    }

    @Test("a wall with points on half its length is backed 0.5; points 20 cm off, or on the floor along it, do not count")
    func halfBackedWall() throws {
        let wall = CapturedRoom.Surface(category: .wall, dimensions: SIMD3(4, 2.5, 0.2), transform: .identity, identifier: Self.id(1))
        let model = try ExportModel(room: CapturedRoom(identifier: Self.id(2), walls: [wall]))
        var x: [Float] = [], y: [Float] = [], z: [Float] = []
        for i in 0..<400 {
            let u = -2 + Float(i) * 0.01 + 0.005
            for j in 0..<50 {
                let h = -1.25 + Float(j) * 0.05 + 0.025
                if u < 0 { x.append(u); y.append(h); z.append(0.12) }  // 2 cm off the +z face: counts
                x.append(u); y.append(h); z.append(0.32)                // 22 cm off: does not
            }
            x.append(u); y.append(-1.25); z.append(0.05)                // floor level: does not
            x.append(u); y.append(-1.22); z.append(0.05)
        }
        let s = WallSupport.measure(model: model, scan: ReportScan(x: x, y: y, z: z))
        #expect(s.count == 1)
        #expect(abs(s[0].share - 0.5) <= 0.02, "share \(s[0].share)")
        #expect(abs(s[0].length - 4) < 1e-5)
        #expect(s[0].binCounts.count == 80)
        // Points from 10 cm above the bottom to 10 cm below the top: 46 rows of 5 cm × 200 columns.
        #expect(s[0].points == 200 * 46, "\(s[0].points)")
    }

    @Test("self-contained, deterministic, plan walls at the model's coordinates, overlay support as measured")
    func pageContents() throws {
        let model = try ExportModel(room: Self.room())
        let scan = Self.scan(count: 60_000)
        let html = HTMLReport.render(model: model, scan: scan)
        #expect(HTMLReport.render(model: model, scan: scan) == html, "not deterministic")
        // Nothing from the network: no http(s) in src / href, no external stylesheets or imports.
        for bad in ["src=\"http", "href=\"http", "src='http", "href='http", "<link", "@import", "url(http", "<script src"] {
            #expect(!html.contains(bad), "\(bad)")
        }
        #expect(html.contains("data:image/png;base64,"))
        // The plan's wall polygons lie on the walls (within half the thickness of each wall's line).
        let plan = try #require(Self.figureSVG(html, "plan"))
        #expect(plan == {
            var p = FloorPlanSVG.render(model, story: 0)
            p.removeSubrange(p.startIndex...p.firstIndex(of: "\n")!)
            return p.trimmingCharacters(in: .newlines)
        }())
        let c = try SVGCollector.parse(plan)
        var seen = Set<String>()
        for e in c.elements where e.attributes["class"] == "wall" {
            let id = try #require(e.attributes["data-id"])
            seen.insert(id)
            let wall = try #require(model.walls.first { $0.identifier.uuidString == id })
            let line = wall.planCenterLine
            let a = SIMD2<Double>(line.start), b = SIMD2<Double>(line.end)
            for p in SVGCollector.points(e.attributes["points"]!) {
                let t = max(0, min(1, ((p - a) * (b - a)).sum() / ((b - a) * (b - a)).sum()))
                let q = a + (b - a) * t - p
                #expect((q * q).sum().squareRoot() <= 0.1 + 2e-3, "wall \(id) point \(p)")
            }
        }
        #expect(seen.count == 4)
        // The overlay: one coloured footprint per wall, its support the measured one (everything backed
        // but the door's 0.9 m of the 4.4 m south wall, whose lintel is above 2.4 m? no: 2.0-2.5 m is backed).
        let overlay = try #require(Self.figureSVG(html, "overlay"))
        let o = try SVGCollector.parse(overlay)
        let measured = Dictionary(uniqueKeysWithValues: WallSupport.measure(model: model, scan: scan).map { ($0.identifier.uuidString, $0.share) })
        let walls = o.elements.filter { $0.attributes["class"] == "r-wall" }
        #expect(walls.count == 4)
        for w in walls {
            let share = try #require(measured[w.attributes["data-id"]!])
            #expect(w.attributes["data-support"] == DecimalText.text(share, 3))
            #expect(w.attributes["fill"] == HTMLReport.supportColour(share))
        }
        // Points on the inner faces, 4 × 3 m of the 4.4 × 3.4 m walls' lines: about 4/4.4 and 3/3.4 backed.
        #expect(abs(measured[Self.id(1).uuidString]! - 4.0 / 4.4) < 0.04, "\(measured)")
        #expect(abs(measured[Self.id(2).uuidString]! - 3.0 / 3.4) < 0.04, "\(measured)")
    }

    /// The "works on every Data plan's simulated scan": each bundled plan scanned with the phone
    /// preset (seed 1, every room into one building cloud) and reported against its truth model gives a
    /// self-contained page under 10 MB with the plan and the overlay, and the overlay measures the truth
    /// walls as backed by the scan (median support at least 0.8: the walls are where the points are).
    @Test("every bundled plan's simulated scan, reported against its truth model")
    func everyBundledPlan() throws {
        let structures = try ExportFixtures.truthStructures()
        #expect(structures.count >= 13)
        for (name, structure) in structures {
            let scan = try ScanSimulator(plan: ExportFixtures.plan(name)).simulate(preset: .phone, seed: 1)
            let model = try ExportModel(structure: structure)
            let points = ReportScan(cloud: scan.buildingCloud, upAxis: .y, modelOrigin: .zero)
            let html = HTMLReport.render(model: model, scan: points)
            #expect(html.utf8.count < 10_000_000, "\(name): \(html.utf8.count) bytes")
            #expect(!html.contains("src=\"http") && !html.contains("<script src"), "\(name)")
            #expect(Self.figureSVG(html, "plan") != nil && Self.figureSVG(html, "overlay") != nil, "\(name)")
            let support = WallSupport.measure(model: model, scan: points).map(\.share).sorted()
            #expect(!support.isEmpty && support[support.count / 2] >= 0.8, "\(name): wall support \(support)")
            print("note: \(name): \(scan.buildingCloud.count) points, \(html.utf8.count) bytes, wall support min \(support.first ?? .nan) median \(support.isEmpty ? .nan : support[support.count / 2])")
        }
    }

    @Test("a 2 M-point scan gives a page under 10 MB, quickly")
    func sizeBound() throws {
        let model = try ExportModel(room: Self.room())
        let scan = Self.scan(count: 2_000_000)
        #expect(scan.count > 1_900_000)
        let start = ContinuousClock.now
        let html = HTMLReport.render(model: model, scan: scan)
        let took = ContinuousClock.now - start
        print("note: report of \(scan.count) points: \(html.utf8.count) bytes in \(took)")
        #expect(html.utf8.count < 10_000_000)
        #expect(took < .seconds(10))
        let label = html.components(separatedBy: "id=\"show-points\"> scan points (")
        try #require(label.count == 2)
        #expect((Int(label[1].prefix { $0 != " " }) ?? .max) <= HTMLReport.Options().maximumViewerPoints)
    }

    @Test("headless Chromium draws the page, with the plan's walls where the model says")
    func chromiumScreenshot() throws {
        guard let browser = Renderers.chromium else {
            print("note: chromium not on PATH: the headless screenshot test is skipped (apt-get install chromium)")
            return
        }
        guard PythonTool.hasModule("zlib") else {
            print("note: python3 absent: the headless screenshot test is skipped")
            return
        }
        let dir = try ExportFixtures.temporaryDirectory("report-chromium")
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try ExportModel(room: Self.room())
        let page = dir.appendingPathComponent("report.html"), png = dir.appendingPathComponent("shot.png")
        try Data(HTMLReport.render(model: model, scan: Self.scan(count: 50_000)).utf8).write(to: page)
        try Renderers.screenshot(browser, page: page, width: 900, height: 700, to: png, profile: dir.appendingPathComponent("profile"))
        #expect(FileManager.default.fileExists(atPath: png.path), "no screenshot")
        let image = try Renderers.pixels(png)
        let (w, h) = (image.width, image.height)
        func rgb(_ x: Int, _ y: Int) -> SIMD3<Int> { image.at(x, y) }
        // Not blank: many distinct colours.
        var colours = Set<Int>()
        for y in stride(from: 0, to: h, by: 3) { for x in stride(from: 0, to: w, by: 3) { let c = rgb(x, y); colours.insert(c.x << 16 | c.y << 8 | c.z) } }
        #expect(colours.count > 50, "\(colours.count) colours: blank page?")
        // The plan's wall fill (#2b2b2b): the rows and columns holding a long run of it are the outer faces
        // of the north and south (east and west) walls.
        func isWall(_ c: SIMD3<Int>) -> Bool { abs(c.x - 0x2b) <= 6 && abs(c.y - 0x2b) <= 6 && abs(c.z - 0x2b) <= 6 }
        let ppm = FloorPlanSVG.Style().pixelsPerMetre
        let need = Int(2.5 * ppm)
        var rows: [Int] = [], cols: [Int] = []
        for y in 0..<h where (0..<w).filter({ isWall(rgb($0, y)) }).count >= need { rows.append(y) }
        for x in 0..<w where (0..<h).filter({ isWall(rgb(x, $0)) }).count >= Int(1.6 * ppm) { cols.append(x) }
        let top = try #require(rows.first), bottom = try #require(rows.last), left = try #require(cols.first), right = try #require(cols.last)
        // Outer faces: x from −2.2 to 2.2, z from −1.7 to 1.7 (metres).
        #expect(abs(Double(bottom - top + 1) - 3.4 * ppm) <= 3, "plan height \(bottom - top + 1) px")
        #expect(abs(Double(right - left + 1) - 4.4 * ppm) <= 3, "plan width \(right - left + 1) px")
        func pixel(_ x: Double, _ z: Double) -> SIMD3<Int> { rgb(left + Int(((x + 2.2) * ppm).rounded()), top + Int(((z + 1.7) * ppm).rounded())) }
        // Mid-thickness of each wall, away from the door (x 0.55-1.45 on the south wall).
        for (x, z) in [(0.0, -1.6), (2.1, 0.0), (-1.0, 1.6), (-2.1, 0.0), (1.9, -1.6), (-2.1, 1.2)] {
            #expect(isWall(pixel(x, z)), "no wall at (\(x), \(z)): \(pixel(x, z))")
        }
        // The room inside and the doorway are not wall.
        for (x, z) in [(-1.0, -0.8), (1.0, 1.6)] { #expect(!isWall(pixel(x, z)), "wall at (\(x), \(z))") }
    }
}
