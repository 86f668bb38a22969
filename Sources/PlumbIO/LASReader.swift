import PlumbKernel

/// Reads ASPRS LAS 1.0-1.4 files (point data record formats 0-10, uncompressed) into a ``PointCloud``.
///
/// World coordinates are `integer × scale + offset` computed in `Double`; the cloud's ``PointCloud/origin``
/// is placed near the data (``CloudAssembler``'s rule: the first point rounded to whole metres when it is
/// 1024 m or more from zero) and the points are stored as `Float` offsets from it, so georeferenced files
/// (1e5-1e6 m from zero) keep their full precision. Intensity (`UInt16`, as a `Float` 0-65535) is always
/// read; RGB for formats 2, 3, 5, 7, 8 and 10, scaled from 16 to 8 bits (or taken as 8-bit when no channel
/// of the file exceeds 255, as many writers store it). Points with the "withheld" flag are dropped and
/// counted (``PointDropReason/withheld``); "synthetic" points are kept (they are still geometry). Extra bytes
/// after the standard record (record length above the format's minimum), GPS time, classification, returns,
/// NIR and waveform fields are skipped and named in the report. Variable-length records are not read.
enum LASReader {
    /// - Complexity: O(points), one pass over the records (two when the file has colours).
    static func read(_ bytes: UnsafeRawBufferPointer, options: PointCloudReadOptions) throws(PointCloudFormatError) -> PointCloudReadResult {
        let h = try LASHeader.parse(bytes)
        var report = PointCloudReadReport(format: .las, encoding: .binaryLittleEndian, declaredPointCount: h.pointCount)
        report.skippedProperties = h.skippedFields
        report.trailingByteCount = bytes.count - h.dataOffset - h.pointCount * h.recordLength
        let rgb = h.rgbOffset
        var targets: [PointTarget] = [.x, .y, .z, .intensity]
        if rgb != nil { targets += [.red, .green, .blue] }
        var assembler = CloudAssembler(capacity: h.pointCount, attributes: AttributePresence(targets: targets),
                                       coordinatesAreFloat32: false, organised: false, policy: options.nonFiniteCoordinates)
        guard h.pointCount > 0, let base = bytes.baseAddress else {
            assembler.fill(&report)
            return PointCloudReadResult(cloud: assembler.makeCloud(fileOrigin: .zero), report: report)
        }
        let start = base + h.dataOffset
        let stride = h.recordLength
        let n = h.pointCount
        // 16-bit colour unless every channel value fits in 8 bits (files that store 0-255 in UInt16).
        var colorShift = 0
        if let rgb {
            var maxChannel: UInt16 = 0
            for i in 0..<n {
                let p = start + i &* stride + rgb
                maxChannel |= loadU16(p, false) | loadU16(p + 2, false) | loadU16(p + 4, false)
            }
            colorShift = maxChannel > 255 ? 8 : 0
        }
        // Withheld: classification bit 7 (formats 0-5) or classification-flags bit 2 (formats 6-10), byte 15.
        let withheldMask: UInt8 = h.isExtendedFormat ? 0x04 : 0x80
        let scale = h.scale, offset = h.offset
        var rec = PointRecord()
        for i in 0..<n {
            let p = start + i &* stride
            if p.load(fromByteOffset: 15, as: UInt8.self) & withheldMask != 0 {
                assembler.skipFlagged(.withheld)
                continue
            }
            rec.x = Double(Int32(bitPattern: loadU32(p, false))) * scale.x + offset.x
            rec.y = Double(Int32(bitPattern: loadU32(p + 4, false))) * scale.y + offset.y
            rec.z = Double(Int32(bitPattern: loadU32(p + 8, false))) * scale.z + offset.z
            rec.intensity = Float(loadU16(p + 12, false))
            if let rgb {
                rec.r = Self.colorByte(loadU16(p + rgb, false), shift: colorShift)
                rec.g = Self.colorByte(loadU16(p + rgb + 2, false), shift: colorShift)
                rec.b = Self.colorByte(loadU16(p + rgb + 4, false), shift: colorShift)
            }
            try assembler.add(rec, location: .byteOffset(h.dataOffset + i * stride))
        }
        assembler.fill(&report)
        return PointCloudReadResult(cloud: assembler.makeCloud(fileOrigin: .zero), report: report)
    }

    /// A LAS colour channel as 8 bits: the high byte of a 16-bit value (`shift` 8), or the value itself
    /// when the file stores 0-255 (`shift` 0).
    @inline(__always)
    static func colorByte(_ v: UInt16, shift: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: v >> UInt16(shift))
    }
}
