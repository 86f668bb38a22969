import Foundation

/// The name a user gave a room ("Bedroom2", "Kitchen"): RoomPlan's JSON has no field for it, so Plumbline
/// records it under the extra top-level key ``key`` of the room (kept through ``StructureBuilder``'s merge
/// and RoomPlan JSON round trips, as every unknown key is). Exporters use it instead of a name made from the
/// room's section labels.
public enum RoomName {
    /// The extra top-level key of a ``CapturedRoom`` the name is recorded under.
    public static let key = "plumblineRoomName"
    /// Longest name kept, in characters (longer ones are cut).
    public static let maximumLength = 200

    /// The name recorded in `fields` (a room's `unknownFields`), whitespace trimmed; `nil` when the key is
    /// absent, not a string, or blank. O(name length).
    public static func read(from fields: [String: JSONValue]) -> String? {
        guard case let .string(s)? = fields[key] else { return nil }
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : String(t.prefix(maximumLength))
    }

    /// `room` with `name` recorded, unless the room already records a name (a name the user gave earlier
    /// wins) or `name` is blank.
    public static func naming(_ room: CapturedRoom, _ name: String) -> CapturedRoom {
        guard read(from: room.unknownFields) == nil else { return room }
        let t = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty else { return room }
        var r = room
        r.unknownFields[key] = .string(String(t.prefix(maximumLength)))
        return r
    }

    /// Room names for input files, one per path: the file name without its extension; where that repeats
    /// among the inputs (RoomPlan exports are all `capturedRoom.json`, one folder per room) the folder's
    /// name; where that repeats too, folder and file name (`Home/Bedroom2`).
    public static func names(forPaths paths: [String]) -> [String] {
        let stems = paths.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        let folders = paths.map { (($0 as NSString).deletingLastPathComponent as NSString).lastPathComponent }
        func unique(_ list: [String]) -> Bool { Set(list).count == list.count && !list.contains("") }
        if unique(stems) { return stems }
        if unique(folders) { return folders }
        return zip(folders, stems).map { $0.isEmpty ? $1 : $0 + "/" + $1 }
    }
}
