import Foundation

/// IFC `GlobalId`s: 128-bit identifiers in IFC's 22-character base-64 form.
package enum IFCGlobalId {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$")

    /// The 22-character form of a UUID (the same as `ifcopenshell.guid.compress`): the first byte as 2
    /// characters, then five 3-byte groups as 4 characters each.
    package static func compress(_ id: UUID) -> String {
        let u = id.uuid
        let b = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15].map(UInt32.init)
        func chars(_ v: UInt32, _ n: Int) -> String {
            String((0..<n).reversed().map { alphabet[Int((v >> (6 * UInt32($0))) & 63)] })
        }
        var s = chars(b[0], 2)
        for i in stride(from: 1, to: 16, by: 3) { s += chars((b[i] << 16) | (b[i + 1] << 8) | b[i + 2], 4) }
        return s
    }

    /// The inverse of ``compress(_:)``; `nil` for text that is not 22 characters of the alphabet.
    package static func expand(_ s: String) -> UUID? {
        let c = Array(s)
        guard c.count == 22 else { return nil }
        var vals: [UInt32] = []
        for ch in c {
            guard let i = alphabet.firstIndex(of: ch) else { return nil }
            vals.append(UInt32(i))
        }
        var bytes: [UInt8] = [UInt8(truncatingIfNeeded: vals[0] * 64 + vals[1])]
        for g in 0..<5 {
            let v = vals[2 + 4 * g ..< 6 + 4 * g].reduce(UInt32(0)) { $0 * 64 + $1 }
            bytes += [UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
        }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// A deterministic UUID derived from `base` and a salt (two FNV-1a 64-bit hashes, SplitMix64
    /// finalised): for IFC entities that have no identifier of their own (openings, relations, storeys).
    package static func derived(_ base: UUID, _ salt: String) -> UUID {
        let u = base.uuid
        let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15] + Array(salt.utf8)
        var h1: UInt64 = 0xcbf2_9ce4_8422_2325, h2: UInt64 = 0x8422_2325_cbf2_9ce4
        for b in bytes {
            h1 = (h1 ^ UInt64(b)) &* 0x0000_0100_0000_01b3
            h2 = (h2 ^ UInt64(b ^ 0xa5)) &* 0x0000_0100_0000_01b3
        }
        func mix(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9e37_79b9_7f4a_7c15
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        let a = mix(h1), c = mix(h2 ^ a)
        var o = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            o[i] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(7 - i)))
            o[8 + i] = UInt8(truncatingIfNeeded: c >> (8 * UInt64(7 - i)))
        }
        o[6] = (o[6] & 0x0f) | 0x80
        o[8] = (o[8] & 0x3f) | 0x80
        return UUID(uuid: (o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10], o[11], o[12], o[13], o[14], o[15]))
    }
}
