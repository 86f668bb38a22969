/// The threshold at or below which exactly `k` of a set of non-negative `Float` values lie, found by
/// counting (internal; the k-th neighbour selection of `LeafBatchKNN`).
///
/// Non-negative floats order like their bit patterns read as `Int32`, so a threshold is an `Int32` and
/// counting the values above it is one signed SIMD compare and one add per 8 values (SSE2 has `>` but no
/// `<=`: counting at-or-below directly costs a negation more, 3 % of normal estimation's time), with no
/// data-dependent branch and no copy of the values. The search keeps a bracket `lo < hi` of bit patterns
/// with `count(lo) < k < count(hi)` and counts three probes inside it per pass over the values: where
/// the count, taken as linear in value between the bracket's ends, reaches `k - 1/2` (squared distances
/// to points on a surface are about uniformly spread) and a spread either side. A probe with a count of
/// exactly `k` ends the search; otherwise the probes shrink the bracket. After ``interpolations`` passes
/// the probes split the bracket into quarters of bit space, so the search always ends.
enum CountingThreshold {
    /// Interpolating passes before the probes fall back to quartering the bracket.
    static let interpolations = 8
    /// Spread of the outer probes, as a share of the bracket's count.
    static let spread: Float = 0.1

    /// Result of ``find(rank:values:blocks:upper:upperCount:)``.
    struct Result: Equatable {
        /// The threshold (bit pattern of a non-negative `Float`).
        var bits: Int32
        /// Values at or below `bits`: `k` exactly, or more when several values equal `bits` (ties).
        var atOrBelow: Int
        /// When `atOrBelow > k`: values strictly below `bits` (fewer than `k`); otherwise unspecified.
        var below: Int
        /// Passes over the values the search made.
        var passes: Int
    }

    /// Numbers of values at or below each of three thresholds, in one pass over the blocks.
    @inline(__always)
    static func count3(_ t: SIMD3<Int32>, values: UnsafePointer<Int32>, blocks: Int) -> SIMD3<Int> {
        let l0 = SIMD8<Int32>(repeating: t.x), l1 = SIMD8<Int32>(repeating: t.y), l2 = SIMD8<Int32>(repeating: t.z)
        // Mask lanes are -1: the sums are minus the counts above each threshold.
        var a = SIMD8<Int32>(), b = SIMD8<Int32>(), c = SIMD8<Int32>()
        for i in 0..<blocks {
            let u = UnsafeRawPointer(values + 8 &* i).loadUnaligned(as: SIMD8<Int32>.self)
            a &+= unsafeBitCast(u .> l0, to: SIMD8<Int32>.self)
            b &+= unsafeBitCast(u .> l1, to: SIMD8<Int32>.self)
            c &+= unsafeBitCast(u .> l2, to: SIMD8<Int32>.self)
        }
        let all = 8 &* blocks
        return SIMD3(all &+ Int(a.wrappedSum()), all &+ Int(b.wrappedSum()), all &+ Int(c.wrappedSum()))
    }

    /// The smallest bit pattern `t` with at least `k` of the values at or below it (that is, the k-th
    /// smallest value), and the counts at and below it.
    ///
    /// - Parameters:
    ///   - k: the rank wanted, `1 <= k <= upperCount`.
    ///   - values: `8 * blocks` bit patterns of non-negative floats (lanes beyond the caller's interest
    ///     must lie above `upper`).
    ///   - upper: a bit pattern with `upperCount` values at or below it.
    /// - Complexity: O(blocks) per pass; on the squared neighbour distances of normal estimation 2.3
    ///   (100k-point room) to 2.5 (1M) passes on average, at most
    ///   ``interpolations`` + 20.
    static func find(rank k: Int, values: UnsafePointer<Int32>, blocks: Int, upper: Int32, upperCount: Int) -> Result {
        if upperCount == k { return Result(bits: upper, atOrBelow: k, below: 0, passes: 0) }
        var lo: Int32 = -1, hi = upper
        var countLo = 0, countHi = upperCount
        var passes = 0
        let target = Float(k) - 0.5
        while hi &- lo > 1 {
            var t: SIMD3<Int32>
            if passes >= Self.interpolations {
                let q = (hi &- lo) >> 2
                t = SIMD3(lo &+ q, lo &+ 2 &* q, hi &- q)
            } else {
                // Three probes where the count, linear in value between the bracket's ends, reaches
                // k - 1/2 and a spread either side.
                let a = lo < 0 ? 0 : Float(bitPattern: UInt32(bitPattern: lo))
                let b = Float(bitPattern: UInt32(bitPattern: hi))
                let span = Float(countHi - countLo)
                let w = max(1, Self.spread * span)
                let f = (SIMD3(target - w, target, target + w) - Float(countLo)) / span
                let v = a + (b - a) * f
                t = SIMD3(Int32(bitPattern: v.x.bitPattern), Int32(bitPattern: v.y.bitPattern), Int32(bitPattern: v.z.bitPattern))
            }
            t = t.clamped(lowerBound: SIMD3(repeating: lo &+ 1), upperBound: SIMD3(repeating: hi &- 1))
            passes &+= 1
            let c = count3(t, values: values, blocks: blocks)
            if c.y == k { return Result(bits: t.y, atOrBelow: k, below: 0, passes: passes) }
            if c.x == k { return Result(bits: t.x, atOrBelow: k, below: 0, passes: passes) }
            if c.z == k { return Result(bits: t.z, atOrBelow: k, below: 0, passes: passes) }
            // The largest probe below rank k raises lo, the smallest above it lowers hi.
            if c.x < k { lo = t.x; countLo = c.x }
            if c.y < k { lo = t.y; countLo = c.y }
            if c.z < k { lo = t.z; countLo = c.z }
            if c.z > k { hi = t.z; countHi = c.z }
            if c.y > k { hi = t.y; countHi = c.y }
            if c.x > k { hi = t.x; countHi = c.x }
        }
        return Result(bits: hi, atOrBelow: countHi, below: countLo, passes: passes)
    }
}
