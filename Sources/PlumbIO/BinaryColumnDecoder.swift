/// One value per record at `offset + i * stride` bytes into the input, of `type`, feeding `target`.
/// Covers array-of-structures records (stride = record size) and PCD's compressed
/// structure-of-arrays layout (stride = field size) alike.
struct BinaryColumn: Sendable, Equatable {
    let target: PointTarget
    let type: ScalarType
    let offset: Int
    let stride: Int
    let name: String
}

/// Decodes fixed-layout binary records into a ``CloudAssembler`` with unaligned loads straight from the
/// raw buffer (no per-point allocation).
enum BinaryColumnDecoder {
    /// Decodes `count` records. The caller has checked that every column's last value lies inside `bytes`.
    /// Error locations are `locationBase + i * locationStride` for record `i`.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, columns: [BinaryColumn], count: Int, bigEndian: Bool,
        locationBase: Int, locationStride: Int, into assembler: inout CloudAssembler
    ) throws(PointCloudFormatError) {
        guard count > 0, let base = bytes.baseAddress else { return }
        for c in columns {
            precondition(c.offset >= 0 && c.offset + (count - 1) * c.stride + c.type.size <= bytes.count)
        }
        let result: Result<Void, PointCloudFormatError> = columns.withUnsafeBufferPointer { cols in
            var rec = PointRecord()
            for i in 0..<count {
                for c in cols {
                    let p = base + (c.offset &+ i &* c.stride)
                    if c.target == .packedRGB {
                        rec.setPacked(UInt32(truncatingIfNeeded: loadBits(p, c.type, bigEndian: bigEndian)))
                        continue
                    }
                    let v = loadScalar(p, c.type, bigEndian: bigEndian)
                    if !rec.assign(v, to: c.target, type: c.type) {
                        return .failure(.valueOutOfRange(property: c.name, value: "\(v)",
                                                         at: .byteOffset(c.offset + i * c.stride)))
                    }
                }
                do throws(PointCloudFormatError) {
                    try assembler.add(rec, location: .byteOffset(locationBase + i * locationStride))
                } catch {
                    return .failure(error)
                }
            }
            return .success(())
        }
        try result.get()
    }
}
