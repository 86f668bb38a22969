import Foundation
import Plumbline
import PlumbSim

/// One line of the structure table `plumb eval --all --build` prints: merged doors, windows and
/// openings against the truth structure (TP/FP/FN, duplicates), interior walls and thickness errors.
struct StructureEvalLine {
    static let header = "plan  rooms  walls(struct)  interior  dupWalls  doors TP/FP/FN dup  windows TP/FP/FN dup  openings TP/FP/FN dup  thick n  med  p95  max  measured n  med  p95  max  storeys"
    let text: String

    init(plan: String, outcome o: ScanBuildEvaluation.StructureOutcome, openings s: StructureOpeningCheck.Score) {
        let a = o.report!.aggregate
        func d(_ x: OpeningTypeScore, _ dup: Int) -> String {
            "\(x.detection.truePositives)/\(x.detection.falsePositives)/\(x.detection.falseNegatives) \(dup)"
        }
        let t = a.thicknessError
        // Walls the structure measured (seen from both sides): model thickness = truth + error > 0.
        let m = SummaryStatistic(a.thickness.filter { $0.truthThickness + $0.thicknessError > 1e-6 }.map { abs($0.thicknessError) })
        func st(_ s: SummaryStatistic) -> [String] {
            ["\(s.count)"] + [s.median, s.p95, s.max].map { s.count > 0 ? String(format: "%.4f", $0) : "-" }
        }
        text = ([
            plan, "\(o.structure?.rooms.count ?? 0)", "\(o.structure?.walls.count ?? 0)", "\(o.interiorWalls.count)", "\(a.duplicateWalls)",
            d(s.doors, s.duplicateDoors), d(s.windows, s.duplicateWindows), d(s.openings, s.duplicateOpenings),
        ] + st(t) + st(m) + ["\(a.storeys.correct)/\(a.storeys.total)"]).joined(separator: "  ")
    }
}
