import Foundation
import Testing
@testable import PlumbKernel
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the system temporary directory, removed by the caller.
private func scratchFolder(_ tag: String) throws -> String {
    let p = FileManager.default.temporaryDirectory.appendingPathComponent("safefile-\(tag)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: p)
    try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
    return p
}

private func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

private func entries(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

/// Whether this process may mount file systems (root in a container that allows it).
private let canMountTmpfs: Bool = {
    guard getuid() == 0 else { return false }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("safefile-mountprobe-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]) else { return false }
    _ = run("/bin/umount", [dir])
    return true
}()

@discardableResult
private func run(_ tool: String, _ args: [String]) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = args
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
}

/// A fresh folder with a 64 KiB tmpfs mounted on it (see `canMountTmpfs`); ``unmount(_:)`` removes it.
private func mountedTmpfs(_ tag: String) throws -> String {
    let dir = try scratchFolder(tag)
    #expect(run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]))
    return dir
}

/// Unmounts and removes a folder from ``mountedTmpfs(_:)``.
private func unmount(_ dir: String) {
    _ = run("/bin/umount", [dir])
    try? FileManager.default.removeItem(atPath: dir)
}

/// A `write(2)` that accepts `limit` bytes in all, then fails with `ENOSPC` (a disk filling up).
private func diskFull(after limit: Int) -> SafeFile.WriteCall {
    var written = 0
    return { fd, p, n in
        if written >= limit {
            errno = ENOSPC
            return -1
        }
        let k = min(n, limit - written)
        written += k
        return SafeFile.systemWrite(fd, p, k)
    }
}

@Suite("SafeFile: atomic output that never replaces non-regular files, bounded input")
struct SafeFileTests {
    @Test("writes a new file and replaces an old one atomically, keeping its mode, leaving no temporary")
    func writeAndReplace() throws {
        let dir = try scratchFolder("replace")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/out.json"
        try SafeFile.write(Data("first".utf8), to: URL(fileURLWithPath: target))
        #expect(contents(target) == Array("first".utf8))
        chmod(target, 0o640)
        try SafeFile.write(Data(repeating: 7, count: 300_000), to: URL(fileURLWithPath: target))
        #expect(contents(target) == [UInt8](repeating: 7, count: 300_000))
        var st = stat()
        #expect(lstat(target, &st) == 0 && st.st_mode & 0o777 == 0o640)
        #expect(entries(dir) == ["out.json"])
    }

    @Test("refuses /dev/full, /dev/null and /dev/stdout as targets and leaves them devices (also as root)")
    func refusesDevices() throws {
        for dev in ["/dev/full", "/dev/null"] where FileManager.default.fileExists(atPath: dev) {
            #expect(throws: SafeFileError.notARegularFile(path: dev, kind: "a character device")) {
                try SafeFile.write(Data("x".utf8), to: URL(fileURLWithPath: dev))
            }
            var st = stat()
            #expect(lstat(dev, &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR, "\(dev) must still be a device")
        }
        // /dev/stdout is a symbolic link on Linux: refused as such, never replaced.
        var st = stat()
        if lstat("/dev/stdout", &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
            #expect(throws: SafeFileError.notARegularFile(path: "/dev/stdout", kind: "a symbolic link")) {
                try SafeFile.write(Data("x".utf8), toOutput: "/dev/stdout")
            }
            #expect(lstat("/dev/stdout", &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        }
    }

    @Test("refuses a symbolic link, a directory and a named pipe; each stays as it was")
    func refusesOtherKinds() throws {
        let dir = try scratchFolder("kinds")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let victim = dir + "/victim.txt"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
        let link = dir + "/link.json"
        #expect(symlink(victim, link) == 0)
        #expect(throws: SafeFileError.notARegularFile(path: link, kind: "a symbolic link")) {
            try SafeFile.write(Data("evil".utf8), to: URL(fileURLWithPath: link))
        }
        #expect(contents(victim) == Array("keep".utf8))
        var st = stat()
        #expect(lstat(link, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        let sub = dir + "/sub"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        #expect(throws: SafeFileError.notARegularFile(path: sub, kind: "a directory")) {
            try SafeFile.write(Data("x".utf8), to: URL(fileURLWithPath: sub))
        }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: SafeFileError.notARegularFile(path: fifo, kind: "a named pipe")) {
            try SafeFile.write(Data("x".utf8), to: URL(fileURLWithPath: fifo))
        }
        #expect(entries(dir) == ["link.json", "pipe", "sub", "victim.txt"])
    }

    @Test("a write that fails part-way (disk full, injected) keeps the old file and removes the temporary")
    func injectedDiskFull() throws {
        let dir = try scratchFolder("inject")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let target = dir + "/model.json"
        try SafeFile.write(Data("old model".utf8), to: URL(fileURLWithPath: target))
        // write(2) accepts 4096 bytes, then reports ENOSPC.
        let fullAfter4K = diskFull(after: 4096)
        do {
            try SafeFile.write(Data(repeating: 1, count: 100_000), toFile: target, using: fullAfter4K)
            Issue.record("the failing write was not reported")
        } catch {
            guard case let .cannotWrite(path, reason) = error else { Issue.record("unexpected \(error)"); return }
            #expect(path == target)
            #expect(reason.contains("4096 of 100000") && reason.contains("errno \(ENOSPC)"))
            #expect(!error.description.contains("\n"))
        }
        #expect(contents(target) == Array("old model".utf8))
        #expect(entries(dir) == ["model.json"])
    }

    @Test("a real full disk (64 KiB tmpfs) and a read-only mount keep the previous output intact",
          .enabled(if: canMountTmpfs, "needs root and mount(8)"))
    func tmpfsFullAndReadOnly() throws {
        let dir = try mountedTmpfs("tmpfs")
        defer { unmount(dir) }
        let target = dir + "/plan.json"
        let old = Data(repeating: 42, count: 20_000)
        try SafeFile.write(old, to: URL(fileURLWithPath: target))
        #expect(throws: SafeFileError.self) { try SafeFile.write(Data(repeating: 1, count: 200_000), to: URL(fileURLWithPath: target)) }
        #expect(contents(target) == [UInt8](old))
        #expect(entries(dir) == ["plan.json"])
        #expect(run("/bin/mount", ["-o", "remount,ro", dir]))
        do {
            try SafeFile.write(Data("new".utf8), to: URL(fileURLWithPath: target))
            Issue.record("writing into a read-only mount succeeded")
        } catch {
            guard case let .cannotWrite(_, reason) = error else { Issue.record("unexpected \(error)"); return }
            #expect(reason.contains("temporary") && reason.contains("errno \(EROFS)"))
        }
        #expect(contents(target) == [UInt8](old))
    }

    /// Issue 23: on main bac13bf a command writing several files replaced them one by one, so a disk
    /// that filled at the second left the first new and the second old (a mixed set).
    @Test("a batch replaces no target when a later file fails (disk full, injected); committed, it replaces all")
    func batchIsAllOrNothing() throws {
        let dir = try scratchFolder("batch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = dir + "/model.usdz", b = dir + "/plan.svg"
        try SafeFile.write(Data("old a".utf8), to: URL(fileURLWithPath: a))
        try SafeFile.write(Data("old b".utf8), to: URL(fileURLWithPath: b))
        // write(2) takes the first file's 1,000 bytes, then reports ENOSPC.
        let failing = SafeFileBatch(using: diskFull(after: 1000))
        try failing.add(Data(repeating: 1, count: 1000), toOutput: a)
        #expect(contents(a) == Array("old a".utf8))  // staged, not yet replaced
        do {
            try failing.add(Data(repeating: 2, count: 5000), toOutput: b)
            Issue.record("the failing write was not reported")
        } catch {
            guard case let .cannotWrite(path, reason) = error else { Issue.record("unexpected \(error)"); return }
            #expect(path == b && reason.contains("errno \(ENOSPC)"))
        }
        #expect(throws: SafeFileError.self) { try failing.add(Data("late".utf8), toOutput: dir + "/late.txt") }
        try failing.commit()  // nothing left to commit: the failure discarded the batch
        #expect(contents(a) == Array("old a".utf8))
        #expect(contents(b) == Array("old b".utf8))
        #expect(entries(dir) == ["model.usdz", "plan.svg"])
        // A batch dropped without commit removes its temporaries and replaces nothing.
        do {
            let dropped = SafeFileBatch()
            try dropped.add(Data("new a".utf8), toOutput: a)
            #expect(entries(dir).count == 3)
        }
        #expect(entries(dir) == ["model.usdz", "plan.svg"] && contents(a) == Array("old a".utf8))
        // Committed: every target replaced, no temporary left; a refused target fails before any write.
        let ok = SafeFileBatch()
        try ok.add(Data("new a".utf8), toOutput: a)
        try ok.add(Data("new b".utf8), toOutput: b)
        try ok.commit()
        #expect(contents(a) == Array("new a".utf8) && contents(b) == Array("new b".utf8))
        #expect(entries(dir) == ["model.usdz", "plan.svg"])
        #expect(ok.targets == [a, b])
    }

    /// A rename that fails at commit (here the second target became a non-empty directory after it was
    /// staged, so rename(2) refuses with EISDIR): the error names that target and the system's reason,
    /// the targets renamed before it keep their new contents (as documented), the directory is untouched,
    /// the later targets keep their old contents, and no temporary is left behind.
    @Test("a rename that fails at commit names its target, leaves later targets old and no temporary behind")
    func batchRenameFailure() throws {
        let dir = try scratchFolder("batch-rename")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = dir + "/a.json", b = dir + "/b.svg", c = dir + "/c.ifc"
        for (p, old) in [(a, "old a"), (b, "old b"), (c, "old c")] { try SafeFile.write(Data(old.utf8), to: URL(fileURLWithPath: p)) }
        let batch = SafeFileBatch()
        try batch.add(Data("new a".utf8), toOutput: a)
        try batch.add(Data("new b".utf8), toOutput: b)
        try batch.add(Data("new c".utf8), toOutput: c)
        #expect(entries(dir).count == 6)  // three targets, three staged temporaries
        // Between staging and commit, b becomes a directory holding a file.
        #expect(unlink(b) == 0)
        try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: false)
        try SafeFile.write(Data("inside".utf8), to: URL(fileURLWithPath: b + "/keep"))
        do {
            try batch.commit()
            Issue.record("the failed rename was not reported")
        } catch {
            guard case let .cannotWrite(path, reason) = error else { Issue.record("unexpected \(error)"); return }
            #expect(path == b)
            #expect(reason.hasPrefix("rename: ") && reason.contains("errno"), "\(reason)")
        }
        #expect(contents(a) == Array("new a".utf8))
        #expect(contents(b + "/keep") == Array("inside".utf8))
        #expect(contents(c) == Array("old c".utf8))
        #expect(entries(dir) == ["a.json", "b.svg", "c.ifc"])
        try batch.commit()  // committed once: nothing more happens
        #expect(contents(c) == Array("old c".utf8))
    }

    @Test("a batch on a real full disk (64 KiB tmpfs): the first file fits, the second does not, neither is replaced",
          .enabled(if: canMountTmpfs, "needs root and mount(8)"))
    func batchOnFullTmpfs() throws {
        let dir = try mountedTmpfs("batch-tmpfs")
        defer { unmount(dir) }
        let a = dir + "/a.svg", b = dir + "/b.svg"
        try SafeFile.write(Data(repeating: 7, count: 8_000), to: URL(fileURLWithPath: a))
        try SafeFile.write(Data(repeating: 8, count: 8_000), to: URL(fileURLWithPath: b))
        let batch = SafeFileBatch()
        try batch.add(Data(repeating: 1, count: 20_000), toOutput: a)
        #expect(throws: SafeFileError.self) { try batch.add(Data(repeating: 2, count: 60_000), toOutput: b) }
        #expect(contents(a) == [UInt8](repeating: 7, count: 8_000))
        #expect(contents(b) == [UInt8](repeating: 8, count: 8_000))
        #expect(entries(dir) == ["a.svg", "b.svg"])
    }

    @Test("'-' writes to standard output")
    func standardOutput() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let saved = dup(STDOUT_FILENO)
        fflush(nil)
        dup2(fds[1], STDOUT_FILENO)
        let payload = "{\"plumb-safeio-marker\": \(getpid())}\n"
        let result = Result { () throws(SafeFileError) in try SafeFile.write(Data(payload.utf8), toOutput: "-") }
        dup2(saved, STDOUT_FILENO)
        close(saved)
        close(fds[1])
        let got = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        #expect(throws: Never.self) { try result.get() }
        #expect(String(decoding: got, as: UTF8.self).contains(payload))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }

    @Test("bounded reading: a regular file over the limit is refused by its size, /dev/zero after limit + 1 bytes")
    func boundedRead() throws {
        let dir = try scratchFolder("read")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let small = dir + "/small"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: small))
        #expect(try SafeFile.read(contentsOf: small, limit: 5) == Data("hello".utf8))
        #expect(throws: SafeFileError.inputTooLarge(path: small, bytes: 5, limit: 4)) { try SafeFile.read(contentsOf: small, limit: 4) }
        // A sparse 8 GiB file: refused by its size at once (reading it would take seconds and gigabytes).
        let huge = dir + "/huge"
        let fd = open(huge, O_CREAT | O_WRONLY, 0o644)
        #expect(ftruncate(fd, 8 << 30) == 0)
        close(fd)
        let start = ContinuousClock.now
        #expect(throws: SafeFileError.inputTooLarge(path: huge, bytes: 8 << 30, limit: 64 << 20)) {
            try SafeFile.read(contentsOf: huge, limit: 64 << 20)
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(throws: SafeFileError.inputTooLarge(path: "/dev/zero", bytes: nil, limit: 1 << 20)) {
            try SafeFile.read(contentsOf: "/dev/zero", limit: 1 << 20)
        }
        #expect(throws: SafeFileError.cannotRead(path: dir, reason: "it is a directory")) { try SafeFile.read(contentsOf: dir, limit: 10) }
    }

    @Test("terminal text: escape sequences and control characters become visible escapes")
    func terminalText() {
        #expect(TerminalText.sanitised("a\u{1B}[31mred\u{07}\nok\tx") == "a\\u{1B}[31mred\\u{7}\nok\tx")
        #expect(TerminalText.sanitised("line\nbreak", keepNewlines: false) == "line\\u{A}break")
        #expect(TerminalText.sanitised("caf\u{E9} \u{9B}2J") == "caf\u{E9} \\u{9B}2J")
        let e = SafeFileError.cannotWrite(path: "/tmp/\u{1B}]0;pwned\u{07}", reason: "x")
        #expect(!e.description.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("signal cleanup: registered temporaries are unlinked, finished ones are not")
    func signalCleanup() throws {
        let dir = try scratchFolder("signal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmp = dir + "/.out.json.1-1.tmp", done = dir + "/.done.tmp"
        try Data("partial".utf8).write(to: URL(fileURLWithPath: tmp))
        try Data("x".utf8).write(to: URL(fileURLWithPath: done))
        let registry = TemporaryRegistry()  // not the shared one: other tests' writes must not be touched
        let slot = registry.add(tmp)
        let other = registry.add(done)
        registry.remove(other)
        #expect(slot != nil)
        registry.unlinkAll()
        registry.remove(slot)
        #expect(entries(dir) == [".done.tmp"])
    }
}
