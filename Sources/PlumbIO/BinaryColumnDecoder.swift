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

/// Decodes fixed-layout binary records into a ``CloudAssembler``, one column at a time, with unaligned
/// loads straight from the raw buffer into preallocated output arrays (no per-point allocation).
///
/// Passes: (1) find the first finite point to fix the local origin; (2) decode each column into its
/// attribute array; (3) one finiteness pass over x/y/z that drops (organised clouds, or policy `drop`)
/// or rejects non-finite points, compacting the arrays only when something was dropped.
/// - Complexity: O(count × columns).
enum BinaryColumnDecoder {
    /// Decodes `count` records into an assembler that holds no points yet. The caller has checked that
    /// every column's last value lies inside `bytes`. Error locations are
    /// `locationBase + i * locationStride` for record `i`.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, columns: [BinaryColumn], count n: Int, bigEndian: Bool,
        locationBase: Int, locationStride: Int, into a: inout CloudAssembler
    ) throws(PointCloudFormatError) {
        guard n > 0, let base = bytes.baseAddress else { return }
        for c in columns {
            precondition(c.offset >= 0 && c.offset + (n - 1) * c.stride + c.type.size <= bytes.count)
        }
        func column(_ t: PointTarget) -> BinaryColumn? { columns.first { $0.target == t } }
        guard let cx = column(.x), let cy = column(.y), let cz = column(.z) else { return }
        @inline(__always) func value(_ c: BinaryColumn, _ i: Int) -> Double {
            loadScalar(base + (c.offset + i * c.stride), c.type, bigEndian: bigEndian)
        }

        // 1. Local origin from the first finite point.
        if !a.shiftChosen {
            for i in 0..<n {
                let p = SIMD3(value(cx, i), value(cy, i), value(cz, i))
                if p.x.isFinite && p.y.isFinite && p.z.isFinite {
                    a.chooseShift(firstFinitePoint: p)
                    break
                }
            }
        }
        let shift = a.shift

        // 2. Column by column.
        func floats(_ c: BinaryColumn, minus s: Double) -> [Float] {
            [Float](unsafeUninitializedCapacity: n) { out, initialised in
                let p = base + c.offset
                let stride = c.stride
                if c.type == .float32, s == 0 {
                    for i in 0..<n {
                        let bits = (p + i &* stride).loadUnaligned(as: UInt32.self)
                        out[i] = Float(bitPattern: bigEndian ? UInt32(bigEndian: bits) : UInt32(littleEndian: bits))
                    }
                } else {
                    let t = c.type
                    for i in 0..<n { out[i] = Float(loadScalar(p + i &* stride, t, bigEndian: bigEndian) - s) }
                }
                initialised = n
            }
        }
        func bytesOf(_ c: BinaryColumn) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: n) { out, initialised in
                let p = base + c.offset
                if c.type == .uint8 {
                    for i in 0..<n { out[i] = (p + i &* c.stride).load(as: UInt8.self) }
                } else {
                    for i in 0..<n { out[i] = colorByte(loadScalar(p + i &* c.stride, c.type, bigEndian: bigEndian), c.type) }
                }
                initialised = n
            }
        }
        a.x = floats(cx, minus: shift.x)
        a.y = floats(cy, minus: shift.y)
        a.z = floats(cz, minus: shift.z)
        if a.attributes.normals, let nx = column(.nx), let ny = column(.ny), let nz = column(.nz) {
            a.nx = floats(nx, minus: 0)
            a.ny = floats(ny, minus: 0)
            a.nz = floats(nz, minus: 0)
        }
        if a.attributes.colors {
            if let packed = column(.packedRGB) {
                var r = [UInt8](repeating: 0, count: n), g = r, b = r
                for i in 0..<n {
                    let v = UInt32(truncatingIfNeeded: loadBits(base + (packed.offset + i * packed.stride), packed.type, bigEndian: bigEndian))
                    r[i] = UInt8(truncatingIfNeeded: v >> 16)
                    g[i] = UInt8(truncatingIfNeeded: v >> 8)
                    b[i] = UInt8(truncatingIfNeeded: v)
                }
                a.r = r; a.g = g; a.b = b
            } else if let cr = column(.red), let cg = column(.green), let cb = column(.blue) {
                a.r = bytesOf(cr)
                a.g = bytesOf(cg)
                a.b = bytesOf(cb)
            }
        }
        if a.attributes.intensity, let ci = column(.intensity) { a.intensity = floats(ci, minus: 0) }
        if a.attributes.frameIndex, let cf = column(.frameIndex) {
            var frames = [UInt32](repeating: 0, count: n)
            for i in 0..<n {
                let v = value(cf, i)
                guard v >= 0, v <= 4294967295, v.rounded() == v else {
                    throw .valueOutOfRange(property: cf.name, value: "\(v)", at: .byteOffset(cf.offset + i * cf.stride))
                }
                frames[i] = UInt32(v)
            }
            a.frameIndex = frames
        }

        // 3. Finiteness: drop or reject, then compact if needed.
        var dropped: [Int] = []
        let firstBad: Int? = a.x.withUnsafeBufferPointer { x in
            a.y.withUnsafeBufferPointer { y in
                a.z.withUnsafeBufferPointer { z in
                    for i in 0..<n where !(x[i].isFinite && y[i].isFinite && z[i].isFinite) { return i }
                    return nil
                }
            }
        }
        if let firstBad {
            for i in firstBad..<n where !(a.x[i].isFinite && a.y[i].isFinite && a.z[i].isFinite) {
                let source = SIMD3(value(cx, i), value(cy, i), value(cz, i))
                let location = SourceLocation.byteOffset(locationBase + i * locationStride)
                guard !(source.x.isFinite && source.y.isFinite && source.z.isFinite) else {
                    throw .valueOutOfRange(property: "coordinate", value: "(\(source.x), \(source.y), \(source.z))", at: location)
                }
                if a.organised {
                    a.droppedNoReturn += 1
                } else if a.policy == .drop {
                    a.droppedNonFinite += 1
                } else {
                    throw .nonFiniteCoordinate(pointIndex: i, at: location)
                }
                dropped.append(i)
            }
            a.removeDropped(sortedIndices: dropped)
        }
        a.recordsSeen += n
    }
}

extension CloudAssembler {
    /// Removes the points at `sortedIndices` (ascending) from every array, keeping order. O(count).
    mutating func removeDropped(sortedIndices: [Int]) {
        guard !sortedIndices.isEmpty else { return }
        func compact<T>(_ array: inout [T]) {
            guard !array.isEmpty else { return }
            var write = 0
            var next = 0
            for read in array.indices {
                if next < sortedIndices.count, sortedIndices[next] == read {
                    next += 1
                    continue
                }
                array[write] = array[read]
                write += 1
            }
            array.removeLast(array.count - write)
        }
        compact(&x); compact(&y); compact(&z)
        compact(&nx); compact(&ny); compact(&nz)
        compact(&r); compact(&g); compact(&b)
        compact(&intensity); compact(&frameIndex)
    }
}
