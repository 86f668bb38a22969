import Foundation
@testable import PlumbIO

/// Hand-built LAS and E57 file images, assembled here from the specifications (ASPRS LAS 1.4 R15,
/// ASTM E2807), independent of the readers, for malformed-input tests and as small valid files.
enum LASE57Fixtures {
    static func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    static func le(_ v: Double) -> [UInt8] { le(v.bitPattern) }

    /// Byte offsets of LAS header fields the tests alter.
    enum LASOffset {
        static let headerSize = 94, dataOffset = 96, format = 104, recordLength = 105, legacyCount = 107
        static let scale = 131, offset = 155, count64 = 247
    }

    /// A LAS file of `points` (integer coordinates `(X, Y, Z)`, so world = X × 0.001 + 500,000 for x …),
    /// point format `format` (0-10) with `extraBytes` after each standard record, version 1.2 or 1.4
    /// (`minor`); `withheld` marks records with the withheld flag. Intensity is `i * 10`, RGB (when the
    /// format has it) `(i, 2i, 3i) * 256`.
    static func las(points: [SIMD3<Int32>], format: UInt8 = 0, minor: UInt8 = 2, extraBytes: Int = 0,
                    withheld: Set<Int> = []) -> [UInt8] {
        let headerSize = minor >= 4 ? 375 : 227
        let recordLength = LASHeader.minimumRecordLength[Int(format)] + extraBytes
        var h = [UInt8](repeating: 0, count: headerSize)
        func put(_ bytes: [UInt8], _ at: Int) { h.replaceSubrange(at..<(at + bytes.count), with: bytes) }
        put(Array("LASF".utf8), 0)
        h[24] = 1
        h[25] = minor
        put(Array("plumbline tests".utf8), 26)
        put(le(UInt16(headerSize)), LASOffset.headerSize)
        put(le(UInt32(headerSize)), LASOffset.dataOffset)
        h[LASOffset.format] = format
        put(le(UInt16(recordLength)), LASOffset.recordLength)
        put(le(UInt32(format >= 6 ? 0 : points.count)), LASOffset.legacyCount)
        for a in 0..<3 {
            put(le(0.001), LASOffset.scale + 8 * a)
            put(le([500_000.0, 4_000_000.0, 0][a]), LASOffset.offset + 8 * a)
        }
        if minor >= 4 { put(le(UInt64(points.count)), LASOffset.count64) }
        var out = h
        let rgbOffset = LASHeader(versionMajor: 1, versionMinor: Int(minor), headerSize: headerSize, dataOffset: headerSize,
                                  pointFormat: Int(format), recordLength: recordLength, pointCount: 0,
                                  scale: .one, offset: .zero).rgbOffset
        for (i, p) in points.enumerated() {
            var r = [UInt8](repeating: 0, count: recordLength)
            func set(_ bytes: [UInt8], _ at: Int) { r.replaceSubrange(at..<(at + bytes.count), with: bytes) }
            set(le(p.x), 0)
            set(le(p.y), 4)
            set(le(p.z), 8)
            set(le(UInt16(i * 10 % 65536)), 12)
            if withheld.contains(i) { r[15] = format >= 6 ? 0x04 : 0x80 }
            if let c = rgbOffset {
                for k in 0..<3 { set(le(UInt16((i * (k + 1)) % 256 * 256)), c + 2 * k) }
            }
            for k in 0..<extraBytes { r[recordLength - extraBytes + k] = 0xEE }
            out += r
        }
        return out
    }

    /// A field of the hand-built E57 prototype: its XML element and the bitpack bytes of its values.
    struct E57Column {
        let xml: String
        let bytes: [UInt8]

        /// `Float` double values.
        static func double(_ name: String, _ values: [Double]) -> E57Column {
            E57Column(xml: "<\(name) type=\"Float\" precision=\"double\"/>", bytes: values.flatMap { le($0) })
        }

        /// `Integer` (or `ScaledInteger` when `scale` is given) values in `minimum...maximum`, bit-packed
        /// least-significant bit first.
        static func integer(_ name: String, _ values: [Int64], minimum: Int64, maximum: Int64, scale: Double? = nil) -> E57Column {
            let range = UInt64(bitPattern: maximum &- minimum)
            let bits = 64 - range.leadingZeroBitCount
            var out: [UInt8] = []
            var acc: UInt64 = 0, held = 0
            for v in values {
                let raw = UInt64(bitPattern: v &- minimum)
                for b in 0..<bits {
                    acc |= ((raw >> UInt64(b)) & 1) << UInt64(held)
                    held += 1
                    if held == 8 { out.append(UInt8(acc)); acc = 0; held = 0 }
                }
            }
            if held > 0 { out.append(UInt8(acc)) }
            let type = scale == nil ? "Integer" : "ScaledInteger"
            let s = scale.map { " scale=\"\($0)\"" } ?? ""
            return E57Column(xml: "<\(name) type=\"\(type)\" minimum=\"\(minimum)\" maximum=\"\(maximum)\"\(s)/>", bytes: out)
        }
    }

    /// One scan for ``e57(scans:xmlEdit:)``.
    struct E57ScanSpec {
        var columns: [E57Column]
        var recordCount: Int
        /// Pose quaternion (w, x, y, z) and translation.
        var rotation: SIMD4<Double> = SIMD4(1, 0, 0, 0)
        var translation: SIMD3<Double> = .zero
    }

    /// A scan of cartesian `Float` double points with an optional `cartesianInvalidState` column.
    static func cartesianScan(_ points: [SIMD3<Double>], states: [Int64]? = nil, translation: SIMD3<Double> = .zero) -> E57ScanSpec {
        var cols = [E57Column.double("cartesianX", points.map(\.x)), .double("cartesianY", points.map(\.y)),
                    .double("cartesianZ", points.map(\.z))]
        if let states { cols.append(.integer("cartesianInvalidState", states, minimum: 0, maximum: 2)) }
        return E57ScanSpec(columns: cols, recordCount: points.count, translation: translation)
    }

    /// An E57 file image: 48-byte header, one compressed vector section per scan (section header, one data
    /// packet), then the XML section, split into 1024-byte pages with their big-endian CRC-32C.
    /// `xmlEdit` may alter the XML text before it is placed (to make it lie).
    static func e57(scans: [E57ScanSpec], xmlEdit: (String) -> String = { $0 }) -> [UInt8] {
        var logical = [UInt8](repeating: 0, count: 48)
        func physical(_ l: Int) -> Int { l / 1020 * 1024 + l % 1020 }
        var scanXML = ""
        for s in scans {
            let sectionStart = logical.count
            let count = s.columns.count
            var packet: [UInt8] = [1, 0, 0, 0] + le(UInt16(count))
            for c in s.columns { packet += le(UInt16(c.bytes.count)) }
            for c in s.columns { packet += c.bytes }
            while packet.count % 4 != 0 { packet.append(0) }
            packet.replaceSubrange(2..<4, with: le(UInt16(packet.count - 1)))
            var section: [UInt8] = [1] + [UInt8](repeating: 0, count: 7)
            section += le(UInt64(32 + packet.count))
            section += le(UInt64(physical(sectionStart + 32)))
            section += le(UInt64(0))
            logical += section + packet
            let q = s.rotation, t = s.translation
            scanXML += """
                <vectorChild type="Structure"><pose type="Structure">
                <rotation type="Structure"><w type="Float">\(q[0])</w><x type="Float">\(q[1])</x><y type="Float">\(q[2])</y><z type="Float">\(q[3])</z></rotation>
                <translation type="Structure"><x type="Float">\(t.x)</x><y type="Float">\(t.y)</y><z type="Float">\(t.z)</z></translation>
                </pose>
                <points type="CompressedVector" fileOffset="\(physical(sectionStart))" recordCount="\(s.recordCount)">
                <prototype type="Structure">\(s.columns.map(\.xml).joined())</prototype>
                <codecs type="Vector" allowHeterogeneousChildren="1"></codecs>
                </points></vectorChild>

                """
        }
        let xml = xmlEdit("""
            <?xml version="1.0" encoding="UTF-8"?>
            <e57Root type="Structure" xmlns="http://www.astm.org/COMMIT/E57/2010-e57-v1.0">
            <formatName type="String"><![CDATA[ASTM E57 3D Imaging Data File]]></formatName>
            <data3D type="Vector" allowHeterogeneousChildren="1">
            \(scanXML)</data3D>
            <images2D type="Vector" allowHeterogeneousChildren="1"></images2D>
            </e57Root>

            """)
        let xmlStart = logical.count
        logical += Array(xml.utf8)
        while logical.count % 1020 != 0 { logical.append(0) }
        let pages = logical.count / 1020
        var header = Array("ASTM-E57".utf8) + le(UInt32(1)) + le(UInt32(0))
        header += le(UInt64(pages * 1024)) + le(UInt64(physical(xmlStart))) + le(UInt64(xml.utf8.count)) + le(UInt64(1024))
        logical.replaceSubrange(0..<48, with: header)
        return paginate(logical)
    }

    /// Logical bytes (a multiple of 1020) as physical pages with their big-endian CRC-32C.
    static func paginate(_ logical: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for p in stride(from: 0, to: logical.count, by: 1020) {
            let page = Array(logical[p..<(p + 1020)])
            out += page
            let crc = page.withUnsafeBytes { CRC32C.checksum($0) }
            out += withUnsafeBytes(of: crc.bigEndian) { Array($0) }
        }
        return out
    }

    /// Recomputes every page's checksum after the bytes were edited in place.
    static func resealed(_ physical: [UInt8]) -> [UInt8] {
        var logical: [UInt8] = []
        for p in stride(from: 0, to: physical.count - physical.count % 1024, by: 1024) { logical += physical[p..<(p + 1020)] }
        return paginate(logical)
    }
}
