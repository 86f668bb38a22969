/// Bounding boxes of consecutive runs of a spatially sorted point set, used to count plane inliers only
/// where a plane can have any (internal to ``PlaneSegmenter``).
///
/// For a plane `dot(n, p) + d = 0` and a box with centre `c` and half extents `h`, every point of the box
/// has a signed distance within `dot(n, c) + d ± dot(|n|, h)`. A block whose whole range lies outside
/// `[-t, t]` (by a margin far above `Float` rounding of the kernel's expression) has no inlier; one whose
/// range lies inside it is all inliers; only the others are scanned with ``PlaneInlierKernel``. The count is
/// therefore exactly ``PlaneInlierKernel/count(x:y:z:normal:offset:threshold:)`` over all points.
struct SampleBlockBoxes {
    /// Box centre of each block (local frame, metres).
    private(set) var centre: [SIMD3<Double>] = []
    /// Box half extents of each block (metres).
    private(set) var half: [SIMD3<Double>] = []
    /// Points per block (the last block may hold fewer).
    private(set) var blockSize = 1
    /// Largest absolute coordinate of any point, for the rounding margin.
    private var extent = 0.0

    init() {}

    /// Boxes of the runs `[k·blockSize, (k+1)·blockSize)` of the given coordinates.
    /// - Complexity: O(n).
    init(x: [Float], y: [Float], z: [Float], blockSize: Int) {
        self.blockSize = max(1, blockSize)
        let n = x.count
        var start = 0
        var big: Float = 1
        centre.reserveCapacity(n / self.blockSize + 1)
        half.reserveCapacity(n / self.blockSize + 1)
        while start < n {
            let end = min(n, start + self.blockSize)
            var lo = SIMD3<Float>(repeating: .infinity), hi = -lo
            x.withUnsafeBufferPointer { bx in
                y.withUnsafeBufferPointer { by in
                    z.withUnsafeBufferPointer { bz in
                        var x0 = Float.infinity, y0 = Float.infinity, z0 = Float.infinity
                        var x1 = -Float.infinity, y1 = -Float.infinity, z1 = -Float.infinity
                        for i in start..<end {
                            x0 = min(x0, bx[i])
                            x1 = max(x1, bx[i])
                            y0 = min(y0, by[i])
                            y1 = max(y1, by[i])
                            z0 = min(z0, bz[i])
                            z1 = max(z1, bz[i])
                        }
                        lo = SIMD3(x0, y0, z0)
                        hi = SIMD3(x1, y1, z1)
                    }
                }
            }
            big = max(big, max(pointwiseMax(-lo, hi).max(), 0))
            centre.append((SIMD3<Double>(lo) + SIMD3<Double>(hi)) / 2)
            half.append((SIMD3<Double>(hi) - SIMD3<Double>(lo)) / 2)
            start = end
        }
        extent = Double(big)
    }

    /// Number of points of `x, y, z` (the coordinates the boxes were made from) within `threshold` of the
    /// plane: exactly the count of ``PlaneInlierKernel/count(x:y:z:normal:offset:threshold:)``.
    /// - Complexity: O(blocks + points of the blocks the plane's slab cuts).
    func count(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        normal: SIMD3<Float>, offset: Float, threshold: Float
    ) -> Int {
        // Every count exceeds −1, so the bounded count never gives up.
        count(x: x, y: y, z: z, normal: normal, offset: offset, threshold: threshold, above: -1) ?? 0
    }

    /// The count of ``count(x:y:z:normal:offset:threshold:)`` when it exceeds `floor`, else nil.
    ///
    /// An upper bound (the blocks wholly inside the slab plus every point of the blocks it cuts) is formed
    /// first and tightened block by block as the cut blocks are counted; as soon as it is at most `floor`
    /// the plane is given up. A hypothesis that cannot beat the best one so far thus costs only its box tests.
    /// - Complexity: O(blocks + points of the cut blocks counted before the bound drops to `floor`).
    func count(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        normal: SIMD3<Float>, offset: Float, threshold: Float, above floor: Int
    ) -> Int? {
        let n = x.count
        guard centre.count * blockSize >= n, n > 0 else {
            let c = PlaneInlierKernel.count(x: x, y: y, z: z, normal: normal, offset: offset, threshold: threshold)
            return c > floor ? c : nil
        }
        let nd = SIMD3<Double>(normal), an = pointwiseMax(nd, -nd)
        let t = Double(threshold), d = Double(offset)
        // The kernel's Float expression is within a few ulps of |coordinates| · |n| + |offset| of the exact one.
        let margin = 1e-4 + 1e-6 * (extent * an.sum() + abs(d))
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: centre.count) { cut in
            var bound = 0, cuts = 0
            for b in centre.indices {
                let s = dot(nd, centre[b]) + d, r = dot(an, half[b])
                if s - r > t + margin || s + r < -t - margin { continue }
                let start = b * blockSize, end = min(n, start + blockSize)
                bound += end - start
                if !(s + r < t - margin && s - r > -t + margin) {
                    cut[cuts] = Int32(b)
                    cuts += 1
                }
            }
            for j in 0..<cuts {
                if bound <= floor { return nil }
                let start = Int(cut[j]) * blockSize, end = min(n, start + blockSize)
                let inside = PlaneInlierKernel.count(
                    x: UnsafeBufferPointer(rebasing: x[start..<end]), y: UnsafeBufferPointer(rebasing: y[start..<end]),
                    z: UnsafeBufferPointer(rebasing: z[start..<end]), normal: normal, offset: offset, threshold: threshold)
                bound -= (end - start) - inside
            }
            return bound > floor ? bound : nil
        }
    }
}
