import Foundation
import Testing
import Plumbline

/// The two real exports bundled in Data/roomplan (always present): the round trip always runs.
@Suite("Bundled RoomPlan fixtures")
struct BundledFixtureTests {
    static func load(_ name: String) throws -> (Data, CapturedRoom) {
        let data = try Data(contentsOf: TestPaths.data.appendingPathComponent("roomplan/\(name).capturedRoom.json"))
        return (data, try RoomPlanJSON.decode(CapturedRoom.self, from: data))
    }

    /// Hallway2 is in RoomPlan's own layout: re-encoding gives the identical bytes.
    @Test func hallway2IsByteIdentical() throws {
        let (data, room) = try Self.load("Hallway2")
        #expect(room.walls.count == 6 && room.doors.count == 6 && room.floors.count == 1)
        #expect(room.objects.isEmpty && room.sections.first?.label == .unidentified)
        let out = try RoomPlanJSON.encode(room)
        #expect(out == data, "first differing byte \(firstDifferingByte([UInt8](data), [UInt8](out)) ?? -1)")
        #expect(out.last == UInt8(ascii: "}"))  // RoomPlan writes no trailing newline
    }

    /// Livingroom was re-formatted upstream (Prettier layout): same tree and same bytes once layout
    /// is removed; the re-encoding is in RoomPlan's layout and is a fixed point.
    @Test func livingroomKeepsEveryField() throws {
        let (data, room) = try Self.load("Livingroom")
        #expect(room.objects.count == 13 && room.openings.count == 3 && room.walls.count == 4)
        let out = try RoomPlanJSON.encode(room)
        #expect(JSONTree.firstDifference(try JSONTree.parse(data), try JSONTree.parse(out)) == nil)
        #expect(firstDifferingByte(minifiedJSON(data), minifiedJSON(out)) == nil)
        #expect(out != data)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.contains("\"high\" : {\n\n        }"))
        #expect(text.contains("\\/"))  // coreModel's slashes escaped as RoomPlan does
        let again = try RoomPlanJSON.encode(try RoomPlanJSON.decode(CapturedRoom.self, from: out))
        #expect(again == out)
        // Attributes survive as a string map.
        let sofa = try #require(room.objects.first { $0.identifier.uuidString == "9A6B3796-FBC3-42CC-80A5-E41FC37AFA82" })
        #expect(sofa.attributes == ["SofaType": "lShapedExtension"])
        #expect(sofa.parentIdentifier?.uuidString == "E6129117-A79E-42E0-A690-5AE765B244BE")
    }

    /// Decoding accepts the `/` form as well as `\/` and gives the same model.
    @Test func acceptsUnescapedSlashes() throws {
        let (data, room) = try Self.load("Hallway2")
        var text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\\/"))
        text = text.replacingOccurrences(of: "\\/", with: "/")
        let unescaped = try RoomPlanJSON.decode(CapturedRoom.self, from: Data(text.utf8))
        #expect(unescaped == room)
        #expect(try RoomPlanJSON.encode(unescaped) == data)
    }
}
