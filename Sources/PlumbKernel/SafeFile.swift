import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``SafeFile`` refused or failed to read or write a file. Every case names the path; the
/// ``description`` is one line with control characters escaped (safe to print on a terminal).
public enum SafeFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output path exists and is not a regular file (`kind`: "a symbolic link", "a directory",
    /// "a character device", "a block device", "a named pipe", "a socket"). Nothing was written and
    /// the existing entry is untouched. Use `-` (``SafeFile/standardOutputPath``) for standard output.
    case notARegularFile(path: String, kind: String)
    /// Writing failed (`reason` is the operation and the system's message). The previous file at
    /// `path`, if any, is unchanged and no temporary file is left behind.
    case cannotWrite(path: String, reason: String)
    /// The input could not be opened or read.
    case cannotRead(path: String, reason: String)
    /// The input is larger than `limit` bytes; `bytes` is its size when the file system reports one
    /// (regular files), `nil` for streams, which are read only up to the limit.
    case inputTooLarge(path: String, bytes: Int?, limit: Int)

    /// A one-line description with control characters escaped.
    public var description: String {
        let text: String
        switch self {
        case let .notARegularFile(p, k):
            text = "refusing to write '\(p)': it is \(k), not a regular file (use '-' for standard output)"
        case let .cannotWrite(p, r): text = "cannot write '\(p)': \(r) (any previous file is unchanged)"
        case let .cannotRead(p, r): text = "cannot read '\(p)': \(r)"
        case let .inputTooLarge(p, b?, l): text = "'\(p)' has \(b) bytes, more than the \(l)-byte input limit"
        case let .inputTooLarge(p, nil, l): text = "'\(p)' is a stream longer than the \(l)-byte input limit"
        }
        return TerminalText.sanitised(text, keepNewlines: false)
    }

    /// The path the error is about (as given; `standard output` for a failed write to it).
    public var path: String {
        switch self {
        case let .notARegularFile(p, _), let .cannotWrite(p, _), let .cannotRead(p, _), let .inputTooLarge(p, _, _): return p
        }
    }

    /// The problem without the path, for errors that name the path themselves (control characters
    /// escaped).
    public var reason: String {
        let text: String
        switch self {
        case let .notARegularFile(_, k): text = "it is \(k), not a regular file; nothing was written (use '-' for standard output)"
        case let .cannotWrite(_, r): text = "\(r) (any previous file is unchanged)"
        case let .cannotRead(_, r): text = r
        case let .inputTooLarge(_, b?, l): text = "\(b) bytes, more than the \(l)-byte input limit"
        case let .inputTooLarge(_, nil, l): text = "a stream longer than the \(l)-byte input limit"
        }
        return TerminalText.sanitised(text, keepNewlines: false)
    }
}

/// Text that is safe to print on a terminal: control characters (C0 except, optionally, newline and
/// tab; DEL; C1) become visible `\u{1B}`-style escapes, so that escape sequences carried by input
/// files (names, header lines) cannot reach the terminal. O(length).
package enum TerminalText {
    /// `text` with every control character escaped; `keepNewlines` keeps `\n` and `\t` as they are.
    package static func sanitised(_ text: String, keepNewlines: Bool = true) -> String {
        var out = String.UnicodeScalarView()
        var changed = false
        for s in text.unicodeScalars {
            let v = s.value
            let control = v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            if control && !(keepNewlines && (v == 0x0A || v == 0x09)) {
                changed = true
                out.append(contentsOf: "\\u{\(String(v, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(s)
            }
        }
        return changed ? String(out) : text
    }
}

/// The one home of file output and bounded file input for every Plumbline target.
///
/// **Writing** (``write(_:to:)``): the bytes go to a new temporary file in the target's directory
/// (`.<name>.<pid>-<n>.tmp`, created exclusively, mode 0666 minus the umask, or the replaced file's
/// mode), are flushed with `fsync`, and the temporary is renamed over the target, so a reader sees
/// either the old file or the complete new one; a full disk, a read-only directory or an interrupted
/// write leaves the previous file intact and removes the temporary. An existing entry that is not a
/// regular file (symbolic link, directory, device such as `/dev/full` or `/dev/stdout`, pipe, socket)
/// is never replaced: ``SafeFileError/notARegularFile(path:kind:)``. Standard output is written only
/// when asked for explicitly, with the path `-` in ``write(_:toOutput:)``. A command writing several
/// files stages them all in a ``SafeFileBatch`` first, so a failure replaces none of them.
///
/// **Reading** (``read(contentsOf:limit:)``): at most `limit` bytes are ever read; a regular file's
/// size is checked before reading, a stream (pipe, `/dev/zero`) is refused as soon as it passes the
/// limit. Memory: the bytes read, never more than `limit + 1` bytes (the buffer is reserved address
/// space whose pages are touched only as they are filled).
public enum SafeFile {
    /// The output path that means standard output in ``write(_:toOutput:)`` (and the CLI's `-o -`).
    public static let standardOutputPath = "-"

    /// Writes `data` atomically to the file `url` (see the type's rules).
    /// - Throws: ``SafeFileError/notARegularFile(path:kind:)``, ``SafeFileError/cannotWrite(path:reason:)``.
    /// - Complexity: O(bytes), plus one `fsync` of the file and of its directory.
    public static func write(_ data: Data, to url: URL) throws(SafeFileError) {
        try write(data, toFile: url.path)
    }

    /// Writes `data` to `path`: standard output when `path` is `-`, else atomically to the file (see
    /// ``write(_:to:)``).
    /// - Throws: as ``write(_:to:)``; ``SafeFileError/cannotWrite(path:reason:)`` when standard output
    ///   fails (for example a closed pipe or a full disk behind a redirection).
    public static func write(_ data: Data, toOutput path: String) throws(SafeFileError) {
        if path == standardOutputPath {
            if let e = data.withUnsafeBytes({ writeAll(STDOUT_FILENO, $0, using: systemWrite) }) {
                throw .cannotWrite(path: "standard output", reason: e)
            }
            return
        }
        try write(data, toFile: path)
    }

    /// Checks, without writing, that ``write(_:toOutput:)`` could replace or create `path`: `-`, or a
    /// path whose existing entry is a regular file and whose directory exists and is writable. Commands
    /// that write several files check every target first, so a refused target leaves nothing written.
    /// - Throws: ``SafeFileError/notARegularFile(path:kind:)``, ``SafeFileError/cannotWrite(path:reason:)``.
    /// - Complexity: two system calls.
    public static func checkTarget(_ path: String) throws(SafeFileError) {
        if path == standardOutputPath { return }
        _ = try existingRegularFile(path)
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if access(dir, W_OK | X_OK) != 0 {
            throw .cannotWrite(path: path, reason: "cannot write in '\(dir)': \(systemMessage())")
        }
    }

    /// Reads the whole file or stream at `path`, refusing it once it exceeds `limit` bytes.
    /// - Throws: ``SafeFileError/inputTooLarge(path:bytes:limit:)`` (before reading, for a regular file
    ///   whose size exceeds the limit; after `limit + 1` bytes for a stream),
    ///   ``SafeFileError/cannotRead(path:reason:)``.
    /// - Complexity: O(bytes read); memory ≤ `limit + 1` bytes.
    public static func read(contentsOf path: String, limit: Int) throws(SafeFileError) -> Data {
        precondition(limit >= 0, "negative input limit")
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: systemMessage()) }
        defer { close(fd) }
        return try read(fileDescriptor: fd, path: path, limit: limit)
    }

    /// Reads an open descriptor to its end like ``read(contentsOf:limit:)`` (`path` names it in errors).
    /// The descriptor stays open.
    public static func read(fileDescriptor fd: Int32, path: String, limit: Int) throws(SafeFileError) -> Data {
        precondition(limit >= 0, "negative input limit")
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .cannotRead(path: path, reason: systemMessage()) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw .cannotRead(path: path, reason: "it is a directory") }
        let regular = (st.st_mode & S_IFMT) == S_IFREG
        if regular, Int(st.st_size) > limit { throw .inputTooLarge(path: path, bytes: Int(st.st_size), limit: limit) }
        // Reserve address space for limit + 1 bytes; only the pages filled by read() become memory.
        let reserved = max(limit + 1, 1)
        guard let base = mmap(nil, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | mapNoReserve, -1, 0),
              base != MAP_FAILED
        else { throw .cannotRead(path: path, reason: "cannot reserve \(reserved) bytes: \(systemMessage())") }
        var count = 0
        while count < reserved {
            let got = systemRead(fd, base + count, min(reserved - count, 1 << 20))
            if got < 0 {
                if errno == EINTR { continue }
                let m = systemMessage()
                munmap(base, reserved)
                throw .cannotRead(path: path, reason: m)
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else {
            munmap(base, reserved)
            throw .inputTooLarge(path: path, bytes: regular ? count : nil, limit: limit)
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { p, _ in _ = munmap(p, reserved) })
    }

    /// Removes every temporary file still being written when the process receives SIGINT, SIGTERM or
    /// SIGHUP, then ends the process with that signal as before (the targets keep their previous
    /// contents). Meant for command-line tools; call once at start-up. Libraries should not call it.
    public static func removeTemporariesOnInterrupt() {
        _ = TemporaryRegistry.shared
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { s in
                TemporaryRegistry.shared.unlinkAll()
                signal(s, SIG_DFL)
                raise(s)
            }
        }
    }

    // MARK: - Internals

    /// One `write(2)` call: (descriptor, bytes, count) → bytes written or -1 with `errno` set.
    typealias WriteCall = (Int32, UnsafeRawPointer, Int) -> Int

    static func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, p, n)
        #elseif canImport(Musl)
        Musl.write(fd, p, n)
        #else
        Darwin.write(fd, p, n)
        #endif
    }

    static func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, p, n)
        #elseif canImport(Musl)
        Musl.read(fd, p, n)
        #else
        Darwin.read(fd, p, n)
        #endif
    }

    #if os(Linux)
    static let mapNoReserve = MAP_NORESERVE
    #else
    static let mapNoReserve: Int32 = 0
    #endif

    /// The `lstat` of the regular file at `path`, `nil` when nothing is there; anything that is not a
    /// regular file is refused (never replaced).
    static func existingRegularFile(_ path: String) throws(SafeFileError) -> stat? {
        guard !path.isEmpty else { throw .cannotWrite(path: path, reason: "empty path") }
        guard !path.hasSuffix("/") else { throw .notARegularFile(path: path, kind: "a directory") }
        var st = stat()
        if lstat(path, &st) == 0 {
            if let kind = kindName(st.st_mode) { throw .notARegularFile(path: path, kind: kind) }
            return st
        } else if errno != ENOENT {
            throw .cannotWrite(path: path, reason: systemMessage())
        }
        return nil
    }

    /// The write path with an injectable `write(2)` (tests use it to simulate a full disk).
    static func write(_ data: Data, toFile path: String, using call: WriteCall = systemWrite) throws(SafeFileError) {
        try stage(data, toFile: path, using: call).commit()
    }

    /// A complete, synced temporary file waiting to be renamed over its target.
    struct Staged {
        /// The target path.
        let path: String
        /// The temporary's path (in the target's directory).
        let temporary: String
        /// The target's directory.
        let directory: String
        /// The temporary's slot in ``TemporaryRegistry/shared``.
        let slot: Int?

        /// Renames the temporary over the target and syncs the directory.
        func commit() throws(SafeFileError) {
            guard rename(temporary, path) == 0 else {
                let m = systemMessage()
                discard()
                throw .cannotWrite(path: path, reason: "rename: \(m)")
            }
            TemporaryRegistry.shared.remove(slot)
            // Make the rename itself durable (best effort: some file systems refuse fsync on directories).
            let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dfd >= 0 {
                _ = fsync(dfd)
                close(dfd)
            }
        }

        /// Removes the temporary (the target is untouched).
        func discard() {
            unlink(temporary)
            TemporaryRegistry.shared.remove(slot)
        }
    }

    /// Writes `data` to a fresh temporary beside `path` and syncs it, without touching `path`; the caller
    /// commits (renames) or discards it.
    static func stage(_ data: Data, toFile path: String, using call: WriteCall = systemWrite) throws(SafeFileError) -> Staged {
        let existing = try existingRegularFile(path)
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // Exclusive creation of a fresh temporary beside the target (same file system: rename is atomic).
        // The name is registered for the signal handler before the file exists, so an interrupt at any
        // moment finds it (unlinking a name not yet created, or already renamed, is harmless).
        var tmp = ""
        var fd: Int32 = -1
        var slot: Int?
        let pid = getpid()
        for _ in 0..<1000 {
            tmp = "\(dir)/.\(name.prefix(200)).\(pid)-\(TemporaryRegistry.shared.nextSerial()).tmp"
            slot = TemporaryRegistry.shared.add(tmp)
            fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if fd >= 0 { break }
            let e = errno
            TemporaryRegistry.shared.remove(slot)
            errno = e
            if e != EEXIST { break }
        }
        guard fd >= 0 else {
            throw .cannotWrite(path: path, reason: "cannot create a temporary file in '\(dir)': \(systemMessage())")
        }
        func fail(_ reason: String) -> SafeFileError {
            close(fd)
            unlink(tmp)
            TemporaryRegistry.shared.remove(slot)
            return .cannotWrite(path: path, reason: reason)
        }
        if let existing {
            // Keep the replaced file's permissions and, where allowed, its owner.
            fchmod(fd, existing.st_mode & 0o7777)
            if getuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        }
        let failure = data.withUnsafeBytes { writeAll(fd, $0, using: call) }
        if let failure { throw fail(failure) }
        guard fsync(fd) == 0 else { throw fail("fsync: \(systemMessage())") }
        guard close(fd) == 0 else {
            let m = systemMessage()
            unlink(tmp)
            TemporaryRegistry.shared.remove(slot)
            throw .cannotWrite(path: path, reason: "close: \(m)")
        }
        return Staged(path: path, temporary: tmp, directory: dir, slot: slot)
    }

    /// Writes all of `raw` to `fd`, retrying short writes and `EINTR`; the error text or `nil`.
    static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer, using call: WriteCall) -> String? {
        guard let base = raw.baseAddress else { return nil }
        var done = 0
        while done < raw.count {
            let n = call(fd, base + done, min(raw.count - done, 1 << 26))
            if n < 0 {
                if errno == EINTR { continue }
                return "write after \(done) of \(raw.count) bytes: \(systemMessage())"
            }
            if n == 0 { return "write after \(done) of \(raw.count) bytes: no progress" }
            done += n
        }
        return nil
    }

    /// A readable name of a non-regular file type, `nil` for a regular file.
    static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    static func systemMessage() -> String {
        let e = errno
        return String(cString: strerror(e)) + " (errno \(e))"
    }
}

/// Paths of the temporaries being written, in fixed C buffers that a signal handler can read without
/// allocating (64 slots of 4096 bytes; a longer path or a 65th concurrent write is simply not
/// registered and then not removed on a signal).
final class TemporaryRegistry: @unchecked Sendable {
    static let shared = TemporaryRegistry()
    static let slots = 64
    static let pathCapacity = 4096

    private let buffers: UnsafeMutablePointer<CChar>
    private let active: UnsafeMutablePointer<Int32>
    private let lock = NSLock()

    /// An empty registry (the process uses ``shared``; tests make their own).
    init() {
        buffers = .allocate(capacity: Self.slots * Self.pathCapacity)
        buffers.initialize(repeating: 0, count: Self.slots * Self.pathCapacity)
        active = .allocate(capacity: Self.slots)
        active.initialize(repeating: 0, count: Self.slots)
    }

    /// Registers `path`; the slot to pass to ``remove(_:)``, or `nil` when it could not be registered.
    func add(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < Self.pathCapacity else { return nil }
        lock.lock()
        defer { lock.unlock() }
        for i in 0..<Self.slots where active[i] == 0 {
            let b = buffers + i * Self.pathCapacity
            for (k, c) in bytes.enumerated() { b[k] = CChar(bitPattern: c) }
            b[bytes.count] = 0
            active[i] = 1
            return i
        }
        return nil
    }

    private var serial = 0

    /// A process-wide counter for temporary names (unique within the process).
    func nextSerial() -> Int {
        lock.lock()
        defer { lock.unlock() }
        serial += 1
        return serial
    }

    /// Forgets a slot (the temporary was renamed or removed).
    func remove(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        active[slot] = 0
        lock.unlock()
    }

    /// Unlinks every registered temporary. Async-signal-safe: no locks, no allocation.
    func unlinkAll() {
        for i in 0..<Self.slots where active[i] != 0 { unlink(buffers + i * Self.pathCapacity) }
    }
}

/// One-line reasons for Foundation file errors: the POSIX cause (`Not a directory (errno 20)`) instead
/// of Foundation's `The operation could not be completed. (NSCocoaErrorDomain error 512.)`.
package enum SystemErrorText {
    /// The most specific one-line reason `error` carries: an underlying POSIX error's `strerror` text
    /// and number when there is one (searched through `NSUnderlyingErrorKey`), else the localized
    /// description; control characters escaped, newlines folded.
    /// - Complexity: O(depth of the underlying-error chain + length of the text).
    package static func reason(_ error: any Error) -> String {
        var current: NSError? = error as NSError
        var depth = 0
        while let e = current, depth < 8 {
            if e.domain == NSPOSIXErrorDomain, e.code > 0 {
                return "\(String(cString: strerror(Int32(e.code)))) (errno \(e.code))"
            }
            // Linux Foundation keeps the underlying error as a Swift `Error`, not an `NSError` object.
            current = (e.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            depth += 1
        }
        let text = (error as NSError).localizedDescription.replacingOccurrences(of: "\n", with: " ")
        return TerminalText.sanitised(text, keepNewlines: false)
    }
}

/// Several outputs of one command replaced together: each ``add(_:toOutput:)`` writes its bytes to a
/// synced temporary beside the target (``SafeFile``'s rules: a non-regular target is refused) without
/// touching the target; ``commit()`` then renames every temporary over its target and writes the
/// standard-output parts. A failure while adding (a full disk at the third file) or a batch dropped
/// without commit removes every temporary, so no target is replaced: the previous outputs stay a
/// consistent set. (The renames themselves do not fail on a disk that was able to hold the temporaries;
/// if one does, the targets renamed before it keep their new contents.)
public final class SafeFileBatch {
    private var staged: [SafeFile.Staged] = []
    private var standardOutput: [Data] = []
    private var paths = Set<String>()
    private var committed = false
    private let call: SafeFile.WriteCall

    /// An empty batch.
    public convenience init() { self.init(using: SafeFile.systemWrite) }

    /// A batch whose temporaries are written with `call` (tests inject a failing `write(2)`).
    init(using call: @escaping SafeFile.WriteCall) { self.call = call }

    /// The targets added so far (`-` for standard output), in order.
    public private(set) var targets: [String] = []

    /// Stages `data` for `path`: standard output when `path` is `-` (written by ``commit()``), else a
    /// synced temporary file beside `path`.
    /// - Throws: ``SafeFileError/notARegularFile(path:kind:)``, ``SafeFileError/cannotWrite(path:reason:)``
    ///   (also when `path` was already added: one command does not write a file twice); the batch is then
    ///   discarded (every temporary removed), and adding more throws too.
    public func add(_ data: Data, toOutput path: String) throws(SafeFileError) {
        guard !committed else { throw .cannotWrite(path: path, reason: "the batch of outputs was already committed or discarded") }
        do throws(SafeFileError) {
            if path == SafeFile.standardOutputPath {
                standardOutput.append(data)
            } else {
                guard paths.insert(path).inserted else {
                    throw .cannotWrite(path: path, reason: "the same file is written twice by one command")
                }
                staged.append(try SafeFile.stage(data, toFile: path, using: call))
            }
            targets.append(path)
        } catch {
            discard()
            throw error
        }
    }

    /// Stages `data` for the file `url` (see ``add(_:toOutput:)``).
    public func add(_ data: Data, to url: URL) throws(SafeFileError) { try add(data, toOutput: url.path) }

    /// Renames every temporary over its target, in the order added, then writes the standard-output parts.
    /// - Throws: ``SafeFileError/cannotWrite(path:reason:)`` for a failed rename (the temporaries not yet
    ///   renamed are removed) or a failed write to standard output.
    public func commit() throws(SafeFileError) {
        guard !committed else { return }
        committed = true
        for (k, s) in staged.enumerated() {
            do throws(SafeFileError) { try s.commit() } catch {
                for rest in staged[(k + 1)...] { rest.discard() }
                staged = []
                throw error
            }
        }
        staged = []
        for d in standardOutput { try SafeFile.write(d, toOutput: SafeFile.standardOutputPath) }
        standardOutput = []
    }

    /// Removes every temporary; no target is touched. Adding or committing afterwards does nothing.
    public func discard() {
        committed = true
        for s in staged { s.discard() }
        staged = []
        standardOutput = []
    }

    deinit { if !committed { discard() } }
}
