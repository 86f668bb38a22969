import Foundation

/// One terminal field of a compressed vector's prototype, in bytestream order, with its bitpack layout.
struct E57Field: Sendable, Equatable {
    /// How the field's values are stored by the bitpack codec.
    enum Kind: Sendable, Equatable {
        /// IEEE float, 32 or 64 bits, little-endian.
        case float(bits: Int)
        /// `minimum + raw` over `bits` bits (0 when `minimum == maximum`), then `× scale + offset`
        /// (1 and 0 for `Integer`).
        case integer(minimum: Int64, bits: Int, scale: Double, offset: Double)
        /// A string field (not decoded).
        case string
    }

    /// Path of the field inside the prototype (`cartesianX`, or `a/b` for a nested structure).
    let name: String
    let kind: Kind
    /// Smallest and largest value the prototype declares (after scaling), when it declares them.
    let minimum: Double?
    let maximum: Double?
    /// XML line of the field's element.
    let line: Int

    /// Bits each record takes in the field's bytestream (0 for a constant integer and for strings).
    var bitsPerRecord: Int {
        switch kind {
        case let .float(b): b
        case let .integer(_, b, _, _): b
        case .string: 0
        }
    }

    /// The prototype's terminal fields in bytestream order (depth-first through nested structures).
    /// - Throws: ``PointCloudFormatError/malformedXML(detail:at:)`` for bad attributes,
    ///   ``PointCloudFormatError/unsupportedFeature(format:feature:at:)`` for a vector or blob in a prototype.
    static func fields(of prototype: E57XMLElement, prefix: String = "") throws(PointCloudFormatError) -> [E57Field] {
        var out: [E57Field] = []
        for c in prototype.children {
            let name = prefix + c.name
            switch c.type {
            case "Structure":
                out += try fields(of: c, prefix: name + "/")
            case "Float":
                let precision = c.attributes["precision"] ?? "double"
                guard precision == "single" || precision == "double" else {
                    throw .malformedXML(detail: "<\(c.name)> precision '\(precision.prefix(20))' is neither single nor double", at: .line(c.line))
                }
                out.append(E57Field(name: name, kind: .float(bits: precision == "single" ? 32 : 64),
                                    minimum: try c.doubleAttribute("minimum"), maximum: try c.doubleAttribute("maximum"), line: c.line))
            case "Integer", "ScaledInteger":
                let lo = try c.integerAttribute("minimum") ?? Int64.min
                let hi = try c.integerAttribute("maximum") ?? Int64.max
                guard lo <= hi else {
                    throw .malformedXML(detail: "<\(c.name)> minimum \(lo) exceeds maximum \(hi)", at: .line(c.line))
                }
                let scaled = c.type == "ScaledInteger"
                let scale = scaled ? try c.doubleAttribute("scale") ?? 1 : 1
                let offset = scaled ? try c.doubleAttribute("offset") ?? 0 : 0
                guard scale != 0 else { throw .malformedXML(detail: "<\(c.name)> scale is 0", at: .line(c.line)) }
                let range = UInt64(bitPattern: hi &- lo)
                out.append(E57Field(name: name, kind: .integer(minimum: lo, bits: 64 - range.leadingZeroBitCount, scale: scale, offset: offset),
                                    minimum: Double(lo) * scale + offset, maximum: Double(hi) * scale + offset, line: c.line))
            case "String":
                out.append(E57Field(name: name, kind: .string, minimum: nil, maximum: nil, line: c.line))
            default:
                throw .unsupportedFeature(format: .e57, feature: "prototype field <\(c.name)> of type '\(c.type.prefix(30))'",
                                          at: .line(c.line))
            }
        }
        return out
    }
}

/// One `data3D` scan as the XML describes it: pose, binary section and fields.
struct E57Scan {
    /// Which coordinates the scan stores.
    enum Coordinates: Sendable, Equatable { case cartesian, spherical }

    let index: Int
    let line: Int
    /// Rows of the rotation matrix of the pose quaternion (normalised), scanner frame → file frame.
    let rotation: [SIMD3<Double>]
    /// Pose translation: the scanner's position in the file frame, metres.
    let translation: SIMD3<Double>
    /// Physical byte offset of the compressed vector's binary section.
    let fileOffset: Int
    let recordCount: Int
    let fields: [E57Field]
    let coordinates: Coordinates
    /// Field indices of the three coordinates (x y z, or range azimuth elevation).
    let coordinateFields: [Int]
    /// `cartesianInvalidState` or `sphericalInvalidState` of the coordinate system used.
    let stateField: Int?
    let intensityField: Int?
    /// `colorRed`, `colorGreen`, `colorBlue`, when all three are present.
    let colorFields: [Int]?
    /// Value range mapped to 0…255 for each colour channel (the scan's `colorLimits`, else the field's).
    let colorRanges: [ClosedRange<Double>]

    /// Reads scan `index` from its `vectorChild` element.
    /// - Throws: ``PointCloudFormatError/malformedXML(detail:at:)`` for a missing or malformed pose or
    ///   `points` element, ``PointCloudFormatError/missingCoordinate(axis:)`` when neither cartesian nor
    ///   spherical coordinates are complete, ``PointCloudFormatError/unsupportedFeature(format:feature:at:)``
    ///   for a codec other than bitpack.
    static func parse(_ e: E57XMLElement, index: Int) throws(PointCloudFormatError) -> E57Scan {
        var rotation: [SIMD3<Double>] = [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)]
        var translation = SIMD3<Double>.zero
        if let pose = e.child("pose") {
            if let r = pose.child("rotation") {
                var q = SIMD4<Double>(1, 0, 0, 0)
                for (k, name) in ["w", "x", "y", "z"].enumerated() {
                    q[k] = try r.child(name)?.number() ?? 0
                }
                let norm = (q * q).sum().squareRoot()
                guard norm.isFinite, norm > 1e-9 else {
                    throw .malformedXML(detail: "scan \(index) pose rotation (\(q.x), \(q.y), \(q.z), \(q.w)) is not a usable quaternion",
                                        at: .line(r.line))
                }
                q /= norm
                let (w, x, y, z) = (q[0], q[1], q[2], q[3])
                rotation = [SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
                            SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
                            SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))]
            }
            if let t = pose.child("translation") {
                for (k, name) in ["x", "y", "z"].enumerated() { translation[k] = try t.child(name)?.number() ?? 0 }
                guard translation.x.isFinite, translation.y.isFinite, translation.z.isFinite else {
                    throw .malformedXML(detail: "scan \(index) pose translation is not finite", at: .line(t.line))
                }
            }
        }
        guard let points = e.child("points"), points.type == "CompressedVector" else {
            throw .malformedXML(detail: "scan \(index) has no <points type=\"CompressedVector\">", at: .line(e.line))
        }
        guard let offset = try points.integerAttribute("fileOffset"), offset >= 0,
              let count = try points.integerAttribute("recordCount"), count >= 0 else {
            throw .malformedXML(detail: "scan \(index) <points> needs non-negative fileOffset and recordCount attributes",
                                at: .line(points.line))
        }
        guard let prototype = points.child("prototype") else {
            throw .malformedXML(detail: "scan \(index) <points> has no <prototype>", at: .line(points.line))
        }
        if let codec = points.child("codecs")?.children.first {
            throw .unsupportedFeature(format: .e57, feature: "codec <\(codec.name)> (only the default bitpack codec is read)",
                                      at: .line(codec.line))
        }
        let fields = try E57Field.fields(of: prototype)
        func find(_ name: String) -> Int? { fields.firstIndex { $0.name == name } }
        let cartesian = ["cartesianX", "cartesianY", "cartesianZ"].map(find)
        let spherical = ["sphericalRange", "sphericalAzimuth", "sphericalElevation"].map(find)
        let coordinates: Coordinates
        let coordinateFields: [Int]
        if cartesian.allSatisfy({ $0 != nil }) {
            coordinates = .cartesian
            coordinateFields = cartesian.compactMap { $0 }
        } else if spherical.allSatisfy({ $0 != nil }) {
            coordinates = .spherical
            coordinateFields = spherical.compactMap { $0 }
        } else {
            let missing = ["x", "y", "z"][cartesian.firstIndex { $0 == nil } ?? 0]
            throw .missingCoordinate(axis: missing)
        }
        for f in coordinateFields where fields[f].kind == .string {
            throw .malformedXML(detail: "coordinate field <\(fields[f].name)> is a String", at: .line(fields[f].line))
        }
        let state = find(coordinates == .cartesian ? "cartesianInvalidState" : "sphericalInvalidState")
        let intensity = find("intensity")
        let colorNames = ["colorRed", "colorGreen", "colorBlue"]
        let colors = colorNames.map(find)
        let colorFields = colors.allSatisfy { $0 != nil } ? colors.compactMap { $0 } : nil
        for f in [state, intensity].compactMap({ $0 }) + (colorFields ?? []) where fields[f].kind == .string {
            throw .malformedXML(detail: "field <\(fields[f].name)> is a String", at: .line(fields[f].line))
        }
        var ranges: [ClosedRange<Double>] = []
        for (k, name) in colorNames.enumerated() {
            let limits = e.child("colorLimits")
            var lo = try limits?.child(name + "Minimum")?.number()
            var hi = try limits?.child(name + "Maximum")?.number()
            if let f = colorFields?[k] {
                lo = lo ?? fields[f].minimum
                hi = hi ?? fields[f].maximum
            }
            let l = lo ?? 0, h = hi ?? 255
            ranges.append(l.isFinite && h.isFinite && l < h ? l...h : 0...255)
        }
        return E57Scan(index: index, line: e.line, rotation: rotation, translation: translation,
                       fileOffset: Int(offset), recordCount: Int(count), fields: fields, coordinates: coordinates,
                       coordinateFields: coordinateFields, stateField: state, intensityField: intensity,
                       colorFields: colorFields, colorRanges: ranges)
    }

    /// The point in the file frame for stored coordinates `c` (x y z, or range azimuth elevation).
    @inline(__always)
    func worldPoint(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let p: SIMD3<Double>
        switch coordinates {
        case .cartesian: p = c
        case .spherical:
            let (r, az, el) = (c.x, c.y, c.z)
            p = SIMD3(r * cos(el) * cos(az), r * cos(el) * sin(az), r * sin(el))
        }
        return SIMD3((rotation[0] * p).sum(), (rotation[1] * p).sum(), (rotation[2] * p).sum()) + translation
    }
}
