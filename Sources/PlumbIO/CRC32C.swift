/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial value and final xor 0xFFFFFFFF), the
/// checksum E57 stores at the end of every physical page. (CRC-32/zip, a different polynomial, lives in
/// PlumbExport's `CRC32`.)
enum CRC32C {
    /// Eight 256-entry tables for slicing-by-8: `tables[k][b]` is the CRC of byte `b` followed by `k` zero bytes.
    private static let tables: [[UInt32]] = {
        var t = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0x82F6_3B78 ^ (c >> 1) : c >> 1 }
            t[0][i] = c
        }
        for k in 1..<8 {
            for i in 0..<256 { t[k][i] = (t[k - 1][i] >> 8) ^ t[0][Int(t[k - 1][i] & 0xFF)] }
        }
        return t
    }()

    /// The flat copy of ``tables`` the hot loop indexes (`k * 256 + b`).
    private static let flat: [UInt32] = tables.flatMap { $0 }

    /// The CRC-32C of `bytes` (`"123456789"` → 0xE3069283).
    /// - Complexity: O(n), eight bytes per step (slicing-by-8).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        guard let base = bytes.baseAddress else { return 0 }
        let n = bytes.count
        flat.withUnsafeBufferPointer { t in
            var i = 0
            while i + 8 <= n {
                let lo = UInt32(littleEndian: (base + i).loadUnaligned(as: UInt32.self)) ^ c
                let hi = UInt32(littleEndian: (base + i + 4).loadUnaligned(as: UInt32.self))
                c = t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int((lo >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((lo >> 16) & 0xFF)] ^ t[4 * 256 + Int(lo >> 24)]
                    ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int((hi >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                i += 8
            }
            while i < n {
                c = t[Int((c ^ UInt32(base.load(fromByteOffset: i, as: UInt8.self))) & 0xFF)] ^ (c >> 8)
                i += 1
            }
        }
        return c ^ 0xFFFF_FFFF
    }
}
