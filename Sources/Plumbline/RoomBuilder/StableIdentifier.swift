import Foundation

extension DerivedIdentifier {
    /// A deterministic UUID for an element named `name` (e.g. "wall 3") of a build seeded with `seed`:
    /// the same scan and options give the same identifiers, byte for byte.
    static func make(name: String, seed: UInt64) -> UUID {
        var bytes = Array(name.utf8)
        while bytes.count % 16 != 0 { bytes.append(0) }
        var ids: [UUID] = []
        for k in stride(from: 0, to: bytes.count, by: 16) {
            let b = bytes[k..<(k + 16)].map { $0 }
            ids.append(UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                                   b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])))
        }
        return make(from: ids, salt: seed)
    }
}
