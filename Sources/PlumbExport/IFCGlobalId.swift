import Foundation
import PlumbKernel

/// IFC `GlobalId`s: 128-bit identifiers in IFC's 22-character base-64 form.
package enum IFCGlobalId {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$")

    /// The 22-character form of a UUID (the same as `ifcopenshell.guid.compress`): the first byte as 2
    /// characters, then five 3-byte groups as 4 characters each.
    package static func compress(_ id: UUID) -> String {
        let b = id.bytes.map(UInt32.init)
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
        return UUID(bytes: bytes)
    }

    /// A deterministic UUID derived from `base` and a salt (two FNV-1a 64-bit hashes, SplitMix64
    /// finalised): for IFC entities that have no identifier of their own (openings, relations, storeys).
    package static func derived(_ base: UUID, _ salt: String) -> UUID {
        var h = IdentifierHasher(second: 0x8422_2325_cbf2_9ce4)
        h.combine(base.bytes + Array(salt.utf8), secondKey: 0xa5)
        return h.uuid()
    }
}
