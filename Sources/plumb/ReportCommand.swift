import ArgumentParser
import Foundation
import PlumbExport
import PlumbIO
import PlumbKernel
import Plumbline

/// `plumb report`: one self-contained HTML page showing a model against the scan it was built from.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML report of a model against its scan: plans, scan overlay, 3D view, elevations, measurements.",
        discussion: """
            SCAN is the point cloud (.ply, .pcd, .xyz) MODEL.json was built from (RoomPlan JSON, room or \
            structure, in the frame plumb build writes). The page is self-contained (no network): the floor plan \
            per storey, a top-down density image of the scan with every wall coloured by the share of its length \
            backed by scan points within 5 cm, a 3D view (orbit, section cut, scan points every k-th, at most \
            --max-points), wall elevations, measurements and diagnostics. Without --up the up axis is the one \
            under which more of the scan falls inside the model.
            """)

    @Argument(help: "Point cloud the model was built from (.ply, .pcd, .xyz).") var scan: String
    @Argument(help: "RoomPlan JSON model (CapturedRoom or CapturedStructure).") var model: String
    @Option(name: [.customShort("o"), .long], help: "Where to write the HTML (- for standard output).") var output: String
    @Option(help: "Up axis of the scan: y, z or automatic.") var up: UpAxis = .automatic
    @Option(help: "Most scan points in the 3D view.") var maxPoints: Int = HTMLReport.Options().maximumViewerPoints

    /// Checks `--max-points` (no file is read).
    func validate() throws {
        guard maxPoints >= 0 else { throw ValidationError("--max-points must be 0 or more") }
    }

    func run() throws {
        let console = Console(output: output)
        try SafeFile.checkTarget(output)
        let clock = ContinuousClock()
        let t0 = clock.now
        let m = try ExportModel.load(contentsOf: URL(fileURLWithPath: model))
        let read = try PointCloudReader.read(contentsOf: URL(fileURLWithPath: scan))
        var notes = ["scan: \(Self.name(scan)), \(read.cloud.count) points read"]
        for d in read.report.drops { notes.append("reading dropped \(d.count) points (\(d.reason.rawValue))") }
        let axis: UpAxis
        if up == .automatic {
            axis = ReportScan.likelyUpAxis(of: read.cloud, for: m)
            notes.append("up axis \(axis.rawValue), guessed: more of the scan falls inside the model that way (--up sets it)")
        } else {
            axis = up
            notes.append("up axis \(axis.rawValue) (given)")
        }
        if m.origin != .zero { notes.append("model origin (plumblineOrigin) \(m.origin.x), \(m.origin.y), \(m.origin.z) m") }
        var options = HTMLReport.Options()
        options.title = "Plumbline report: \(Self.name(model))"
        options.maximumViewerPoints = maxPoints
        options.notes = notes
        let t1 = clock.now
        let html = HTMLReport.render(model: m, scan: ReportScan(cloud: read.cloud, upAxis: axis, modelOrigin: m.origin, levelling: m.levelling), options: options)
        let t2 = clock.now
        try SafeFile.write(Data(html.utf8), toOutput: output)
        console.say("read \(BuildCommand.format(t1 - t0)), report \(BuildCommand.format(t2 - t1)), \(html.utf8.count / 1024) KiB")
        console.wrote(output)
    }

    /// The file name of a path, for titles and notes.
    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
