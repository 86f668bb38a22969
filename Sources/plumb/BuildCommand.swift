import ArgumentParser
import Foundation
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
            measured thickness, storeys); per-room areas, the total area and interior wall thicknesses are printed.
            """)

    @Argument(help: "Point cloud of one room (.ply, .pcd, .xyz); several with --structure.")
    var scans: [String]

    @Flag(help: "Build every scan as a room and merge them into one CapturedStructure.")
    var structure = false

    @Flag(help: "With --structure: the scans have different coordinate frames; align the rooms by their shared walls, doors and openings.")
    var align = false

    @Option(name: .long, help: "Up axis of the scan: y, z or automatic.")
    var up: UpAxis = .automatic

    @Option(name: [.customShort("o"), .long], help: "Where to write the room JSON.")
    var output: String?

    @Option(name: .long, help: "Seed for sampling and identifiers (same seed, same output).")
    var seed: UInt64 = 0

    func run() async throws {
        guard !scans.isEmpty else { throw ValidationError("give a scan file") }
        if structure { return try runStructure() }
        guard scans.count == 1 else { throw ValidationError("several scans need --structure") }
        let scan = scans[0]
        let url = URL(fileURLWithPath: scan)
        let size = (try? FileManager.default.attributesOfItem(atPath: scan)[.size] as? Int) ?? 0
        if size > 20_000_000 { progress("reading \(scan) (\(size / 1_000_000) MB)…") }
        let clock = ContinuousClock()
        let t0 = clock.now
        let read = try PointCloudReader.read(contentsOf: url)
        for d in read.report.drops { progress("note: dropped \(d.count) points (\(d.reason.rawValue))") }
        if read.cloud.count > 500_000 { progress("building from \(read.cloud.count) points…") }
        var options = RoomBuilder.Options()
        options.upAxis = up
        options.seed = seed
        options.segmentation.seed = seed
        let t1 = clock.now
        let result = try RoomBuilder(options: options).build(read.cloud)
        let t2 = clock.now
        print(RoomSummary(result: result, points: read.cloud.count).text)
        print("read \(format(t1 - t0)), built \(format(t2 - t1))")
        if let output {
            try RoomPlanJSON.encode(result.room).write(to: URL(fileURLWithPath: output))
            print("wrote \(output)")
        }
    }

    /// Builds each scan (seeds `seed + index`, so identifiers differ between rooms) and merges them.
    func runStructure() throws {
        let clock = ContinuousClock()
        var rooms: [CapturedRoom] = []
        for (k, scan) in scans.enumerated() {
            let t0 = clock.now
            let read = try PointCloudReader.read(contentsOf: URL(fileURLWithPath: scan))
            for d in read.report.drops { progress("note: \(scan): dropped \(d.count) points (\(d.reason.rawValue))") }
            var options = RoomBuilder.Options()
            options.upAxis = up
            options.seed = seed &+ UInt64(k)
            options.segmentation.seed = seed &+ UInt64(k)
            let result = try RoomBuilder(options: options).build(read.cloud)
            rooms.append(result.room)
            print("room \(k) (\(scan)): \(read.cloud.count) points, read and built in \(format(clock.now - t0))")
        }
        let t1 = clock.now
        var structureOptions = StructureBuilder.Options()
        if align { structureOptions.alignment = .automatic }
        let result = try StructureBuilder(options: structureOptions).build(rooms)
        if align { print(PlacementSummary(placements: result.placements, names: MergeCommand.names(scans)).text) }
        print(StructureSummary(result: result, names: MergeCommand.names(scans)).text)
        print("merged in \(format(clock.now - t1))")
        if let output {
            try RoomPlanJSON.write(result.structure, to: URL(fileURLWithPath: output))
            print("wrote \(output)")
        }
    }

    func progress(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

    func format(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        return String(format: "%.0f ms", ms)
    }
}

extension UpAxis: ExpressibleByArgument {}
