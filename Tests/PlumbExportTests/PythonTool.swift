import Foundation

/// Runs the repository's Python validation scripts when python3 and the needed module are available.
enum PythonTool {
    /// Whether `python3 -c "import <module>"` succeeds.
    static func hasModule(_ module: String) -> Bool {
        (try? run(["-c", "import \(module)"]).status) == 0
    }

    /// Runs `python3 args…`, returning exit status and standard output (stderr is appended on failure).
    static func run(_ args: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3"] + args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        var s = String(decoding: data, as: UTF8.self)
        if p.terminationStatus != 0 { s += String(decoding: errData, as: UTF8.self) }
        return (p.terminationStatus, s)
    }

    static func script(_ name: String) -> String { TestPaths.packageRoot.appendingPathComponent("Scripts/\(name)").path }
}
