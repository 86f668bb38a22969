/// The `k`-th smallest element of `a` (0-based), found by quickselect: the same value `a.sorted()[k]` gives,
/// in expected O(n) instead of O(n log n). `a` is reordered (partitioned around `k`); NaN-free input expected.
///
/// Three-way partitions around a median-of-three pivot, so runs of equal values cost nothing; after 64
/// partition rounds (adversarial input) the remaining range is sorted, which bounds the time to O(n log n).
/// - Precondition: `0 <= k < a.count`.
@inlinable
package func selectElement<T: Comparable>(_ a: inout [T], _ k: Int) -> T {
    precondition(k >= 0 && k < a.count, "order statistic out of range")
    a.withUnsafeMutableBufferPointer { b in
        var lo = 0, hi = b.count - 1
        var rounds = 0
        while lo < hi {
            rounds += 1
            if rounds > 64 {
                b[lo...hi].sort()
                return
            }
            let mid = lo + (hi - lo) / 2
            let x = b[lo], y = b[mid], z = b[hi]
            let pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y))
            // Dutch-flag partition of b[lo...hi]: < pivot, == pivot, > pivot.
            var lt = lo, i = lo, gt = hi
            while i <= gt {
                if b[i] < pivot {
                    b.swapAt(lt, i)
                    lt += 1
                    i += 1
                } else if pivot < b[i] {
                    b.swapAt(i, gt)
                    gt -= 1
                } else {
                    i += 1
                }
            }
            if k < lt { hi = lt - 1 } else if k > gt { lo = gt + 1 } else { return }
        }
    }
    return a[k]
}

/// The `k`-th smallest element of `a` (0-based), the value `a.sorted()[k]` and ``selectElement(_:_:)``
/// give, without reordering `a`, for ranks near either end (robust percentiles).
///
/// A pivot is read from a sorted sample of 256 evenly spaced elements, a few sample ranks beyond where the
/// wanted rank falls; one pass copies the elements on the wanted side of it (at most the pivot for a low
/// rank, at least it for a high one) into a small buffer, and ``selectElement(_:_:)`` finds the rank
/// there. When the buffer holds too few elements (a sample that misjudged the tail), when the rank is not
/// near an end, and when the result is zero (`-0.0` and `+0.0` are equal, so a selection on another array
/// could return the other sign), the answer comes from ``selectElement(_:_:)`` on a copy of `a`: the
/// value and its sign are always those of the plain selection.
/// - Precondition: `0 <= k < a.count`; NaN-free input.
/// - Complexity: O(n) with one pass over `a` and work on about `n / 50` elements for the 0.5 % tails.
@inlinable
package func extremeElement<T: BinaryFloatingPoint>(_ a: [T], _ k: Int) -> T {
    precondition(k >= 0 && k < a.count, "order statistic out of range")
    let n = a.count
    let high = k >= n / 2
    let tail = high ? n - 1 - k : k  // rank counted from the nearer end
    let sampleCount = 256
    let slack = 6
    guard n >= 8 * sampleCount, tail * sampleCount / n + slack < sampleCount / 8 else {
        var copy = a
        return selectElement(&copy, k)
    }
    let value: T? = a.withUnsafeBufferPointer { src in
        var sample = (0..<sampleCount).map { src[$0 * n / sampleCount] }
        sample.sort()
        let j = tail * sampleCount / n + slack
        let pivot = high ? sample[sampleCount - 1 - j] : sample[j]
        var side: [T] = []
        side.reserveCapacity(2 * (j + 1) * n / sampleCount)
        if high {
            for x in src where x >= pivot { side.append(x) }
        } else {
            for x in src where x <= pivot { side.append(x) }
        }
        // Every element left out lies beyond the pivot, on the far side of every element kept.
        guard side.count > tail else { return nil }
        return selectElement(&side, high ? side.count - 1 - tail : tail)
    }
    if let value, value != 0 { return value }
    var copy = a
    return selectElement(&copy, k)
}
