import Foundation
import PlumbKernel
import Testing
import PlumbIO

@Suite("Malformed inputs give the expected typed error and location")
struct MalformedInputTests {
    let xyz: [(name: String, type: String)] = [("x", "float"), ("y", "float"), ("z", "float")]
    let rows: [[Double]] = [[0, 0, 0], [1, 2, 3], [4, 5, 6]]

    /// Length of the header of a fixture (offset of the first data byte).
    func headerLength(_ bytes: [UInt8]) -> Int {
        for marker in ["end_header\n", "DATA binary\n", "DATA binary_compressed\n", "DATA ascii\n"] {
            let m = Array(marker.utf8)
            if bytes.count >= m.count {
                for i in 0...(bytes.count - m.count) where bytes[i..<(i + m.count)].elementsEqual(m) { return i + m.count }
            }
        }
        return -1
    }

    @Test("empty input and unrecognised bytes")
    func emptyAndUnknown() {
        #expect(Fixtures.error([]) == .emptyInput)
        if case .unrecognisedFormat = Fixtures.error(Array("hello world\n".utf8)) {} else { Issue.record("expected unrecognisedFormat") }
        #expect(Fixtures.error(Array("# only comments\n\n".utf8), format: .xyz) == .emptyInput)
    }

    @Test("a header claiming 10^12 vertices in a tiny file fails fast without allocating")
    func absurdCounts() {
        let clock = ContinuousClock()
        for enc in Fixtures.Encoding.allCases {
            var bytes = Fixtures.ply(enc, properties: xyz, rows: rows)
            let s = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "element vertex 3", with: "element vertex 1000000000000")
            bytes = Array(s.utf8)
            let h = headerLength(bytes)
            let start = clock.now
            let e = Fixtures.error(bytes)
            #expect(clock.now - start < .milliseconds(50))
            let remaining = bytes.count - h
            if enc == .ascii {
                // Text cannot be sized exactly from the header: it reads the lines present (capacity
                // bounded by the bytes) and names the first missing record.
                #expect(e == .truncatedData(element: "vertex", index: 3, at: .line(13)))
            } else {
                #expect(e == .declaredSizeExceedsData(element: "vertex", declaredCount: 1_000_000_000_000, minimumBytes: 12_000_000_000_000,
                                                      availableBytes: remaining, at: .byteOffset(h)))
            }
        }
        // Counts that overflow Int arithmetic, and faces with absurd counts before the vertices.
        let huge = Array("ply\nformat binary_little_endian 1.0\nelement face 9223372036854775807\nproperty list uchar int v\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n".utf8) + [UInt8](repeating: 0, count: 20)
        if case .declaredSizeExceedsData(element: "face", declaredCount: Int.max, _, _, _) = Fixtures.error(huge) {} else {
            Issue.record("expected declaredSizeExceedsData for faces, got \(String(describing: Fixtures.error(huge)))")
        }
        let pcd = Array("VERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nWIDTH 1000000000000\nHEIGHT 1\nDATA binary\n".utf8) + [UInt8](repeating: 0, count: 64)
        #expect(Fixtures.error(pcd) == .declaredSizeExceedsData(element: "point", declaredCount: 1_000_000_000_000, minimumBytes: 12_000_000_000_000,
                                                                  availableBytes: 64, at: .byteOffset(pcd.count - 64)))
    }

    @Test("truncated binary vertex data and truncated ascii records")
    func truncation() {
        let bin = Fixtures.ply(.binary_little_endian, properties: xyz, rows: rows)
        let h = headerLength(bin)
        #expect(Fixtures.error(Array(bin.dropLast(5))) == .declaredSizeExceedsData(element: "vertex", declaredCount: 3, minimumBytes: 36,
                                                                                  availableBytes: 31, at: .byteOffset(h)))
        // Faces with a list that runs past the end: the record index and offset are named.
        let faces = Fixtures.ply(.binary_big_endian, properties: xyz, rows: rows, faces: [[0, 1, 2], [2, 1, 0]])
        let cut = Array(faces.dropLast(3))
        // Face 1 starts at h + 36 + 14; its list count is at that offset, its indices end past the data.
        #expect(Fixtures.error(cut) == .truncatedData(element: "face", index: 1, at: .byteOffset(headerLength(faces) + 36 + 14 + 1)))
        let ascii = Fixtures.ply(.ascii, properties: xyz, rows: rows)
        let lines = String(decoding: ascii, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let shortened = Array((lines.prefix(lines.count - 2).joined(separator: "\n") + "\n").utf8)
        // Header has 9 lines: data rows are lines 10, 11, 12; row 2 (line 12) is missing.
        #expect(Fixtures.error(shortened) == .truncatedData(element: "vertex", index: 2, at: .line(12)))
    }

    @Test("header problems: unknown type, missing coordinate, missing end_header, bad keyword, missing vertex")
    func headers() {
        let unknown = Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty flt x\nend_header\n1\n".utf8)
        #expect(Fixtures.error(unknown) == .unknownScalarType(name: "flt", at: .line(4)))
        let noZ = Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nend_header\n1 2\n".utf8)
        #expect(Fixtures.error(noZ) == .missingCoordinate(axis: "z"))
        let noEnd = Array("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\n".utf8)
        #expect(Fixtures.error(noEnd) == .malformedHeader(detail: "missing 'end_header'", at: .line(4)))
        let keyword = Array("ply\nformat ascii 1.0\nelemnt vertex 1\nend_header\n".utf8)
        #expect(Fixtures.error(keyword) == .malformedHeader(detail: "unknown header keyword 'elemnt'", at: .line(3)))
        let noVertex = Array("ply\nformat ascii 1.0\nelement face 0\nproperty list uchar int v\nend_header\n".utf8)
        #expect(Fixtures.error(noVertex) == .missingElement(name: "vertex"))
        let encoding = Array("ply\nformat binary_middle_endian 1.0\nend_header\n".utf8)
        #expect(Fixtures.error(encoding) == .unsupportedEncoding(format: .ply, encoding: "binary_middle_endian"))
        let long = Array("ply\nformat ascii 1.0\ncomment ".utf8) + [UInt8](repeating: 0x41, count: 70_000) + Array("\nend_header\n".utf8)
        #expect(Fixtures.error(long) == .malformedHeader(detail: "header line longer than 65536 bytes", at: .line(3)))
        let negative = Array("ply\nformat ascii 1.0\nelement vertex -1\nend_header\n".utf8)
        #expect(Fixtures.error(negative) == .malformedHeader(detail: "bad element count '-1'", at: .line(3)))
    }

    @Test("ascii body problems: malformed number, wrong value count, trailing data, out-of-range integer")
    func asciiBody() {
        let head = "ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n"
        #expect(Fixtures.error(Array((head + "1 2 3 0 0 0\n1.2.3 0 0 0 0 0\n").utf8)) == .malformedNumber(token: "1.2.3", at: .line(12)))
        #expect(Fixtures.error(Array((head + "1 2 3 0 0 0\n1 2 3 0 0\n").utf8)) == .wrongValueCount(expected: 6, found: 5, at: .line(12)))
        #expect(Fixtures.error(Array((head + "1 2 3 0 0 0 9\n1 2 3 0 0 0\n").utf8)) == .wrongValueCount(expected: 6, found: 7, at: .line(11)))
        #expect(Fixtures.error(Array((head + "1 2 3 0 0 0\n1 2 3 0 0 0\n7 7 7 0 0 0\n").utf8)) == .unexpectedTrailingData(at: .line(13)))
        #expect(Fixtures.error(Array((head + "1 2 3 0 0 0\n1 2 3 256 0 0\n").utf8)) == .malformedNumber(token: "256", at: .line(12)))
        #expect(Fixtures.error(Array((head + "1 2 3 0 0 0\n1 2 3 1.5 0 0\n").utf8)) == .malformedNumber(token: "1.5", at: .line(12)))
        // Blank lines between records are tolerated.
        if case let .success(r) = Fixtures.result(Array((head + "1 2 3 0 0 0\n\n  \n4 5 6 1 1 1\n\n").utf8)) {
            #expect(r.cloud.count == 2)
        } else { Issue.record("blank lines should be tolerated") }
    }

    @Test("NaN/Inf coordinates in unorganised clouds fail with the point index, or are dropped and counted")
    func nonFinite() throws {
        let ascii = Array("ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n1 nan 1\n2 2 -inf\n".utf8)
        #expect(Fixtures.error(ascii) == .nonFiniteCoordinate(pointIndex: 1, at: .line(9)))
        let dropped = try PointCloudReader.read(bytes: ascii, options: .init(nonFiniteCoordinates: .drop))
        #expect(dropped.cloud.count == 1)
        #expect(dropped.report.drops == [PointDrop(reason: .nonFiniteCoordinate, count: 2)])
        #expect(dropped.report.recordsRead == 3)
        let bin = Fixtures.ply(.binary_little_endian, properties: xyz, rows: [[0, 0, 0], [1, 1, 1], [.infinity, 0, 0]])
        #expect(Fixtures.error(bin) == .nonFiniteCoordinate(pointIndex: 2, at: .byteOffset(headerLength(bin) + 24)))
        let xyzText = Array("1 2 3\n4 5 6\nNaN 1 1\n".utf8)
        #expect(Fixtures.error(xyzText, format: .xyz) == .nonFiniteCoordinate(pointIndex: 2, at: .line(3)))
        // A finite double that does not fit a Float offset is rejected, not turned into infinity.
        let far = Array("0 0 0\n1e300 0 0\n".utf8)
        if case .valueOutOfRange(property: "coordinate", _, at: .line(2)) = Fixtures.error(far, format: .xyz) {} else {
            Issue.record("expected valueOutOfRange for 1e300")
        }
    }

    @Test("binary list with a negative count and a frame index out of range")
    func binaryValues() {
        var faces = Fixtures.ply(.binary_little_endian, properties: [("x", "float"), ("y", "float"), ("z", "float")],
                                 rows: rows, faces: [[0, 1, 2]])
        // Retype the face count as signed char and write -1 there.
        let s = String(decoding: faces, as: UTF8.self).replacingOccurrences(of: "list uchar int", with: "list char  int")
        faces = Array(s.utf8)
        let h = headerLength(faces)
        faces[h + 36] = 0xFF
        #expect(Fixtures.error(faces) == .valueOutOfRange(property: "vertex_indices", value: "-1", at: .byteOffset(h + 36)))
        let frames = Fixtures.ply(.binary_little_endian, properties: [("x", "float"), ("y", "float"), ("z", "float"), ("frame", "int")],
                                  rows: [[0, 0, 0, 3], [0, 0, 0, -4]])
        #expect(Fixtures.error(frames) == .valueOutOfRange(property: "frame", value: "-4.0", at: .byteOffset(headerLength(frames) + 16 + 12)))
    }

    @Test("PCD header problems")
    func pcdHeaders() {
        let base = "VERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 2\nHEIGHT 1\nPOINTS 2\nDATA ascii\n1 2 3\n4 5 6\n"
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "POINTS 2", with: "POINTS 3").utf8))
                == .malformedHeader(detail: "POINTS 3 differs from WIDTH × HEIGHT = 2", at: .line(9)))
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "TYPE F F F", with: "TYPE F F Q").utf8))
                == .unknownScalarType(name: "Q4", at: .line(2)))
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "SIZE 4 4 4", with: "SIZE 4 4 2").utf8))
                == .unknownScalarType(name: "F2", at: .line(2)))
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "SIZE 4 4 4", with: "SIZE 4 4").utf8))
                == .malformedHeader(detail: "SIZE has 2 values for 3 fields", at: .line(9)))
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "DATA ascii", with: "DATA zip").utf8))
                == .unsupportedEncoding(format: .pcd, encoding: "zip"))
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "FIELDS x y z", with: "FIELDS x y w").utf8))
                == .missingCoordinate(axis: "z"))
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "DATA ascii\n1 2 3\n4 5 6\n", with: "").utf8))
                == .malformedHeader(detail: "missing DATA line", at: .line(8)))
        #expect(Fixtures.error(Array(base.replacingOccurrences(of: "4 5 6\n", with: "4 5\n").utf8))
                == .wrongValueCount(expected: 3, found: 2, at: .line(11)))
        #expect(Fixtures.error(Array((base + "7 8 9\n").utf8)) == .unexpectedTrailingData(at: .line(12)))
    }

    @Test("PCD binary_compressed: lying sizes and corrupt streams")
    func pcdCompressed() throws {
        let cloud = Fixtures.randomCloud(count: 50, seed: 4, normals: false, colors: false, intensity: false, frames: false)
        let good = try PointCloudWriter.encode(cloud, format: .pcd, encoding: .binaryCompressed)
        let h = headerLength(good)
        #expect(try PointCloudReader.read(bytes: good).cloud.x == cloud.x)
        // Compressed size larger than the bytes present.
        var big = good
        big.replaceSubrange(h..<(h + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
        if case .declaredSizeExceedsData(element: "compressed block", _, _, _, at: .byteOffset(h + 8)) = Fixtures.error(big) {} else {
            Issue.record("expected declaredSizeExceedsData, got \(String(describing: Fixtures.error(big)))")
        }
        // Uncompressed size that disagrees with POINTS.
        var lie = good
        lie[h + 4] &+= 4
        if case .corruptCompressedData(_, at: .byteOffset(h + 4)) = Fixtures.error(lie) {} else { Issue.record("expected size mismatch") }
        // A back reference pointing before the start of the output.
        var bad = good
        bad[h + 8] = 0xE0 | 0x1F
        if case .corruptCompressedData(_, at: .byteOffset(h + 8)) = Fixtures.error(bad) {} else {
            Issue.record("expected corrupt stream, got \(String(describing: Fixtures.error(bad)))")
        }
    }

    @Test("XYZ problems: inconsistent columns, malformed numbers, colour range, too few columns")
    func xyzBody() {
        #expect(Fixtures.error(Array("# c\n1 2 3\n4 5 6 7\n".utf8), format: .xyz) == .wrongValueCount(expected: 3, found: 4, at: .line(3)))
        #expect(Fixtures.error(Array("1,2,3\n4,5,x\n".utf8), format: .xyz) == .malformedNumber(token: "x", at: .line(2)))
        #expect(Fixtures.error(Array("1 2 3 0 0 300\n".utf8), format: .xyz) == .valueOutOfRange(property: "colour", value: "300", at: .line(1)))
        #expect(Fixtures.error(Array("1 2\n".utf8), format: .xyz) == .wrongValueCount(expected: 3, found: 2, at: .line(1)))
    }
}
