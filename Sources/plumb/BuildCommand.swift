import ArgumentParser
import Foundation
import PlumbExport
import PlumbIO
import PlumbKernel
import Plumbline

/// `plumb build`: one room's scan in, a RoomPlan-compatible CapturedRoom (JSON) out.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a parametric room (RoomPlan JSON) from a point cloud of one room, or a structure from several.",
        discussion: """
            Reads a PLY, PCD or XYZ scan, finds floor, ceiling, walls (straight and curved, with true corner \
            angles), doors, windows, openings and furniture, prints a summary and writes the room as RoomPlan \
            CapturedRoom JSON. The model is y-up, metres, relative to the cloud's origin (recorded as \
            plumblineOrigin). With several scans (one room each, one coordinate frame, or any frames with --align) and --structure, every \
            room is built and the rooms are merged into one CapturedStructure (walls between rooms with their \
            measured thickness, storeys); per-room areas, the total area and interior wall thicknesses are printed. \
            One scan holding several rooms is segmented into rooms and written as a CapturedStructure the same way \
            (--single-room builds it as one room). Several setups (scanner positions) of one room fuse into one \
            cloud with --fuse (the clouds share one frame: E57 poses, PCD VIEWPOINT or sensor comments in one \
            frame) or --register (each cloud in its own frame: every setup is registered onto the first by its \
            walls, floor and ceiling, then point-to-plane ICP; a setup that cannot be registered unambiguously \
            is refused, naming the files); the fused cloud is built as one room, or segmented when it spans \
            several.
            """)

    @Argument(help: "Point cloud of one room (.ply, .pcd, .xyz, .las, .e57; .laz: decompress first); several with --structure, --fuse or --register.")
    var scans: [String]

    @Flag(help: "Build every scan as a room and merge them into one CapturedStructure.")
    var structure = false

    @Flag(help: "With --structure: the scans have different coordinate frames; align the rooms by their shared walls, doors and openings.")
    var align = false

    @Flag(help: "With --structure: when some scans cannot be built, write the structure of the rooms that did (each refused scan is named on standard error and under plumblineRefusedScans in the JSON). By default a refused scan writes nothing and exits 1.")
    var skipRefused = false

    @Flag(help: "The scans are setups (scanner positions) of one room in one coordinate frame: fuse them into one cloud and build it.")
    var fuse = false

    @Flag(help: "Like --fuse, for setups each in its own frame: register every setup onto the first (walls, floor and ceiling, then point-to-plane ICP), then fuse.")
    var register = false

    @Option(name: .long, help: "Up axis of the scan: y, z or automatic.")
    var up: UpAxis = .automatic

    @Option(name: [.customShort("o"), .long], help: "Where to write the room JSON (- for standard output).")
    var output: String?

    @Option(name: .long, help: "Seed for sampling and identifiers (same seed, same output).")
    var seed: UInt64 = 0

    @Option(help: "With --structure: rooms built at the same time (default: one per core).")
    var jobs: Int?

    @Flag(help: "Keep stray points far outside the scan's bulk (by default they are dropped before fitting and counted in a note).")
    var keepFarPoints = false

    @Option(help: "Also write an HTML report of the room against the scan here (see plumb report; one scan only).")
    var report: String?

    @Flag(help: "Build the scan as one room even when it holds several (by default a scan of several rooms is segmented into rooms and written as a CapturedStructure).")
    var singleRoom = false

    @Flag(help: "Print the wall-clock and CPU time of every build stage.")
    var timings = false

    @Flag(help: "Build on one thread (plane segmentation does not use the other cores), so that --timings' CPU column is the whole cost.")
    var singleThread = false

    func run() async throws {
        if structure { return try await runStructure() }
        let console = Console(output: output)
        for target in [output, report].compactMap({ $0 }) { try SafeFile.checkTarget(target) }
        let scan = fusing ? scans.joined(separator: " + ") : scans[0]
        let clock = ContinuousClock()
        let t0 = clock.now
        let read: PointCloudReadResult
        var up = self.up
        if fusing {
            let fused = try fuseSetups(console: console)
            read = fused.read
            up = fused.upAxis
        } else {
            let size = (try? FileManager.default.attributesOfItem(atPath: scan)[.size] as? Int) ?? 0
            if size > 20_000_000 { progress("reading \(scan) (\(size / 1_000_000) MB)…") }
            read = try PointCloudReader.read(contentsOf: URL(fileURLWithPath: scan))
            for d in read.report.drops { progress("note: dropped \(d.count) points (\(d.reason.rawValue))") }
        }
        if read.cloud.count > 500_000 { progress("building from \(read.cloud.count) points…") }
        var options = RoomBuilder.Options()
        options.upAxis = up
        options.seed = seed
        options.segmentation.seed = seed
        if keepFarPoints { options.farPointQuantile = 0 }
        if singleThread { options.segmentation.parallel = false }
        if !singleRoom, try buildSegmented(read.cloud, options: options, console: console) { return }
        let t1 = clock.now
        let result: RoomBuilder.Result
        do { result = try RoomBuilder(options: options).build(read.cloud) } catch {
            throw InputFileError(path: scan, error: RefusedBuild(error: error, up: up))
        }
        let t2 = clock.now
        if result.droppedFarPoints > 0 {
            progress("note: dropped \(result.droppedFarPoints) stray points far outside the scan's bulk (--keep-far-points keeps them)")
        }
        if result.levelling != nil {
            progress("note: the scan is tilted \(String(format: "%.2f", result.tiltDegrees))° from gravity (read from its floors, ceilings and walls); built level, the model is tilted with the scan")
        }
        console.say(RoomSummary(result: result, points: read.cloud.count).text)
        console.say("read \(Self.format(t1 - t0)), built \(Self.format(t2 - t1))")
        if timings { console.say(Self.timingTable(result.timings)) }
        // The model and the report are staged, then replaced together (a failure replaces neither).
        let batch = SafeFileBatch()
        if let output { try batch.add(RoomPlanJSON.encode(result.room), toOutput: output) }
        if let report {
            let model = try ExportModel(room: result.room)
            var options = HTMLReport.Options()
            options.title = "Plumbline report: \(ReportCommand.name(scan))"
            options.notes = ["scan: \(ReportCommand.name(scan)), \(read.cloud.count) points read"]
                + read.report.drops.map { "reading dropped \($0.count) points (\($0.reason.rawValue))" }
                + ["up axis \(result.upAxis.rawValue) (\(self.up == .automatic ? "detected by the build" : "given"))"]
                + (result.droppedFarPoints > 0 ? ["the build dropped \(result.droppedFarPoints) stray points far outside the scan's bulk"] : [])
                + (result.levelling != nil ? [String(format: "the scan is tilted %.2f° from gravity; built level, the model is tilted with the scan", result.tiltDegrees)] : [])
                + ["read \(Self.format(t1 - t0)), built \(Self.format(t2 - t1))"]
                + result.timings.stages.map { "stage \($0.name): \(String(format: "%.1f", $0.wallSeconds * 1000)) ms wall" }
            let t3 = clock.now
            try HTMLReport.write(
                model: model, scan: ReportScan(cloud: read.cloud, upAxis: result.upAxis, modelOrigin: model.origin, levelling: model.levelling),
                options: options, to: report, batch: batch)
            console.say("report \(Self.format(clock.now - t3))")
        }
        try batch.commit()
        for w in [output, report].compactMap({ $0 }) { console.wrote(w) }
    }

    /// Builds each scan (seeds `seed + index`, so identifiers differ between rooms) and merges them. Up to
    /// `--jobs` rooms are read and built at the same time; the rooms, their order and the output do not
    /// depend on it.
    func runStructure() async throws {
        let console = Console(output: output)
        let clock = ContinuousClock()
        let t0 = clock.now
        let jobs = Swift.max(1, Swift.min(self.jobs ?? ProcessInfo.processInfo.activeProcessorCount, scans.count))
        let (up, seed, scans, keepFar) = (self.up, self.seed, self.scans, self.keepFarPoints)
        // Rooms already run side by side on the cores: plane segmentation's own worker threads would only
        // contend for them (same output either way).
        let serial = jobs > 1 || singleThread
        // Every scan is read and built even when one is refused, so that all refusals are reported together.
        var built = [Result<(room: CapturedRoom, line: String), InputFileError>?](repeating: nil, count: scans.count)
        await withTaskGroup(of: (Int, Result<(room: CapturedRoom, line: String), InputFileError>).self) { group in
            func add(_ k: Int) {
                group.addTask {
                    let start = ContinuousClock.now
                    let scan = scans[k]
                    let read: PointCloudReadResult
                    do { read = try PointCloudReader.read(contentsOf: URL(fileURLWithPath: scan)) } catch {
                        return (k, .failure(InputFileError(path: scan, error: error)))
                    }
                    var notes = ""
                    for d in read.report.drops { notes += "note: \(scan): dropped \(d.count) points (\(d.reason.rawValue))\n" }
                    var options = RoomBuilder.Options()
                    options.upAxis = up
                    options.seed = seed &+ UInt64(k)
                    options.segmentation.seed = seed &+ UInt64(k)
                    if keepFar { options.farPointQuantile = 0 }
                    if serial { options.segmentation.parallel = false }
                    let result: RoomBuilder.Result
                    do throws(RoomBuildError) { result = try RoomBuilder(options: options).build(read.cloud) } catch {
                        return (k, .failure(InputFileError(path: scan, error: RefusedBuild(error: error, up: up))))
                    }
                    if result.droppedFarPoints > 0 {
                        notes += "note: \(scan): dropped \(result.droppedFarPoints) stray points far outside the scan's bulk\n"
                    }
                    if result.levelling != nil {
                        notes += "note: \(scan): tilted \(String(format: "%.2f", result.tiltDegrees))° from gravity, built level\n"
                    }
                    let line = notes + "room \(k) (\(scan)): \(read.cloud.count) points, read and built in \(Self.format(ContinuousClock.now - start))"
                    return (k, .success((result.room, line)))
                }
            }
            var next = 0, done = 0
            // A progress line on standard error when it is a terminal; silent otherwise.
            let progressLine = ProgressLine(unit: "rooms built", total: scans.count)
            defer { progressLine.clear() }
            while next < jobs { add(next); next += 1 }
            while let (k, outcome) = await group.next() {
                built[k] = outcome
                done += 1
                progressLine.update(done: done)
                if next < scans.count { add(next); next += 1 }
            }
        }
        var rooms: [CapturedRoom] = [], builtNames: [String] = [], refused: [InputFileError] = []
        for (k, (b, name)) in zip(built, RoomName.names(forPaths: scans)).enumerated() {
            switch b {
            case .success(let b)?:
                console.say(b.line)
                rooms.append(RoomName.naming(b.room, name))
                builtNames.append(scans[k])
            case .failure(let e)?: refused.append(e)
            case nil: break
            }
        }
        var refusals = StructureRefusals(refused: refused, total: scans.count)
        if !refused.isEmpty {
            guard skipRefused, !rooms.isEmpty else { throw refusals }
            refusals.leftOut = true
            progress(TerminalText.sanitised(refusals.description))
        }
        console.say("\(rooms.count) of \(scans.count) rooms read and built in \(Self.format(clock.now - t0)) (\(jobs) at a time)")
        let t1 = clock.now
        var structureOptions = StructureBuilder.Options()
        if align { structureOptions.alignment = .automatic }
        let result = try StructureBuilder(options: structureOptions).build(rooms)
        if align { console.say(PlacementSummary(placements: result.placements, names: MergeCommand.names(builtNames)).text) }
        console.say(StructureSummary(result: result, names: MergeCommand.names(builtNames)).text)
        console.say("merged in \(Self.format(clock.now - t1))")
        var structure = result.structure
        if !refused.isEmpty { structure.unknownFields[StructureRefusals.key] = refusals.record }
        if let output {
            try SafeFile.write(RoomPlanJSON.encode(structure), toOutput: output)
            console.wrote(output)
        }
    }

    /// Checks the scans and flags against each other (no file is read).
    func validate() throws {
        guard !scans.isEmpty else { throw ValidationError("give a scan file") }
        if structure {
            if fusing { throw ValidationError("--structure builds one room per scan; --fuse and --register fuse the scans into one cloud: pick one") }
            if report != nil { throw ValidationError("--report works with one scan; for a structure use plumb report SCAN structure.json") }
        } else {
            if fusing {
                guard scans.count >= 2 else { throw ValidationError("--fuse and --register need at least two setups (scan files)") }
            } else {
                guard scans.count == 1 else {
                    throw ValidationError("several scans need --structure (one room per scan), --fuse (setups of one room in one frame) or --register (setups each in its own frame)")
                }
            }
            if report == SafeFile.standardOutputPath { throw ValidationError("--report writes a file; '-' (standard output) is accepted by -o") }
        }
    }

    /// One line per build stage: wall and CPU milliseconds.
    static func timingTable(_ t: BuildTimings) -> String {
        var lines = ["stage                 wall ms    cpu ms"]
        for s in t.stages + [BuildTimings.Stage(name: "total", wallSeconds: t.wallSeconds, cpuSeconds: t.cpuSeconds)] {
            lines.append(s.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                         + String(format: "%11.1f %9.1f", s.wallSeconds * 1000, s.cpuSeconds * 1000))
        }
        return lines.joined(separator: "\n")
    }

    func progress(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

    static func format(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        return String(format: "%.0f ms", ms)
    }
}

extension UpAxis: ExpressibleByArgument {}

/// The scans of a `--structure` build that could not be read or built: every one, named, in input order.
struct StructureRefusals: Error, CustomStringConvertible {
    /// The extra key of a structure written with `--skip-refused` that lists the scans left out.
    static let key = "plumblineRefusedScans"
    /// One error per refused scan, naming its file.
    var refused: [InputFileError]
    /// How many scans the build was given.
    var total: Int
    /// Whether the structure is written without them (`--skip-refused`).
    var leftOut = false

    var description: String {
        let head = refused.count == 1 && total == 1
            ? "the scan was refused:"
            : "\(refused.count) of \(total) scans refused:"
        let tail = leftOut ? "\nthey are left out of the structure (--skip-refused)"
            : refused.count < total ? "\nnothing written; --skip-refused writes the structure of the \(total - refused.count) rooms that built"
            : ""
        return ([head] + refused.map { "  \($0)" }).joined(separator: "\n") + tail
    }

    /// The list recorded under ``key``: the file's name and the reason, per refused scan.
    var record: JSONValue {
        .array(refused.map { e in
            .object(["scan": .string(URL(fileURLWithPath: e.path).lastPathComponent), "reason": .string(String(describing: e.error))])
        })
    }
}

/// A room the builder refused, with what to try where the builder's own message cannot know it (which up axis
/// the command line gave).
struct RefusedBuild: Error, CustomStringConvertible {
    /// The builder's error.
    var error: RoomBuildError
    /// The `--up` the build was given (`.automatic`: detected).
    var up: UpAxis

    var description: String {
        let axis = up == .automatic ? "the up axis was detected" : "the up axis was given as \(up.rawValue)"
        switch error {
        case .noFloorOrCeiling:
            return "\(error); \(axis): if the scan is Z-up or Y-up, say so (--up z / --up y); "
                + "a phone scan must look down at the floor or up at the ceiling for a moment"
        case .upAxisNotFound:
            return "\(error) (--up y or --up z)"
        case .implausibleGeometry, .invalidModel:
            return "\(error); \(axis): if the scan is Z-up or Y-up, say so (--up z / --up y)"
        default:
            return "\(error)"
        }
    }
}
