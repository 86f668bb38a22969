import ArgumentParser
import Foundation
import PlumbKernel
import Plumbline
import PlumbSim

/// `plumb eval --random N`: the measuring stick over randomly generated plans.
struct RandomEvalOptions: ParsableArguments {
    @Option(help: "Evaluate N randomly generated plans (the measuring stick); see --seed, --multi-room, --realism.")
    var random: Int?
    @Flag(help: "With --random: multi-room plans (each room scanned and built, then merged).")
    var multiRoom = false
    @Option(help: "With --random: realism preset (none, tilt, strays, drift, partial, dense, frame, georef, all).")
    var realism: RealismPreset = .none
    @Option(help: "With --random: base seed of the simulated scans (each case uses scan-seed XOR plan index).")
    var scanSeed: UInt64 = 1
    @Flag(help: "With --random: drop the sensor positions from the scans before building.")
    var noSensors = false
    @Flag(help: "With --random: let the builder detect the up axis (as plumb build does) instead of telling it; rooms built under the wrong axis are counted as refused (wrongUpAxis).")
    var detectUp = false
    @Option(help: "With --random: keep this share of each scan's points (0 < F < 1, chosen at random, seeded) before building: density invariance.")
    var keep: Double?
    @Flag(help: "With --random --multi-room: merge each plan's room clouds into one cloud and find the rooms by room segmentation.")
    var oneCloud = false
    @Option(help: "With --random: evaluate only these plan indices (comma-separated), e.g. to reproduce a worst case.")
    var only: String?
}

extension RealismPreset: ExpressibleByArgument {}
extension ScanPreset: ExpressibleByArgument {}

extension EvalCommand {
    /// Runs `--random`: prints the distribution table (or JSON), writes `--json`, saves models with `--save-models`.
    func runRandom(_ count: Int) throws {
        var o = RandomEvaluation.Options()
        o.kind = randomOptions.multiRoom ? .multiRoom : .singleRoom
        o.seed = seed
        o.count = count
        o.preset = preset
        o.realism = randomOptions.realism
        o.scanSeed = randomOptions.scanSeed
        o.keepsSensorPositions = !randomOptions.noSensors
        o.keepFraction = randomOptions.keep
        o.detectsUpAxis = randomOptions.detectUp
        o.maximumFloorOverlap = maxFloorOverlap
        o.oneCloud = randomOptions.oneCloud
        o.only = try randomOptions.onlyIndices()
        var err = StandardError()
        // A progress line on standard error when it is a terminal; silent otherwise.
        let line = ProgressLine(unit: "plans", total: o.only?.count ?? count)
        let report = RandomEvaluation.run(o) { done, _ in line.update(done: done) }
        if let saveModels {
            // Re-run the listed cases to save their plans and models (only with --only: saving 300 cases is rarely wanted).
            guard let only = o.only else { throw ValidationError("--save-models with --random needs --only INDEX") }
            let dir = URL(fileURLWithPath: saveModels)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for index in only {
                let g = RandomPlanGenerator.plan(kind: o.kind, seed: o.seed, index: index)
                try SafeFile.write(g.planJSON(), to: dir.appendingPathComponent("\(g.plan.name).json"))
                let c = RandomEvaluation.evaluate(g, options: o)
                for (id, room) in c.builtRooms {
                    try RoomPlanJSON.write(room, to: dir.appendingPathComponent("\(g.plan.name)-\(id).model.json"))
                }
                if let m = c.merged { try RoomPlanJSON.write(m, to: dir.appendingPathComponent("\(g.plan.name).model.json")) }
            }
            print("saved plans and models (plan frame) to \(dir.path)", to: &err)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(report)
        if let json { try SafeFile.write(data, toOutput: json) }
        switch format {
        case .json: print(String(decoding: data, as: UTF8.self))
        case .table: print(RandomEvaluationTable.render(report, command: "plumb"))
        }
    }
}

extension RandomEvalOptions {
    /// Checks `--random` and `--only` (no file is read).
    func validate() throws {
        if let random, !(1...100_000).contains(random) { throw ValidationError("--random takes 1...100000 plans, not \(random)") }
        if let keep, !(keep > 0 && keep < 1) { throw ValidationError("--keep takes a share of the points in (0, 1), not \(keep)") }
        if oneCloud && !multiRoom { throw ValidationError("--one-cloud needs --multi-room") }
        _ = try onlyIndices()
    }

    /// The plan indices `--only` lists (`nil` without it), each checked against `--random`'s count.
    func onlyIndices() throws -> [Int]? {
        guard let only, let count = random else { return nil }
        let parts = only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let idx = parts.compactMap(Int.init)
        guard idx.count == parts.count, !idx.isEmpty, idx.allSatisfy({ (0..<count).contains($0) }) else {
            throw ValidationError("--only takes plan indices in 0..<\(count), comma-separated (got '\(only)')")
        }
        return idx
    }
}
