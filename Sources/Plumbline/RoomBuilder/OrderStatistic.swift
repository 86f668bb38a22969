/// The `k`-th smallest element of `a` (0-based), found by quickselect: the same value `a.sorted()[k]` gives,
/// in expected O(n) instead of O(n log n). `a` is reordered (partitioned around `k`); NaN-free input expected.
///
/// Three-way partitions around a median-of-three pivot, so runs of equal values cost nothing; after 64
/// partition rounds (adversarial input) the remaining range is sorted, which bounds the time to O(n log n).
///
/// Afterwards every element before index `k` is `<=` the result and every element after it `>=`, so a later
/// call for a larger rank may pass `from: k` and search only `a[k...]` (same value, less work).
/// - Precondition: `0 <= from <= k < a.count`, and `a[..<from]` holds no element larger than any of `a[from...]`.
func selectElement<T: Comparable>(_ a: inout [T], _ k: Int, from: Int = 0) -> T {
    precondition(from >= 0 && k >= from && k < a.count, "order statistic out of range")
    a.withUnsafeMutableBufferPointer { b in
        var lo = from, hi = b.count - 1
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
