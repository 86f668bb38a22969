/// A parsed PCD header (v0.7 and older): fields, grid size, viewpoint, data encoding and where data begins.
struct PCDHeader: Sendable, Equatable {
    /// One field: name, value type, number of values per point, byte offset within an uncompressed record.
    struct Field: Sendable, Equatable {
        let name: String
        let type: ScalarType
        let count: Int
        var offset: Int
        /// Bytes per point.
        var byteSize: Int { type.size * count }
    }

    var fields: [Field] = []
    var width = 0
    var height = 1
    var points = 0
    var viewpoint: [Double]?
    var encoding: PointCloudEncoding = .ascii
    /// Offset of the first byte after the `DATA` line.
    var dataOffset = 0
    /// Number of header lines, including the `DATA` line.
    var headerLines = 0
    /// Origin from a `# plumbline_origin X Y Z` comment, if present.
    var origin: SIMD3<Double>?
    /// `# plumbline_sensor K X Y Z` comments.
    var sensors = SensorComments()
    /// Uncompressed record size: the sum of the fields' byte sizes.
    var recordSize = 0
    /// Total number of values per point (the ascii token count per line).
    var valuesPerPoint = 0

    /// Parses the header at the start of `bytes`.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(PointCloudFormatError) -> PCDHeader {
        var cursor = TextCursor(bytes)
        var h = PCDHeader()
        var names: [Substring] = []
        var sizes: [Int]?
        var types: [Substring]?
        var counts: [Int]?
        var width: Int?, height: Int?, points: Int?
        var fieldsLine = 0
        var sawAnyLine = false
        while true {
            guard let r = cursor.nextLine() else {
                if !sawAnyLine { throw .emptyInput }
                throw .malformedHeader(detail: "missing DATA line", at: .line(cursor.line))
            }
            let line = cursor.line
            guard r.count <= maximumHeaderLineLength else {
                throw .malformedHeader(detail: "header line longer than \(maximumHeaderLineLength) bytes", at: .line(line))
            }
            let text = cursor.string(r)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let keyword = words.first else { continue }
            sawAnyLine = true
            if keyword.hasPrefix("#") {
                if words.count >= 5, words[1] == "plumbline_origin" {
                    guard let ox = Double(words[2]), let oy = Double(words[3]), let oz = Double(words[4]),
                          ox.isFinite, oy.isFinite, oz.isFinite
                    else { throw .malformedHeader(detail: "bad plumbline_origin comment", at: .line(line)) }
                    h.origin = SIMD3(ox, oy, oz)
                } else if words.count >= 2, words[1] == SensorComments.keyword {
                    try h.sensors.add(words.dropFirst(2), line: line)
                }
                continue
            }
            let args = Array(words.dropFirst())
            func integers(_ what: String) throws(PointCloudFormatError) -> [Int] {
                var out: [Int] = []
                for a in args {
                    guard let v = Int(a), v >= 0 else {
                        throw .malformedHeader(detail: "bad \(what) value '\(a)'", at: .line(line))
                    }
                    out.append(v)
                }
                return out
            }
            func single(_ what: String) throws(PointCloudFormatError) -> Int {
                let v = try integers(what)
                guard v.count == 1 else { throw .malformedHeader(detail: "\(what) needs one value", at: .line(line)) }
                return v[0]
            }
            switch keyword.uppercased() {
            case "VERSION":
                continue
            case "FIELDS", "COLUMNS":
                guard !args.isEmpty else { throw .malformedHeader(detail: "FIELDS is empty", at: .line(line)) }
                names = args
                fieldsLine = line
            case "SIZE": sizes = try integers("SIZE")
            case "TYPE": types = args
            case "COUNT": counts = try integers("COUNT")
            case "WIDTH": width = try single("WIDTH")
            case "HEIGHT": height = try single("HEIGHT")
            case "POINTS": points = try single("POINTS")
            case "VIEWPOINT":
                var v: [Double] = []
                for a in args {
                    guard let d = Double(a), d.isFinite else {
                        throw .malformedHeader(detail: "bad VIEWPOINT value '\(a)'", at: .line(line))
                    }
                    v.append(d)
                }
                guard v.count == 7 else { throw .malformedHeader(detail: "VIEWPOINT needs 7 values", at: .line(line)) }
                h.viewpoint = v
            case "DATA":
                guard args.count == 1 else { throw .malformedHeader(detail: "DATA needs one word", at: .line(line)) }
                switch args[0].lowercased() {
                case "ascii": h.encoding = .ascii
                case "binary": h.encoding = .binaryLittleEndian
                case "binary_compressed": h.encoding = .binaryCompressed
                default: throw .unsupportedEncoding(format: .pcd, encoding: String(args[0]))
                }
                h.dataOffset = cursor.position
                h.headerLines = line
                try h.finish(names: names, sizes: sizes, types: types, counts: counts, width: width, height: height,
                             points: points, fieldsLine: fieldsLine, dataLine: line)
                return h
            default:
                throw .malformedHeader(detail: "unknown header keyword '\(keyword)'", at: .line(line))
            }
        }
    }

    private mutating func finish(
        names: [Substring], sizes: [Int]?, types: [Substring]?, counts: [Int]?, width: Int?, height: Int?,
        points: Int?, fieldsLine: Int, dataLine: Int
    ) throws(PointCloudFormatError) {
        guard !names.isEmpty else { throw .malformedHeader(detail: "missing FIELDS line", at: .line(dataLine)) }
        guard let sizes else { throw .malformedHeader(detail: "missing SIZE line", at: .line(dataLine)) }
        guard sizes.count == names.count else {
            throw .malformedHeader(detail: "SIZE has \(sizes.count) values for \(names.count) fields", at: .line(dataLine))
        }
        let typeLetters = types ?? Array(repeating: "F", count: names.count)
        guard typeLetters.count == names.count else {
            throw .malformedHeader(detail: "TYPE has \(typeLetters.count) values for \(names.count) fields", at: .line(dataLine))
        }
        let cs = counts ?? Array(repeating: 1, count: names.count)
        guard cs.count == names.count else {
            throw .malformedHeader(detail: "COUNT has \(cs.count) values for \(names.count) fields", at: .line(dataLine))
        }
        var offset = 0
        var values = 0
        for i in names.indices {
            guard let t = ScalarType(pcdType: typeLetters[i], size: sizes[i]) else {
                throw .unknownScalarType(name: "\(typeLetters[i])\(sizes[i])", at: .line(fieldsLine))
            }
            guard cs[i] >= 1 else { throw .malformedHeader(detail: "COUNT of '\(names[i])' is 0", at: .line(dataLine)) }
            let f = Field(name: String(names[i]), type: t, count: cs[i], offset: offset)
            let (size, o1) = t.size.multipliedReportingOverflow(by: cs[i])
            let (next, o2) = offset.addingReportingOverflow(size)
            let (nv, o3) = values.addingReportingOverflow(cs[i])
            guard !o1, !o2, !o3 else { throw .malformedHeader(detail: "record size overflows", at: .line(dataLine)) }
            fields.append(f)
            offset = next
            values = nv
        }
        recordSize = offset
        valuesPerPoint = values
        let hgt = height ?? 1
        guard let w = width ?? points.map({ hgt == 0 ? 0 : $0 / hgt }) else {
            throw .malformedHeader(detail: "missing WIDTH and POINTS", at: .line(dataLine))
        }
        let (wh, overflow) = w.multipliedReportingOverflow(by: hgt)
        guard !overflow else { throw .malformedHeader(detail: "WIDTH × HEIGHT overflows", at: .line(dataLine)) }
        let n = points ?? wh
        guard n == wh else {
            throw .malformedHeader(detail: "POINTS \(n) differs from WIDTH × HEIGHT = \(wh)", at: .line(dataLine))
        }
        self.width = w
        self.height = hgt
        self.points = n
        for axis in ["x", "y", "z"] where !fields.contains(where: { $0.name == axis }) {
            throw .missingCoordinate(axis: axis)
        }
    }
}
