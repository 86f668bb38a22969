import Foundation
import Plumbline

extension ExportModel {
    /// Reads RoomPlan JSON: a ``Plumbline/CapturedStructure`` when the top level has `rooms`, else a
    /// ``Plumbline/CapturedRoom``.
    /// - Throws: ``Plumbline/RoomPlanJSONError`` for unreadable JSON, ``ExportError`` for invalid geometry.
    /// The file is read once, within ``Plumbline/RoomPlanJSON/maximumInputBytes`` (so a pipe works too).
    public static func load(contentsOf url: URL) throws -> ExportModel {
        let data = try RoomPlanJSON.readInput(url)
        do {
            return try ExportModel(structure: RoomPlanJSON.decode(CapturedStructure.self, from: data))
        } catch RoomPlanJSONError.missingKey(key: "rooms", path: _) {
            return try ExportModel(room: RoomPlanJSON.decode(CapturedRoom.self, from: data))
        }
    }
}
