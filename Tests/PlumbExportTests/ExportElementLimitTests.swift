import Foundation
import Testing
@testable import PlumbExport
import Plumbline

/// Issue 23: the export's element limit is checked on the JSON's lists before parsing. On main bac13bf
/// `ExportModel.load` decoded and validated the whole model first: a 24 MB room of 140,000 walls (under
/// the 64 MiB and 1,000,000-container limits) took 39 s and 245 MB (debug build) before
/// `ExportError.tooManyElements`; now 0.36 s and 52 MB (the file itself is 24 MB).
@Suite("Export: the element limit counted before parsing")
struct ExportElementLimitTests {
    /// A compact valid wall with a unique identifier, `i` metres along x.
    static func wall(_ i: Int) -> String {
        let id = String(format: "00000000-0000-0000-0000-%012X", i + 1)
        return #"{"category":{"wall":{}},"confidence":{"high":{}},"dimensions":[1,2,0],"identifier":"\#(id)","#
            + #""transform":[1,0,0,0,0,1,0,0,0,0,1,0,\#(i % 100),0,\#(i / 100 % 1000),1]}"#
    }

    static func file(_ tag: String, _ text: String) throws -> URL {
        let dir = try ExportFixtures.temporaryDirectory("limit-\(tag)")
        let url = dir.appendingPathComponent("model.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Entries no decoder accepts (`{}`) are refused by their count: the refusal cannot have come from
    /// `JSONDecoder` (which reports the missing keys of `walls[0]`, as main bac13bf did).
    @Test("a room or structure with too many list entries is refused before the decoder runs")
    func refusedBeforeDecoding() throws {
        let entries = { (n: Int) in "[" + Array(repeating: "{}", count: n).joined(separator: ",") + "]" }
        // A room: its 100,001 walls count twice (the model's and its one room's): 200,002.
        let room = try Self.file("room", #"{"walls":\#(entries(100_001))}"#)
        defer { try? FileManager.default.removeItem(at: room.deletingLastPathComponent()) }
        #expect(throws: ExportError.tooManyElements(count: 200_002, limit: ExportModel.maximumElements)) {
            try ExportModel.load(contentsOf: room)
        }
        // A structure: 50,000 merged walls and 60,000 in its room (objects inside rooms are not drawn).
        let structure = try Self.file(
            "structure", #"{"walls":\#(entries(50_000)),"rooms":[{"walls":\#(entries(60_000)),"objects":\#(entries(10))}]}"#)
        defer { try? FileManager.default.removeItem(at: structure.deletingLastPathComponent()) }
        #expect(throws: ExportError.tooManyElements(count: 110_000, limit: ExportModel.maximumElements)) {
            try ExportModel.load(contentsOf: structure)
        }
    }

    /// 51,000 valid walls (10 MB, 102,000 elements): refusing takes under a third of what decoding
    /// alone takes (the old path decoded, validated, then counted).
    @Test("a valid room over the limit is refused in a small fraction of its decoding time")
    func refusedQuickly() throws {
        let n = 51_000
        let text = #"{"doors":[],"floors":[],"objects":[],"openings":[],"sections":[],"windows":[],"walls":["#
            + (0..<n).map(Self.wall).joined(separator: ",") + "]}"
        let url = try Self.file("quick", text)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let clock = ContinuousClock()
        let refuse = clock.measure {
            #expect(throws: ExportError.tooManyElements(count: 2 * n, limit: ExportModel.maximumElements)) {
                try ExportModel.load(contentsOf: url)
            }
        }
        let decode = clock.measure {
            #expect((try? RoomPlanJSON.decode(CapturedRoom.self, from: Data(text.utf8)))?.walls.count == n)
        }
        #expect(refuse * 3 < decode, "refused in \(refuse), decoding takes \(decode)")
    }

    /// The count taken from the JSON equals the decoded model's for every fixture, so no model the
    /// export accepts is refused by it.
    @Test("the pre-parse count equals ExportModel's for the plans' structures and the RoomPlan rooms")
    func countMatchesTheModel() throws {
        for (name, s) in try ExportFixtures.truthStructures() {
            let counts = try RoomPlanJSON.elementCounts(in: try RoomPlanJSON.encode(s))
            #expect(counts.hasRooms)
            #expect(ExportModel.elementCount(counts) == (try ExportModel(structure: s)).elementCount, "\(name)")
        }
        for (name, r) in try ExportFixtures.bundledRoomPlan() {
            let counts = try RoomPlanJSON.elementCounts(in: try RoomPlanJSON.encode(r))
            #expect(!counts.hasRooms)
            #expect(ExportModel.elementCount(counts) == (try ExportModel(room: r)).elementCount, "\(name)")
        }
        // Keys spelled with escapes are the same keys; lists elsewhere are not counted.
        let c = try RoomPlanJSON.elementCounts(in: Data(#"{"w\u0061lls":[{},{}],"x":{"walls":[{}]},"r\u006Foms":[{"doors":[{}]}]}"#.utf8))
        #expect(c.count("walls") == 2 && c.count("doors", inRooms: true) == 1 && c.hasRooms)
        let other = try RoomPlanJSON.elementCounts(in: Data(#"{"walls\u0000":[{}],"wall\n":[{}],"w\u00e1lls":[{}],"rooms":null}"#.utf8))
        #expect(other.count("walls") == 0 && other.hasRooms)
    }
}
