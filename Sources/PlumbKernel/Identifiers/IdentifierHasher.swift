import Foundation

/// The one recipe behind every deterministic identifier of the package (a built room's elements, the
/// simulator's truth elements, the IFC exporter's derived entities): two FNV-1a 64-bit lanes over the
/// input bytes, each lane's bytes optionally XOR-ed with its own constant, then SplitMix64 finalisation
/// into an RFC 9562 version-8 ("custom") UUID. The same bytes always give the same UUID, on every
/// platform and run.
///
/// Callers choose the lanes' offset bases and per-lane byte keys, so each family of identifiers keeps its
/// own values (changing them would change every identifier a model carries).
package struct IdentifierHasher {
    /// FNV-1a's 64-bit prime.
    package static let prime: UInt64 = 0x0000_0100_0000_01b3
    /// FNV-1a's 64-bit offset basis.
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    private var h1: UInt64
    private var h2: UInt64

    /// A hasher whose two lanes start at `first` and `second`.
    package init(first: UInt64 = IdentifierHasher.offsetBasis, second: UInt64) {
        h1 = first
        h2 = second
    }

    /// Feeds one byte: `byte` to the first lane and `byte ^ secondKey` to the second.
    @inline(__always)
    package mutating func combine(_ byte: UInt8, secondKey: UInt8) {
        h1 = (h1 ^ UInt64(byte)) &* Self.prime
        h2 = (h2 ^ UInt64(byte ^ secondKey)) &* Self.prime
    }

    /// Feeds every byte of `bytes` as ``combine(_:secondKey:)`` does.
    package mutating func combine<S: Sequence>(_ bytes: S, secondKey: UInt8) where S.Element == UInt8 {
        for b in bytes { combine(b, secondKey: secondKey) }
    }

    /// Feeds a separator: `first` to the first lane and `second` to the second.
    package mutating func separate(first: UInt8, second: UInt8) {
        h1 = (h1 ^ UInt64(first)) &* Self.prime
        h2 = (h2 ^ UInt64(second)) &* Self.prime
    }

    /// The version-8 UUID of what was fed: SplitMix64 of each lane (the second mixed with the first's
    /// result), big-endian, with the version and variant bits set.
    package func uuid() -> UUID {
        let a = Self.mix(h1), b = Self.mix(h2 ^ a)
        var out = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            out[i] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(7 - i)))
            out[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(7 - i)))
        }
        out[6] = (out[6] & 0x0f) | 0x80  // version 8
        out[8] = (out[8] & 0x3f) | 0x80  // RFC 9562 variant
        return UUID(bytes: out)
    }

    /// SplitMix64's finaliser.
    package static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

extension UUID {
    /// The UUID of 16 bytes in order.
    /// - Precondition: `bytes.count == 16`.
    package init<C: RandomAccessCollection>(bytes: C) where C.Element == UInt8, C.Index == Int {
        precondition(bytes.count == 16, "a UUID has 16 bytes")
        let b = bytes.startIndex
        self.init(uuid: (bytes[b], bytes[b + 1], bytes[b + 2], bytes[b + 3], bytes[b + 4], bytes[b + 5], bytes[b + 6], bytes[b + 7],
                         bytes[b + 8], bytes[b + 9], bytes[b + 10], bytes[b + 11], bytes[b + 12], bytes[b + 13], bytes[b + 14], bytes[b + 15]))
    }

    /// The 16 bytes of the UUID in order.
    package var bytes: [UInt8] {
        let u = uuid
        return [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
    }
}
