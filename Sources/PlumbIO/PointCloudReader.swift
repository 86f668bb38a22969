import Foundation
import PlumbKernel

/// Reads point-cloud files (PLY, PCD, XYZ, LAS, E57) into a `PointCloud` plus a ``PointCloudReadReport``.
///
/// Safety: memory grows with the bytes present, never with header counts (a header claiming 10^12
/// points in a small file fails at once with ``PointCloudFormatError/declaredSizeExceedsData(element:declaredCount:minimumBytes:availableBytes:at:)``);
/// every malformed input gives a typed ``PointCloudFormatError`` naming the line or byte offset.
/// Binary decoding is O(bytes) with unaligned loads straight from the (memory-mapped) file.
public enum PointCloudReader {
    /// Reads the file at `url`. The format is detected from the magic bytes, then the extension, unless
    /// `format` is given. The file is memory-mapped (regular files) or read in chunks (pipes).
    public static func read(
        contentsOf url: URL, format: PointCloudFormat? = nil, options: PointCloudReadOptions = .init()
    ) throws(PointCloudFormatError) -> PointCloudReadResult {
        let file = try MappedFile(path: url.path, streamLimit: options.maximumStreamBytes)
        let ext = url.pathExtension
        return try file.withBytes { raw in
            Result { () throws(PointCloudFormatError) in
                try read(raw: raw, format: format, fileExtension: ext, options: options)
            }
        }.get()
    }

    /// Reads a file image held in memory (`[UInt8]`, `Data`, …). The format is detected from the
    /// magic bytes (and the content for XYZ) unless `format` is given.
    public static func read<Bytes: ContiguousBytes>(
        bytes: Bytes, format: PointCloudFormat? = nil, options: PointCloudReadOptions = .init()
    ) throws(PointCloudFormatError) -> PointCloudReadResult {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(PointCloudFormatError) in
                try read(raw: raw, format: format, fileExtension: nil, options: options)
            }
        }.get()
    }

    /// The format of a file image judged from its first bytes (`ply` magic, PCD header keywords, `LASF`,
    /// `ASTM-E57`, lines of numbers), falling back to `fileExtension`; `nil` when neither decides.
    public static func detectFormat<Bytes: ContiguousBytes>(bytes: Bytes, fileExtension: String? = nil) -> PointCloudFormat? {
        bytes.withUnsafeBytes { detect($0, fileExtension: fileExtension) }
    }

    static func read(
        raw: UnsafeRawBufferPointer, format: PointCloudFormat?, fileExtension: String?, options: PointCloudReadOptions
    ) throws(PointCloudFormatError) -> PointCloudReadResult {
        guard raw.count > 0 else { throw .emptyInput }
        if format == nil, PointCloudFormat.isLAZ(fileExtension) { throw .compressedLAZ(at: .byteOffset(0)) }
        if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
            throw .unrecognisedFormat(
                detail: "the input starts with a UTF-8 byte-order mark (EF BB BF); PLY, PCD and XYZ headers are plain ASCII: remove the first 3 bytes")
        }
        guard let f = format ?? detect(raw, fileExtension: fileExtension) else {
            let ext = fileExtension.map { $0.isEmpty ? "no extension" : "extension '\($0)'" } ?? "no file name"
            throw .unrecognisedFormat(
                detail: "no PLY/PCD/LAS/E57 magic bytes and \(ext); supported: \(PointCloudFormat.supportedExtensionsDescription)")
        }
        switch f {
        case .ply: return try PLYReader.read(raw, options: options)
        case .pcd: return try PCDReader.read(raw, options: options)
        case .xyz: return try XYZReader.read(raw, options: options)
        case .las: return try LASReader.read(raw, options: options)
        case .e57: return try E57Reader.read(raw, options: options)
        }
    }

    static func detect(_ raw: UnsafeRawBufferPointer, fileExtension: String?) -> PointCloudFormat? {
        if raw.starts(with: LASHeader.signature) { return .las }
        if raw.starts(with: E57FileHeader.signature) { return .e57 }
        var cursor = TextCursor(UnsafeRawBufferPointer(rebasing: raw[0..<min(raw.count, 4096)]))
        var lines = 0
        while lines < 32, let r = cursor.nextLine() {
            lines += 1
            let text = cursor.string(r).trimmingSpaces
            if lines == 1, text == "ply" { return .ply }
            if text.isEmpty { continue }
            if text.hasPrefix("#") {
                if text.uppercased().contains(".PCD") { return .pcd }
                continue
            }
            let word = text.split(separator: " ").first.map { $0.uppercased() } ?? ""
            if ["VERSION", "FIELDS", "COLUMNS", "SIZE", "TYPE", "COUNT", "WIDTH", "HEIGHT", "VIEWPOINT", "POINTS", "DATA"]
                .contains(word) { return .pcd }
            break
        }
        if let fileExtension, let f = PointCloudFormat(fileExtension: fileExtension) { return f }
        // Text whose first data line is numbers: XYZ.
        cursor = TextCursor(UnsafeRawBufferPointer(rebasing: raw[0..<min(raw.count, 4096)]))
        while let r = cursor.nextLine() {
            var tok = Tokenizer(cursor.bytes, r, commaIsSeparator: true)
            guard let first = tok.next() else { continue }
            if cursor.bytes[first.lowerBound] == UInt8(ascii: "#") { continue }
            var n = 1
            guard NumberParser.parseDouble(cursor.bytes, first) != nil else { return nil }
            while let t = tok.next() {
                guard NumberParser.parseDouble(cursor.bytes, t) != nil else { return nil }
                n += 1
            }
            return n >= 3 ? .xyz : nil
        }
        return nil
    }
}
