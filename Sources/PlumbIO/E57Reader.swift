import PlumbKernel

/// Reads ASTM E2807 (E57) files into one ``PointCloud``.
///
/// Every page's CRC-32C is checked first (``PointCloudReadOptions/verifyChecksums``). The XML section is
/// parsed by its own strict XML reader (`E57XMLTree`); each `data3D` scan's compressed vector is decoded with the bitpack
/// codec (`Float` single/double, `Integer`, `ScaledInteger`; other codecs are refused with
/// ``PointCloudFormatError/unsupportedFeature(format:feature:at:)``), its cartesian or spherical coordinates
/// are moved by the scan's `pose` (rotation quaternion, then translation) into the file frame, and all
/// scans are merged: ``PointCloud/frameIndex`` is the scan's index in `data3D` and
/// ``PointCloud/sensorOrigins`` the pose translations (one per scan). Points whose
/// `cartesianInvalidState` / `sphericalInvalidState` is not 0 are dropped and counted
/// (``PointDropReason/invalidState``). Intensity and colour are kept when every scan has them (colour scaled
/// from the scan's `colorLimits`, else the field's range, to 0…255). `images2D` is skipped.
enum E57Reader {
    /// - Complexity: O(file bytes + points).
    static func read(_ bytes: UnsafeRawBufferPointer, options: PointCloudReadOptions) throws(PointCloudFormatError) -> PointCloudReadResult {
        let header = try E57FileHeader.parse(bytes)
        let pages = E57Pages(bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<header.physicalLength]))
        if options.verifyChecksums { try pages.verifyChecksums() }
        let xmlStart = E57Pages.logical(physical: header.xmlPhysicalOffset) ?? 0
        guard let xml = pages.copy(logical: xmlStart, count: header.xmlLogicalLength) else {
            throw .truncatedData(element: "E57 XML section", index: 0, at: .byteOffset(header.xmlPhysicalOffset))
        }
        let root = try E57XMLTree.parse(xml)
        guard root.name == "e57Root" else {
            throw .malformedXML(detail: "the root element is <\(root.name.prefix(40))>, not <e57Root>", at: .line(root.line))
        }
        guard let data3D = root.child("data3D") else { throw .missingElement(name: "data3D") }
        var scans: [E57Scan] = []
        for (k, child) in data3D.children.enumerated() { scans.append(try E57Scan.parse(child, index: k)) }
        guard scans.count <= Int(UInt32.max) else {
            throw .malformedXML(detail: "\(scans.count) scans", at: .line(data3D.line))
        }
        var declared = 0
        for s in scans {
            let (sum, overflow) = declared.addingReportingOverflow(s.recordCount)
            declared = overflow ? Int.max : sum
        }
        var report = PointCloudReadReport(format: .e57, encoding: .binaryLittleEndian, declaredPointCount: declared)
        report.trailingByteCount = bytes.count - header.physicalLength
        if let images = root.child("images2D"), !images.children.isEmpty { report.skippedElements = ["images2D"] }
        let hasIntensity = !scans.isEmpty && scans.allSatisfy { $0.intensityField != nil }
        let hasColors = !scans.isEmpty && scans.allSatisfy { $0.colorFields != nil }
        var skipped: [String] = []
        for s in scans {
            var used = s.coordinateFields + [s.stateField].compactMap { $0 }
            if hasIntensity, let i = s.intensityField { used.append(i) }
            if hasColors, let c = s.colorFields { used += c }
            for (i, f) in s.fields.enumerated() where !used.contains(i) && !skipped.contains(f.name) { skipped.append(f.name) }
        }
        report.skippedProperties = skipped
        var targets: [PointTarget] = [.x, .y, .z, .frameIndex]
        if hasIntensity { targets.append(.intensity) }
        if hasColors { targets += [.red, .green, .blue] }
        // Every declared record is backed by bits of the file (checked per scan below); reserve no more
        // than one point per byte and let the arrays grow past that for densely packed files.
        var assembler = CloudAssembler(capacity: min(declared, bytes.count), attributes: AttributePresence(targets: targets),
                                       coordinatesAreFloat32: false, organised: false, policy: options.nonFiniteCoordinates)
        for s in scans {
            try decode(s, pages: pages, intensity: hasIntensity, colors: hasColors, into: &assembler)
        }
        assembler.fill(&report)
        var cloud = assembler.makeCloud(fileOrigin: .zero)
        if options.sensorOrigins == .read, !scans.isEmpty {
            cloud.sensorOrigins = scans.map(\.translation)
            report.sensorCount = scans.count
        }
        return PointCloudReadResult(cloud: cloud, report: report)
    }

    /// Decodes the records of scan `s` into `a`.
    private static func decode(_ s: E57Scan, pages: E57Pages, intensity: Bool, colors: Bool,
                               into a: inout CloudAssembler) throws(PointCloudFormatError) {
        guard s.recordCount > 0 else { return }
        let streams = try bytestreams(of: s, pages: pages)
        guard let base = pages.bytes.baseAddress else { return }
        func decoder(_ f: Int) -> E57FieldDecoder {
            E57FieldDecoder(field: s.fields[f], reader: E57BitReader(base: base, ranges: streams[f]))
        }
        var coords = s.coordinateFields.map(decoder)
        var state = s.stateField.map(decoder)
        var inten = intensity ? s.intensityField.map(decoder) : nil
        var rgb = colors ? s.colorFields?.map(decoder) : nil
        let frame = UInt32(s.index)
        var rec = PointRecord()
        rec.frameIndex = frame
        for i in 0..<s.recordCount {
            var c = SIMD3<Double>()
            for k in 0..<3 { c[k] = try coords[k].next(scan: s.index, record: i) }
            if state != nil, try state!.next(scan: s.index, record: i) != 0 {
                if inten != nil { _ = try inten!.next(scan: s.index, record: i) }
                if rgb != nil { for k in 0..<3 { _ = try rgb![k].next(scan: s.index, record: i) } }
                a.skipFlagged(.invalidState)
                continue
            }
            let w = s.worldPoint(c)
            rec.x = w.x
            rec.y = w.y
            rec.z = w.z
            if inten != nil { rec.intensity = Float(try inten!.next(scan: s.index, record: i)) }
            if rgb != nil {
                for k in 0..<3 {
                    let v = try rgb![k].next(scan: s.index, record: i)
                    let r = s.colorRanges[k]
                    let byte = ((v - r.lowerBound) / (r.upperBound - r.lowerBound) * 255).rounded()
                    let clamped: UInt8 = byte > 0 ? (byte < 255 ? UInt8(byte) : 255) : 0
                    if k == 0 { rec.r = clamped } else if k == 1 { rec.g = clamped } else { rec.b = clamped }
                }
            }
            try a.add(rec, location: .byteOffset(coords[0].reader.position))
        }
    }

    /// The physical byte ranges of each field's bytestream in scan `s`'s compressed vector section: the
    /// buffers of its data packets in order (index and empty packets skipped), checked against the section
    /// and against the bits `recordCount` records need.
    /// - Throws: ``PointCloudFormatError/corruptCompressedData(detail:at:)`` for a bad section or packet
    ///   header, ``PointCloudFormatError/declaredSizeExceedsData(element:declaredCount:minimumBytes:availableBytes:at:)``
    ///   for a section past the file or records the bytestreams cannot hold.
    /// - Complexity: O(section bytes / packet size × fields).
    static func bytestreams(of s: E57Scan, pages: E57Pages) throws(PointCloudFormatError) -> [[Range<Int>]] {
        let physical = s.fileOffset
        guard physical < pages.bytes.count, let start = E57Pages.logical(physical: physical) else {
            throw .malformedXML(detail: "scan \(s.index) fileOffset \(physical) is not a data byte of the file", at: .line(s.line))
        }
        guard let head = pages.copy(logical: start, count: 32) else {
            throw .truncatedData(element: "E57 compressed vector section header", index: s.index, at: .byteOffset(physical))
        }
        func u64(_ b: [UInt8], _ o: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[o + $1]) << (8 * UInt64($1)) } }
        guard head[0] == 1 else {
            throw .corruptCompressedData(detail: "section id \(head[0]) where a compressed vector (1) was expected", at: .byteOffset(physical))
        }
        let available = pages.logicalLength - start
        let length = u64(head, 8)
        guard length >= 32, length <= UInt64(available) else {
            throw .declaredSizeExceedsData(element: "E57 compressed vector section", declaredCount: 1, minimumBytes: Int(clamping: length),
                                           availableBytes: available, at: .byteOffset(physical))
        }
        let end = start + Int(length)
        let dataPhysical = u64(head, 16)
        guard dataPhysical < UInt64(pages.bytes.count), let dataStart = E57Pages.logical(physical: Int(dataPhysical)),
              dataStart >= start + 32, dataStart <= end else {
            throw .corruptCompressedData(detail: "data offset \(dataPhysical) is outside the section", at: .byteOffset(physical + 16))
        }
        var streams = [[Range<Int>]](repeating: [], count: s.fields.count)
        var totals = [Int](repeating: 0, count: s.fields.count)
        var pos = dataStart
        while end - pos >= 4 {
            let at = E57Pages.physical(logical: pos)
            guard let ph = pages.copy(logical: pos, count: 4) else { break }
            let packetLength = (Int(ph[2]) | (Int(ph[3]) << 8)) + 1
            guard packetLength >= 4, packetLength <= end - pos else {
                throw .corruptCompressedData(detail: "packet of \(packetLength) bytes is shorter than its header or runs past the section end",
                                             at: .byteOffset(at))
            }
            switch ph[0] {
            case 1:
                guard packetLength >= 6, let h = pages.copy(logical: pos, count: 6) else {
                    throw .corruptCompressedData(detail: "data packet of \(packetLength) bytes is too short", at: .byteOffset(at))
                }
                let count = Int(h[4]) | (Int(h[5]) << 8)
                guard count == s.fields.count else {
                    throw .corruptCompressedData(detail: "data packet has \(count) bytestreams, the prototype \(s.fields.count) fields",
                                                 at: .byteOffset(at))
                }
                let headerLength = 6 + 2 * count
                guard headerLength <= packetLength, let lens = pages.copy(logical: pos + 6, count: 2 * count) else {
                    throw .corruptCompressedData(detail: "data packet header is longer than the packet", at: .byteOffset(at))
                }
                var buffer = pos + headerLength
                for f in 0..<count {
                    let n = Int(lens[2 * f]) | (Int(lens[2 * f + 1]) << 8)
                    guard n <= pos + packetLength - buffer, let rs = pages.ranges(logical: buffer, count: n) else {
                        throw .corruptCompressedData(detail: "bytestream \(f) buffers run past the packet end", at: .byteOffset(at))
                    }
                    streams[f] += rs
                    totals[f] += n
                    buffer += n
                }
            case 0, 2:
                break  // index and empty packets carry no records
            default:
                throw .corruptCompressedData(detail: "unknown packet type \(ph[0])", at: .byteOffset(at))
            }
            pos += packetLength
        }
        // Every record must be backed by bits: check each field that takes any, and refuse a prototype
        // whose fields take none (nothing in the file would bound the record count).
        var anyBits = false
        for (f, field) in s.fields.enumerated() where field.bitsPerRecord > 0 {
            anyBits = true
            let (bits, overflow) = s.recordCount.multipliedReportingOverflow(by: field.bitsPerRecord)
            let need = overflow ? Int.max : bits / 8 + (bits % 8 == 0 ? 0 : 1)
            if need > totals[f] {
                throw .declaredSizeExceedsData(element: "E57 scan \(s.index) field '\(field.name)'", declaredCount: s.recordCount,
                                               minimumBytes: need, availableBytes: totals[f], at: .byteOffset(physical))
            }
        }
        if !anyBits, s.recordCount > Int(length) {
            throw .declaredSizeExceedsData(element: "E57 scan \(s.index) record", declaredCount: s.recordCount,
                                           minimumBytes: s.recordCount, availableBytes: Int(length), at: .byteOffset(physical))
        }
        return streams
    }
}

/// Reads little-endian, least-significant-bit-first values from a bytestream scattered over physical byte
/// ranges (the stream's buffers in successive packets, split at page ends).
struct E57BitReader {
    let base: UnsafeRawPointer
    let ranges: [Range<Int>]
    private var range = 0
    private var pos: Int
    private var end: Int
    private var acc: UInt64 = 0
    private var held = 0

    init(base: UnsafeRawPointer, ranges: [Range<Int>]) {
        self.base = base
        self.ranges = ranges
        pos = ranges.first?.lowerBound ?? 0
        end = ranges.first?.upperBound ?? 0
    }

    /// Physical byte offset of the next unread byte (for error messages).
    var position: Int { pos }

    /// The next `n` bits (0...64) as an unsigned value, or `nil` at the end of the stream.
    @inline(__always)
    mutating func read(_ n: Int) -> UInt64? {
        if n > 32 {
            guard let lo = read(32), let hi = read(n - 32) else { return nil }
            return lo | hi << 32
        }
        if held < n, end - pos >= 4 {
            // Fast path: a whole little-endian word (held ≤ 31, so 63 bits at most are held after it).
            acc |= UInt64(UInt32(littleEndian: (base + pos).loadUnaligned(as: UInt32.self))) << UInt64(held)
            pos += 4
            held += 32
        }
        while held < n {
            while pos == end {
                range += 1
                guard range < ranges.count else { return nil }
                pos = ranges[range].lowerBound
                end = ranges[range].upperBound
            }
            acc |= UInt64(base.load(fromByteOffset: pos, as: UInt8.self)) << UInt64(held)
            pos += 1
            held += 8
        }
        let v = n == 0 ? 0 : acc & (UInt64.max >> UInt64(64 - n))
        acc = n == 64 ? 0 : acc >> UInt64(n)
        held -= n
        return v
    }
}

/// Decodes successive values of one prototype field with the bitpack codec.
struct E57FieldDecoder {
    let field: E57Field
    var reader: E57BitReader

    /// The next value (record `record` of scan `scan`, for the error).
    /// - Throws: ``PointCloudFormatError/truncatedData(element:index:at:)`` when the bytestream ends.
    @inline(__always)
    mutating func next(scan: Int, record: Int) throws(PointCloudFormatError) -> Double {
        switch field.kind {
        case let .float(bits):
            guard let v = reader.read(bits) else { throw truncated(scan, record) }
            return bits == 32 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: v))) : Double(bitPattern: v)
        case let .integer(minimum, bits, scale, offset):
            guard let v = reader.read(bits) else { throw truncated(scan, record) }
            return Double(minimum &+ Int64(bitPattern: v)) * scale + offset
        case .string:
            throw .unsupportedFeature(format: .e57, feature: "string field '\(field.name)'", at: .line(field.line))
        }
    }

    private func truncated(_ scan: Int, _ record: Int) -> PointCloudFormatError {
        .truncatedData(element: "E57 scan \(scan) field '\(field.name)'", index: record, at: .byteOffset(reader.position))
    }
}
