import Foundation
import PlumbKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file, memory-mapped read-only when possible (regular, non-empty files) so that only
/// the pages actually touched are loaded; otherwise (pipes, special files) read through
/// ``PlumbKernel/SafeFile/read(contentsOf:limit:)`` up to `streamLimit` bytes.
/// Memory therefore grows with the bytes present in the file, never with what a header claims, and a
/// source without an end (`/dev/zero`, an endless pipe) is refused after `streamLimit` bytes.
final class MappedFile {
    private let mapped: UnsafeMutableRawPointer?
    private let length: Int
    private let buffer: Data

    /// Opens and maps (or reads, at most `streamLimit` bytes) `path`.
    init(path: String, streamLimit: Int = PointCloudReadOptions.defaultMaximumStreamBytes) throws(PointCloudFormatError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .cannotReadFile(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .cannotReadFile(path: path, reason: String(cString: strerror(errno))) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw .cannotReadFile(path: path, reason: "is a directory") }
        let size = Int(st.st_size)
        if (st.st_mode & S_IFMT) == S_IFREG, size > 0,
           let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED {
            mapped = p
            length = size
            buffer = Data()
            return
        }
        do throws(SafeFileError) {
            buffer = try SafeFile.read(fileDescriptor: fd, path: path, limit: streamLimit)
        } catch .inputTooLarge {
            throw .streamTooLong(path: path, limit: streamLimit)
        } catch .cannotRead(_, let reason) {
            throw .cannotReadFile(path: path, reason: reason)
        } catch {
            throw .cannotReadFile(path: path, reason: error.description)
        }
        mapped = nil
        length = buffer.count
    }

    deinit {
        if let mapped { munmap(mapped, length) }
    }

    /// Calls `body` with the file's bytes; the pointer is valid only inside `body`.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let mapped { return body(UnsafeRawBufferPointer(start: mapped, count: length)) }
        return buffer.withUnsafeBytes(body)
    }
}
