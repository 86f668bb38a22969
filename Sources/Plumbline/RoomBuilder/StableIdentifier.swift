import Foundation
import PlumbKernel

extension DerivedIdentifier {
    /// A deterministic UUID for an element named `name` (e.g. "wall 3") of a build seeded with `seed`:
    /// the same scan and options give the same identifiers, byte for byte.
    static func make(name: String, seed: UInt64) -> UUID {
        var bytes = Array(name.utf8)
        while bytes.count % 16 != 0 { bytes.append(0) }
        var ids: [UUID] = []
        for k in stride(from: 0, to: bytes.count, by: 16) {
            ids.append(UUID(bytes: Array(bytes[k..<(k + 16)])))
        }
        return make(from: ids, salt: seed)
    }
}
