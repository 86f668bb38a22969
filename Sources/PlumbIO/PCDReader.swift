import PlumbKernel

/// Reads PCD files (`DATA ascii`, `binary`, `binary_compressed`) into a ``PointCloud``.
///
/// Binary bodies must end with the last declared point (one line ending after it is allowed, and zero
/// padding after a `binary_compressed` block, as PCL writes it): anything else is
/// ``PointCloudFormatError/unexpectedTrailingData(at:)`` at its byte offset.
///
/// Organised clouds (`HEIGHT > 1`) mark "no return" with NaN: such points are dropped and counted in
/// the report. Fields with `COUNT > 1` and unrecognised fields are skipped. Packed `rgb`/`rgba` is
/// PCL's `0x(AA)RRGGBB` in the bits of a 4-byte field (float or integer).
///
/// Sensors: `# plumbline_sensor K X Y Z` comments (see ``SensorComments``) give world sensor positions.
/// Without them, a `VIEWPOINT` other than PCL's default `0 0 0 1 0 0 0` is one sensor at its translation
/// (plus the file origin), seen from by every point, unless the file has a frame column with a non-zero
/// value (then it is only reported).
enum PCDReader {
    static func read(_ bytes: UnsafeRawBufferPointer, options: PointCloudReadOptions) throws(PointCloudFormatError) -> PointCloudReadResult {
        let h = try PCDHeader.parse(bytes)
        var sensors = try h.sensors.positions(pointCount: h.points)
        let targets = AttributeMapping.targets(h.fields.map {
            AttributeMapping.Candidate(name: $0.name, type: $0.type, isSingleScalar: $0.count == 1)
        })
        for axis in [PointTarget.x, .y, .z] where !targets.contains(axis) {
            throw .missingCoordinate(axis: "\(axis)")
        }
        var report = PointCloudReadReport(format: .pcd, encoding: h.encoding, declaredPointCount: h.points)
        report.skippedProperties = zip(h.fields, targets).compactMap { $1 == nil ? $0.name : nil }
        report.viewpoint = h.viewpoint
        report.originFromFile = h.origin != nil
        if h.height > 1 {
            report.gridWidth = h.width
            report.gridHeight = h.height
        }
        let coordsFloat32 = zip(h.fields, targets).allSatisfy { f, t in
            !(t == .x || t == .y || t == .z) || f.type == .float32
        }
        let attributes = AttributePresence(targets: targets.compactMap { $0 })
        let makeAssembler = { (capacity: Int) in
            CloudAssembler(capacity: capacity, attributes: attributes, coordinatesAreFloat32: coordsFloat32,
                           organised: h.height > 1, policy: options.nonFiniteCoordinates)
        }
        var assembler: CloudAssembler
        switch h.encoding {
        case .ascii:
            assembler = try readASCII(bytes, header: h, targets: targets, makeAssembler: makeAssembler)
        case .binaryCompressed:
            var trailing = 0
            assembler = try readCompressed(bytes, header: h, targets: targets, makeAssembler: makeAssembler, trailing: &trailing)
            report.trailingByteCount = trailing
        default:
            let remaining = bytes.count - h.dataOffset
            let (need, overflow) = h.points.multipliedReportingOverflow(by: h.recordSize)
            if overflow || need > remaining {
                throw .declaredSizeExceedsData(element: "point", declaredCount: h.points, minimumBytes: overflow ? Int.max : need,
                                               availableBytes: remaining, at: .byteOffset(h.dataOffset))
            }
            assembler = makeAssembler(0)  // the column decoder builds full-size arrays itself
            let columns = Self.columns(h, targets: targets) { f in (h.dataOffset + f.offset, h.recordSize) }
            try BinaryColumnDecoder.decode(bytes, columns: columns, count: h.points, bigEndian: false,
                                           locationBase: h.dataOffset, locationStride: h.recordSize, into: &assembler)
            report.trailingByteCount = try TrailingBytes.check(bytes, after: h.dataOffset + need)
        }
        assembler.fill(&report)
        var cloud = assembler.makeCloud(fileOrigin: h.origin ?? .zero)
        if sensors == nil, let v = h.viewpoint, v != Self.defaultViewpoint,
           cloud.frameIndex?.allSatisfy({ $0 == 0 }) ?? true {
            sensors = [(h.origin ?? .zero) + SIMD3(v[0], v[1], v[2])]
        }
        try SensorComments.attach(sensors, firstLine: h.sensors.entries.first?.line ?? 0, to: &cloud,
                                  report: &report, options: options)
        return PointCloudReadResult(cloud: cloud, report: report)
    }

    /// The `VIEWPOINT` PCL writes when it knows none (not read as a sensor).
    static let defaultViewpoint: [Double] = [0, 0, 0, 1, 0, 0, 0]

    /// The `VIEWPOINT` values (tx ty tz qw qx qy qz, translation in the file's coordinates) written for
    /// `cloud`: its single sensor's position when it has exactly one, else PCL's default.
    static func viewpoint(for cloud: PointCloud, fileOrigin: SIMD3<Double>) -> [Double] {
        guard let s = cloud.sensorOrigins, s.count == 1 else { return defaultViewpoint }
        let t = s[0] - fileOrigin
        return [t.x, t.y, t.z, 1, 0, 0, 0]
    }

    /// Binary columns for the mapped fields; `place` gives each field's first-value offset and stride.
    private static func columns(_ h: PCDHeader, targets: [PointTarget?], place: (PCDHeader.Field) -> (Int, Int)) -> [BinaryColumn] {
        zip(h.fields, targets).compactMap { f, t in
            guard let t else { return nil }
            let (offset, stride) = place(f)
            return BinaryColumn(target: t, type: f.type, offset: offset, stride: stride, name: f.name)
        }
    }

    private static func readCompressed(
        _ bytes: UnsafeRawBufferPointer, header h: PCDHeader, targets: [PointTarget?],
        makeAssembler: (Int) -> CloudAssembler, trailing: inout Int
    ) throws(PointCloudFormatError) -> CloudAssembler {
        let start = h.dataOffset
        let remaining = bytes.count - start
        if h.points == 0, remaining < 8 { return makeAssembler(0) }
        guard remaining >= 8, let base = bytes.baseAddress else {
            throw .truncatedData(element: "compressed block header", index: 0, at: .byteOffset(start))
        }
        let compressedSize = Int(loadU32(base + start, false))
        let uncompressedSize = Int(loadU32(base + start + 4, false))
        guard compressedSize <= remaining - 8 else {
            throw .declaredSizeExceedsData(element: "compressed block", declaredCount: 1, minimumBytes: compressedSize,
                                           availableBytes: remaining - 8, at: .byteOffset(start + 8))
        }
        let (expected, overflow) = h.points.multipliedReportingOverflow(by: h.recordSize)
        guard !overflow, expected == uncompressedSize else {
            throw .corruptCompressedData(detail: "uncompressed size \(uncompressedSize) differs from POINTS × record size",
                                         at: .byteOffset(start + 4))
        }
        guard uncompressedSize <= compressedSize * LZF.maximumExpansion else {
            throw .corruptCompressedData(detail: "\(compressedSize) compressed bytes cannot expand to \(uncompressedSize)",
                                         at: .byteOffset(start))
        }
        let input = UnsafeRawBufferPointer(start: base + start + 8, count: compressedSize)
        // The stream's real output size, measured without allocating: a header whose size field lies
        // (a small or sparse file claiming gigabytes) is refused before any buffer exists.
        switch LZF.decodedLength(input) {
        case let .failure(e):
            throw .corruptCompressedData(detail: e.detail, at: .byteOffset(start + 8 + e.inputOffset))
        case let .success(real) where real != uncompressedSize:
            throw .corruptCompressedData(
                detail: "the stream decodes to \(real) bytes, not the declared \(uncompressedSize)", at: .byteOffset(start + 4))
        case .success: break
        }
        var failure: LZF.DecodeError?
        let plain = [UInt8](unsafeUninitializedCapacity: uncompressedSize) { buf, initialised in
            if case let .failure(e) = LZF.decompress(input, into: UnsafeMutableRawBufferPointer(buf)) {
                failure = e
                initialised = 0
            } else {
                initialised = uncompressedSize
            }
        }
        if let failure {
            throw .corruptCompressedData(detail: failure.detail, at: .byteOffset(start + 8 + failure.inputOffset))
        }
        trailing = try TrailingBytes.check(bytes, after: start + 8 + compressedSize, zeroPadding: true)
        var assembler = makeAssembler(0)
        var fieldStart: [Int] = []
        var acc = 0
        for f in h.fields {
            fieldStart.append(acc)
            acc += f.byteSize * h.points
        }
        let columns = zip(zip(h.fields, fieldStart), targets).compactMap { pair, t -> BinaryColumn? in
            guard let t else { return nil }
            return BinaryColumn(target: t, type: pair.0.type, offset: pair.1, stride: pair.0.byteSize, name: pair.0.name)
        }
        let result: Result<Void, PointCloudFormatError> = plain.withUnsafeBytes { raw in
            do throws(PointCloudFormatError) {
                try BinaryColumnDecoder.decode(raw, columns: columns, count: h.points, bigEndian: false,
                                               locationBase: start + 8, locationStride: 0, into: &assembler)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        return assembler
    }

    private static func readASCII(
        _ bytes: UnsafeRawBufferPointer, header h: PCDHeader, targets: [PointTarget?],
        makeAssembler: (Int) -> CloudAssembler
    ) throws(PointCloudFormatError) -> CloudAssembler {
        var cursor = TextCursor(bytes, position: h.dataOffset, linesBefore: h.headerLines)
        // Capacity bounded by the bytes present (each value needs a byte and a separator).
        let remaining = bytes.count - cursor.position
        var assembler = makeAssembler(min(h.points, remaining / (2 * max(1, h.valuesPerPoint)) + 1))
        let plan = h.fields.indices.map { (type: h.fields[$0].type, count: h.fields[$0].count, target: targets[$0]) }
        for i in 0..<h.points {
            guard let r = cursor.nextNonBlankLine() else {
                throw .truncatedData(element: "point", index: i, at: .line(cursor.line + 1))
            }
            let line = cursor.line
            var tok = Tokenizer(bytes, r)
            var rec = PointRecord()
            var consumed = 0
            for fi in 0..<plan.count {
                let slot = plan[fi]
                for _ in 0..<slot.count {
                    guard let t = tok.next() else {
                        throw .wrongValueCount(expected: h.valuesPerPoint, found: consumed, at: .line(line))
                    }
                    consumed += 1
                    if slot.count == 1, let target = slot.target {
                        if target == .packedRGB {
                            if let u = NumberParser.parseInteger(bytes, t, in: 0...4294967295) {
                                rec.setPacked(UInt32(u))
                            } else if let v = NumberParser.parseDouble(bytes, t) {
                                rec.setPacked(Float(v).bitPattern)
                            } else {
                                throw .malformedNumber(token: NumberParser.tokenText(bytes, t), at: .line(line))
                            }
                            continue
                        }
                        guard let v = PLYReader.parseValue(bytes, t, slot.type) else {
                            throw .malformedNumber(token: NumberParser.tokenText(bytes, t), at: .line(line))
                        }
                        if !rec.assign(v, to: target, type: slot.type) {
                            throw .valueOutOfRange(property: h.fields[fi].name, value: NumberParser.tokenText(bytes, t), at: .line(line))
                        }
                    } else if NumberParser.parseDouble(bytes, t) == nil {
                        throw .malformedNumber(token: NumberParser.tokenText(bytes, t), at: .line(line))
                    }
                }
            }
            if tok.peekHasToken() {
                throw .wrongValueCount(expected: h.valuesPerPoint, found: consumed + tok.countRemaining(), at: .line(line))
            }
            try assembler.add(rec, location: .line(line))
        }
        if cursor.nextNonBlankLine() != nil { throw .unexpectedTrailingData(at: .line(cursor.line)) }
        return assembler
    }
}
