import PlumbKernel

/// Reads PLY files (ascii, binary_little_endian, binary_big_endian) into a ``PointCloud``.
///
/// The `vertex` element carries the points; every other element (faces, edges, …) is skipped in all
/// three encodings, before or after the vertex element. A `comment plumbline_origin X Y Z` line (written by
/// ``PointCloudWriter``) gives the world position of the file's (0, 0, 0); `comment plumbline_sensor K X Y Z`
/// lines give sensor positions (see ``SensorComments``), and a `scanner` column maps to the frame index.
/// Binary bodies must end with the last declared record (at most one trailing line ending is allowed):
/// anything else is ``PointCloudFormatError/unexpectedTrailingData(at:)`` at its byte offset.
enum PLYReader {
    static func read(_ bytes: UnsafeRawBufferPointer, options: PointCloudReadOptions) throws(PointCloudFormatError) -> PointCloudReadResult {
        let header = try PLYHeader.parse(bytes)
        guard let vertexIndex = header.elements.firstIndex(where: { $0.name == "vertex" }) else {
            throw .missingElement(name: "vertex")
        }
        let vertex = header.elements[vertexIndex]
        let sensors = try header.sensors.positions(pointCount: vertex.count)
        let targets = AttributeMapping.targets(vertex.properties.map {
            AttributeMapping.Candidate(name: $0.name, type: $0.type, isSingleScalar: !$0.isList)
        })
        for axis in [PointTarget.x, .y, .z] where !targets.contains(axis) {
            throw .missingCoordinate(axis: "\(axis)")
        }
        var report = PointCloudReadReport(format: .ply, encoding: header.encoding, declaredPointCount: vertex.count)
        report.skippedProperties = zip(vertex.properties, targets).compactMap { $1 == nil ? $0.name : nil }
        report.skippedElements = header.elements.filter { $0.name != "vertex" }.map(\.name)
        report.originFromFile = header.origin != nil
        let coordsFloat32 = zip(vertex.properties, targets).allSatisfy { p, t in
            !(t == .x || t == .y || t == .z) || p.type == .float32
        }
        let attributes = AttributePresence(targets: targets.compactMap { $0 })
        let makeAssembler = { (capacity: Int) in
            CloudAssembler(capacity: capacity, attributes: attributes, coordinatesAreFloat32: coordsFloat32,
                           organised: false, policy: options.nonFiniteCoordinates)
        }
        var assembler: CloudAssembler
        if header.encoding == .ascii {
            assembler = try readASCII(bytes, header: header, vertexIndex: vertexIndex, targets: targets, makeAssembler: makeAssembler)
        } else {
            var trailing = 0
            assembler = try readBinary(bytes, header: header, vertexIndex: vertexIndex, targets: targets,
                                       makeAssembler: makeAssembler, trailing: &trailing)
            report.trailingByteCount = trailing
        }
        assembler.fill(&report)
        var cloud = assembler.makeCloud(fileOrigin: header.origin ?? .zero)
        try SensorComments.attach(sensors, firstLine: header.sensors.entries.first?.line ?? 0, to: &cloud,
                                  report: &report, options: options)
        return PointCloudReadResult(cloud: cloud, report: report)
    }

    // MARK: ascii

    private static func readASCII(
        _ bytes: UnsafeRawBufferPointer, header: PLYHeader, vertexIndex: Int, targets: [PointTarget?],
        makeAssembler: (Int) -> CloudAssembler
    ) throws(PointCloudFormatError) -> CloudAssembler {
        var cursor = TextCursor(bytes, position: header.dataOffset, linesBefore: header.headerLines)
        var assembler = makeAssembler(0)
        for (ei, element) in header.elements.enumerated() {
            let props = element.properties
            if props.isEmpty || element.count == 0 {
                if ei == vertexIndex { assembler = makeAssembler(0) }
                continue
            }
            // Text cannot be sized from the header: reserve only what the bytes present could hold
            // (every record needs at least one byte per value plus a separator) and let the line
            // reader name the first missing record.
            let isVertex = ei == vertexIndex
            if isVertex {
                let remaining = bytes.count - cursor.position
                assembler = makeAssembler(min(element.count, remaining / (2 * props.count) + 1))
            }
            // Trivial (ARC-free) per-property plan for the hot loop; names only on error paths.
            let plan = props.indices.map { AsciiSlot(type: props[$0].type, countType: props[$0].countType,
                                                     target: isVertex ? targets[$0] : nil) }
            for i in 0..<element.count {
                guard let r = cursor.nextNonBlankLine() else {
                    throw .truncatedData(element: element.name, index: i, at: .line(cursor.line + 1))
                }
                let line = cursor.line
                var tok = Tokenizer(bytes, r)
                var rec = PointRecord()
                var consumed = 0
                for pi in 0..<plan.count {
                    let slot = plan[pi]
                    guard let t = tok.next() else {
                        throw .wrongValueCount(expected: consumed + props.count - pi, found: consumed, at: .line(line))
                    }
                    consumed += 1
                    if let countType = slot.countType {
                        guard let n = NumberParser.parseInteger(bytes, t, in: countType.range) else {
                            throw .malformedNumber(token: NumberParser.tokenText(bytes, t), at: .line(line))
                        }
                        guard n >= 0 else {
                            throw .valueOutOfRange(property: props[pi].name, value: NumberParser.tokenText(bytes, t), at: .line(line))
                        }
                        var k = 0.0
                        while k < n {
                            guard let item = tok.next() else {
                                throw .wrongValueCount(expected: consumed + Int(n - k), found: consumed, at: .line(line))
                            }
                            guard parseValue(bytes, item, slot.type) != nil else {
                                throw .malformedNumber(token: NumberParser.tokenText(bytes, item), at: .line(line))
                            }
                            consumed += 1
                            k += 1
                        }
                        continue
                    }
                    guard let v = parseValue(bytes, t, slot.type) else {
                        throw .malformedNumber(token: NumberParser.tokenText(bytes, t), at: .line(line))
                    }
                    if let target = slot.target, !rec.assign(v, to: target, type: slot.type) {
                        throw .valueOutOfRange(property: props[pi].name, value: NumberParser.tokenText(bytes, t), at: .line(line))
                    }
                }
                if tok.peekHasToken() {
                    throw .wrongValueCount(expected: consumed, found: consumed + tok.countRemaining(), at: .line(line))
                }
                if isVertex { try assembler.add(rec, location: .line(line)) }
            }
        }
        if cursor.nextNonBlankLine() != nil { throw .unexpectedTrailingData(at: .line(cursor.line)) }
        return assembler
    }

    /// One property of an ascii record, without its name (trivial type: no reference counting).
    struct AsciiSlot {
        let type: ScalarType
        let countType: ScalarType?
        let target: PointTarget?
    }

    /// Parses an ascii value of `type`: integers must be whole and in range; floats may be nan/inf.
    @inline(__always)
    static func parseValue(_ bytes: UnsafeRawBufferPointer, _ t: Range<Int>, _ type: ScalarType) -> Double? {
        type.isInteger ? NumberParser.parseInteger(bytes, t, in: type.range) : NumberParser.parseDouble(bytes, t)
    }

    // MARK: binary

    private static func readBinary(
        _ bytes: UnsafeRawBufferPointer, header: PLYHeader, vertexIndex: Int, targets: [PointTarget?],
        makeAssembler: (Int) -> CloudAssembler, trailing: inout Int
    ) throws(PointCloudFormatError) -> CloudAssembler {
        let bigEndian = header.encoding == .binaryBigEndian
        var offset = header.dataOffset
        var assembler = makeAssembler(0)
        for (ei, element) in header.elements.enumerated() {
            let isVertex = ei == vertexIndex
            let remaining = bytes.count - offset
            let minSize = element.minimumBinaryRecordSize
            if minSize == 0 || element.count == 0 { continue }
            let (need, overflow) = element.count.multipliedReportingOverflow(by: minSize)
            if overflow || need > remaining {
                throw .declaredSizeExceedsData(element: element.name, declaredCount: element.count,
                                               minimumBytes: overflow ? Int.max : need, availableBytes: remaining,
                                               at: .byteOffset(offset))
            }
            if let stride = element.fixedStride {
                if isVertex {
                    assembler = makeAssembler(0)  // the column decoder builds full-size arrays itself
                    var columns: [BinaryColumn] = []
                    var propOffset = 0
                    for (pi, p) in element.properties.enumerated() {
                        if let t = targets[pi] {
                            columns.append(BinaryColumn(target: t, type: p.type, offset: offset + propOffset, stride: stride, name: p.name))
                        }
                        propOffset += p.type.size
                    }
                    try BinaryColumnDecoder.decode(bytes, columns: columns, count: element.count, bigEndian: bigEndian,
                                                   locationBase: offset, locationStride: stride, into: &assembler)
                }
                offset += need
            } else {
                if isVertex { assembler = makeAssembler(element.count) }
                offset = try walkVariableRecords(bytes, element: element, from: offset, bigEndian: bigEndian,
                                                 targets: isVertex ? targets : nil, assembler: &assembler)
            }
        }
        // Bytes after the last declared record are junk or a wrong header (a count too small): refused,
        // except one line ending some writers put after the binary body.
        trailing = try TrailingBytes.check(bytes, after: offset)
        return assembler
    }

    /// Walks records containing list properties, checking every length against the bytes present.
    /// When `targets` is given (the vertex element) the scalar values are decoded into `assembler`.
    private static func walkVariableRecords(
        _ bytes: UnsafeRawBufferPointer, element: PLYHeader.Element, from start: Int, bigEndian: Bool,
        targets: [PointTarget?]?, assembler: inout CloudAssembler
    ) throws(PointCloudFormatError) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let end = bytes.count
        var offset = start
        for i in 0..<element.count {
            let recordStart = offset
            var rec = PointRecord()
            for (pi, p) in element.properties.enumerated() {
                if let ct = p.countType {
                    guard end - offset >= ct.size else {
                        throw .truncatedData(element: element.name, index: i, at: .byteOffset(offset))
                    }
                    let n = loadScalar(base + offset, ct, bigEndian: bigEndian)
                    guard n >= 0 else {
                        throw .valueOutOfRange(property: p.name, value: "\(Int64(n))", at: .byteOffset(offset))
                    }
                    offset += ct.size
                    let (len, overflow) = Int(n).multipliedReportingOverflow(by: p.type.size)
                    guard !overflow, len <= end - offset else {
                        throw .truncatedData(element: element.name, index: i, at: .byteOffset(offset))
                    }
                    offset += len
                } else {
                    guard end - offset >= p.type.size else {
                        throw .truncatedData(element: element.name, index: i, at: .byteOffset(offset))
                    }
                    if let targets, let t = targets[pi] {
                        if t == .packedRGB {
                            rec.setPacked(UInt32(truncatingIfNeeded: loadBits(base + offset, p.type, bigEndian: bigEndian)))
                            offset += p.type.size
                            continue
                        }
                        let v = loadScalar(base + offset, p.type, bigEndian: bigEndian)
                        if !rec.assign(v, to: t, type: p.type) {
                            throw .valueOutOfRange(property: p.name, value: "\(v)", at: .byteOffset(offset))
                        }
                    }
                    offset += p.type.size
                }
            }
            if targets != nil { try assembler.add(rec, location: .byteOffset(recordStart)) }
        }
        return offset
    }
}
