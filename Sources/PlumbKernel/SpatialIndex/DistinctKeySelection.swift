/// Selection of one rank among distinct 64-bit keys (internal): the medians of the ``KDTree`` build,
/// whose keys pack a coordinate's order-preserving bits above a point index, so all keys differ and a
/// comparison is one integer compare.
enum DistinctKeySelection {
    /// The key of rank `rank` (0-based: `rank` keys are smaller) among the distinct keys `keys[0..<n]`
    /// (`0 <= rank < n`).
    ///
    /// `keys` is only read. `scratch` and `spare` (room for `n` keys each, overwritten) are the partition
    /// buffers; `spare` may be `keys` itself when the caller lets the keys be overwritten. Quickselect with
    /// branch-free partitions (every key is written to both ends of the other buffer, only one end
    /// advances) around a median of three, then a branch-free rank count once at most 8 keys remain.
    /// - Complexity: O(n) expected; no allocation.
    static func select(
        rank: Int, among keys: UnsafePointer<UInt64>, count n: Int,
        scratch: UnsafeMutablePointer<UInt64>, spare: UnsafeMutablePointer<UInt64>
    ) -> UInt64 {
        // The first partition reads `keys`; later ones alternate between the two buffers.
        var source = UnsafeMutablePointer(mutating: keys), target = scratch, other = spare
        var count = n, wanted = rank
        while count > 8 {
            let a = source[0], b = source[count / 2], c = source[count - 1]
            let pivot = max(min(a, b), min(max(a, b), c))
            var low = 0, high = count - 1
            for i in 0..<count {
                let key = source[i]
                let less = bit(key < pivot)
                target[low] = key
                target[high] = key
                low &+= less
                high &-= 1 &- less
            }
            // Distinct keys: min(a, b, c) < pivot <= max(a, b, c), so both sides are non-empty and
            // `count` shrinks.
            let written = target
            if wanted < low {
                count = low
            } else {
                target += low
                wanted -= low
                count -= low
            }
            source = target
            target = other
            other = written
        }
        // Rank count: the key with exactly `wanted` smaller keys.
        var result = source[0]
        for i in 0..<count {
            let key = source[i]
            var smaller = 0
            for j in 0..<count { smaller &+= bit(source[j] < key) }
            if smaller == wanted { result = key }
        }
        return result
    }

    /// 1 for `true`, 0 for `false`, as an integer the compiler keeps out of branches.
    @inline(__always)
    static func bit(_ b: Bool) -> Int { Int(unsafeBitCast(b, to: UInt8.self)) }
}
