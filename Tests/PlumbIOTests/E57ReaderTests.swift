import Foundation
import PlumbKernel
import Testing
@testable import PlumbIO

@Suite("E57 reader")
struct E57ReaderTests {
    /// pye57's libE57Format writes two scans ~500 km from zero with different poses: scan 0 cartesian
    /// `ScaledInteger` (0.5 mm) with `cartesianInvalidState`, scan 1 spherical `Float` double with
    /// `sphericalInvalidState`; both with `Float` intensity and `Integer` colours. Tolerances: scan 0
    /// half the scale on each scanner axis, rotated (√3 × 0.25 mm) plus 10 µm of `Float` local rounding;
    /// scan 1 10 µm (doubles, then `Float` locals within ±60 m of the origin: ≤ 3.8 µm per axis).
    @Test("pye57 file: two posed scans, cartesian scaled integers and spherical doubles, invalid points dropped")
    func pye57RoundTrip() throws {
        guard let dir = IndependentWriterFixtures.folderOrSkip("pye57 round trip") else { return }
        let truth = try IndependentWriterFixtures.truth(dir.appendingPathComponent("e57.truth"), columns: 9)
        let poses = try String(contentsOf: dir.appendingPathComponent("e57.poses"), encoding: .utf8)
            .split(separator: "\n").map { line in line.split(separator: " ").map { Double($0)! } }
        let r = try PointCloudReader.read(contentsOf: dir.appendingPathComponent("two_scans.e57"))
        let valid = truth.filter { $0[1] != 0 }
        #expect(r.report.format == .e57)
        #expect(r.report.declaredPointCount == truth.count)
        #expect(r.report.recordsRead == truth.count)
        #expect(r.report.drops == [PointDrop(reason: .invalidState, count: truth.count - valid.count)])
        #expect(r.report.sensorCount == 2)
        #expect(r.cloud.sensorOrigins == poses.map { SIMD3<Double>($0[0], $0[1], $0[2]) })
        try r.cloud.validate()
        #expect(r.cloud.count == valid.count)
        var worst = [0.0, 0.0]
        for (i, t) in valid.enumerated() {
            let scan = Int(t[0])
            if r.cloud.frameIndex?[i] != UInt32(scan) { Issue.record("frame of point \(i)"); break }
            let w = r.cloud.worldPoint(i)
            let want = SIMD3<Double>(t[2], t[3], t[4])
            worst[scan] = max(worst[scan], distance(w, want))
            if r.cloud.intensity?[i] != Float(t[5]) { Issue.record("intensity of point \(i)"); break }
            if let c = r.cloud.colors, [c.r[i], c.g[i], c.b[i]] != [UInt8(t[6]), UInt8(t[7]), UInt8(t[8])] {
                Issue.record("colour of point \(i)")
                break
            }
        }
        #expect(r.cloud.colors != nil)
        let tolerance = [Double(3).squareRoot() * 0.00025 + 1e-5, 1e-5]
        #expect(worst[0] <= tolerance[0] && worst[1] <= tolerance[1], "worst errors \(worst) m")
        print("E57: \(r.cloud.count) points, worst error scan 0 (scaled) \(worst[0]) m, scan 1 (double) \(worst[1]) m")
    }

    func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

    static let points: [SIMD3<Double>] = (0..<60).map { (i: Int) -> SIMD3<Double> in
        let d = Double(i)
        let z: Double = 2 + Double(i % 7) * 0.01
        return SIMD3<Double>(d * 0.1, sin(d), z)
    }
    static let states: [Int64] = (0..<60).map { $0 % 9 == 4 ? 2 : ($0 % 13 == 5 ? 1 : 0) }

    /// A valid hand-built file: scan 0 as above at (1000, 2000, 3), scan 1 scaled integers rotated 90° about z at
    /// (1010, 2020, 30).
    static func file(xmlEdit: (String) -> String = { $0 }) -> [UInt8] {
        var s1 = LASE57Fixtures.E57ScanSpec(
            columns: [.integer("cartesianX", [1000, -2000, 3], minimum: -5000, maximum: 5000, scale: 0.001),
                      .integer("cartesianY", [0, 10, 20], minimum: 0, maximum: 20, scale: 0.001),
                      .integer("cartesianZ", [7, 7, 7], minimum: 7, maximum: 7, scale: 0.001)],
            recordCount: 3)
        s1.rotation = SIMD4<Double>(Double(0.5).squareRoot(), 0, 0, Double(0.5).squareRoot())
        s1.translation = SIMD3(1010, 2020, 30)
        return LASE57Fixtures.e57(scans: [LASE57Fixtures.cartesianScan(points, states: states, translation: SIMD3(1000, 2000, 3)), s1],
                                  xmlEdit: xmlEdit)
    }

    @Test("hand-built file: poses, frames, sensors, invalid states, bit-packed integers, constant fields")
    func handBuilt() throws {
        let bytes = Self.file()
        let r = try PointCloudReader.read(bytes: bytes)
        let kept = Self.points.indices.filter { Self.states[$0] == 0 }
        #expect(r.cloud.count == kept.count + 3)
        #expect(r.report.drops == [PointDrop(reason: .invalidState, count: 60 - kept.count)])
        #expect(r.cloud.sensorOrigins == [SIMD3(1000, 2000, 3), SIMD3(1010, 2020, 30)])
        for (j, i) in kept.enumerated() {
            #expect(distance(r.cloud.worldPoint(j), Self.points[i] + SIMD3(1000, 2000, 3)) < 1e-5)
            #expect(r.cloud.frameIndex?[j] == 0)
        }
        // Scan 1: (x, y, z) -> (-y, x, z) + (1010, 2020, 30).
        let want: [SIMD3<Double>] = [SIMD3(1010, 2021, 30.007), SIMD3(1009.99, 2018, 30.007), SIMD3(1009.98, 2020.003, 30.007)]
        for k in 0..<3 {
            #expect(distance(r.cloud.worldPoint(kept.count + k), want[k]) < 1e-5)
            #expect(r.cloud.frameIndex?[kept.count + k] == 1)
        }
        #expect(r.report.skippedElements.isEmpty)
        #expect(r.report.trailingByteCount == 0)
        let ignored = try PointCloudReader.read(bytes: bytes, options: .init(sensorOrigins: .ignore))
        #expect(ignored.cloud.sensorOrigins == nil && ignored.cloud.frameIndex != nil)
    }

    @Test("truncated at every 29th byte and every damaged page: typed errors, never a crash")
    func truncatedAndDamaged() throws {
        let bytes = Self.file()
        for cut in stride(from: 1, to: bytes.count, by: 29) {
            let e = Fixtures.error(Array(bytes[0..<cut]), format: .e57)
            switch e {
            case .malformedHeader(_, at: .byteOffset(0)): #expect(cut < 8)
            case .truncatedData(element: "E57 file header", _, _): #expect(cut < 48)
            case .declaredSizeExceedsData(element: "E57 page", _, _, availableBytes: cut, at: .byteOffset(0)): break
            default: Issue.record("cut at \(cut): \(String(describing: e))")
            }
        }
        // One flipped bit per page: that page's checksum fails, named.
        for page in 0..<(bytes.count / 1024) {
            var b = bytes
            b[page * 1024 + 100] ^= 0x10
            if case .checksumMismatch(page: page, _, _, at: .byteOffset(page * 1024)) = Fixtures.error(b) {} else {
                Issue.record("page \(page): \(String(describing: Fixtures.error(b)))")
            }
            // Without checksums the damage surfaces as another typed error or as changed values.
            _ = Fixtures.result(b, options: .init(verifyChecksums: false))
        }
    }

    @Test("lying headers, sections and XML: typed errors naming the place")
    func lying() throws {
        let bytes = Self.file()
        func header(_ offset: Int, _ value: UInt64) -> [UInt8] {
            var b = bytes
            b.replaceSubrange(offset..<(offset + 8), with: LASE57Fixtures.le(value))
            return LASE57Fixtures.resealed(b)
        }
        #expect(Fixtures.error(header(16, UInt64(1) << 62)) == .declaredSizeExceedsData(
            element: "E57 page", declaredCount: 1 << 52, minimumBytes: 1 << 62, availableBytes: bytes.count, at: .byteOffset(0)))
        if case .malformedHeader(_, at: .byteOffset(16)) = Fixtures.error(header(16, 1000)) {} else { Issue.record("odd physical length") }
        if case .malformedHeader(_, at: .byteOffset(24)) = Fixtures.error(header(24, 1 << 40)) {} else { Issue.record("XML offset") }
        if case .malformedHeader(_, at: .byteOffset(24)) = Fixtures.error(header(24, 1022)) {} else { Issue.record("XML offset in a checksum") }
        if case .declaredSizeExceedsData(element: "E57 XML section", _, _, _, at: .byteOffset(_)) = Fixtures.error(header(32, 1 << 50)) {} else {
            Issue.record("XML length")
        }
        if case .unsupportedFeature(.e57, _, at: .byteOffset(40)) = Fixtures.error(header(40, 2048)) {} else { Issue.record("page size") }
        // The XML lies.
        func xml(_ edit: @escaping (String) -> String) -> PointCloudFormatError? { Fixtures.error(Self.file(xmlEdit: edit)) }
        if case let .declaredSizeExceedsData(element, 1_000_000_000_000_000, _, _, _) = xml({ $0.replacingOccurrences(of: "recordCount=\"60\"", with: "recordCount=\"1000000000000000\"") }) {
            #expect(element == "E57 scan 0 field 'cartesianX'")
        } else { Issue.record("huge record count") }
        if case .declaredSizeExceedsData(element: "E57 scan 0 field 'cartesianX'", declaredCount: 61, _, _, _) =
            xml({ $0.replacingOccurrences(of: "recordCount=\"60\"", with: "recordCount=\"61\"") }) {} else { Issue.record("one record too many") }
        if case .malformedXML(_, at: .line(_)) = xml({ $0.replacingOccurrences(of: "fileOffset=\"48\"", with: "fileOffset=\"99999999\"") }) {} else {
            Issue.record("fileOffset beyond the file")
        }
        if case .corruptCompressedData = xml({ $0.replacingOccurrences(of: "fileOffset=\"48\"", with: "fileOffset=\"52\"") }) {} else {
            Issue.record("fileOffset not at a section")
        }
        if case .malformedXML(_, at: .line(_)) = xml({ $0.replacingOccurrences(of: "</data3D>", with: "") }) {} else { Issue.record("unclosed element") }
        if case .malformedXML(_, at: .line(1)) = xml({ _ in "not xml at all" }) {} else { Issue.record("not XML") }
        if case .malformedXML(_, at: .line(_)) = xml({ $0.replacingOccurrences(of: "<w type=\"Float\">1.0</w>", with: "<w type=\"Float\">one</w>") }) {} else {
            Issue.record("a pose that is not a number")
        }
        if case .malformedXML(_, at: .line(_)) = xml({ $0.replacingOccurrences(of: "<w type=\"Float\">1.0</w>", with: "<w type=\"Float\">0</w>") }) {} else {
            Issue.record("a zero quaternion")
        }
        if case .unsupportedFeature(.e57, _, at: .line(_)) = xml({ $0.replacingOccurrences(of: "allowHeterogeneousChildren=\"1\"></codecs>", with: "allowHeterogeneousChildren=\"1\"><vectorChild type=\"Structure\"/></codecs>") }) {} else {
            Issue.record("a codec")
        }
        #expect(xml({ $0.replacingOccurrences(of: "cartesianZ", with: "cartesianW") }) == .missingCoordinate(axis: "z"))
        #expect(xml({ $0.replacingOccurrences(of: "data3D", with: "data4D") }) == .missingElement(name: "data3D"))
        // Bytes that are not UTF-8 in a name (Foundation's XMLParser traps on them; found by FuzzE57).
        var text = ""
        var patched = Self.file(xmlEdit: { x in
            text = x.replacingOccurrences(of: "<rotation type", with: "<rotation tZpe")
            return text
        })
        let marker = Array("tZpe".utf8)
        if let i = patched.indices.first(where: { patched[$0...].starts(with: marker) }) { patched[i + 1] = 0xF9 }
        let line = text[..<text.range(of: "tZpe")!.lowerBound].filter { $0 == "\n" }.count + 1
        if case .malformedXML(_, at: .line(line)) = Fixtures.error(LASE57Fixtures.resealed(patched)) {} else {
            Issue.record("invalid UTF-8: \(String(describing: Fixtures.error(LASE57Fixtures.resealed(patched))))")
        }
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        if case .malformedXML(_, at: .line(_)) = xml({ $0.replacingOccurrences(of: "<images2D", with: deep + "<images2D") }) {} else {
            Issue.record("deep nesting")
        }
        // Packets: a bytestream count that disagrees with the prototype; an unknown packet type.
        var b = bytes
        b[48 + 32 + 4] = 9
        if case .corruptCompressedData(_, at: .byteOffset(80)) = Fixtures.error(LASE57Fixtures.resealed(b)) {} else { Issue.record("bytestream count") }
        b = bytes
        b[48 + 32] = 7
        if case .corruptCompressedData(_, at: .byteOffset(80)) = Fixtures.error(LASE57Fixtures.resealed(b)) {} else { Issue.record("packet type") }
        b = bytes
        b[48 + 32 + 2] = 0xFF
        b[48 + 32 + 3] = 0xFF
        if case .corruptCompressedData(_, at: .byteOffset(80)) = Fixtures.error(LASE57Fixtures.resealed(b)) {} else { Issue.record("packet length") }
    }

    @Test("NaN coordinates: refused by default naming the record, dropped on request")
    func nonFinite() throws {
        var pts = Self.points
        pts[10].y = .nan
        pts[20].z = .infinity
        let bytes = LASE57Fixtures.e57(scans: [LASE57Fixtures.cartesianScan(pts)])
        if case .nonFiniteCoordinate(pointIndex: 10, at: .byteOffset(_)) = Fixtures.error(bytes) {} else {
            Issue.record("\(String(describing: Fixtures.error(bytes)))")
        }
        let r = try PointCloudReader.read(bytes: bytes, options: .init(nonFiniteCoordinates: .drop))
        #expect(r.cloud.count == 58 && r.report.drops == [PointDrop(reason: .nonFiniteCoordinate, count: 2)])
    }

    @Test("CRC-32C check value")
    func crc() {
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32C.checksum($0) } == 0xE306_9283)
        let long = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var slow: UInt32 = 0xFFFF_FFFF
        for byte in long {
            slow ^= UInt32(byte)
            for _ in 0..<8 { slow = slow & 1 != 0 ? (slow >> 1) ^ 0x82F6_3B78 : slow >> 1 }
        }
        #expect(long.withUnsafeBytes { CRC32C.checksum($0) } == slow ^ 0xFFFF_FFFF)
    }
}
