import Foundation

/// Plain-text rendering of a ``RandomEvaluation/Report``: means and tails, refusals by reason, breakdowns by
/// room type and floor area, and the worst cases with the command that reproduces each.
public enum RandomEvaluationTable {
    /// The report as text. `command` is the CLI prefix used in the reproduce lines (e.g. `plumb`).
    public static func render(_ r: RandomEvaluation.Report, command: String = "plumb") -> String {
        let s = r.summary, o = r.options
        var out = "Random \(o.kind == .singleRoom ? "single-room" : "multi-room") plans: \(r.plans) (generator seed \(o.seed)), "
        out += "preset \(o.preset.rawValue), realism \(o.realism.rawValue), scan seed \(o.scanSeed)"
        out += o.keepsSensorPositions ? "" : ", sensor positions dropped"
        out += o.detectsUpAxis ? ", up axis detected by the builder" : ""
        out += o.keepFraction.map { ", \(String(format: "%.0f", $0 * 100)) % of the points kept" } ?? ""
        out += o.oneCloud && o.kind == .multiRoom ? ", each plan's rooms merged into one cloud and segmented" : ""
        out += "\n\(s.rooms) rooms scanned, \(s.built) built, \(s.refused) refused (\(pct(Double(s.refused) / Double(max(1, s.rooms))))); "
        out += "\(r.redraws) generator redraws; \(String(format: "%.0f", r.seconds)) s\n\n"
        var rows: [[String]] = [["metric", "value", "", "", "", ""]]
        rows.append(["floor IoU (refused = 0)", "mean \(f(s.floorIoU.mean))", "median \(f(s.floorIoU.median))",
                     "p10 \(f(s.floorIoUP10))", "min \(f(s.floorIoU.min))", ""])
        rows.append(["floor IoU (built rooms)", "mean \(f(s.floorIoUBuilt.mean))", "median \(f(s.floorIoUBuilt.median))",
                     "min \(f(s.floorIoUBuilt.min))", "", ""])
        rows.append(["rooms with IoU < 0.9 / < 0.5", pct(s.shareBelow090), pct(s.shareBelow050), "", "", ""])
        rows.append(["floor level within 2 cm", pct(s.floorLevelWithin2cm), "median err \(f(s.floorLevelError.median, 4)) m",
                     "p95 \(f(s.floorLevelError.p95, 4)) m", "max \(f(s.floorLevelError.max, 3)) m", ""])
        rows.append(["ceiling height err (m)", "median \(f(s.ceilingHeightError.median, 4))", "p95 \(f(s.ceilingHeightError.p95, 4))", "", "", ""])
        rows.append(["wall length err median (m)", f(s.wallLengthErrorMedian, 4), "", "", "", ""])
        for (name, d) in [("walls", s.walls), ("corners @5cm", s.corners5cm), ("doors", s.doors), ("windows", s.windows),
                          ("openings (passages)", s.openings), ("objects @IoU.25", s.objects)] {
            rows.append([name + " (built rooms)", "F1 \(f(d.f1))", "P \(f(d.precision))", "R \(f(d.recall))",
                         "TP \(d.truePositives) FP \(d.falsePositives) FN \(d.falseNegatives)", ""])
        }
        rows.append(["object category accuracy", f(s.objectCategoryAccuracy), "", "", "", ""])
        if s.structures > 0 {
            rows.append(["structures built", "\(s.structuresBuilt)/\(s.structures)", pct(Double(s.structuresBuilt) / Double(s.structures)),
                         "rooms found F1 \(f(s.structureRooms.f1))", "P \(f(s.structureRooms.precision)) R \(f(s.structureRooms.recall))",
                         "TP \(s.structureRooms.truePositives) FP \(s.structureRooms.falsePositives) FN \(s.structureRooms.falseNegatives)"])
        }
        if o.oneCloud && o.kind == .multiRoom {
            rows.append(["rooms segmented", "\(s.segmentedRooms)", "left out \(s.skippedRoomsByReason.map(\.count).reduce(0, +))", "", "", ""])
        }
        out += table(rows) + "\n"
        if !s.refusalsByReason.isEmpty {
            out += "Refusals by reason\n"
            out += table([["reason", "rooms", "example"]] + s.refusalsByReason.map { [$0.reason, String($0.count), clip($0.example)] }) + "\n"
        }
        if !s.structureRefusalsByReason.isEmpty {
            out += "Structure refusals by reason\n"
            out += table([["reason", "plans", "example"]] + s.structureRefusalsByReason.map { [$0.reason, String($0.count), clip($0.example)] }) + "\n"
        }
        if !s.skippedRoomsByReason.isEmpty {
            out += "Segmented rooms left out of the structure, by reason\n"
            out += table([["reason", "rooms", "example"]] + s.skippedRoomsByReason.map { [$0.reason, String($0.count), clip($0.example)] }) + "\n"
        }
        let outcomes = r.rooms.compactMap(\.evaluation).flatMap(\.objects.outcomes)
        if !outcomes.isEmpty { out += "Objects by category\n" + objectBreakdown(outcomes) + "\n" }
        out += "By room type\n" + breakdown(r.rooms, key: \.roomType) + "\n"
        out += "By floor area\n" + breakdown(r.rooms) { c in
            c.truthArea < 8 ? "< 8 m²" : c.truthArea < 20 ? "8-20 m²" : c.truthArea < 40 ? "20-40 m²" : "≥ 40 m²"
        } + "\n"
        out += "Worst cases\n"
        var worst = [["plan", "room", "type", "area m²", "floor IoU", "refusal", "reproduce"]]
        for c in s.worst {
            worst.append([c.planName, c.roomID, c.roomType, f(c.truthArea, 1), f(c.floorIoU), clip(c.refusal ?? "-", 60),
                          reproduce(o, index: c.index, command: command)])
        }
        out += table(worst)
        return out
    }

    /// The command that re-runs one case and saves its plan and models.
    public static func reproduce(_ o: RandomEvaluation.Options, index: Int, command: String = "plumb") -> String {
        var c = "\(command) eval --random \(max(o.count, index + 1)) --seed \(o.seed)"
        if o.kind == .multiRoom { c += " --multi-room" }
        c += " --preset \(o.preset.rawValue) --realism \(o.realism.rawValue)"
        if o.scanSeed != 1 { c += " --scan-seed \(o.scanSeed)" }
        if !o.keepsSensorPositions { c += " --no-sensors" }
        if o.detectsUpAxis { c += " --detect-up" }
        if let k = o.keepFraction { c += " --keep \(k)" }
        if o.oneCloud { c += " --one-cloud" }
        return c + " --only \(index) --save-models /tmp/plumb-case-\(index)"
    }

    static func breakdown(_ rooms: [RandomEvaluation.RoomCase], key: (RandomEvaluation.RoomCase) -> String) -> String {
        var groups: [String: [RandomEvaluation.RoomCase]] = [:]
        for r in rooms { groups[key(r), default: []].append(r) }
        var rows = [["group", "rooms", "refused", "IoU mean", "IoU p10", "IoU min"]]
        for (k, v) in groups.sorted(by: { $0.key < $1.key }) {
            let st = SummaryStatistic(v.map(\.floorIoU))
            let p10 = SummaryStatistic.percentile(sorted: v.map(\.floorIoU).sorted(), 0.1)
            rows.append([k, String(v.count), String(v.filter { $0.refusal != nil }.count), f(st.mean), f(p10), f(st.min)])
        }
        return table(rows)
    }

    /// Per category: truth objects, matched, matched with the right category, what the wrong ones were
    /// called, misses that overlap a model box (boxed too differently or merged) and false positives (those
    /// overlapping a truth box: split or misplaced). Categories in name order, confusions by count.
    static func objectBreakdown(_ outcomes: [ObjectOutcome]) -> String {
        var names = Set<String>()
        for o in outcomes { if let t = o.truth { names.insert(t.category) }; if let m = o.model { names.insert(m.category) } }
        var rows = [["category", "truth", "matched", "right", "called instead", "missed (overlapping)", "false pos. (overlapping)"]]
        for c in names.sorted() {
            let truth = outcomes.filter { $0.truth?.category == c }
            let matched = truth.filter { $0.model != nil }
            let right = matched.filter { $0.model?.category == c }.count
            var called: [String: Int] = [:]
            for o in matched { if let m = o.model, m.category != c { called[m.category, default: 0] += 1 } }
            let confusions = called.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .prefix(3).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let missed = truth.filter { $0.model == nil }
            let fp = outcomes.filter { $0.truth == nil && $0.model?.category == c }
            rows.append([c, String(truth.count), String(matched.count), String(right), confusions.isEmpty ? "-" : confusions,
                         "\(missed.count) (\(missed.filter { $0.iou > 0 }.count))", "\(fp.count) (\(fp.filter { $0.iou > 0 }.count))"])
        }
        return table(rows)
    }

    static func f(_ v: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", v) }
    static func pct(_ v: Double) -> String { String(format: "%.1f %%", 100 * v) }
    static func clip(_ s: String, _ n: Int = 90) -> String {
        let one = s.replacingOccurrences(of: "\n", with: " ")
        return one.count <= n ? one : String(one.prefix(n - 1)) + "…"
    }

    static func table(_ rows: [[String]]) -> String { EvaluationTable.table(rows) }
}
