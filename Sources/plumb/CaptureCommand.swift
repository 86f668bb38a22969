import ArgumentParser
import Foundation
import PlumbKernel
import Plumbline
import PlumbSim

/// `plumb capture FRAMES_DIR -o room.json`: replays recorded depth frames through a live capture session.
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Replay recorded depth frames (plumb simulate output) through a live capture session.",
        discussion: """
            Feeds every frame of FRAMES_DIR (capture.json + frames.bin) to a CaptureSession in order, printing \
            the guidance instructions and live room updates as they happen. Frames of different rooms become \
            separate runs of one session (stop(pauseSession: false) between them, so they share a world frame). \
            At the end each run's data is built into a room: one room is written to OUTPUT, several rooms to \
            OUTPUT's name with .<room id> before the extension.
            """)

    @Argument(help: "Directory with capture.json and frames.bin.")
    var frames: String

    @Option(name: [.customShort("o"), .long], help: "Where to write the room JSON.")
    var output: String

    @Option(help: "Fusion voxel edge, metres.")
    var voxel: Double = 0.02

    @Option(help: "Capture seconds between live room updates (0 = every frame).")
    var liveInterval: Double = 0.1

    @Flag(help: "Do not build live rooms (fusion and guidance only).")
    var noLive = false

    @Option(help: "Seed for identifiers and sampling.")
    var seed: UInt64 = 0

    @Option(help: "Relocalize into this saved world map before scanning.")
    var worldMap: String?

    @Option(help: "Save the session's world map here at the end.")
    var saveMap: String?

    @Option(help: "Save each run's CapturedRoomData JSON into this directory.")
    var saveData: String?

    @Flag(help: "Print ingest and live-update timings.")
    var timing = false

    @Flag(help: "Print only the final summary.")
    var quiet = false

    /// The session settings the options give.
    var captureConfiguration: CaptureConfiguration {
        var config = CaptureConfiguration()
        config.voxelSize = voxel
        config.liveUpdateInterval = liveInterval
        config.liveUpdates = !noLive
        config.seed = seed
        return config
    }

    /// Checks the settings with ``CaptureConfiguration/validate()`` before any frame is read, naming the flag.
    func validate() throws {
        do { try captureConfiguration.validate() } catch {
            let flag = switch error {
            case .badConfiguration(name: "voxelSize", _): "--voxel: "
            case .badConfiguration(name: "liveUpdateInterval", _): "--live-interval: "
            default: ""
            }
            throw ValidationError(flag + error.description)
        }
    }

    func run() async throws {
        let archive = try CaptureArchive.read(from: URL(fileURLWithPath: frames))
        guard !archive.frames.isEmpty else { throw ValidationError("\(frames) holds no frames") }
        let config = captureConfiguration
        let saved = try worldMap.map { try WorldMap.load(from: URL(fileURLWithPath: $0)) }
        let session = CaptureSession(worldMap: saved)
        let quiet = self.quiet
        let printer = Task {
            var lastCounts = ""
            for await e in session.events where !quiet {
                switch e {
                case let .started(run, _): print("run \(run) started")
                case let .instruction(i): print("  instruction: \(i.rawValue)")
                case let .roomAdded(r): print("  room added: \(Self.counts(r))"); lastCounts = Self.counts(r)
                case let .roomChanged(r): print("  room changed: \(Self.counts(r))"); lastCounts = Self.counts(r)
                case let .roomUpdated(r):
                    let c = Self.counts(r)
                    if c != lastCounts { print("  room updated: \(c)"); lastCounts = c }
                case let .roomRemoved(r): print("  room removed: \(r.identifier)")
                case let .relocalized(t, f, rms):
                    print(String(format: "  relocalized: %.0f %% inliers, rms %.1f mm, translation (%.3f, %.3f, %.3f) m",
                                 f * 100, rms * 1000, t.translation.x, t.translation.y, t.translation.z))
                case let .ended(d): print("run \(d.runIndex) ended: \(d.frameCount) frames, \(d.points.count) fused voxels")
                case let .failed(err): print("  error: \(err)")
                }
            }
        }
        // Runs: consecutive frames of one room.
        var runs: [(room: String, range: Range<Int>)] = []
        var start = 0
        for i in 1...archive.frames.count where i == archive.frames.count || archive.roomIDs[i] != archive.roomIDs[start] {
            runs.append((archive.roomIDs[start], start..<i))
            start = i
        }
        let clock = ContinuousClock()
        let t0 = clock.now
        var datas: [(String, CapturedRoomData)] = []
        var updatesPerRun: [Double] = []
        for (k, r) in runs.enumerated() {
            try await session.run(configuration: config)
            let before = await session.metrics
            let tr = clock.now
            for i in r.range { try await session.ingest(archive.frames[i]) }
            let wall = Self.seconds(clock.now - tr)
            let after = await session.metrics
            updatesPerRun.append(Double(after.liveRooms - before.liveRooms) / max(wall, 1e-9))
            let data = try await session.stop(pauseSession: k == runs.count - 1)
            datas.append((r.room, data))
        }
        let replaySeconds = Self.seconds(clock.now - t0)
        await session.finish()
        await printer.value
        if let saveMap {
            // Rebuild the session map from the runs' data (same world frame) and save it.
            var all = FusedVoxelMap(voxelSize: CaptureSession.worldMapCellSize, capacity: 4_000_000,
                                    origin: datas[0].1.points.origin)
            for (_, d) in datas { all.fold(points: try d.points.pointCloud()) }
            try WorldMap(cloud: all.pointCloud(), cellSize: CaptureSession.worldMapCellSize, seed: seed)
                .save(to: URL(fileURLWithPath: saveMap))
            print("wrote world map \(saveMap)")
        }
        let out = URL(fileURLWithPath: output)
        var failures = 0
        for (room, data) in datas {
            if let saveData {
                let dir = URL(fileURLWithPath: saveData)
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                let e = JSONEncoder()
                e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                try SafeFile.write(e.encode(data), to: dir.appendingPathComponent("\(room.isEmpty ? "run\(data.runIndex)" : room).capture.json"))
            }
            let tb = clock.now
            do {
                let result = try RoomBuilder().build(data)
                let buildSeconds = Self.seconds(clock.now - tb)
                let url = datas.count == 1 ? out
                    : out.deletingPathExtension().appendingPathExtension(room.isEmpty ? "run\(data.runIndex)" : room)
                        .appendingPathExtension(out.pathExtension.isEmpty ? "json" : out.pathExtension)
                try RoomPlanJSON.write(result.room, to: url)
                print("room \(room): \(Self.counts(result.room)); final build \(String(format: "%.0f ms", buildSeconds * 1000)); wrote \(url.path)")
            } catch {
                failures += 1
                print(TerminalText.sanitised("room \(room): FAILED: \(error)"))
            }
        }
        if timing {
            let m = await session.metrics
            print(String(format: "timing: %d frames replayed in %.2f s; fusion %.3f ms/frame mean wall (CPU: %.3f ms mean, %.3f ms median), %.3f ms max wall",
                         m.frames, replaySeconds, m.meanFusionSeconds * 1000, m.meanFusionCPUSeconds * 1000,
                         m.medianFusionCPUSeconds * 1000,
                         m.maximumFusionSeconds * 1000))
            print(String(format: "timing: %d live builds (%d rooms), %.1f ms mean wall (%.1f ms CPU), %.1f ms max wall; live rooms per replay second: %@",
                         m.liveBuilds, m.liveRooms, m.meanLiveBuildSeconds * 1000, m.meanLiveBuildCPUSeconds * 1000,
                         m.maximumLiveBuildSeconds * 1000, updatesPerRun.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
            if m.relocalizationAttempts > 0 {
                print(String(format: "timing: %d relocalization attempts, %.0f ms", m.relocalizationAttempts, m.relocalizationSeconds * 1000))
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func counts(_ r: CapturedRoom) -> String {
        "\(r.walls.count) walls, \(r.doors.count) doors, \(r.windows.count) windows, \(r.openings.count) openings, \(r.objects.count) objects"
    }
}
