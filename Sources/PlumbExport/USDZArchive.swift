import Foundation

/// Writes a USDZ package: a zip archive with every file stored uncompressed and every file's data
/// starting on a 64-byte boundary (padding goes into an extra field of the local header), as the USDZ
/// specification requires. The first file must be the root layer. Fixed timestamps (1980-01-01) keep
/// the output byte-identical for identical input.
package enum USDZArchive {
    /// Extra-field header id used for the alignment padding.
    package static let paddingFieldID: UInt16 = 0x1986
    /// The alignment of every file's data, bytes.
    package static let alignment = 64

    /// Whether `path` is a safe relative entry name: not absolute, no `\\`, no `:`, no empty, `.` or
    /// `..` component, no control characters. Unpacking such names cannot leave the target folder.
    package static func isSafeEntryName(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        if path.unicodeScalars.contains(where: { $0 == "\\" || $0 == ":" || $0.value < 0x20 || $0.value == 0x7F }) { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The archive bytes for `files` (path inside the package, contents), in the given order.
    /// - Throws: ``ExportError/invalidGeometry(element:detail:)`` is never thrown;
    ///   ``ExportError/fileError(path:detail:)`` when a file or the archive would exceed 4 GiB or a path
    ///   is empty or longer than 65535 bytes; ``ExportError/unsafeArchivePath(path:)`` for a path that
    ///   fails ``isSafeEntryName(_:)``.
    /// - Complexity: O(total size): one CRC pass and one copy.
    package static func archive(_ files: [(path: String, data: Data)]) throws(ExportError) -> Data {
        var out = Data()
        var central = Data()
        for (path, data) in files {
            let name = Array(path.utf8)
            guard !name.isEmpty, name.count <= 0xFFFF else { throw .fileError(path: path, detail: "invalid path length") }
            guard isSafeEntryName(path) else { throw .unsafeArchivePath(path: path) }
            guard data.count < 0xFFFF_FFFF, out.count < 0xFFFF_FFFF - data.count - 200 else {
                throw .fileError(path: path, detail: "USDZ without zip64 is limited to 4 GiB")
            }
            let offset = out.count
            let pad = (alignment - (offset + 30 + name.count + 4) % alignment) % alignment
            let crc = CRC32.checksum(data)
            var header = Data()
            header.le32(0x0403_4b50)
            header.le16(20); header.le16(0); header.le16(0)  // version, flags, stored
            header.le16(0); header.le16(0x21)  // 00:00, 1980-01-01
            header.le32(crc); header.le32(UInt32(data.count)); header.le32(UInt32(data.count))
            header.le16(UInt16(name.count)); header.le16(UInt16(4 + pad))
            header.append(contentsOf: name)
            header.le16(paddingFieldID); header.le16(UInt16(pad))
            header.append(Data(count: pad))
            out.append(header)
            out.append(data)
            var c = Data()
            c.le32(0x0201_4b50)
            c.le16(20); c.le16(20); c.le16(0); c.le16(0)
            c.le16(0); c.le16(0x21)
            c.le32(crc); c.le32(UInt32(data.count)); c.le32(UInt32(data.count))
            c.le16(UInt16(name.count)); c.le16(0); c.le16(0)  // name, extra, comment lengths
            c.le16(0); c.le16(0); c.le32(0)  // disk, internal, external attributes
            c.le32(UInt32(offset))
            c.append(contentsOf: name)
            central.append(c)
        }
        let cdOffset = out.count
        out.append(central)
        var end = Data()
        end.le32(0x0605_4b50)
        end.le16(0); end.le16(0)
        end.le16(UInt16(files.count)); end.le16(UInt16(files.count))
        end.le32(UInt32(central.count)); end.le32(UInt32(cdOffset))
        end.le16(0)
        out.append(end)
        return out
    }
}

extension Data {
    mutating func le16(_ v: UInt16) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8)) }
    mutating func le32(_ v: UInt32) { for i in 0..<4 { append(UInt8((v >> (8 * UInt32(i))) & 0xFF)) } }
    /// Appends `v` big-endian (PNG's byte order).
    mutating func be32(_ v: UInt32) { for i in (0..<4).reversed() { append(UInt8((v >> (8 * UInt32(i))) & 0xFF)) } }
}
