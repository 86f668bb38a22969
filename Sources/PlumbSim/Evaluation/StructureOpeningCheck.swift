import Foundation
import Plumbline

/// Scores a structure's own (merged) doors, windows and openings against the truth structure's, and
/// counts duplicates: model elements that match no truth element and overlap another model element of
/// the same type (rectangle IoU ≥ ``duplicateIoU`` in that element's plane).
public enum StructureOpeningCheck {
    /// Smallest rectangle IoU of two model elements counted as one hole reported twice.
    public static let duplicateIoU = 0.3

    /// Per type: detection against the truth structure and the duplicate count.
    public struct Score: Sendable, Equatable, Codable {
        /// Doors, windows, openings.
        public var doors: OpeningTypeScore, windows: OpeningTypeScore, openings: OpeningTypeScore
        /// Duplicated doors, windows, openings.
        public var duplicateDoors: Int, duplicateWindows: Int, duplicateOpenings: Int
    }

    /// The score of `model` against `truth` (both structures in one world frame).
    /// - Complexity: O(n·m + k³) per type (Hungarian matching).
    public static func score(model: CapturedStructure, truth: CapturedStructure) -> Score {
        var hosts: [UUID: CapturedRoom.Surface] = [:]
        for w in truth.walls { hosts[w.identifier] = w }
        func one(_ m: [CapturedRoom.Surface], _ t: [CapturedRoom.Surface]) -> (OpeningTypeScore, Int) {
            let r = OpeningMatcher.match(model: m, truth: t, hosts: hosts)
            let matched = Set(r.pairs.map(\.0))
            var dup = 0
            for i in m.indices where !matched.contains(i) {
                if m.indices.contains(where: { j in
                    j != i && (OpeningMatcher.rectangleIoU(model: m[i], truth: m[j], plane: m[j].transform) ?? 0) >= duplicateIoU
                }) { dup += 1 }
            }
            return (r.score, dup)
        }
        let d = one(model.doors, truth.doors), w = one(model.windows, truth.windows), o = one(model.openings, truth.openings)
        return Score(doors: d.0, windows: w.0, openings: o.0, duplicateDoors: d.1, duplicateWindows: w.1, duplicateOpenings: o.1)
    }
}
