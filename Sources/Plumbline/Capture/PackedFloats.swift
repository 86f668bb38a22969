import Foundation

/// A `[Float]` that encodes compactly: a base64 string of its little-endian IEEE-754 bytes (about 5.3
/// characters per value instead of 10 or more as JSON numbers). Decoding rejects bad base64, a byte
/// count that is not a multiple of 4 and non-finite values.
public struct PackedFloats: Sendable, Equatable, Codable {
    /// The values.
    public var values: [Float]

    /// Wraps `values`.
    public init(_ values: [Float]) { self.values = values }

    /// Decodes the base64 string.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let data = Data(base64Encoded: s), data.count % 4 == 0 else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not base64 of 4-byte floats")
        }
        var out = [Float](repeating: 0, count: data.count / 4)
        data.withUnsafeBytes { raw in
            for i in out.indices {
                out[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
            }
        }
        if let bad = out.firstIndex(where: { !$0.isFinite }) {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "value \(bad) is not finite")
        }
        values = out
    }

    /// Encodes as a base64 string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        let words = values.map { $0.bitPattern.littleEndian }
        try c.encode(words.withUnsafeBytes { Data($0) }.base64EncodedString())
    }
}
