import ArgumentParser

/// `plumb`: the Plumbline command-line tool.
@main
struct Plumb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plumb",
        abstract: "Turn indoor 3D scans into parametric building models.",
        subcommands: [SimulateCommand.self, BuildCommand.self, MergeCommand.self, CaptureCommand.self, EvalCommand.self, ExportCommand.self]
    )
}
