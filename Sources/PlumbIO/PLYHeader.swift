/// A parsed PLY header: encoding, elements with their properties, and the offset where data begins.
struct PLYHeader: Sendable, Equatable {
    /// One property of an element: a scalar, or a list (`countType` then that many `type` values).
    struct Property: Sendable, Equatable {
        let name: String
        let type: ScalarType
        let countType: ScalarType?
        var isList: Bool { countType != nil }
    }

    /// One element (`vertex`, `face`, …) with its declared record count.
    struct Element: Sendable, Equatable {
        let name: String
        let count: Int
        var properties: [Property]
        /// Header line of the `element` statement.
        let line: Int

        /// Fixed record size in bytes, or `nil` when a list property makes it variable.
        var fixedStride: Int? {
            var s = 0
            for p in properties {
                if p.isList { return nil }
                s += p.type.size
            }
            return s
        }

        /// Smallest possible binary record size (lists counted as empty).
        var minimumBinaryRecordSize: Int {
            properties.reduce(0) { $0 + ($1.countType?.size ?? $1.type.size) }
        }
    }

    var encoding: PointCloudEncoding
    var elements: [PLYHeader.Element] = []
    /// Offset of the first data byte (just past the `end_header` line terminator).
    var dataOffset = 0
    /// Number of header lines (the first data line of an ascii file is `headerLines + 1`).
    var headerLines = 0
    /// Origin from a `comment plumbline_origin X Y Z` line, if present.
    var origin: SIMD3<Double>?
    /// `comment plumbline_sensor K X Y Z` lines.
    var sensors = SensorComments()

    /// Parses the header at the start of `bytes`.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(PointCloudFormatError) -> PLYHeader {
        var cursor = TextCursor(bytes)
        guard let first = cursor.nextLine() else { throw .emptyInput }
        guard cursor.string(first).trimmingSpaces == "ply" else {
            throw .malformedHeader(detail: "first line must be 'ply'", at: .line(1))
        }
        var header = PLYHeader(encoding: .ascii)
        var sawFormat = false
        while true {
            guard let r = cursor.nextLine() else {
                throw .malformedHeader(detail: "missing 'end_header'", at: .line(cursor.line))
            }
            let line = cursor.line
            guard r.count <= maximumHeaderLineLength else {
                throw .malformedHeader(detail: "header line longer than \(maximumHeaderLineLength) bytes", at: .line(line))
            }
            let text = cursor.string(r)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let keyword = words.first else { continue }
            switch keyword {
            case "format":
                guard words.count == 3, !sawFormat else {
                    throw .malformedHeader(detail: "expected 'format <encoding> 1.0'", at: .line(line))
                }
                switch words[1] {
                case "ascii": header.encoding = .ascii
                case "binary_little_endian": header.encoding = .binaryLittleEndian
                case "binary_big_endian": header.encoding = .binaryBigEndian
                default: throw .unsupportedEncoding(format: .ply, encoding: String(words[1]))
                }
                guard words[2].hasPrefix("1") else {
                    throw .malformedHeader(detail: "unsupported PLY version '\(words[2])'", at: .line(line))
                }
                sawFormat = true
            case "comment":
                if words.count >= 5, words[1] == "plumbline_origin" {
                    guard let ox = Double(words[2]), let oy = Double(words[3]), let oz = Double(words[4]),
                          ox.isFinite, oy.isFinite, oz.isFinite
                    else { throw .malformedHeader(detail: "bad plumbline_origin comment", at: .line(line)) }
                    header.origin = SIMD3(ox, oy, oz)
                } else if words.count >= 2, words[1] == SensorComments.keyword {
                    try header.sensors.add(words.dropFirst(2), line: line)
                }
            case "obj_info":
                continue
            case "element":
                guard words.count == 3 else {
                    throw .malformedHeader(detail: "expected 'element <name> <count>'", at: .line(line))
                }
                guard let n = Int(words[2]), n >= 0 else {
                    throw .malformedHeader(detail: "bad element count '\(words[2])'", at: .line(line))
                }
                header.elements.append(Element(name: String(words[1]), count: n, properties: [], line: line))
            case "property":
                guard !header.elements.isEmpty else {
                    throw .malformedHeader(detail: "'property' before any 'element'", at: .line(line))
                }
                let prop: Property
                if words.count >= 2, words[1] == "list" {
                    guard words.count == 5 else {
                        throw .malformedHeader(detail: "expected 'property list <count type> <type> <name>'", at: .line(line))
                    }
                    guard let ct = ScalarType(plyName: words[2]) else { throw .unknownScalarType(name: String(words[2]), at: .line(line)) }
                    guard ct.isInteger else {
                        throw .malformedHeader(detail: "list count type must be an integer type", at: .line(line))
                    }
                    guard let it = ScalarType(plyName: words[3]) else { throw .unknownScalarType(name: String(words[3]), at: .line(line)) }
                    prop = Property(name: String(words[4]), type: it, countType: ct)
                } else {
                    guard words.count == 3 else {
                        throw .malformedHeader(detail: "expected 'property <type> <name>'", at: .line(line))
                    }
                    guard let t = ScalarType(plyName: words[1]) else { throw .unknownScalarType(name: String(words[1]), at: .line(line)) }
                    prop = Property(name: String(words[2]), type: t, countType: nil)
                }
                header.elements[header.elements.count - 1].properties.append(prop)
            case "end_header":
                guard sawFormat else { throw .malformedHeader(detail: "missing 'format' line", at: .line(line)) }
                header.dataOffset = cursor.position
                header.headerLines = line
                return header
            default:
                throw .malformedHeader(detail: "unknown header keyword '\(keyword)'", at: .line(line))
            }
        }
    }
}

extension String {
    /// The string without leading/trailing spaces, tabs and carriage returns.
    var trimmingSpaces: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return s
    }
}
