import Foundation
import PlumbExport
import PlumbSim
import Plumbline

/// Models to export in tests: the truth structure of every bundled plan, the bundled RoomPlan exports,
/// and (when `../shared/data` is present) the real house's rooms.
enum ExportFixtures {
    static let plans = TestPaths.data.appendingPathComponent("plans")

    /// (name, truth structure) for every `Data/plans/*.json`.
    static func truthStructures() throws -> [(String, CapturedStructure)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: plans.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { f in
            let plan = try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: plans.appendingPathComponent(f)))
            return (String(f.dropLast(5)), try TruthModel.structure(of: plan))
        }
    }

    static func plan(_ name: String) throws -> FloorPlan {
        try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: plans.appendingPathComponent(name + ".json")))
    }

    /// (name, room) for `Data/roomplan/*.json`.
    static func bundledRoomPlan() throws -> [(String, CapturedRoom)] {
        let dir = TestPaths.data.appendingPathComponent("roomplan")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { (String($0.prefix { $0 != "." }), try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: dir.appendingPathComponent($0))) }
    }

    /// (name, room) for every room of the real house, or `nil` when the shared data is absent.
    static func house() throws -> [(String, CapturedRoom)]? {
        guard let shared = TestPaths.sharedData else { return nil }
        let dir = shared.appendingPathComponent("roomplan-house/MyHome")
        guard FileManager.default.fileExists(atPath: dir.path) else { return nil }
        let rooms = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return try rooms.compactMap { r in
            let u = dir.appendingPathComponent(r).appendingPathComponent("capturedRoom.json")
            guard FileManager.default.fileExists(atPath: u.path) else { return nil }
            return (r, try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: u))
        }
    }

    /// Every model as an ``ExportModel`` (house rooms only when present).
    static func allModels() throws -> [(String, ExportModel)] {
        var out = try truthStructures().map { ($0.0, try ExportModel(structure: $0.1)) }
        out += try bundledRoomPlan().map { ("roomplan-" + $0.0, try ExportModel(room: $0.1)) }
        if let h = try house() {
            out += try h.map { ("house-" + $0.0, try ExportModel(room: $0.1)) }
        } else {
            print("note: ../shared/data/roomplan-house absent: the real house is not exported (plans and Data/roomplan only)")
        }
        return out
    }

    /// A fresh temporary folder.
    static func temporaryDirectory(_ tag: String) throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("plumbexport-\(tag)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: u)
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}
