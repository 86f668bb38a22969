import Foundation

/// Reads a stored (uncompressed) zip the way a USDZ consumer must: local headers in order, checking
/// the signature, compression method, CRC and each entry's data offset; then the central directory.
struct ZipReader {
    struct Entry {
        var name: String
        var dataOffset: Int
        var data: Data
        var method: UInt16
        var crcMatches: Bool
    }

    var entries: [Entry] = []
    var centralDirectoryCount = 0
    var centralOffsetsMatch = true

    init(_ d: Data) throws {
        let b = [UInt8](d)
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        var o = 0
        var localOffsets: [Int] = []
        while o + 30 <= b.count, u32(o) == 0x0403_4b50 {
            let method = UInt16(u16(o + 8))
            let crc = UInt32(u32(o + 14))
            let size = u32(o + 18)
            let nameLen = u16(o + 26), extraLen = u16(o + 28)
            let name = String(decoding: b[(o + 30)..<(o + 30 + nameLen)], as: UTF8.self)
            let start = o + 30 + nameLen + extraLen
            guard start + size <= b.count else { throw CocoaError(.fileReadCorruptFile) }
            let data = Data(b[start..<(start + size)])
            entries.append(Entry(name: name, dataOffset: start, data: data, method: method, crcMatches: CRC32Check.crc(data) == crc))
            localOffsets.append(o)
            o = start + size
        }
        // End of central directory: last 22 bytes (no comment).
        let end = b.count - 22
        guard end >= 0, u32(end) == 0x0605_4b50 else { throw CocoaError(.fileReadCorruptFile) }
        centralDirectoryCount = u16(end + 10)
        var c = u32(end + 16)
        for i in 0..<centralDirectoryCount {
            guard u32(c) == 0x0201_4b50 else { throw CocoaError(.fileReadCorruptFile) }
            if i >= localOffsets.count || u32(c + 42) != localOffsets[i] { centralOffsetsMatch = false }
            c += 46 + u16(c + 28) + u16(c + 30) + u16(c + 32)
        }
    }
}

/// An independent bitwise CRC-32 (not the exporter's table version).
enum CRC32Check {
    static func crc(_ d: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in d {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }
}
