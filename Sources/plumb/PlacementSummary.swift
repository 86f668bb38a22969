import Foundation
import Plumbline

/// Text lines describing where automatic alignment put each room.
struct PlacementSummary {
    let placements: [RoomAligner.Placement]
    let names: [String]

    /// One line per room: placement order, yaw (degrees), shift (metres), score and runner-up.
    var text: String {
        var lines = ["placements (into the frame of \(names.first ?? "room 0")):"]
        for (k, p) in placements.enumerated() {
            let t = p.pose.translation
            let runner = p.runnerUp.map { String(format: ", runner-up %.2f", $0) } ?? ""
            let name = k < names.count ? names[k] : "room \(k)"
            lines.append("  \(name): " + String(format: "step %d, yaw %.2f°, shift (%.3f, %.3f, %.3f) m, score %.2f",
                                                   p.order, p.pose.yaw * 180 / .pi, t.x, t.y, t.z, p.score) + runner)
        }
        return lines.joined(separator: "\n")
    }
}
