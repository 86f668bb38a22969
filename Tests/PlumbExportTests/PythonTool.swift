import Foundation

/// Runs the repository's Python validation scripts when python3 and the needed module are available.
/// The interpreter is `$PLUMB_PYTHON` when set, else `python3` on the PATH.
enum PythonTool {
    static let interpreter = ProcessInfo.processInfo.environment["PLUMB_PYTHON"] ?? "python3"

    /// Whether `python3 -c "import <module>"` succeeds.
    static func hasModule(_ module: String) -> Bool {
        (try? run(["-c", "import \(module)"]).status) == 0
    }

    /// Runs `python3 args…`, returning exit status and standard output (standard error, collected in a
    /// temporary file so neither pipe can fill up, is appended on failure).
    static func run(_ args: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [interpreter] + args
        let out = Pipe()
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("plumbexport-py-\(UUID().uuidString).err")
        // A failure shows as the FileHandle error below.
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? FileManager.default.removeItem(at: errURL) }
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try err.close()
        var s = String(decoding: data, as: UTF8.self)
        if p.terminationStatus != 0 { s += (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
        return (p.terminationStatus, s)
    }

    static func script(_ name: String) -> String { TestPaths.packageRoot.appendingPathComponent("Scripts/\(name)").path }
}
