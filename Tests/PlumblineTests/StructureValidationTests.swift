import Foundation
import Testing
import Plumbline

/// Issue 23: the structure builder (the library behind `plumb merge`) checks every room with
/// `CapturedRoom.validate()` before any work, and its result before returning it.
@Suite("StructureBuilder validation gate")
struct StructureValidationTests {
    typealias F = StructureFixtures

    static func shifted(_ room: CapturedRoom, by dx: Float) -> CapturedRoom {
        var r = room
        for k in r.walls.indices { r.walls[k].transform.elements[12] += dx }
        for k in r.floors.indices { r.floors[k].transform.elements[12] += dx }
        return r
    }

    /// On main e6e5f67 `merge --align` trapped on a room 1e17 m away (`PlacementHypotheses`:
    /// `Int64(t.x / 0.005)`), and `merge` accepted negative sizes, shears and 2-corner floors.
    @Test("rooms outside the physical bounds are refused before alignment, naming the room, element and field",
          arguments: [StructureBuilder.Alignment.automatic, .none])
    func invalidRoomsAreRefused(alignment: StructureBuilder.Alignment) throws {
        var options = StructureBuilder.Options()
        options.alignment = alignment
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3))
        let b = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))
        // (Two plain rectangles cannot be aligned unambiguously; the valid pair is checked without alignment.)
        if alignment == .none { _ = try StructureBuilder(options: options).build([a, b]) }
        func refusal(_ edit: (inout CapturedRoom) -> Void) -> StructureBuildError? {
            var bad = b
            edit(&bad)
            do { _ = try StructureBuilder(options: options).build([a, bad]) } catch { return error }
            return nil
        }
        let w2 = "walls[2] (identifier \(b.walls[2].identifier.uuidString))"
        if case .invalidRoom(1, .outOfRange(let e, "transform.translation", let v, _))? = refusal({ $0 = Self.shifted($0, by: 1e17) }) {
            #expect(e == "walls[0] (identifier \(b.walls[0].identifier.uuidString))")
            #expect(v > 9e16)
        } else { Issue.record("a room 1e17 m away was not refused") }
        #expect(refusal { $0.walls[2].dimensions.x = -2 }
                == .invalidRoom(room: 1, .outOfRange(element: w2, field: "dimensions.x", value: -2, requirement: "> 0 and < 1000 m")))
        if case .invalidRoom(1, .notRigid(let e, _))? = refusal({ $0.walls[2].transform.elements[0] = 1.5 }) {
            #expect(e == w2)
        } else { Issue.record("a sheared wall was not refused") }
        if case .invalidRoom(1, .degeneratePolygon(_, 2))? = refusal({ $0.floors[0].polygonCorners.removeLast(2) }) {
        } else { Issue.record("a 2-corner floor was not refused") }
    }

    @Test("a room given twice is refused (it would be counted twice)")
    func duplicateRoom() {
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3))
        #expect(throws: StructureBuildError.duplicateIdentifier(path: "rooms[1]", first: "rooms[0]")) {
            try StructureBuilder().build([a, a])
        }
    }

    @Test("every merged structure passes validate()")
    func resultValidates() throws {
        let r = try StructureBuilder().build([F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))])
        #expect(throws: Never.self) { try r.structure.validate() }
    }
}
