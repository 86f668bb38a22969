import Foundation
import Testing
@testable import PlumbExport
import Plumbline

/// Floor plans drawn as architects draw them (issue 26): door swings only for leaf-sized doors.
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
}
