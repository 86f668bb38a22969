import ArgumentParser
import Foundation
import PlumbIO
import PlumbKernel
import Plumbline

/// `plumb build`: one room's scan in, a RoomPlan-compatible CapturedRoom (JSON) out.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a parametric room (RoomPlan JSON) from a point cloud of one room.",
        discussion: """
            Reads a PLY, PCD or XYZ scan, finds floor, ceiling, walls (straight and curved, with true corner \
            angles), doors, windows, openings and furniture, prints a summary and writes the room as RoomPlan \
            CapturedRoom JSON. The model is y-up, metres, relative to the cloud's origin (recorded as \
            plumblineOrigin).
            """)

    @Argument(help: "Point cloud of one room (.ply, .pcd, .xyz).")
    var scan: String

    @Option(name: .long, help: "Up axis of the scan: y, z or automatic.")
    var up: UpAxis = .automatic

    @Option(name: [.customShort("o"), .long], help: "Where to write the room JSON.")
    var output: String?

    @Option(name: .long, help: "Seed for sampling and identifiers (same seed, same output).")
    var seed: UInt64 = 0

    func run() async throws {
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

    func progress(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

    func format(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        return String(format: "%.0f ms", ms)
    }
}

extension UpAxis: ExpressibleByArgument {}
