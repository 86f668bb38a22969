import Foundation
import PlumbKernel
import Testing
import PlumbIO

/// Files written by laspy and pye57 (libE57Format) through `Scripts/write_las_e57.py fixtures`, once per
/// test process, with their truth files; `nil` (tests skip) when python3 or a module is missing.
enum IndependentWriterFixtures {
    static let interpreter = ProcessInfo.processInfo.environment["PLUMB_PYTHON"] ?? "python3"

    /// The folder of fixtures, or why there is none.
    static let folder: Result<URL, SkipReason> = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plumbio-las-e57-\(UUID().uuidString)")
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/write_las_e57.py").path
        guard let probe = try? python(["-c", "import laspy, pye57, numpy"]), probe.status == 0 else {
            return .failure(SkipReason(text: "python3 cannot import laspy and pye57 (python3 -m pip install laspy pye57)"))
        }
        guard let run = try? python([script, "fixtures", dir.path]), run.status == 0 else {
            return .failure(SkipReason(text: "Scripts/write_las_e57.py fixtures failed"))
        }
        return .success(dir)
    }()

    struct SkipReason: Error { let text: String }

    /// Runs the interpreter with `args`; standard error is discarded, standard output returned.
    static func python(_ args: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [interpreter] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The fixture folder, or `nil` after printing why the calling test skips.
    static func folderOrSkip(_ test: String) -> URL? {
        switch folder {
        case let .success(u): return u
        case let .failure(r):
            print("SKIP \(test): \(r.text)")
            return nil
        }
    }

    /// Rows of `columns` little-endian doubles.
    static func truth(_ url: URL, columns: Int) throws -> [[Double]] {
        let data = try Data(contentsOf: url)
        let values = data.withUnsafeBytes { raw in
            (0..<(raw.count / 8)).map { Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))) }
        }
        return stride(from: 0, to: values.count, by: columns).map { Array(values[$0..<($0 + columns)]) }
    }
}

@Suite("LAS reader")
struct LASReaderTests {
    /// laspy writes formats 0-3 (LAS 1.2/1.3) and 6-8 (LAS 1.4), 3,000 points ~500 km from zero at 1 mm
    /// scale, 5 % withheld, 5 % synthetic, extra bytes in two of them. Every kept point must lie within
    /// half the scale (0.5 mm, the quantisation) plus 10 µm (Float local coordinates within ±50 m of the
    /// origin round by at most 3.8 µm) of the un-quantised truth; intensity and colour exactly.
    @Test("laspy files, point formats 0-3 and 6-8, round trip", arguments: ["p0_v12", "p1_v12", "p2_v12", "p3_v13", "p6_v14", "p7_v14", "p8_v14"])
    func laspyRoundTrip(name: String) throws {
        guard let dir = IndependentWriterFixtures.folderOrSkip("laspy round trip") else { return }
        let truth = try IndependentWriterFixtures.truth(dir.appendingPathComponent("las_\(name).truth"), columns: 8)
        let r = try PointCloudReader.read(contentsOf: dir.appendingPathComponent("las_\(name).las"))
        let kept = truth.filter { $0[7] == 0 }
        #expect(r.report.format == .las)
        #expect(r.report.declaredPointCount == truth.count)
        #expect(r.report.recordsRead == truth.count)
        #expect(r.report.drops == [PointDrop(reason: .withheld, count: truth.count - kept.count)])
        #expect(r.cloud.count == kept.count)
        #expect(r.report.skippedProperties.contains("extra_bytes(10)") == ["p3_v13", "p7_v14"].contains(name))
        let hasRGB = ["p2_v12", "p3_v13", "p7_v14", "p8_v14"].contains(name)
        #expect((r.cloud.colors != nil) == hasRGB)
        // The origin sits near the data, so the Float locals are small.
        let tolerance = 0.0005 + 1e-5
        var worst = 0.0
        for (i, t) in kept.enumerated() {
            let w = r.cloud.worldPoint(i)
            worst = max(worst, abs(w.x - t[0]), abs(w.y - t[1]), abs(w.z - t[2]))
            #expect(abs(r.cloud.x[i]) < 100 && abs(r.cloud.y[i]) < 100 && abs(r.cloud.z[i]) < 100)
            if r.cloud.intensity?[i] != Float(t[3]) { Issue.record("intensity of point \(i)"); break }
            if hasRGB, let c = r.cloud.colors, [c.r[i], c.g[i], c.b[i]] != [UInt8(t[4] / 256), UInt8(t[5] / 256), UInt8(t[6] / 256)] {
                Issue.record("colour of point \(i)")
                break
            }
        }
        #expect(worst <= tolerance, "worst coordinate error \(worst) m")
        print("LAS \(name): \(r.cloud.count) points, worst coordinate error \(worst) m (tolerance \(tolerance))")
    }

    static let points: [SIMD3<Int32>] = (0..<40).map { (i: Int) -> SIMD3<Int32> in
        SIMD3<Int32>(Int32(i * 1001), Int32(-i * 37), Int32(i * i))
    }

    @Test("hand-built formats 0-10, versions 1.2 and 1.4, extra bytes and withheld points")
    func handBuilt() throws {
        for format in UInt8(0)...10 {
            for (minor, extra) in [(UInt8(2), 0), (4, 7)] where format < 6 || minor == 4 {
                let bytes = LASE57Fixtures.las(points: Self.points, format: format, minor: minor, extraBytes: extra, withheld: [3, 17])
                let r = try PointCloudReader.read(bytes: bytes)
                #expect(r.cloud.count == 38)
                #expect(r.report.drops == [PointDrop(reason: .withheld, count: 2)])
                let kept = Self.points.indices.filter { $0 != 3 && $0 != 17 }
                for (j, i) in kept.enumerated() {
                    let p = Self.points[i]
                    let wx: Double = Double(p.x) * 0.001 + 500_000
                    let wy: Double = Double(p.y) * 0.001 + 4_000_000
                    let want = SIMD3<Double>(wx, wy, Double(p.z) * 0.001)
                    let err = r.cloud.worldPoint(j) - want
                    #expect(max(abs(err.x), abs(err.y), abs(err.z)) < 1e-5, "format \(format) point \(i)")
                    #expect(r.cloud.intensity?[j] == Float(i * 10))
                    if let c = r.cloud.colors { #expect(c.g[j] == UInt8(i * 2 % 256), "format \(format)") }
                }
                #expect((r.cloud.colors != nil) == [2, 3, 5, 7, 8, 10].contains(format))
                #expect(r.cloud.origin == SIMD3(500_000, 4_000_000, 0))
            }
        }
    }

    @Test("truncated at every 13th byte: a typed error naming the header or the missing bytes")
    func truncated() {
        let bytes = LASE57Fixtures.las(points: Self.points, format: 3, minor: 4)
        for cut in stride(from: 1, to: bytes.count, by: 13) {
            let e = Fixtures.error(Array(bytes[0..<cut]), format: .las)
            switch e {
            case .truncatedData(element: "LAS header", index: 0, at: .byteOffset(cut)): #expect(cut < 375)
            case .malformedHeader(_, at: .byteOffset(0)): #expect(cut < 4)
            case let .declaredSizeExceedsData(element, count, need, have, at):
                #expect(element == "LAS point" && count == 40 && need == 40 * 34 && have == cut - 375 && at == .byteOffset(375))
            default: Issue.record("cut at \(cut): \(String(describing: e))")
            }
        }
    }

    /// Patches `bytes` at `offset`.
    func patched(_ bytes: [UInt8], _ offset: Int, _ value: [UInt8]) -> [UInt8] {
        var b = bytes
        b.replaceSubrange(offset..<(offset + value.count), with: value)
        return b
    }

    @Test("lying headers: counts, offsets, record lengths, scales, versions, formats, LAZ")
    func lyingHeaders() throws {
        typealias O = LASE57Fixtures.LASOffset
        let v12 = LASE57Fixtures.las(points: Self.points, format: 1)
        let v14 = LASE57Fixtures.las(points: Self.points, format: 6, minor: 4)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(Fixtures.error(patched(v12, O.legacyCount, LASE57Fixtures.le(UInt32.max)))
            == .declaredSizeExceedsData(element: "LAS point", declaredCount: Int(UInt32.max), minimumBytes: Int(UInt32.max) * 28,
                                        availableBytes: 40 * 28, at: .byteOffset(227)))
        #expect(Fixtures.error(patched(v14, O.count64, LASE57Fixtures.le(UInt64.max)))
            == .declaredSizeExceedsData(element: "LAS point", declaredCount: Int.max, minimumBytes: Int.max,
                                        availableBytes: 40 * 30, at: .byteOffset(375)))
        #expect(Fixtures.error(patched(v14, O.count64, LASE57Fixtures.le(UInt64(1) << 60)))
            == .declaredSizeExceedsData(element: "LAS point", declaredCount: 1 << 60, minimumBytes: Int.max,
                                        availableBytes: 40 * 30, at: .byteOffset(375)))
        #expect(clock.now - start < .milliseconds(50))
        if case .malformedHeader(_, at: .byteOffset(O.dataOffset)) = Fixtures.error(patched(v12, O.dataOffset, LASE57Fixtures.le(UInt32(1 << 30)))) {} else {
            Issue.record("offset to point data beyond the file")
        }
        if case .malformedHeader(_, at: .byteOffset(O.dataOffset)) = Fixtures.error(patched(v12, O.dataOffset, LASE57Fixtures.le(UInt32(100)))) {} else {
            Issue.record("offset to point data inside the header")
        }
        if case .malformedHeader(_, at: .byteOffset(O.recordLength)) = Fixtures.error(patched(v12, O.recordLength, LASE57Fixtures.le(UInt16(27)))) {} else {
            Issue.record("record length below the format's")
        }
        if case .malformedHeader(_, at: .byteOffset(O.headerSize)) = Fixtures.error(patched(v12, O.headerSize, LASE57Fixtures.le(UInt16(100)))) {} else {
            Issue.record("header size below 227")
        }
        if case .truncatedData(element: "LAS header", _, _) = Fixtures.error(patched(v12, O.headerSize, LASE57Fixtures.le(UInt16(60000)))) {} else {
            Issue.record("header size beyond the file")
        }
        // A record length larger than the data: more bytes per point than present.
        if case .declaredSizeExceedsData(element: "LAS point", declaredCount: 40, minimumBytes: 40 * 1000, _, _) =
            Fixtures.error(patched(v12, O.recordLength, LASE57Fixtures.le(UInt16(1000)))) {} else {
            Issue.record("record length beyond the file")
        }
        for (offset, value) in [(O.scale, Double.nan), (O.scale + 8, 0), (O.offset + 16, .infinity)] {
            if case .malformedHeader(_, at: .byteOffset(offset)) = Fixtures.error(patched(v12, offset, LASE57Fixtures.le(value))) {} else {
                Issue.record("scale/offset \(value) at \(offset)")
            }
        }
        // A finite scale so large the coordinates overflow to infinity.
        #expect(Fixtures.error(patched(v12, O.scale, LASE57Fixtures.le(1e308))) == .nonFiniteCoordinate(pointIndex: 1, at: .byteOffset(227 + 28)))
        let dropped = try PointCloudReader.read(bytes: patched(v12, O.scale, LASE57Fixtures.le(1e308)), options: .init(nonFiniteCoordinates: .drop))
        #expect(dropped.report.drops == [PointDrop(reason: .nonFiniteCoordinate, count: 39)])
        if case .unsupportedFeature(.las, _, at: .byteOffset(104)) = Fixtures.error(patched(v12, O.format, [11])) {} else {
            Issue.record("point format 11")
        }
        if case .unsupportedFeature(.las, _, at: .byteOffset(24)) = Fixtures.error(patched(v12, 24, [2, 0])) {} else {
            Issue.record("LAS 2.0")
        }
        #expect(Fixtures.error(patched(v12, O.format, [0x80 | 1])) == .compressedLAZ(at: .byteOffset(104)))
        #expect(Fixtures.error(patched(v12, O.format, [0x40 | 1])) == .compressedLAZ(at: .byteOffset(104)))
        #expect(PointCloudFormatError.compressedLAZ(at: .byteOffset(104)).description.contains("laszip"))
    }

    @Test(".laz by name, .las by name, and an unknown extension naming the supported formats")
    func extensions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plumbio-las-ext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = LASE57Fixtures.las(points: Self.points)
        for name in ["scan.laz", "scan.LAZ"] {
            try Data(bytes).write(to: dir.appendingPathComponent(name))
            #expect(throws: PointCloudFormatError.compressedLAZ(at: .byteOffset(0))) {
                try PointCloudReader.read(contentsOf: dir.appendingPathComponent(name))
            }
        }
        try Data(bytes).write(to: dir.appendingPathComponent("scan.las"))
        #expect(try PointCloudReader.read(contentsOf: dir.appendingPathComponent("scan.las")).cloud.count == 40)
        #expect(PointCloudFormat(fileExtension: "LAS") == .las)
        #expect(PointCloudFormat(fileExtension: "e57") == .e57)
        #expect(PointCloudFormat(fileExtension: "laz") == nil)
        try Data("\u{1}\u{2}binary junk".utf8).write(to: dir.appendingPathComponent("scan.fls"))
        let unknown = Result { () throws(PointCloudFormatError) in
            try PointCloudReader.read(contentsOf: dir.appendingPathComponent("scan.fls"))
        }
        if case let .failure(.unrecognisedFormat(detail)) = unknown {
            #expect(detail.contains("'fls'") && detail.contains("ply") && detail.contains("pcd") && detail.contains("las") && detail.contains("e57"))
        } else {
            Issue.record("read an unknown format: \(unknown)")
        }
        #expect(throws: PointCloudFormatError.self) { try PointCloudWriter.encode(Fixtures.randomCloud(count: 3, seed: 1), format: .las) }
    }
}
