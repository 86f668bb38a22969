import Foundation
import Plumbline

extension ExportModel {
    /// Reads RoomPlan JSON: a ``Plumbline/CapturedStructure`` when the top-level object has a `rooms` key
    /// (`RoomPlanJSONElementCounts.hasRooms`), else a ``Plumbline/CapturedRoom``.
    /// - Throws: `RoomPlanJSONError` for unreadable JSON, ``ExportError`` for invalid geometry.
    /// The file is read once, within `RoomPlanJSON.maximumInputBytes` (so a pipe works too), and
    /// its element lists are counted before parsing (`RoomPlanJSON.elementCounts(in:)`): a model
    /// with more than ``maximumElements`` elements (counted as ``ExportModel`` counts them) is refused with
    /// ``ExportError/tooManyElements(count:limit:)`` before `JSONDecoder` runs.
    public static func load(contentsOf url: URL) throws -> ExportModel {
        let data = try RoomPlanJSON.readInput(url)
        let counts = try RoomPlanJSON.elementCounts(in: data)
        let count = elementCount(counts)
        guard count <= maximumElements else { throw ExportError.tooManyElements(count: count, limit: maximumElements) }
        // The root's `rooms` key (from the same count) says structure or room: one parse, not a failed
        // structure parse first.
        if counts.hasRooms { return try ExportModel(structure: RoomPlanJSON.decode(CapturedStructure.self, from: data, counted: counts)) }
        return try ExportModel(room: RoomPlanJSON.decode(CapturedRoom.self, from: data, counted: counts))
    }

    /// The element count ``validate()`` would find in the decoded model (surfaces and objects, plus each
    /// room's walls, doors, windows, openings and floors again), from the counts of the JSON's lists; never
    /// more than it (a structure without rooms adds its floors once more as rooms).
    static func elementCount(_ c: RoomPlanJSONElementCounts) -> Int {
        let surfaces = ["walls", "doors", "windows", "openings", "floors"]
        let top = (surfaces + ["objects"]).reduce(0) { $0 + c.count($1) }
        // A room is its own single export room; a structure's rooms carry their own lists.
        let again = surfaces.reduce(0) { $0 + c.count($1, inRooms: c.hasRooms) }
        return top + again
    }
}
