import PlumbKernel

/// Reads plain-text point lists: one point per line, values separated by spaces, tabs or commas,
/// `#` starting a comment line.
///
/// Column meaning:
/// - A `# columns: name name …` comment (written by ``PointCloudWriter``), or a first non-comment line
///   made only of names (a CSV header such as `x,y,z,red,green,blue`), names the columns with the same
///   names as PLY properties (`x y z nx ny nz r g b red green blue intensity frame_index` …).
/// - Otherwise the count of values on the first data line decides:
///   3 → `x y z`; 4 → `x y z intensity`; 6 → `x y z r g b`; 7 → `x y z intensity r g b` (PTS style);
///   9 → `x y z r g b nx ny nz`; any other count ≥ 3 → `x y z` and the rest skipped.
/// Colour values are 0…255. Every data line must have the same number of values as the first.
/// A first data line holding a single integer (the PTS point-count line) is reported as the declared
/// count; it is never used to size memory. A last line without a line ending that stops in the middle
/// of a number (its final character `.`, `,`, `+`, `-`, `e` or `E`) is
/// ``PointCloudFormatError/truncatedData(element:index:at:)``: the file was cut.
enum XYZReader {
    static func columnNames(forCount n: Int) -> [String] {
        switch n {
        case 3: ["x", "y", "z"]
        case 4: ["x", "y", "z", "intensity"]
        case 6: ["x", "y", "z", "r", "g", "b"]
        case 7: ["x", "y", "z", "intensity", "r", "g", "b"]
        case 9: ["x", "y", "z", "r", "g", "b", "nx", "ny", "nz"]
        default: ["x", "y", "z"] + (3..<max(3, n)).map { "column\($0 + 1)" }
        }
    }

    static func read(_ bytes: UnsafeRawBufferPointer, options: PointCloudReadOptions) throws(PointCloudFormatError) -> PointCloudReadResult {
        var cursor = TextCursor(bytes)
        var names: [String]?
        var targets: [PointTarget?] = []
        var types: [ScalarType] = []
        var expected = 0
        var assembler: CloudAssembler?
        var report = PointCloudReadReport(format: .xyz, encoding: .ascii, declaredPointCount: nil)
        // A file cut inside its last number ("… 3." or "… 1.5,") has no line ending after it: that
        // last line is refused rather than read as a shorter number.
        let last = bytes.isEmpty ? 0x0A : bytes[bytes.count - 1]
        let cutInsideNumber = [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "-"),
                               UInt8(ascii: "e"), UInt8(ascii: "E")].contains(last)
        var points = 0
        while let r = cursor.nextLine() {
            let line = cursor.line
            var tok = Tokenizer(bytes, r, commaIsSeparator: true)
            guard let first = tok.next() else { continue }
            if bytes[first.lowerBound] == UInt8(ascii: "#") {
                if assembler == nil {
                    let text = cursor.string(r).trimmingSpaces
                    if let range = text.firstRange(of: "columns:") {
                        names = text[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
                            .map { $0.lowercased() }
                    }
                }
                continue
            }
            if assembler == nil {
                // First data line: fix the column layout.
                var t2 = Tokenizer(bytes, r, commaIsSeparator: true)
                var tokens: [Range<Int>] = []
                while let t = t2.next() { tokens.append(t) }
                if tokens.count == 1, report.declaredPointCount == nil,
                   let declared = NumberParser.parseInteger(bytes, tokens[0], in: 0...9e15) {
                    // PTS-style point-count line: reported, not trusted for allocation.
                    report.declaredPointCount = Int(declared)
                    continue
                }
                if names == nil, tokens.allSatisfy({ NumberParser.parseDouble(bytes, $0) == nil }) {
                    names = tokens.map { cursor.string($0).lowercased() }
                    continue
                }
                let cols = names ?? columnNames(forCount: tokens.count)
                guard tokens.count == cols.count else {
                    throw .wrongValueCount(expected: cols.count, found: tokens.count, at: .line(line))
                }
                guard tokens.count >= 3 || names != nil else {
                    throw .wrongValueCount(expected: 3, found: tokens.count, at: .line(line))
                }
                expected = cols.count
                types = cols.map { ["r", "g", "b", "red", "green", "blue"].contains($0) ? .uint8 : .float64 }
                targets = AttributeMapping.targets(zip(cols, types).map {
                    AttributeMapping.Candidate(name: $0, type: $1 == .uint8 ? .uint8 : ($0.contains("frame") || $0 == "scan_index" ? .uint32 : .float64), isSingleScalar: true)
                })
                for axis in [PointTarget.x, .y, .z] where !targets.contains(axis) {
                    throw .missingCoordinate(axis: "\(axis)")
                }
                report.skippedProperties = zip(cols, targets).compactMap { $1 == nil ? $0 : nil }
                let estimate = (bytes.count - r.lowerBound) / max(1, r.count + 1) + 1
                assembler = CloudAssembler(capacity: estimate, attributes: AttributePresence(targets: targets.compactMap { $0 }),
                                           coordinatesAreFloat32: false, organised: false, policy: options.nonFiniteCoordinates)
            }
            if cutInsideNumber && cursor.position >= bytes.count {
                throw .truncatedData(element: "point", index: points, at: .line(line))
            }
            var rec = PointRecord()
            var t2 = Tokenizer(bytes, r, commaIsSeparator: true)
            for c in 0..<expected {
                guard let t = t2.next() else {
                    throw .wrongValueCount(expected: expected, found: c, at: .line(line))
                }
                guard let v = NumberParser.parseDouble(bytes, t) else {
                    throw .malformedNumber(token: NumberParser.tokenText(bytes, t), at: .line(line))
                }
                guard let target = targets[c] else { continue }
                if types[c] == .uint8, !(v >= 0 && v <= 255) {
                    throw .valueOutOfRange(property: "colour", value: NumberParser.tokenText(bytes, t), at: .line(line))
                }
                if !rec.assign(v, to: target, type: types[c]) {
                    throw .valueOutOfRange(property: "frame_index", value: NumberParser.tokenText(bytes, t), at: .line(line))
                }
            }
            if t2.peekHasToken() {
                throw .wrongValueCount(expected: expected, found: expected + t2.countRemaining(), at: .line(line))
            }
            try assembler!.add(rec, location: .line(line))
            points += 1
        }
        guard let assembler else { throw .emptyInput }
        assembler.fill(&report)
        return PointCloudReadResult(cloud: assembler.makeCloud(fileOrigin: .zero), report: report)
    }
}
