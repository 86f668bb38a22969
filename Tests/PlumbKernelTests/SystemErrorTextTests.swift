import Foundation
import Testing
import PlumbKernel
#if canImport(Glibc)
import Glibc
#endif

@Suite("One-line write failures")
struct SystemErrorTextTests {
    /// Issue 23: a Foundation file error printed as "The operation could not be completed.
    /// (NSCocoaErrorDomain error 512.)" on main e6e5f67; the POSIX cause is named now.
    @Test("Foundation's directory-creation error gives the POSIX reason on one line")
    func cocoaErrorNamesThePOSIXCause() {
        do {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: "/dev/null/sub"), withIntermediateDirectories: true)
            Issue.record("a directory under /dev/null was created")
        } catch {
            let text = SystemErrorText.reason(error)
            #expect(text == "Not a directory (errno 20)", "\(text)")
            #expect(!text.contains("\n"))
        }
    }

    @Test("checkTarget refuses devices, pipes, symbolic links and missing directories before anything is written")
    func checkTarget() throws {
        #expect(throws: Never.self) { try SafeFile.checkTarget("-") }
        #expect(throws: SafeFileError.notARegularFile(path: "/dev/full", kind: "a character device")) {
            try SafeFile.checkTarget("/dev/full")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-check-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/passwd")
        #expect(throws: SafeFileError.notARegularFile(path: link, kind: "a symbolic link")) { try SafeFile.checkTarget(link) }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: SafeFileError.notARegularFile(path: fifo, kind: "a named pipe")) { try SafeFile.checkTarget(fifo) }
        #expect(throws: SafeFileError.self) { try SafeFile.checkTarget(dir.appendingPathComponent("missing/out.json").path) }
        #expect(throws: Never.self) { try SafeFile.checkTarget(dir.appendingPathComponent("new.json").path) }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("new.json").path))
    }
}
