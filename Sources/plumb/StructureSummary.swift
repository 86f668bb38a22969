import Foundation
import Plumbline

/// The human-readable summary `plumb merge` and `plumb build --structure` print: storeys, per-room
/// floor areas, the total, and every interior wall's measured thickness.
struct StructureSummary {
    let text: String

    /// `names[i]` labels input room `i` (a file name).
    init(result: StructureBuilder.Result, names: [String]) {
        let s = result.structure
        var lines: [String] = []
        lines.append("structure: \(s.rooms.count) rooms on \(result.storeyElevations.count) storey(s), \(s.walls.count) walls (\(result.interiorWalls.count) interior, thickness measured), \(s.doors.count) doors, \(s.windows.count) windows, \(s.openings.count) openings, \(s.objects.count) objects")
        for (k, e) in result.storeyElevations.enumerated() { lines.append(String(format: "storey %d: lowest floor at %.3f m", k, e)) }
        var total = 0.0
        for (i, room) in s.rooms.enumerated() {
            total += room.floorArea
            let elevation = room.floorElevation.map { String(format: "%.3f m", $0) } ?? "-"
            lines.append(String(format: "  room %d (%@): storey %d, floor %@, area %.2f m²", i, names[i], room.story, elevation, room.floorArea))
        }
        lines.append(String(format: "total floor area %.2f m²", total))
        lines.append("interior walls:")
        for w in result.interiorWalls {
            let between = w.rooms.map { "\($0) (\(names[$0]))" }.joined(separator: " | ")
            lines.append(String(format: "  thickness %.3f m, length %.2f m: %@", w.thickness, w.length, between))
        }
        text = lines.joined(separator: "\n")
    }
}
