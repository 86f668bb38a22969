import ArgumentParser
import Foundation
import PlumbKernel

/// `plumb`: the Plumbline command-line tool.
@main
struct Plumb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plumb",
        abstract: "Turn indoor 3D scans into parametric building models.",
        subcommands: [SimulateCommand.self, BuildCommand.self, MergeCommand.self, CaptureCommand.self, EvalCommand.self, ExportCommand.self, ReportCommand.self]
    )

    /// Runs the command. Temporaries of interrupted writes are removed on SIGINT/SIGTERM/SIGHUP, and
    /// every error message is printed with control characters escaped (input files cannot send
    /// terminal escape sequences), Foundation errors as one line.
    static func main() async {
        SafeFile.removeTemporariesOnInterrupt()
        do {
            var command = try parseAsRoot()
            if var c = command as? AsyncParsableCommand { try await c.run() } else { try command.run() }
        } catch {
            let code = exitCode(for: error)
            let message: String
            if let e = error as? CocoaError {
                message = "Error: " + (e.filePath.map { "\($0): " } ?? "") + SystemErrorText.reason(e)
            } else {
                message = fullMessage(for: error)
            }
            let text = TerminalText.sanitised(message)
            if !text.isEmpty {
                if code == .success { print(text) } else { FileHandle.standardError.write(Data((text + "\n").utf8)) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}

/// Where the CLI's human-readable lines go: standard output, or standard error when standard output
/// carries the data (`-o -`).
struct Console {
    /// Whether standard output carries the command's data.
    var dataOnStandardOutput: Bool

    /// A console for the output path `path` (`-` means the data goes to standard output).
    init(output path: String?) { dataOnStandardOutput = path == SafeFile.standardOutputPath }

    /// Prints one line.
    func say(_ s: String) {
        if dataOnStandardOutput { FileHandle.standardError.write(Data((s + "\n").utf8)) } else { print(s) }
    }

    /// "wrote PATH" (or nothing, when the data went to standard output).
    func wrote(_ path: String) { if !dataOnStandardOutput { print("wrote \(path)") } }
}
