import PlumbKernel

/// Where in the input a problem was found: a 1-based line number for text, or a 0-based byte offset
/// from the start of the file for binary data.
public enum SourceLocation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// 1-based line number in a text file or text header.
    case line(Int)
    /// 0-based byte offset from the start of the input.
    case byteOffset(Int)

    /// "line N" or "byte offset N".
    public var description: String {
        switch self {
        case let .line(n): "line \(n)"
        case let .byteOffset(o): "byte offset \(o)"
        }
    }
}

/// A problem reading or writing a point-cloud file. Every case says what went wrong and where.
public enum PointCloudFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input holds no bytes (or only whitespace where data was required).
    case emptyInput
    /// The format could not be recognised from the magic bytes or the file extension.
    case unrecognisedFormat(detail: String)
    /// The file could not be opened or read.
    case cannotReadFile(path: String, reason: String)
    /// The file could not be written.
    case cannotWriteFile(path: String, reason: String)
    /// A source without a size (pipe, standard input, character device) went on past `limit` bytes
    /// (``PointCloudReadOptions/maximumStreamBytes``); refused without reading further.
    case streamTooLong(path: String, limit: Int)
    /// The header is malformed (bad keyword, missing line, inconsistent counts …).
    case malformedHeader(detail: String, at: SourceLocation)
    /// The header names a scalar type this reader does not know.
    case unknownScalarType(name: String, at: SourceLocation)
    /// The encoding is not supported for this format (reading or writing).
    case unsupportedEncoding(format: PointCloudFormat, encoding: String)
    /// The file has no element/field that carries the points (PLY `vertex`).
    case missingElement(name: String)
    /// The point records lack the coordinate `axis` ("x", "y" or "z").
    case missingCoordinate(axis: String)
    /// The header declares more data than the input could possibly hold; rejected before allocating.
    case declaredSizeExceedsData(element: String, declaredCount: Int, minimumBytes: Int, availableBytes: Int, at: SourceLocation)
    /// Record `index` of `element` is cut short by the end of the input.
    case truncatedData(element: String, index: Int, at: SourceLocation)
    /// A token is not a valid number of the expected kind.
    case malformedNumber(token: String, at: SourceLocation)
    /// A text record has the wrong number of values.
    case wrongValueCount(expected: Int, found: Int, at: SourceLocation)
    /// Non-blank text follows the last declared record (the header count is too small).
    case unexpectedTrailingData(at: SourceLocation)
    /// A value does not fit its meaning (negative list length, frame index out of range, colour out of range …).
    case valueOutOfRange(property: String, value: String, at: SourceLocation)
    /// Point `pointIndex` (0-based record index) has a NaN or infinite coordinate in an unorganised cloud.
    case nonFiniteCoordinate(pointIndex: Int, at: SourceLocation)
    /// Compressed point data is corrupt: the LZF stream of a PCD `binary_compressed` body, or an E57
    /// compressed vector section (section header, packet headers, bytestream lengths).
    case corruptCompressedData(detail: String, at: SourceLocation)
    /// The cloud handed to a writer is inconsistent.
    case invalidCloud(PointCloudError)
    /// A `plumbline_sensor` header comment is malformed, repeated, out of the dense range `0..<n`, too many,
    /// or the points have no frame index to refer to several sensors.
    case malformedSensor(detail: String, at: SourceLocation)
    /// Point `pointIndex` (0-based, in the returned cloud) has frame index `frameIndex` but the header gives
    /// only `sensorCount` sensor positions.
    case sensorIndexOutOfRange(pointIndex: Int, frameIndex: UInt32, sensorCount: Int)
    /// The file is LAZ (compressed LAS: the compression bit of the point format, or a `.laz` name); it is not
    /// decoded. Decompress it first (`laszip -i in.laz -o out.las`, or `pdal translate in.laz out.las`).
    case compressedLAZ(at: SourceLocation)
    /// The file uses a feature of `format` this reader does not implement (an E57 codec other than bitpack,
    /// an E57 page size other than 1024, a LAS point format above 10 …), named in `feature`.
    case unsupportedFeature(format: PointCloudFormat, feature: String, at: SourceLocation)
    /// E57 physical page `page` (0-based, `pageSize` bytes each, starting at byte offset `at`) fails its
    /// CRC-32C: the file is damaged.
    case checksumMismatch(page: Int, stored: UInt32, computed: UInt32, at: SourceLocation)
    /// The E57 XML section is not well-formed or lacks what the points need; `at` is a line of the XML
    /// section (1-based, counted from the section's first byte) or a byte offset of the file.
    case malformedXML(detail: String, at: SourceLocation)

    /// A one-line human-readable explanation naming the location.
    public var description: String {
        switch self {
        case .emptyInput: "the input is empty"
        case let .unrecognisedFormat(d): "unrecognised point-cloud format: \(d)"
        case let .cannotReadFile(p, r): "cannot read '\(p)': \(r)"
        case let .cannotWriteFile(p, r): "cannot write '\(p)': \(r)"
        case let .streamTooLong(p, l):
            "'\(p)' has no size and goes on past the \(l)-byte limit for such inputs (read a regular file, or raise PointCloudReadOptions.maximumStreamBytes)"
        case let .malformedHeader(d, at): "malformed header at \(at): \(d)"
        case let .unknownScalarType(n, at): "unknown scalar type '\(n)' at \(at)"
        case let .unsupportedEncoding(f, e): "encoding '\(e)' is not supported for \(f.rawValue.uppercased())"
        case let .missingElement(n): "the file has no '\(n)' element"
        case let .missingCoordinate(a): "the point records have no '\(a)' coordinate"
        case let .declaredSizeExceedsData(el, n, need, have, at):
            "header declares \(n) '\(el)' records needing at least \(need) bytes but only \(have) remain (data starts at \(at))"
        case let .truncatedData(el, i, at): "'\(el)' record \(i) is truncated at \(at)"
        case let .malformedNumber(t, at): "malformed number '\(t)' at \(at)"
        case let .wrongValueCount(e, f, at): "expected \(e) values, found \(f) at \(at)"
        case let .unexpectedTrailingData(at): "unexpected data after the last declared record at \(at)"
        case let .valueOutOfRange(p, v, at): "value \(v) of '\(p)' is out of range at \(at)"
        case let .nonFiniteCoordinate(i, at): "point \(i) has a NaN or infinite coordinate at \(at)"
        case let .corruptCompressedData(d, at): "corrupt compressed data at \(at): \(d)"
        case let .invalidCloud(e): "invalid cloud: \(e)"
        case let .malformedSensor(d, at): "bad sensor line at \(at): \(d)"
        case let .sensorIndexOutOfRange(i, f, n): "point \(i) has frame index \(f) but the header gives only \(n) sensor positions"
        case let .compressedLAZ(at):
            "the file is LAZ (compressed LAS, detected at \(at)), which is not decoded: decompress it first, e.g. `laszip -i in.laz -o out.las` or `pdal translate in.laz out.las`"
        case let .unsupportedFeature(f, feature, at): "unsupported \(f.rawValue.uppercased()) feature at \(at): \(feature)"
        case let .checksumMismatch(page, stored, computed, at):
            "E57 page \(page) at \(at) fails its CRC-32C (stored \(String(stored, radix: 16)), computed \(String(computed, radix: 16))): the file is damaged"
        case let .malformedXML(d, at): "malformed E57 XML at \(at): \(d)"
        }
    }
}
