import Foundation
import Plumbline

extension ExportModel {
    /// Reads RoomPlan JSON: a ``Plumbline/CapturedStructure`` when the top level has `rooms`, else a
    /// ``Plumbline/CapturedRoom``.
    /// - Throws: ``Plumbline/RoomPlanJSONError`` for unreadable JSON, ``ExportError`` for invalid geometry.
    public static func load(contentsOf url: URL) throws -> ExportModel {
        do {
            return try ExportModel(structure: RoomPlanJSON.decode(CapturedStructure.self, contentsOf: url))
        } catch RoomPlanJSONError.missingKey(key: "rooms", path: _) {
            return try ExportModel(room: RoomPlanJSON.decode(CapturedRoom.self, contentsOf: url))
        }
    }
}
