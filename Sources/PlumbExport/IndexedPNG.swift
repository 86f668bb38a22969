import Foundation

/// A PNG encoder for 8-bit indexed-colour images (colour type 3), as the HTML report embeds them: the
/// image data is one zlib stream of stored (uncompressed) deflate blocks, every row with filter 0, so
/// the file is `width × height` bytes plus about 0.03 % and the palette. Deterministic.
struct IndexedPNG {
    /// Width and height, pixels (≥ 1 each).
    var width: Int, height: Int
    /// Palette colours (RGB), at most 256.
    var palette: [SIMD3<UInt8>]
    /// Palette indices, row after row from the top, `width × height` of them.
    var pixels: [UInt8]

    /// The PNG file.
    /// - Complexity: O(width × height).
    func encode() -> Data {
        precondition(width >= 1 && height >= 1 && pixels.count == width * height && !palette.isEmpty && palette.count <= 256)
        var out = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data()
        ihdr.be32(UInt32(width))
        ihdr.be32(UInt32(height))
        ihdr.append(contentsOf: [8, 3, 0, 0, 0])  // 8 bits, indexed colour, deflate, filter 0, no interlace
        Self.chunk("IHDR", ihdr, into: &out)
        Self.chunk("PLTE", Data(palette.flatMap { [$0.x, $0.y, $0.z] }), into: &out)
        var raw = [UInt8]()
        raw.reserveCapacity((width + 1) * height)
        for r in 0..<height {
            raw.append(0)
            raw.append(contentsOf: pixels[(r * width)..<((r + 1) * width)])
        }
        Self.chunk("IDAT", Self.zlibStored(raw), into: &out)
        Self.chunk("IEND", Data(), into: &out)
        return out
    }

    /// One chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: Data, into out: inout Data) {
        out.be32(UInt32(data.count))
        var body = Data(type.utf8)
        body.append(data)
        out.append(body)
        out.be32(CRC32.checksum(body))
    }

    /// A zlib stream (RFC 1950) holding `bytes` in stored deflate blocks (RFC 1951 §3.2.4) of at most
    /// 65 535 bytes.
    static func zlibStored(_ bytes: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        out.reserveCapacity(bytes.count + bytes.count / 65_535 * 5 + 16)
        var start = 0
        repeat {
            let n = min(65_535, bytes.count - start)
            let last = start + n == bytes.count
            out.append(last ? 1 : 0)
            out.append(contentsOf: [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)])
            out.append(contentsOf: bytes[start..<(start + n)])
            start += n
        } while start < bytes.count
        out.be32(adler32(bytes))
        return out
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var i = 0
        while i < bytes.count {
            // 5552 bytes keep b below 2^32 before the reduction.
            let end = min(bytes.count, i + 5552)
            while i < end {
                a &+= UInt32(bytes[i])
                b &+= a
                i += 1
            }
            a %= 65_521
            b %= 65_521
        }
        return (b << 16) | a
    }
}
