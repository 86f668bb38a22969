import Foundation
import Plumbline
import PlumbSim

/// One line of the structure table `plumb eval --all --build` prints: merged doors, windows and
/// openings against the truth structure (TP/FP/FN, duplicates), interior walls and thickness errors.
struct StructureEvalLine {
    static let header = "plan  rooms  walls(struct)  interior  dupWalls  doors TP/FP/FN dup  windows TP/FP/FN dup  openings TP/FP/FN dup  thick n  med  p95  max  storeys"
    let text: String

    init(plan: String, outcome o: ScanBuildEvaluation.StructureOutcome, openings s: StructureOpeningCheck.Score) {
        let a = o.report!.aggregate
        func d(_ x: OpeningTypeScore, _ dup: Int) -> String {
            "\(x.detection.truePositives)/\(x.detection.falsePositives)/\(x.detection.falseNegatives) \(dup)"
        }
        let t = a.thicknessError
        text = [
            plan, "\(o.structure?.rooms.count ?? 0)", "\(o.structure?.walls.count ?? 0)", "\(o.interiorWalls.count)", "\(a.duplicateWalls)",
            d(s.doors, s.duplicateDoors), d(s.windows, s.duplicateWindows), d(s.openings, s.duplicateOpenings),
            "\(t.count)", t.count > 0 ? String(format: "%.4f", t.median) : "-", t.count > 0 ? String(format: "%.4f", t.p95) : "-",
            t.count > 0 ? String(format: "%.4f", t.max) : "-", "\(a.storeys.correct)/\(a.storeys.total)",
        ].joined(separator: "  ")
    }
}
