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

/// The `k`-th smallest element of `a` (0-based), the value `a.sorted()[k]` and ``selectElement(_:_:from:)``
/// give, without reordering or copying `a` when `k` is near either end: the `k + 1` smallest (or the
/// `a.count - k` largest) elements so far are kept in a binary heap, so most elements cost one comparison
/// with its top. A rank nearer the middle, or a result of zero (`-0.0` and `+0.0` are equal, so a
/// selection could return either sign), takes ``selectElement(_:_:from:)`` on a copy: the same value, sign
/// included.
/// - Precondition: `0 <= k < a.count`; NaN-free input.
/// - Complexity: O(n + h log h · log(n / h)) expected for heap size h, O(n log h) worst case.
func extremeElement<T: BinaryFloatingPoint>(_ a: [T], _ k: Int) -> T {
    precondition(k >= 0 && k < a.count, "order statistic out of range")
    let n = a.count
    let largest = k >= n / 2
    let h = largest ? n - k : k + 1
    guard h <= Swift.max(64, n / 32) else {
        var copy = a
        return selectElement(&copy, k)
    }
    let value: T = a.withUnsafeBufferPointer { src in
        withUnsafeTemporaryAllocation(of: T.self, capacity: h) { heap in
            // `first(x, y)`: x belongs nearer the heap's top (the largest kept for the smallest ranks, the
            // smallest kept for the largest ranks).
            @inline(__always) func first(_ x: T, _ y: T) -> Bool { largest ? x < y : y < x }
            @inline(__always) func siftDown(_ start: Int) {
                var i = start
                let x = heap[i]
                while true {
                    var c = 2 * i + 1
                    guard c < h else { break }
                    if c + 1 < h && first(heap[c + 1], heap[c]) { c += 1 }
                    guard first(heap[c], x) else { break }
                    heap[i] = heap[c]
                    i = c
                }
                heap[i] = x
            }
            for i in 0..<h { heap.initializeElement(at: i, to: src[i]) }
            var i = h / 2
            while i > 0 {
                i -= 1
                siftDown(i)
            }
            for j in h..<n where first(heap[0], src[j]) {
                heap[0] = src[j]
                siftDown(0)
            }
            let top = heap[0]
            _ = heap.deinitialize()
            return top
        }
    }
    if value == 0 {
        var copy = a
        return selectElement(&copy, k)
    }
    return value
}
