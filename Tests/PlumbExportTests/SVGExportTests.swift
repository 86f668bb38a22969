import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import PlumbExport
import Plumbline

/// Collects the elements of an SVG with XMLParser (which also proves it well-formed).
final class SVGCollector: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        var groupClass: String?
        var groupLength: String?
    }

    var elements: [Element] = []
    var groups: [[String: String]] = []
    var root: [String: String] = [:]
    var open: Int?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "svg" { root = attributes }
        if name == "g" { groups.append(attributes); return }
        let g = groups.last { $0["class"] == "dimension" }
        elements.append(Element(name: name, attributes: attributes, groupClass: g?["class"], groupLength: g?["data-length"]))
        open = elements.count - 1
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "g" { groups.removeLast() }
        open = nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let open { elements[open].text += string }
    }

    static func parse(_ svg: String) throws -> SVGCollector {
        let c = SVGCollector()
        let p = XMLParser(data: Data(svg.utf8))
        p.delegate = c
        guard p.parse() else { throw p.parserError ?? CocoaError(.fileReadCorruptFile) }
        return c
    }

    static func points(_ s: String) -> [SIMD2<Double>] {
        s.split(separator: " ").map { pair in
            let v = pair.split(separator: ",").map { Double($0)! }
            return SIMD2(v[0], v[1])
        }
    }

    static func area(_ p: [SIMD2<Double>]) -> Double {
        var s = 0.0
        for i in p.indices { let a = p[i], b = p[(i + 1) % p.count]; s += a.x * b.y - b.x * a.y }
        return abs(s) / 2
    }
}

final class SVGExportTests: XCTestCase {
    /// Every storey's plan is well-formed XML; wall polygons cover thickness × (length − door, window and
    /// opening widths); every wall has a dimension whose text is its length; door swings have the door's
    /// width as radius; room labels give the floor area; a scale bar is present.
    func testFloorPlansReadBack() throws {
        var plans = 0, dims = 0, swings = 0
        for (name, model) in try ExportFixtures.allModels() {
            for story in model.stories {
                let svg = FloorPlanSVG.render(model, story: story)
                XCTAssertEqual(FloorPlanSVG.render(model, story: story), svg, "\(name): SVG not deterministic")
                let c = try SVGCollector.parse(svg)
                plans += 1
                XCTAssertEqual(c.root["data-units"], "m")
                let walls = model.walls.filter { $0.story == story }
                var wallArea: [String: Double] = [:]
                for e in c.elements where e.attributes["class"] == "wall" {
                    wallArea[e.attributes["data-id"]!, default: 0] += SVGCollector.area(SVGCollector.points(e.attributes["points"]!))
                }
                for w in walls {
                    let hosted = model.embeddedSurfaces(inWall: w)
                    let id = w.identifier.uuidString
                    // Dimension text = length.
                    let dimTexts = c.elements.filter { $0.name == "text" && $0.groupClass == "dimension" && $0.attributes["class"] == "dim-text" }
                    let length = w.curve.map { Double($0.arcLength) } ?? Double(w.dimensions.x)
                    let mine = c.elements.first { $0.name == "line" && $0.groupClass == "dimension" && $0.attributes["class"] == "dim-line" && $0.groupLength != nil && abs(Double($0.groupLength!)! - length) < 1e-3 }
                    XCTAssertNotNil(mine, "\(name): no dimension for wall \(id)")
                    // On the plan, or (no room for it there) in the legend under a key number.
                    let legend = c.elements.filter { $0.attributes["class"] == "legend-text" && $0.text.contains("  wall ") }
                    XCTAssertTrue((dimTexts + legend).contains { t in
                        let num = t.text.split(separator: " ").compactMap { Double($0) }.last ?? -1
                        return abs(num - length) <= 0.0051
                    }, "\(name): no dimension text for \(length)")
                    dims += 1
                    guard w.curve == nil, w.polygonCorners.isEmpty else { continue }
                    // Plan area of the wall = thickness × (length − merged hole widths).
                    let inv = w.transform.rigidInverse
                    var gaps: [(Double, Double)] = hosted.map { h in
                        let xs = h.worldCorners.map { Double(inv.apply(toPoint: $0).x) }
                        return (max(xs.min()!, -Double(w.dimensions.x) / 2), min(xs.max()!, Double(w.dimensions.x) / 2))
                    }.filter { $0.1 > $0.0 }.sorted { $0.0 < $1.0 }
                    var merged: [(Double, Double)] = []
                    for g in gaps { if let l = merged.last, g.0 <= l.1 { merged[merged.count - 1].1 = max(l.1, g.1) } else { merged.append(g) } }
                    gaps = merged
                    let solidLength = Double(w.dimensions.x) - gaps.reduce(0) { $0 + $1.1 - $1.0 }
                    let expected = ExpectedGeometry.thickness(w) * solidLength
                    XCTAssertEqual(wallArea[id] ?? 0, expected, accuracy: 0.002 * (solidLength + 1) + 1e-3 * expected,
                                   "\(name): plan area of wall \(id)")
                }
                for d in model.doors.filter({ $0.story == story }) where model.surfaceHost(d)?.curve == nil && model.surfaceHost(d) != nil {
                    let host = model.surfaceHost(d)!
                    let inv = host.transform.rigidInverse
                    let xs = d.worldCorners.map { Double(inv.apply(toPoint: $0).x) }
                    let width = min(xs.max()!, Double(host.dimensions.x) / 2) - max(xs.min()!, -Double(host.dimensions.x) / 2)
                    guard width > 1e-3 else { continue }
                    // One leaf up to 1.2 m, two half-width leaves up to 2.4 m, wider ones drawn as openings.
                    let paths = c.elements.filter { $0.attributes["class"] == "door-swing" && $0.attributes["data-id"] == d.identifier.uuidString }
                    let style = FloorPlanSVG.Style()
                    let leaves = width <= style.maximumSingleLeafDoor - 2e-3 ? 1 : width <= style.maximumDoubleLeafDoor - 2e-3 ? 2 : 0
                    if width > style.maximumSingleLeafDoor - 2e-3 && width < style.maximumSingleLeafDoor + 2e-3 { continue }
                    if width > style.maximumDoubleLeafDoor - 2e-3 && width < style.maximumDoubleLeafDoor + 2e-3 { continue }
                    XCTAssertEqual(paths.count, leaves, "\(name): door \(d.identifier) of \(width) m")
                    for path in paths {
                        let parts = path.attributes["d"]!.split(separator: " ")
                        let r = Double(parts[parts.firstIndex(of: "A")! + 1])!
                        XCTAssertEqual(r, width / Double(leaves), accuracy: 2e-3, "\(name): door swing radius")
                        swings += 1
                    }
                    if leaves == 0 {
                        XCTAssertEqual(c.elements.filter { $0.attributes["class"] == "opening" && $0.attributes["data-id"] == d.identifier.uuidString }.count, 2,
                                       "\(name): a \(width) m door is drawn as an opening")
                    }
                }
                for r in model.rooms where r.story == story && !r.floors.isEmpty {
                    let label = c.elements.first { $0.attributes["class"] == "room-name" && $0.text == r.name }
                    XCTAssertNotNil(label, "\(name): room \(r.name)")
                    XCTAssertTrue(c.elements.contains { $0.attributes["class"] == "room-area" && $0.text == "\(String(format: "%.2f", r.floorArea)) m²" },
                                  "\(name): area of \(r.name)")
                }
                for o in model.objects where o.story == story {
                    XCTAssertTrue(c.elements.contains { $0.attributes["class"] == "object" && $0.attributes["data-id"] == o.identifier.uuidString })
                }
                for s in (model.windows + model.openings) where s.story == story && model.surfaceHost(s) != nil {
                    XCTAssertTrue(c.elements.contains { $0.attributes["data-id"] == s.identifier.uuidString }, "\(name): window/opening drawn")
                }
                XCTAssertTrue(c.elements.contains { $0.attributes["class"] == "bar-dark" })
            }
        }
        print("SVG: \(plans) plans, \(dims) wall dimensions, \(swings) door swings checked")
    }

    func testOneFilePerStorey() throws {
        let (_, s) = try XCTUnwrap(try ExportFixtures.truthStructures().first { $0.0 == "two_storey_house" })
        let model = try ExportModel(structure: s)
        let dir = try ExportFixtures.temporaryDirectory("svg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try FloorPlanSVG.write(model, to: dir.appendingPathComponent("plan.svg"))
        XCTAssertEqual(files.map(\.lastPathComponent), ["plan-story0.svg", "plan-story1.svg"])
        for f in files { _ = try SVGCollector.parse(String(contentsOf: f, encoding: .utf8)) }
    }
}
