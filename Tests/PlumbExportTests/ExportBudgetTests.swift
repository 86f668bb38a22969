import Foundation
import Testing
@testable import PlumbExport
import Plumbline

/// Issue 23: huge curve angles and coordinates never trap or run away in the exporters, and the export
/// entry point refuses models that fail validation, naming the element and field.
@Suite("Export budgets and the validation gate")
struct ExportBudgetTests {
    static func curvedWall(end: Float) -> CapturedRoom.Surface {
        CapturedRoom.Surface(
            category: .wall, dimensions: SIMD3(3, 2.5, 0.1), transform: .identity,
            curve: .init(center: SIMD2(0, -2), radius: 2, startAngle: 0, endAngle: end))
    }

    static func door(in wall: CapturedRoom.Surface) -> CapturedRoom.Surface {
        CapturedRoom.Surface(
            category: .door(isOpen: false), dimensions: SIMD3(0.9, 2, 0), transform: .identity,
            parentIdentifier: wall.identifier)
    }

    /// On main e6e5f67 `WallSolid(wall:hosted:)` trapped (`Int((hi - lo) / step)` overflow) for 1e20 rad
    /// and cut a 1e4 rad wall into 114,592 strips (27 s, 72 MB of USDZ).
    @Test("a curve ending at 1e20 or 1e4 rad gives a bounded number of strips, quickly", arguments: [Float(1e20), 1e4, 1e9])
    func wallSolidStripsAreBounded(end: Float) {
        let wall = Self.curvedWall(end: end)
        let start = ContinuousClock.now
        let solid = WallSolid(wall: wall, hosted: [Self.door(in: wall)])
        #expect(solid.pieces.count <= 2 * ArcBudget.maximumSteps + 8, "\(solid.pieces.count) pieces")
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test("ArcBudget keeps ordinary arcs' step counts and bounds the rest by arc length and a cap")
    func arcBudget() {
        // A 90° arc of radius 2 m at 2°: 45 steps, as before.
        #expect(ArcBudget.steps(45, radius: 2, span: .pi / 2) == 45)
        #expect(ArcBudget.steps(0, radius: 2, span: 0) == 1)
        // 1e4 rad of radius 2 m asks for 286,479 steps: the cap.
        #expect(ArcBudget.steps(286_479, radius: 2, span: 1e4) == ArcBudget.maximumSteps)
        // A 1 mm radius: no more steps than 5 mm pieces of its arc.
        #expect(ArcBudget.steps(180, radius: 0.001, span: 2 * .pi) == 2)
        #expect(ArcBudget.steps(.infinity, radius: 2, span: .infinity) == ArcBudget.maximumSteps)
        #expect(ArcBudget.steps(.nan, radius: 2, span: 1) == 400)
    }

    /// On main e6e5f67 each of these models was accepted by `ExportModel` (and the 1e4 rad curve then
    /// took 47 s for a USDZ).
    @Test("ExportModel refuses invalid models, naming the element and the field")
    func exportModelRefusesInvalidModels() throws {
        let floor = CapturedRoom.Surface(
            category: .floor, dimensions: SIMD3(4, 3, 0),
            transform: Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0), translation: .zero),
            polygonCorners: [SIMD3(-2, -1.5, 0), SIMD3(2, -1.5, 0), SIMD3(2, 1.5, 0), SIMD3(-2, 1.5, 0)])
        let wall = CapturedRoom.Surface(category: .wall, dimensions: SIMD3(4, 2.5, 0), transform: .identity)
        let good = CapturedRoom(walls: [wall], floors: [floor])
        _ = try ExportModel(room: good)
        func detail(_ edit: (inout CapturedRoom) -> Void) -> (String, String)? {
            var r = good
            edit(&r)
            do { _ = try ExportModel(room: r) } catch {
                if case let .invalidGeometry(element, detail) = error { return (element, detail) }
                return ("?", "\(error)")
            }
            return nil
        }
        let w0 = "walls[0] (identifier \(wall.identifier.uuidString))", f0 = "floors[0] (identifier \(floor.identifier.uuidString))"
        let cases: [((inout CapturedRoom) -> Void, String, String)] = [
            ({ $0.walls[0].curve = .init(center: SIMD2(0, -2), radius: 2, startAngle: 0, endAngle: 1e4) }, w0, "curve.endAngle"),
            ({ $0.walls[0].transform.elements[12] = 1e17 }, w0, "transform.translation"),
            ({ $0.walls[0].dimensions.y = 0 }, w0, "dimensions.y"),
            ({ $0.floors[0].polygonCorners.swapAt(1, 2) }, f0, "not a simple polygon"),
            ({ $0.floors[0].polygonCorners.removeLast(2) }, f0, "2 corners"),
            ({ $0.walls[0].curve = .init(center: SIMD2(0, -2), radius: -1, startAngle: 0, endAngle: 1) }, w0, "curve.radius"),
        ]
        for (edit, element, field) in cases {
            let d = detail(edit)
            #expect(d?.0 == element, "\(String(describing: d))")
            #expect(d?.1.contains(field) == true, "\(String(describing: d))")
        }
    }

    @Test("ExportModel refuses a structure that lists one room twice")
    func duplicateRoomStructure() throws {
        let wall = CapturedRoom.Surface(category: .wall, dimensions: SIMD3(4, 2.5, 0), transform: .identity)
        let room = CapturedRoom(walls: [wall])
        #expect(throws: Never.self) { _ = try ExportModel(structure: CapturedStructure(rooms: [room], walls: [wall])) }
        #expect(throws: ExportError.self) { _ = try ExportModel(structure: CapturedStructure(rooms: [room, room], walls: [wall])) }
    }
}
