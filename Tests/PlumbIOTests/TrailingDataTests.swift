import Foundation
import Testing
import PlumbKernel
import PlumbIO

/// Issue 23: bytes after a binary PLY's last vertex and an XYZ file cut inside its last number were
/// accepted silently on main e6e5f67, bytes after a binary PCD's last point on main bac13bf; all are
/// typed errors with their position now.
@Suite("Trailing and truncated data")
struct TrailingDataTests {
    static let props: [(name: String, type: String)] = [("x", "float"), ("y", "float"), ("z", "float")]
    static let rows: [[Double]] = [[0, 0, 0], [1, 2, 3], [4, 5, 6]]

    @Test("binary PLY: junk after the last vertex is unexpectedTrailingData at its byte offset, in both byte orders")
    func binaryPLYTrailingJunk() throws {
        for enc in [Fixtures.Encoding.binary_little_endian, .binary_big_endian] {
            let clean = Fixtures.ply(enc, properties: Self.props, rows: Self.rows)
            #expect(Fixtures.error(clean) == nil)
            for junk in [Array("JUNK".utf8), [UInt8](repeating: 0, count: 16), [0x0A, 0x0A, 0x0A], [0x41]] {
                #expect(Fixtures.error(clean + junk) == .unexpectedTrailingData(at: .byteOffset(clean.count)), "\(enc) \(junk)")
            }
        }
    }

    @Test("binary PLY: one line ending after the body (some writers add it) is still accepted")
    func binaryPLYFinalNewline() throws {
        let clean = Fixtures.ply(.binary_little_endian, properties: Self.props, rows: Self.rows)
        for ending in [[UInt8(0x0A)], [0x0D, 0x0A]] {
            let r = try PointCloudReader.read(bytes: clean + ending, format: .ply)
            #expect(r.cloud.count == 3)
            #expect(r.report.trailingByteCount == ending.count)
        }
    }

    /// Issue 23: on main bac13bf a binary PCD's bytes after its last point were only counted
    /// (`trailingByteCount`) and the file read as if whole.
    @Test("binary PCD: junk after the last point is unexpectedTrailingData at its byte offset; one line ending is accepted")
    func binaryPCDTrailingJunk() throws {
        let fields: [(name: String, size: Int, type: String, count: Int)] = [("x", 4, "F", 1), ("y", 4, "F", 1), ("z", 4, "F", 1)]
        let clean = Fixtures.pcd(fields: fields, rows: Self.rows, data: "binary")
        #expect(Fixtures.error(clean) == nil)
        for junk in [Array("JUNK".utf8), [UInt8](repeating: 0, count: 12), [0x0A, 0x0A, 0x0A], [0x41]] {
            #expect(Fixtures.error(clean + junk) == .unexpectedTrailingData(at: .byteOffset(clean.count)), "\(junk)")
        }
        for ending in [[UInt8(0x0A)], [0x0D, 0x0A]] {
            let r = try PointCloudReader.read(bytes: clean + ending, format: .pcd)
            #expect(r.cloud.count == 3 && r.report.trailingByteCount == ending.count)
        }
    }

    /// PCL's `binary_compressed` writer leaves zeroed padding after the block (3,902 and 3,911 bytes in
    /// its office1.pcd and room_scan1.pcd): kept accepted; any other byte there is refused where it is.
    @Test("binary_compressed PCD: zero padding after the block is accepted, other bytes are refused at their offset")
    func compressedPCDTrailingJunk() throws {
        let cloud = Fixtures.randomCloud(count: 50, seed: 4, normals: false, colors: false, intensity: false, frames: false)
        let good = try PointCloudWriter.encode(cloud, format: .pcd, encoding: .binaryCompressed)
        #expect(try PointCloudReader.read(bytes: good).report.trailingByteCount == 0)
        let padded = try PointCloudReader.read(bytes: good + [UInt8](repeating: 0, count: 3902))
        #expect(padded.cloud.x == cloud.x && padded.report.trailingByteCount == 3902)
        #expect(Fixtures.error(good + Array("JUNK".utf8)) == .unexpectedTrailingData(at: .byteOffset(good.count)))
        #expect(Fixtures.error(good + [0, 0, 0, 7, 0]) == .unexpectedTrailingData(at: .byteOffset(good.count + 3)))
    }

    @Test("XYZ: a last line cut inside a number is truncatedData naming the point and line")
    func xyzCutInsideLastNumber() throws {
        let body = "0 0 0\n1 1 1\n2 2 2\n"
        for cut in ["1.5 2.5 3.", "1.5 2.5 3e", "1.5 2.5 -", "1.5,2.5,3,", "1.5 2.5 3.1e+"] {
            #expect(Fixtures.error(Array((body + cut).utf8), format: .xyz) == .truncatedData(element: "point", index: 3, at: .line(4)), "\(cut)")
        }
        // Complete files: with or without a final line ending, a number ending in a digit is whole.
        #expect(try PointCloudReader.read(bytes: Array((body + "1.5 2.5 3.25").utf8), format: .xyz).cloud.count == 4)
        #expect(try PointCloudReader.read(bytes: Array((body + "1.5 2.5 3.\n").utf8), format: .xyz).cloud.count == 4)
        // A comment as the last line is not a number.
        #expect(try PointCloudReader.read(bytes: Array((body + "# end.").utf8), format: .xyz).cloud.count == 3)
    }
}
