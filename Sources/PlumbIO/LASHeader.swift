/// The public header block of an ASPRS LAS 1.0-1.4 file (little-endian), checked against the file size.
///
/// Layout (byte offsets): `LASF` 0, version 24-25, header size 94, offset to point data 96, point data
/// record format 104 (bit 7: LAZ compression), record length 105, legacy point count 107, scale 131-154,
/// offset 155-178, bounds 179-226; LAS 1.4 adds the 64-bit point count at 247 (header size ≥ 375).
struct LASHeader: Sendable, Equatable {
    /// The four signature bytes `LASF`.
    static let signature: [UInt8] = Array("LASF".utf8)
    /// Smallest public header (LAS 1.0-1.2): 227 bytes.
    static let minimumHeaderSize = 227
    /// Size of the LAS 1.4 header, which holds the 64-bit point count.
    static let headerSize14 = 375
    /// Smallest record length of point data record formats 0-10.
    static let minimumRecordLength: [Int] = [20, 28, 26, 34, 57, 63, 30, 36, 38, 59, 67]

    let versionMajor: Int
    let versionMinor: Int
    let headerSize: Int
    let dataOffset: Int
    /// Point data record format, 0-10.
    let pointFormat: Int
    let recordLength: Int
    /// Point count: the 64-bit count of LAS 1.4 when present and non-zero, else the legacy 32-bit one.
    let pointCount: Int
    let scale: SIMD3<Double>
    let offset: SIMD3<Double>

    /// Byte offset of the red channel (three `UInt16`) inside a record, or `nil` for formats without colour.
    var rgbOffset: Int? {
        switch pointFormat {
        case 2: 20
        case 3, 5: 28
        case 7, 8, 10: 30
        default: nil
        }
    }

    /// True for the LAS 1.4 point formats 6-10 (4-bit returns, flags byte, 16-bit scan angle).
    var isExtendedFormat: Bool { pointFormat >= 6 }

    /// Names of the standard fields not carried into the cloud, then the extra bytes, for the report.
    var skippedFields: [String] {
        var s = ["return_number", "number_of_returns", "classification", "scan_angle", "user_data", "point_source_id"]
        if pointFormat != 0 && pointFormat != 2 { s.append("gps_time") }
        if pointFormat == 8 || pointFormat == 10 { s.append("nir") }
        if [4, 5, 9, 10].contains(pointFormat) { s.append("wave_packet") }
        let extra = recordLength - Self.minimumRecordLength[pointFormat]
        if extra > 0 { s.append("extra_bytes(\(extra))") }
        return s
    }

    /// Parses and checks the header of `bytes`.
    /// - Throws: ``PointCloudFormatError/truncatedData(element:index:at:)`` for a file shorter than its
    ///   header; ``PointCloudFormatError/compressedLAZ(at:)`` for the LAZ bit;
    ///   ``PointCloudFormatError/unsupportedFeature(format:feature:at:)`` for a version or point format this
    ///   reader does not know; ``PointCloudFormatError/malformedHeader(detail:at:)`` for sizes, offsets, scales
    ///   that contradict each other or the file; ``PointCloudFormatError/declaredSizeExceedsData(element:declaredCount:minimumBytes:availableBytes:at:)``
    ///   when the point count needs more bytes than follow the data offset.
    /// - Complexity: O(1).
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(PointCloudFormatError) -> LASHeader {
        guard bytes.starts(with: signature) else {
            throw .malformedHeader(detail: "the file does not start with 'LASF'", at: .byteOffset(0))
        }
        guard bytes.count >= minimumHeaderSize, let base = bytes.baseAddress else {
            throw .truncatedData(element: "LAS header", index: 0, at: .byteOffset(bytes.count))
        }
        func u8(_ o: Int) -> Int { Int(bytes[o]) }
        func u16(_ o: Int) -> Int { Int(loadU16(base + o, false)) }
        func u32(_ o: Int) -> Int { Int(loadU32(base + o, false)) }
        func f64(_ o: Int) -> Double { Double(bitPattern: loadU64(base + o, false)) }

        let major = u8(24), minor = u8(25)
        guard major == 1, minor <= 4 else {
            throw .unsupportedFeature(format: .las, feature: "LAS version \(major).\(minor) (1.0-1.4 are read)", at: .byteOffset(24))
        }
        let headerSize = u16(94)
        guard headerSize >= minimumHeaderSize else {
            throw .malformedHeader(detail: "header size \(headerSize) is below the \(minimumHeaderSize) bytes of the fixed fields",
                                   at: .byteOffset(94))
        }
        guard headerSize <= bytes.count else {
            throw .truncatedData(element: "LAS header", index: 0, at: .byteOffset(bytes.count))
        }
        // LASzip marks compressed point data with bit 7 (and bit 6 in some versions) of the format byte.
        let formatByte = u8(104)
        if formatByte & 0xC0 != 0 { throw .compressedLAZ(at: .byteOffset(104)) }
        let format = formatByte
        guard format < minimumRecordLength.count else {
            throw .unsupportedFeature(format: .las, feature: "point data record format \(formatByte) (0-10 are read)", at: .byteOffset(104))
        }
        let recordLength = u16(105)
        guard recordLength >= minimumRecordLength[format] else {
            throw .malformedHeader(
                detail: "point record length \(recordLength) is below the \(minimumRecordLength[format]) bytes of point format \(format)",
                at: .byteOffset(105))
        }
        let dataOffset = u32(96)
        guard dataOffset >= headerSize, dataOffset <= bytes.count else {
            throw .malformedHeader(
                detail: "offset to point data \(dataOffset) is outside \(headerSize)...\(bytes.count) (header size ... file size)",
                at: .byteOffset(96))
        }
        var count = u32(107)
        if minor >= 4, headerSize >= headerSize14 {
            let wide = loadU64(base + 247, false)
            guard wide <= UInt64(Int.max) else {
                throw .declaredSizeExceedsData(element: "LAS point", declaredCount: Int.max, minimumBytes: Int.max,
                                               availableBytes: bytes.count - dataOffset, at: .byteOffset(dataOffset))
            }
            if wide != 0 { count = Int(wide) }
        }
        var scale = SIMD3<Double>(), offset = SIMD3<Double>()
        for a in 0..<3 {
            scale[a] = f64(131 + 8 * a)
            offset[a] = f64(155 + 8 * a)
            guard scale[a].isFinite, scale[a] != 0 else {
                throw .malformedHeader(detail: "scale factor \(scale[a]) is not a finite non-zero number", at: .byteOffset(131 + 8 * a))
            }
            guard offset[a].isFinite else {
                throw .malformedHeader(detail: "offset \(offset[a]) is not a finite number", at: .byteOffset(155 + 8 * a))
            }
        }
        let available = bytes.count - dataOffset
        let (need, overflow) = count.multipliedReportingOverflow(by: recordLength)
        if overflow || need > available {
            throw .declaredSizeExceedsData(element: "LAS point", declaredCount: count, minimumBytes: overflow ? Int.max : need,
                                           availableBytes: available, at: .byteOffset(dataOffset))
        }
        return LASHeader(versionMajor: major, versionMinor: minor, headerSize: headerSize, dataOffset: dataOffset,
                         pointFormat: format, recordLength: recordLength, pointCount: count, scale: scale, offset: offset)
    }
}
