import Foundation
import PlumbKernel
import Testing
@testable import Plumbline
#if canImport(Glibc)
import Glibc
#endif

@Suite("RoomPlan JSON: input budgets checked while reading, BOM, safe writing")
struct JSONInputBudgetTests {
    static let hallway = TestPaths.data.appendingPathComponent("roomplan/Hallway2.capturedRoom.json")

    private func folder(_ tag: String) throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("plumbline-json-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: u)
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    @Test("1.1 million walls' worth of containers in 4 MB are refused by the pre-parse scan")
    func tooManyContainers() throws {
        // Each entry `[]` is one array: 1,000,001 of them, the walls list of a CapturedRoom-like object.
        var bytes = Array(#"{"walls":["#.utf8)
        bytes.reserveCapacity(3_100_000)
        for i in 0..<1_100_000 { bytes += i == 0 ? Array("[]".utf8) : Array(",[]".utf8) }
        bytes += Array("]}".utf8)
        let start = ContinuousClock.now
        do {
            _ = try RoomPlanJSON.decode(CapturedRoom.self, from: Data(bytes))
            Issue.record("decoded")
        } catch {
            guard case let .structureTooLarge(detail, offset) = error else { Issue.record("unexpected \(error)"); return }
            #expect(detail.contains("1000000"))
            #expect(offset == 10 + 3 * (RoomPlanJSON.maximumContainers - 2))
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test("nesting deeper than maximumDepth is refused before parsing; brackets inside strings do not count")
    func depth() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: RoomPlanJSONError.structureTooLarge(detail: "objects and arrays nested deeper than 64", byteOffset: 64)) {
            try RoomPlanJSON.decode(CapturedRoom.self, from: Data(deep.utf8))
        }
        // 100 brackets inside a string value (with an escaped quote) are text, not structure.
        let text = #"{"a":"\"[[[["# + String(repeating: "[", count: 100) + #""}"#
        try RoomPlanJSON.checkStructure(Data(text.utf8))
    }

    @Test("a regular file over maximumInputBytes is refused by its size, before reading")
    func largeFileRefusedBySize() throws {
        let dir = try folder("large")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("walls.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("{".utf8)))
        let size = 300_000_000  // sparse: like a compact JSON of a million walls
        #expect(truncate(url.path, off_t(size)) == 0)
        let start = ContinuousClock.now
        #expect(throws: RoomPlanJSONError.inputTooLarge(bytes: size, limit: 64 << 20)) {
            try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: url)
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("a stream without a size (/dev/zero) is refused after maximumInputBytes")
    func endlessStream() throws {
        #expect(throws: RoomPlanJSONError.inputTooLarge(bytes: RoomPlanJSON.maximumInputBytes + 1, limit: RoomPlanJSON.maximumInputBytes)) {
            try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
    }

    @Test("a UTF-8 byte-order mark before the JSON is accepted (RFC 8259 lets parsers ignore it)")
    func byteOrderMark() throws {
        let plain = try Data(contentsOf: Self.hallway)
        let room = try RoomPlanJSON.decode(CapturedRoom.self, from: plain)
        let withBOM = try RoomPlanJSON.decode(CapturedRoom.self, from: Data([0xEF, 0xBB, 0xBF]) + plain)
        #expect(withBOM == room)
        #expect(throws: RoomPlanJSONError.emptyInput) { try RoomPlanJSON.decode(CapturedRoom.self, from: Data([0xEF, 0xBB, 0xBF])) }
    }

    @Test("RoomPlanJSON.write replaces a file atomically and refuses a symbolic link")
    func safeWrite() throws {
        let dir = try folder("write")
        defer { try? FileManager.default.removeItem(at: dir) }
        let room = try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: Self.hallway)
        let out = dir.appendingPathComponent("room.json")
        try Data("old".utf8).write(to: out)
        try RoomPlanJSON.write(room, to: out)
        #expect(try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: out) == room)
        let victim = dir.appendingPathComponent("victim"), link = dir.appendingPathComponent("link.json")
        try Data("keep".utf8).write(to: victim)
        #expect(symlink(victim.path, link.path) == 0)
        #expect(throws: RoomPlanJSONError.fileError(
            path: link.path, detail: SafeFileError.notARegularFile(path: link.path, kind: "a symbolic link").reason)) {
            try RoomPlanJSON.write(room, to: link)
        }
        #expect(FileManager.default.contents(atPath: victim.path) == Data("keep".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link.json", "room.json", "victim"])
    }
}
