/// Linear-time sorting of `(key, position)` pairs, used where a comparison sort of many small records would
/// dominate (plane-hypothesis sampling, voxel counting).
package enum RadixSort {
    /// Stable LSD radix sort of `(key, position)` pairs on the 8-bit digits `digits`: 0–3 are the position's
    /// bytes, 4–11 the key's (least significant first). Digits `0..<12` sort by key, then position; a pass
    /// whose digit is equal in every pair is skipped (one that is zero in every pair without even counting),
    /// so a room's few significant key bytes cost a pass each.
    /// - Precondition: positions are non-negative; `digits` within `0..<12`.
    /// - Complexity: O(n · significant digits), one scratch buffer, no allocation per element.
    package static func sortPairs(_ a: inout [(UInt64, Int32)], digits: Range<Int> = 0..<12) {
        let n = a.count
        guard n > 1 else { return }
        // Bytes that are zero in every pair need neither a counting nor a scatter pass.
        var keyBits: UInt64 = 0, positionBits: UInt32 = 0
        for e in a {
            keyBits |= e.0
            positionBits |= UInt32(bitPattern: e.1)
        }
        var scratch = a
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            a.withUnsafeMutableBufferPointer { pa in
                scratch.withUnsafeMutableBufferPointer { ps in
                    var src = pa.baseAddress!, dst = ps.baseAddress!
                    var inScratch = false
                    // Least significant first: the four position bytes, then the eight key bytes.
                    for digit in digits {
                        let usesKey = digit >= 4
                        let shift = UInt64(usesKey ? (digit - 4) * 8 : digit * 8)
                        if (usesKey ? keyBits : UInt64(positionBits)) &>> shift & 0xFF == 0 { continue }
                        @inline(__always) func bucket(_ e: (UInt64, Int32)) -> Int {
                            let v = usesKey ? e.0 : UInt64(UInt32(bitPattern: e.1))
                            return Int(truncatingIfNeeded: (v &>> shift) & 0xFF)
                        }
                        for b in 0..<256 { counts[b] = 0 }
                        for k in 0..<n { counts[bucket(src[k])] &+= 1 }
                        if counts[bucket(src[0])] == n { continue }
                        var sum = 0
                        for b in 0..<256 {
                            let c = counts[b]
                            counts[b] = sum
                            sum &+= c
                        }
                        for k in 0..<n {
                            let e = src[k]
                            let b = bucket(e)
                            dst[counts[b]] = e
                            counts[b] &+= 1
                        }
                        swap(&src, &dst)
                        inScratch.toggle()
                    }
                    if inScratch { pa.baseAddress!.update(from: ps.baseAddress!, count: n) }
                }
            }
        }
    }
}

extension RadixSort {
    /// Stable LSD radix sort of unsigned integers by their bits `bits` (bit 0 least significant); bits
    /// outside the range are ignored, so equal keys keep their input order. The range is cut into digits of
    /// at most 11 bits, all counted in one read of the input; a digit that is the same in every value costs
    /// no scatter pass.
    ///
    /// `sortBits(&a, bits: 0..<T.bitWidth)` is an ordinary ascending sort.
    /// - Precondition: `bits` within `0..<T.bitWidth`.
    /// - Complexity: O(n · digits), one scratch buffer, no allocation per element.
    @inlinable
    package static func sortBits<T: FixedWidthInteger & UnsignedInteger>(_ a: inout [T], bits: Range<Int>) {
        precondition(bits.lowerBound >= 0 && bits.upperBound <= T.bitWidth, "bit range outside the type")
        let n = a.count
        guard n > 1, !bits.isEmpty else { return }
        let passes = (bits.count + 10) / 11
        let width = (bits.count + passes - 1) / passes
        let radix = 1 << width
        var counts = [Int](repeating: 0, count: passes * radix)
        var scratch = [T](repeating: 0, count: n)
        counts.withUnsafeMutableBufferPointer { cnt in
            a.withUnsafeMutableBufferPointer { pa in
                scratch.withUnsafeMutableBufferPointer { ps in
                    @inline(__always) func digit(_ v: T, _ p: Int) -> Int {
                        let shift = bits.lowerBound + p * width
                        let take = Swift.min(width, bits.upperBound - shift)
                        return Int(truncatingIfNeeded: (v &>> T(truncatingIfNeeded: shift)) & ((1 as T) &<< T(truncatingIfNeeded: take) &- 1))
                    }
                    for k in 0..<n {
                        let v = pa[k]
                        for p in 0..<passes { cnt[p * radix + digit(v, p)] &+= 1 }
                    }
                    var src = pa.baseAddress!, dst = ps.baseAddress!
                    var inScratch = false
                    for p in 0..<passes {
                        let c = cnt.baseAddress! + p * radix
                        if c[digit(src[0], p)] == n { continue }
                        var sum = 0
                        for b in 0..<radix {
                            let x = c[b]
                            c[b] = sum
                            sum &+= x
                        }
                        for k in 0..<n {
                            let v = src[k]
                            let b = digit(v, p)
                            dst[c[b]] = v
                            c[b] &+= 1
                        }
                        swap(&src, &dst)
                        inScratch.toggle()
                    }
                    if inScratch { pa.baseAddress!.update(from: ps.baseAddress!, count: n) }
                }
            }
        }
    }
}
