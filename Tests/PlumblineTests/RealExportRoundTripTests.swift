import Foundation
import Testing
import Plumbline

/// The 11 real RoomPlan exports of ../shared/data/roomplan-house (skipped when absent).
enum RealExports {
    static let rooms = [
        "Bathroom1", "Bathroom2", "Bedroom1", "Bedroom2", "Bedroom3", "Bedroom4", "Diningroom", "Hallway1",
        "Hallway2", "Kitchen", "Livingroom",
    ]
    /// Rooms whose file upstream re-formatted (not RoomPlan's own bytes).
    static let reformattedUpstream: Set<String> = ["Livingroom"]

    static func url(_ room: String) -> URL? {
        TestPaths.sharedData?.appendingPathComponent("roomplan-house/MyHome/\(room)/capturedRoom.json")
    }

    static func load(_ room: String) throws -> (Data, CapturedRoom)? {
        guard let u = url(room) else { return nil }
        let data = try Data(contentsOf: u)
        return (data, try RoomPlanJSON.decode(CapturedRoom.self, from: data))
    }
}

@Suite("Real RoomPlan exports round-trip")
struct RealExportRoundTripTests {
    @Test(.enabled(if: TestPaths.sharedData != nil), arguments: RealExports.rooms)
    func decodesAndReEncodesEveryField(room: String) throws {
        let (original, decoded) = try #require(try RealExports.load(room))
        let reencoded = try RoomPlanJSON.encode(decoded)

        // Same tree (numbers compared as Float32), nothing dropped, nothing added.
        let a = try JSONTree.parse(original), b = try JSONTree.parse(reencoded)
        #expect(JSONTree.firstDifference(a, b) == nil, "\(room): \(JSONTree.firstDifference(a, b) ?? "")")
        #expect(a.leafCount == b.leafCount)

        // Same bytes once layout is ignored (all 11 files, including the upstream-reformatted one).
        let ma = minifiedJSON(original), mb = minifiedJSON(reencoded)
        #expect(firstDifferingByte(ma, mb) == nil, "\(room): minified bytes differ at \(firstDifferingByte(ma, mb) ?? -1)")

        // Byte-identical for every file still in RoomPlan's own layout.
        let identical = original == reencoded
        if RealExports.reformattedUpstream.contains(room) {
            #expect(!identical)
        } else {
            let at = firstDifferingByte([UInt8](original), [UInt8](reencoded))
            #expect(identical, "\(room): bytes differ at offset \(at ?? -1)")
        }

        // A decoded export has no top-level identifier and must not gain one; coreModel is kept.
        #expect(decoded.encodesIdentifier == false)
        guard case .string(let core)? = decoded.unknownFields["coreModel"] else {
            Issue.record("\(room): coreModel not kept")
            return
        }
        #expect(!core.isEmpty)
        #expect(decoded.version == 2 && decoded.story == 0)

        // Decoding the re-encoded bytes gives an equal model, with the same derived identifier.
        let again = try RoomPlanJSON.decode(CapturedRoom.self, from: reencoded)
        #expect(again == decoded)
    }

    /// Element counts of every file, checked against the upstream summary (made with Python).
    @Test(.enabled(if: TestPaths.sharedData != nil))
    func elementCountsMatchSummary() throws {
        // room: doors, floors, objects, openings, sections, walls, windows
        let expected: [String: [Int]] = [
            "Bathroom1": [1, 1, 6, 1, 1, 9, 1], "Bathroom2": [2, 1, 4, 0, 1, 9, 0],
            "Bedroom1": [2, 1, 7, 0, 1, 4, 2], "Bedroom2": [2, 1, 7, 0, 1, 4, 2],
            "Bedroom3": [2, 1, 3, 0, 1, 4, 1], "Bedroom4": [4, 1, 7, 1, 1, 5, 1],
            "Diningroom": [2, 1, 18, 1, 2, 8, 1], "Hallway1": [6, 1, 2, 2, 1, 10, 0],
            "Hallway2": [6, 1, 0, 0, 1, 6, 0], "Kitchen": [1, 1, 15, 1, 2, 4, 3],
            "Livingroom": [1, 1, 13, 3, 1, 4, 0],
        ]
        for room in RealExports.rooms {
            let (_, r) = try #require(try RealExports.load(room))
            let counts = [
                r.doors.count, r.floors.count, r.objects.count, r.openings.count, r.sections.count, r.walls.count,
                r.windows.count,
            ]
            #expect(counts == expected[room], "\(room)")
        }
    }

    /// Derived room identifiers are deterministic and distinct across the 11 rooms.
    @Test(.enabled(if: TestPaths.sharedData != nil))
    func derivedIdentifiersAreDistinct() throws {
        var ids = Set<UUID>()
        for room in RealExports.rooms {
            let (_, r) = try #require(try RealExports.load(room))
            ids.insert(r.identifier)
            #expect(r.identifier.uuidString.dropFirst(14).first == "8")  // version 8
        }
        #expect(ids.count == RealExports.rooms.count)
    }
}
