import Foundation
import Testing

/// Runs the `plumb` executable that `swift build` / `swift test` put next to the test bundle, the way a
/// user runs it: a child process with its own arguments, exit code, standard output and standard error.
enum PlumbTool {
    /// The package root (three levels above this file): the working directory of every run, so that
    /// `Data/…` paths resolve as they do in the README's examples.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$PLUMB_BINARY` when set, else `plumb` in the folder of the running test executable (SwiftPM builds
    /// the executable target into the same products folder, `.build/<triple>/<configuration>/`, because the
    /// test target depends on it).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["PLUMB_BINARY"] { return URL(fileURLWithPath: path) }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: me).deletingLastPathComponent()
        // On macOS the test executable sits inside Foo.xctest/Contents/MacOS.
        while dir.pathExtension == "xctest" || dir.lastPathComponent == "MacOS" || dir.lastPathComponent == "Contents" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("plumb")
    }()

    /// One finished run.
    struct Run: CustomStringConvertible {
        /// The arguments after `plumb`.
        var arguments: [String]
        /// Exit status (0 success, 64 usage error from swift-argument-parser's validation, 1 other errors).
        var status: Int32
        /// Everything written to standard output.
        var stdout: String
        /// Everything written to standard error.
        var stderr: String
        /// The command line and both streams, for failure messages.
        var description: String {
            "plumb \(arguments.joined(separator: " ")) -> exit \(status)\n--- stdout:\n\(stdout.prefix(4000))\n--- stderr:\n\(stderr.prefix(4000))"
        }
    }

    /// Runs `plumb arguments…` in the package root and waits for it without blocking a thread (the tests
    /// run side by side on Swift's cooperative pool, which has one thread per core). A run still going after
    /// `timeout` seconds is killed and fails the test.
    static func run(_ arguments: [String], timeout: Double = 600) async throws -> Run {
        #expect(FileManager.default.isExecutableFile(atPath: binary.path), "no plumb binary at \(binary.path): build the package first")
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.currentDirectoryURL = packageRoot
        // Both streams go to files, so that neither pipe can fill up and block the child.
        let dir = try scratch("run")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        let child = Child(p)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
            child.kill()
        }
        let status: Int32 = try await withCheckedThrowingContinuation { c in
            p.terminationHandler = { c.resume(returning: $0.terminationStatus) }
            do { try p.run() } catch {
                p.terminationHandler = nil
                c.resume(throwing: error)
            }
        }
        watchdog.cancel()
        #expect(!child.killed, "plumb \(arguments.joined(separator: " ")) ran longer than \(timeout) s and was killed")
        try out.close()
        try err.close()
        return Run(arguments: arguments, status: status,
                   stdout: try String(contentsOf: outURL, encoding: .utf8),
                   stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// A running child process, shared with the watchdog task that kills it on timeout.
    private final class Child: @unchecked Sendable {
        private let process: Process
        private let lock = NSLock()
        private var wasKilled = false
        init(_ process: Process) { self.process = process }
        /// Whether the watchdog killed the process.
        var killed: Bool { lock.withLock { wasKilled } }
        /// Terminates the process if it is still running.
        func kill() {
            lock.withLock {
                if process.isRunning {
                    wasKilled = true
                    process.terminate()
                }
            }
        }
    }

    /// A new empty folder for one test's outputs, removed by the caller (`defer`).
    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plumbcli-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The JSON object in `url` (fails the test when the file is missing or not a JSON object).
    static func jsonObject(at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        let object = try JSONSerialization.jsonObject(with: data)
        return try #require(object as? [String: Any], "\(url.path) is not a JSON object", sourceLocation: sourceLocation)
    }
}

/// Expectations shared by the CLI tests.
extension PlumbTool.Run {
    /// The run succeeded (exit 0).
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(self)", sourceLocation: sourceLocation)
    }

    /// The run failed with `status` and its standard error names every one of `words` (case-insensitive),
    /// with nothing on standard output that looks like data.
    func expectFailure(_ status: Int32, naming words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(self)", sourceLocation: sourceLocation)
        for w in words {
            #expect(stderr.lowercased().contains(w.lowercased()), "standard error does not name '\(w)': \(self)",
                    sourceLocation: sourceLocation)
        }
    }
}
