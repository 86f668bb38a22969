import Foundation
import PlumbKernel
import Testing
@testable import PlumbIO
#if canImport(Glibc)
import Glibc
#endif

@Suite("Input budgets and safe output of the point-cloud readers and writers")
struct InputBudgetTests {
    private func folder(_ tag: String) throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("plumbio-budget-\(tag)-\(getpid())")
        try? FileManager.default.removeItem(at: u)
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    @Test("a source without a size (/dev/zero) is refused once it passes maximumStreamBytes")
    func endlessStream() throws {
        let limit = 4 << 20
        let start = ContinuousClock.now
        #expect(throws: PointCloudFormatError.streamTooLong(path: "/dev/zero", limit: limit)) {
            try PointCloudReader.read(contentsOf: URL(fileURLWithPath: "/dev/zero"), options: .init(maximumStreamBytes: limit))
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(PointCloudReadOptions().maximumStreamBytes == 64 << 20)
    }

    @Test("a finite named pipe is still read")
    func finitePipe() throws {
        let dir = try folder("fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("cloud.xyz").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            let text = Array("1 2 3\n4 5 6\n7 8 9\n".utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let r = try PointCloudReader.read(contentsOf: URL(fileURLWithPath: fifo))
        #expect(r.cloud.count == 3)
    }

    /// A `binary_compressed` PCD whose block header claims `declared` uncompressed bytes (POINTS agrees)
    /// while the block is `compressed` bytes of zeros, left sparse on disk.
    private func lyingPCD(at url: URL, compressed: Int) throws -> (header: Int, declared: Int) {
        let points = compressed * LZF.maximumExpansion / 12
        let header = """
            # .PCD v0.7
            VERSION 0.7
            FIELDS x y z
            SIZE 4 4 4
            TYPE F F F
            COUNT 1 1 1
            WIDTH \(points)
            HEIGHT 1
            VIEWPOINT 0 0 0 1 0 0 0
            POINTS \(points)
            DATA binary_compressed

            """
        var bytes = Array(header.utf8)
        let h = bytes.count
        for v in [UInt32(compressed), UInt32(points * 12)] { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        try Data(bytes).write(to: url)
        #expect(truncate(url.path, off_t(h + 8 + compressed)) == 0)
        return (h, points * 12)
    }

    @Test("a sparse binary_compressed PCD with a lying size field is refused before allocating")
    func lyingCompressedSize() throws {
        let dir = try folder("pcd")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("lying.pcd")
        let (h, declared) = try lyingPCD(at: url, compressed: 4 << 20)
        #expect(declared > 300_000_000)
        do {
            _ = try PointCloudReader.read(contentsOf: url)
            Issue.record("the lying file was read")
        } catch {
            // 4 MiB of zeros decode (literal runs of one byte) to 2 MiB, measured before any allocation.
            #expect(error == .corruptCompressedData(
                detail: "the stream decodes to \(2 << 20) bytes, not the declared \(declared)", at: .byteOffset(h + 4)))
        }
    }

    @Test("LZF.decodedLength agrees with decompress on real streams and finds the same errors")
    func decodedLength() {
        var g = SeededGenerator(seed: 9)
        for n in [0, 1, 31, 32, 33, 1000, 70_000] {
            let input = (0..<n).map { i in i % 7 == 0 ? UInt8.random(in: 0...255, using: &g) : UInt8(i % 5) }
            let c = LZF.compress(input)
            let length = c.withUnsafeBytes { LZF.decodedLength($0) }
            #expect(length == .success(n))
        }
        let bad: [UInt8] = [0x20, 0x05]  // back reference at output position 0
        #expect(bad.withUnsafeBytes { LZF.decodedLength($0) } == .failure(.init(inputOffset: 0, detail: "back reference before the start of the output")))
    }

    @Test("a UTF-8 byte-order mark before a header gets a message that says so")
    func byteOrderMark() {
        let ply = [0xEF, 0xBB, 0xBF] + Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n1 2 3\n".utf8)
        guard case let .unrecognisedFormat(detail)? = Fixtures.error(ply) else { Issue.record("expected unrecognisedFormat"); return }
        #expect(detail.contains("byte-order mark"))
        guard case let .unrecognisedFormat(d2)? = Fixtures.error([0xEF, 0xBB, 0xBF] + Array("1 2 3\n".utf8), format: .xyz) else {
            Issue.record("expected unrecognisedFormat for XYZ"); return
        }
        #expect(d2.contains("byte-order mark"))
    }

    @Test("PointCloudWriter refuses symbolic links and devices and keeps them as they were")
    func writerRefusesNonRegular() throws {
        let dir = try folder("writer")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cloud = Fixtures.randomCloud(count: 10, seed: 1, normals: false, colors: false, intensity: false, frames: false)
        let victim = dir.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let link = dir.appendingPathComponent("scan.ply")
        #expect(symlink(victim.path, link.path) == 0)
        #expect(throws: PointCloudFormatError.cannotWriteFile(
            path: link.path, reason: SafeFileError.notARegularFile(path: link.path, kind: "a symbolic link").reason)) {
            try PointCloudWriter.write(cloud, to: link)
        }
        #expect(FileManager.default.contents(atPath: victim.path) == Data("keep".utf8))
        #expect(throws: PointCloudFormatError.self) {
            try PointCloudWriter.write(cloud, to: URL(fileURLWithPath: "/dev/full"), format: .ply)
        }
        var st = stat()
        #expect(lstat("/dev/full", &st) != 0 || (st.st_mode & S_IFMT) == S_IFCHR)
        let ok = dir.appendingPathComponent("ok.ply")
        try PointCloudWriter.write(cloud, to: ok)
        #expect(try PointCloudReader.read(contentsOf: ok).cloud.count == 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["ok.ply", "scan.ply", "victim.txt"])
    }
}
