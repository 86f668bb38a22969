#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file, memory-mapped read-only when possible (regular, non-empty files) so that only
/// the pages actually touched are loaded; otherwise (pipes, special files) read in 1 MiB chunks.
/// Memory therefore grows with the bytes present in the file, never with what a header claims.
final class MappedFile {
    private let mapped: UnsafeMutableRawPointer?
    private let length: Int
    private let buffer: [UInt8]

    /// Opens and maps (or reads) `path`.
    init(path: String) throws(PointCloudFormatError) {
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
            buffer = []
            return
        }
        var data: [UInt8] = []
        let chunk = 1 << 20
        var scratch = [UInt8](repeating: 0, count: chunk)
        while true {
            let got = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunk) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .cannotReadFile(path: path, reason: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            data.append(contentsOf: scratch[0..<got])
        }
        mapped = nil
        length = data.count
        buffer = data
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
