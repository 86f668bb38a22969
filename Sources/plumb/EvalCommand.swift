import ArgumentParser
import Foundation
import PlumbKernel
import Plumbline
import PlumbSim

/// `plumb eval`: score a reconstruction (RoomPlan JSON) against a ground-truth floor plan.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score a RoomPlan-JSON reconstruction against a ground-truth floor plan.",
        discussion: """
            plumb eval --truth PLAN.json --model MODEL.json [--room ROOM_ID] [--json OUT.json] [--format json]
            plumb eval --all [--plans Data/plans] [--models DIR] [--json OUT.json]
            plumb eval --random N [--seed S] [--multi-room] [--preset phone] [--realism none] [--only K --save-models DIR]
            With --all, every plan in the plans folder is scored against DIR/<plan file name> (missing models
            are listed); without --models each plan's own truth model is scored (a self-check that must be perfect).
            --export-truth DIR writes each plan's truth CapturedStructure (reference output for exporters).
            plumb eval --truth-real SCAN.truth.json --model MODEL.json [--scan SCAN.pcd] [--json OUT.json] [--format json]
            scores a build of a real scan against its measured truth (floor IoU, levels, wall support, wall planes).
            """)

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

    @Option(help: "Ground-truth floor plan JSON.") var truth: String?
    @Option(help: "Reconstruction: RoomPlan CapturedRoom or CapturedStructure JSON.") var model: String?
    @Option(help: "Score against this plan room only.") var room: String?
    @Option(help: "Also write the JSON report to this file (- for standard output).") var json: String?
    @Option(help: "Standard output format: table or json.") var format: Format = .table
    @Flag(help: "Score every plan in --plans.") var all = false
    @Option(help: "Folder of plans for --all.") var plans: String = "Data/plans"
    @Option(help: "Folder of models for --all, named like the plan files.") var models: String?
    @Option(help: "Write each plan's truth CapturedStructure JSON into this folder (with --all or --truth).") var exportTruth: String?
    @Flag(help: "With --all: simulate each plan, build every room with RoomBuilder and score the rooms; plans with several rooms are merged with StructureBuilder and scored as a structure.") var build = false
    @Option(help: "Noise preset for --build and --random.") var preset: ScanPreset = .phone
    @Option(help: "Simulator seed for --build; generator seed for --random.") var seed: UInt64 = 1
    @Option(help: "With --build: write each built room (<plan>-<room>.json) and merged structure (<plan>.json) into this folder.") var saveModels: String?
    @Option(help: "With --build on multi-room plans: StructureBuilder's largest floor overlap of two rooms at one height (fraction of the smaller; 1 disables the check).") var maxFloorOverlap: Double = 0.5
    @Option(help: "With --build: only plans with at most this many rooms (1: single-room plans only).") var maxRooms: Int = 1
    @OptionGroup var randomOptions: RandomEvalOptions
    @Option(name: .customLong("truth-real"), help: "Measured truth of a real scan (*.truth.json): score --model against it instead of a plan.") var truthReal: String?
    @Option(help: "With --truth-real: the scan (.pcd, .ply, .xyz, .las, .e57) the truth belongs to, for wall support.") var scan: String?

    /// Checks the combination of modes and options (no file is read).
    func validate() throws {
        if truthReal != nil {
            if model == nil { throw ValidationError("--truth-real needs --model") }
        } else if randomOptions.random != nil {
            if saveModels != nil && randomOptions.only == nil { throw ValidationError("--save-models with --random needs --only INDEX") }
        } else if !all {
            if truth == nil { throw ValidationError("--truth is required (or use --all)") }
            if model == nil && exportTruth == nil { throw ValidationError("--model is required") }
        }
    }

    func run() async throws {
        // A --json target that would be refused (a device, pipe, link or directory) is refused before the work.
        if let json { try SafeFile.checkTarget(json) }
        if let truthReal { return try runRealTruth(truthReal) }
        if let n = randomOptions.random {
            try runRandom(n)
        } else if all {
            try runAll()
        } else {
            guard let truth else { throw ValidationError("--truth is required (or use --all)") }
            let plan = try EvaluationFiles.loadPlan(URL(fileURLWithPath: truth))
            if let exportTruth { try export(plan, fileName: URL(fileURLWithPath: truth).lastPathComponent, to: exportTruth) }
            guard let model else {
                if exportTruth != nil { return }
                throw ValidationError("--model is required")
            }
            let m = try EvaluationFiles.loadModel(URL(fileURLWithPath: model))
            let report = try Evaluator.evaluate(model: m, plan: plan, roomID: room)
            try emit([report])
        }
    }

    private func runAll() throws {
        let dir = URL(fileURLWithPath: plans)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        var reports: [EvaluationReport] = []
        var missing: [String] = []
        var failures: [String] = []
        var structureLines: [String] = []
        for file in files {
            let plan: FloorPlan
            do { plan = try EvaluationFiles.loadPlan(dir.appendingPathComponent(file)) } catch {
                failures.append("\(file): \(error)")
                continue
            }
            if let exportTruth { try export(plan, fileName: file, to: exportTruth) }
            if build {
                guard plan.rooms.count <= maxRooms else { continue }
                let p = preset
                if plan.rooms.count > 1 {
                    var so = StructureBuilder.Options()
                    so.maximumFloorOverlap = maxFloorOverlap
                    let o = try ScanBuildEvaluation.runStructure(plan: plan, preset: p, seed: seed, structureOptions: so)
                    try saveBuilt(rooms: o.builtRooms, structure: o.structure, planFile: file)
                    var err = StandardError()
                    for r in o.rooms {
                        if let f = r.failure { failures.append("\(file) room \(r.roomID): \(f)") } else {
                            print(String(format: "%@ room %@: %d points built in %.0f ms", file, r.roomID, r.points, r.buildSeconds * 1000), to: &err)
                        }
                    }
                    if let r = o.report {
                        reports.append(r)
                        print(String(format: "%@: %d rooms merged in %.1f ms", file, o.structure?.rooms.count ?? 0, o.mergeSeconds * 1000), to: &err)
                        if let s = o.openings { structureLines.append(StructureEvalLine(plan: file, outcome: o, openings: s).text) }
                    } else {
                        failures.append("\(file) structure: \(o.failure ?? "?")")
                    }
                    continue
                }
                let outcomes = try ScanBuildEvaluation.run(plan: plan, preset: p, seed: seed)
                try saveBuilt(rooms: outcomes.compactMap { o in o.room.map { (roomID: o.roomID, room: $0) } }, structure: nil, planFile: file)
                for o in outcomes {
                    if let r = o.report {
                        reports.append(r)
                        var err = StandardError()
                        print(String(format: "%@ room %@: %d points built in %.0f ms", file, o.roomID, o.points, o.buildSeconds * 1000), to: &err)
                    } else {
                        failures.append("\(file) room \(o.roomID): \(o.failure ?? "?")")
                    }
                }
                continue
            }
            let m: EvaluationModel
            if let models {
                let url = URL(fileURLWithPath: models).appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: url.path) else { missing.append(file); continue }
                do { m = try EvaluationFiles.loadModel(url) } catch { failures.append("\(file): \(error)"); continue }
            } else {
                do { m = EvaluationModel(structure: try TruthModel.structure(of: plan)) } catch {
                    failures.append("\(file): \(error)")
                    continue
                }
            }
            do { reports.append(try Evaluator.evaluate(model: m, plan: plan, roomID: room)) } catch {
                failures.append("\(file): \(error)")
            }
        }
        try emit(reports)
        if !structureLines.isEmpty && format == .table {
            print("Structures (merged elements vs truth structure)\n" + StructureEvalLine.header + "\n" + structureLines.joined(separator: "\n"))
        }
        var stderr = StandardError()
        if !missing.isEmpty { print("MISSING models (\(missing.count)): \(missing.joined(separator: ", "))", to: &stderr) }
        if !failures.isEmpty {
            for f in failures { print("FAILED \(f)", to: &stderr) }
            throw ExitCode(1)
        }
    }

    /// With `--save-models`: writes each built room as `<plan>-<room>.json` and the merged structure, if
    /// any, as `<plan>.json` into that folder; one plan's files all together or none (``SafeFileBatch``).
    private func saveBuilt(rooms: [(roomID: String, room: CapturedRoom)], structure: CapturedStructure?, planFile: String) throws {
        guard let saveModels else { return }
        let dir = URL(fileURLWithPath: saveModels)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let stem = (planFile as NSString).deletingPathExtension
        let batch = SafeFileBatch()
        for (id, room) in rooms { try batch.add(RoomPlanJSON.encode(room), to: dir.appendingPathComponent("\(stem)-\(id).json")) }
        if let structure { try batch.add(RoomPlanJSON.encode(structure), to: dir.appendingPathComponent(planFile)) }
        try batch.commit()
    }

    private func export(_ plan: FloorPlan, fileName: String, to folder: String) throws {
        let dir = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try RoomPlanJSON.write(try TruthModel.structure(of: plan), to: dir.appendingPathComponent(fileName))
    }

    private func emit(_ reports: [EvaluationReport]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data = reports.count == 1 && !all ? try encoder.encode(reports[0]) : try encoder.encode(reports)
        if let json { try SafeFile.write(data, toOutput: json) }
        let console = Console(output: json)
        switch format {
        case .json: console.say(String(decoding: data, as: UTF8.self))
        case .table:
            for r in reports { console.say(EvaluationTable.render(r)) }
            if all { console.say("Summary\n" + EvaluationTable.summary(reports)) }
        }
    }
}

/// Standard error as a `TextOutputStream` (control characters from input files escaped).
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { FileHandle.standardError.write(Data(TerminalText.sanitised(string).utf8)) }
}
