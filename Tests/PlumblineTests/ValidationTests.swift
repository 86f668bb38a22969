import Foundation
import Testing
@testable import Plumbline

@Suite("CapturedRoom validation")
struct ValidationTests {
    static func room() -> CapturedRoom {
        let wall = CapturedRoom.Surface(
            category: .wall, dimensions: SIMD3(4, 2.5, 0.12), transform: Transform4x4(yaw: 0.3, translation: SIMD3(0, 1.25, 0)))
        let door = CapturedRoom.Surface(
            category: .door(isOpen: false), dimensions: SIMD3(0.9, 2, 0), transform: wall.transform,
            parentIdentifier: wall.identifier)
        let bed = CapturedRoom.Object(category: .bed, dimensions: SIMD3(2, 0.5, 1.6), transform: .identity)
        return CapturedRoom(walls: [wall], doors: [door], objects: [bed])
    }

    @Test func wellFormedRoomPasses() throws {
        try Self.room().validate()
    }

    @Test(.enabled(if: TestPaths.sharedData != nil), arguments: RealExports.rooms)
    func realExportsPass(room: String) throws {
        let (_, r) = try #require(try RealExports.load(room))
        #expect(throws: Never.self) { try r.validate() }
    }

    @Test func eachDefectIsNamed() {
        func error(_ edit: (inout CapturedRoom) -> Void) -> CapturedRoomValidationError? {
            var r = Self.room()
            edit(&r)
            do { try r.validate() } catch { return error }
            return nil
        }
        #expect(error { $0.walls[0].dimensions.y = .infinity } == .nonFinite(element: "walls[0]", field: "dimensions"))
        #expect(error { $0.objects[0].transform.elements[13] = .nan } == .nonFinite(element: "objects[0]", field: "transform"))
        #expect(error { $0.doors[0].dimensions.x = -0.1 } == .negativeDimension(element: "doors[0]", value: -0.1))
        #expect(error { $0.walls[0].dimensions.x = 1e6 } == .absurdSize(element: "walls[0]", field: "dimensions", value: 1e6))
        #expect(error { $0.objects[0].transform.elements[0] = 2 } == .notRigid(element: "objects[0]"))
        #expect(error { $0.walls[0].polygonCorners = [.zero, .one] } == .degeneratePolygon(element: "walls[0]", cornerCount: 2))
        if case .duplicateIdentifier(_, let a, let b)? = error({ $0.objects[0].identifier = $0.walls[0].identifier }) {
            #expect(a == "walls[0]" && b == "objects[0]")
        } else { Issue.record("duplicate identifier not reported") }
        let stranger = UUID()
        #expect(error { $0.doors[0].parentIdentifier = stranger } == .danglingParent(element: "doors[0]", parent: stranger))
    }
}
