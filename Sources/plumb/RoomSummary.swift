import Foundation
import Plumbline

/// The human-readable summary `plumb build` prints: walls with lengths, floor area, ceiling height,
/// openings and objects.
struct RoomSummary {
    let text: String

    init(result: RoomBuilder.Result, points: Int) {
        let room = result.room
        var lines: [String] = []
        lines.append(String(format: "room from %d points (up axis %@): floor area %.2f m², ceiling height %.2f m",
                            points, result.upAxis.rawValue, room.floorArea, result.ceilingY - result.floorY))
        lines.append("walls: \(room.walls.count)")
        for (k, w) in room.walls.enumerated() {
            // A curved wall's length is along its arc (its width, dimensions.x, is the chord).
            let kind = w.curve.map { String(format: "curved, radius %.2f m, chord %.3f m", $0.radius, w.dimensions.x) } ?? "straight"
            lines.append(String(format: "  wall %d: length %.3f m, height %.2f m, %@, confidence %@", k,
                                w.curve?.arcLength ?? w.dimensions.x, w.dimensions.y, kind, "\(w.confidence)"))
        }
        for (name, list) in [("doors", room.doors), ("windows", room.windows), ("openings", room.openings)] {
            lines.append("\(name): \(list.count)")
            for s in list {
                let host = room.walls.firstIndex { $0.identifier == s.parentIdentifier }.map { "wall \($0)" } ?? "?"
                var extra = ""
                if case let .door(isOpen) = s.category { extra = isOpen ? ", open" : ", closed" }
                lines.append(String(format: "  %.2f x %.2f m in %@, sill %.2f m%@", s.dimensions.x, s.dimensions.y, host,
                                    s.transform.translation.y - Float(result.floorY) - s.dimensions.y / 2, extra))
            }
        }
        lines.append("objects: \(room.objects.count)")
        for o in room.objects {
            lines.append(String(format: "  %@ %.2f x %.2f x %.2f m", o.category.name, o.dimensions.x, o.dimensions.z, o.dimensions.y))
        }
        lines.append("sections: " + room.sections.map { $0.label.rawValue }.joined(separator: ", "))
        text = lines.joined(separator: "\n")
    }
}
