import Foundation

/// Plain-text rendering of an ``EvaluationReport``: a per-room table and the aggregate numbers.
public enum EvaluationTable {
    /// The report as fixed-width text (lengths in metres, angles in degrees).
    public static func render(_ r: EvaluationReport) -> String {
        let a = r.aggregate
        var out = "Plan \(r.planName) | model: \(r.modelKind) | rooms matched \(a.rooms.truePositives)/\(r.rooms.count)"
        if !r.unmatchedModelRooms.isEmpty { out += " | unmatched model rooms: \(r.unmatchedModelRooms.map(String.init).joined(separator: ","))" }
        out += "\n\n"
        let header = ["room", "model", "floorIoU", "walls P/R", "crn5 F1", "crn10 F1", "doors R", "wind R", "open R", "obj F1", "dup", "ceil err"]
        var rows = [header]
        for e in r.rooms {
            rows.append([
                e.truthRoomID, e.modelRoomIndex.map(String.init) ?? "-", f(e.floorIoU, 4),
                "\(f(e.walls.precision, 2))/\(f(e.walls.recall, 2))", f(e.corners5cm.f1, 3), f(e.corners10cm.f1, 3),
                f(e.doors.detection.recall, 2), f(e.windows.detection.recall, 2), f(e.openings.detection.recall, 2),
                f(e.objects.detection.f1, 3), String(e.duplicateWalls), e.ceilingHeightError.map { f($0, 3) } ?? "-",
            ])
        }
        out += table(rows) + "\n"
        out += "Aggregate\n"
        var lines: [[String]] = []
        lines.append(["floor IoU", "mean \(f(a.floorIoU.mean, 4))", "median \(f(a.floorIoU.median, 4))", "min \(f(a.floorIoU.min, 4))", ""])
        for (name, d) in [("rooms", a.rooms), ("walls", a.walls), ("corners @5cm", a.corners5cm), ("corners @10cm", a.corners10cm),
                          ("doors", a.doors.detection), ("windows", a.windows.detection), ("openings", a.openings.detection),
                          ("objects @IoU.25", a.objects.detection)] {
            lines.append([name, "TP \(d.truePositives) FP \(d.falsePositives) FN \(d.falseNegatives)", "P \(f(d.precision, 3))", "R \(f(d.recall, 3))", "F1 \(f(d.f1, 3))"])
        }
        for (name, s) in [("wall length err m", a.wallLengthError), ("wall height err m", a.wallHeightError),
                          ("wall angle err deg", a.wallAngleError), ("wall offset err m", a.wallOffsetError),
                          ("thickness err m", a.thicknessError), ("curve radius err m", a.curveRadiusError),
                          ("curve centre err m", a.curveCenterError), ("opening width err m", a.openingWidthError),
                          ("opening height err m", a.openingHeightError), ("object box IoU", a.objectIoU),
                          ("ceiling height err m", a.ceilingHeightError)] {
            lines.append([name, "n \(s.count)", "median \(f(s.median, 4))", "p95 \(f(s.p95, 4))", "max \(f(s.max, 4))"])
        }
        lines.append(["object category acc", f(a.objects.categoryAccuracy, 3), "", "", ""])
        lines.append(["storey accuracy", "\(a.storeys.correct)/\(a.storeys.total)", f(a.storeys.accuracy, 3), "", ""])
        lines.append(["duplicate walls", String(a.duplicateWalls), "curves missing \(a.curvesMissing)", "", ""])
        out += table(lines)
        return out
    }

    /// One line per report: plan, floor IoU, F1 of walls, corners, doors, windows, openings and
    /// objects, and median absolute wall-length and thickness errors (metres).
    public static func summary(_ reports: [EvaluationReport]) -> String {
        var rows = [["plan", "rooms", "floorIoU", "walls F1", "crn5 F1", "crn10 F1", "doors F1", "wind F1", "open F1", "obj F1", "len med", "thick med"]]
        for r in reports {
            let a = r.aggregate
            rows.append([
                r.planName, "\(a.rooms.truePositives)/\(r.rooms.count)", f(a.floorIoU.mean, 4), f(a.walls.f1, 3),
                f(a.corners5cm.f1, 3), f(a.corners10cm.f1, 3), f(a.doors.detection.f1, 3), f(a.windows.detection.f1, 3),
                f(a.openings.detection.f1, 3), f(a.objects.detection.f1, 3), f(a.wallLengthError.median, 4),
                a.thicknessError.count > 0 ? f(a.thicknessError.median, 4) : "-",
            ])
        }
        return table(rows)
    }

    private static func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }

    static func table(_ rows: [[String]]) -> String {
        let n = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: n)
        for r in rows { for (k, c) in r.enumerated() { widths[k] = max(widths[k], c.count) } }
        return rows.map { r in
            r.enumerated().map { k, c in c.padding(toLength: widths[k], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }
}
