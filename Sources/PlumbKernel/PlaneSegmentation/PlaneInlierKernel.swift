/// Point-to-plane inlier tests over structure-of-arrays coordinates: an 8-lane `SIMD8<Float>` kernel with a
/// scalar tail, and a pure scalar reference that gives bit-identical answers.
///
/// A point `p` (local frame, metres) is an inlier of the plane `dot(normal, p) + offset = 0` when its signed
/// distance `s = ((nx*x + ny*y) + nz*z) + offset` satisfies `-threshold <= s <= threshold`. Both paths
/// evaluate exactly that expression in that order without fused multiply-adds, so they agree exactly on
/// counts and indices. NaN coordinates are never inliers.
///
/// Package access: the segmenter's hot loop, not API. Every entry checks that the three coordinate
/// buffers have equal counts (and `collect` that the output is large enough) before reading them.
package enum PlaneInlierKernel {
    /// Number of inliers among points `0..<x.count` (SIMD path).
    /// - Precondition: the three buffers have equal counts (checked).
    /// - Complexity: O(n), no allocation.
    @inlinable
    package static func count(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        normal: SIMD3<Float>, offset: Float, threshold: Float
    ) -> Int {
        let n = x.count
        precondition(y.count == n && z.count == n, "coordinate buffers of unequal counts")
        guard n > 0 else { return 0 }
        let px = x.baseAddress!, py = y.baseAddress!, pz = z.baseAddress!
        let nx = SIMD8<Float>(repeating: normal.x), ny = SIMD8<Float>(repeating: normal.y)
        let nz = SIMD8<Float>(repeating: normal.z), d = SIMD8<Float>(repeating: offset)
        let hi = SIMD8<Float>(repeating: threshold), lo = SIMD8<Float>(repeating: -threshold)
        var acc = SIMD8<Int32>.zero
        let one = SIMD8<Int32>(repeating: 1)
        var i = 0
        while i + 8 <= n {
            let vx = UnsafeRawPointer(px + i).loadUnaligned(as: SIMD8<Float>.self)
            let vy = UnsafeRawPointer(py + i).loadUnaligned(as: SIMD8<Float>.self)
            let vz = UnsafeRawPointer(pz + i).loadUnaligned(as: SIMD8<Float>.self)
            let s = ((nx * vx + ny * vy) + nz * vz) + d
            let m = (s .<= hi) .& (s .>= lo)
            acc &+= one.replacing(with: 0, where: .!m)
            i += 8
        }
        var total = 0
        for lane in 0..<8 { total += Int(acc[lane]) }  // each lane <= n/8: no Int32 overflow
        while i < n {
            let s = ((normal.x * px[i] + normal.y * py[i]) + normal.z * pz[i]) + offset
            if s <= threshold && s >= -threshold { total += 1 }
            i += 1
        }
        return total
    }

    /// Writes the positions (`0..<n`, plus `indexBase`) of the inliers into `out`, ascending; returns how
    /// many were written (SIMD path).
    /// - Precondition: `out.count >= x.count`; the three buffers have equal counts (both checked).
    /// - Complexity: O(n), no allocation.
    @inlinable
    package static func collect(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        normal: SIMD3<Float>, offset: Float, threshold: Float, indexBase: Int32 = 0,
        into out: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let n = x.count
        precondition(y.count == n && z.count == n, "coordinate buffers of unequal counts")
        guard n > 0 else { return 0 }
        precondition(out.count >= n, "output buffer too small")
        let px = x.baseAddress!, py = y.baseAddress!, pz = z.baseAddress!, o = out.baseAddress!
        let nx = SIMD8<Float>(repeating: normal.x), ny = SIMD8<Float>(repeating: normal.y)
        let nz = SIMD8<Float>(repeating: normal.z), d = SIMD8<Float>(repeating: offset)
        let hi = SIMD8<Float>(repeating: threshold), lo = SIMD8<Float>(repeating: -threshold)
        var written = 0
        var i = 0
        while i + 8 <= n {
            let vx = UnsafeRawPointer(px + i).loadUnaligned(as: SIMD8<Float>.self)
            let vy = UnsafeRawPointer(py + i).loadUnaligned(as: SIMD8<Float>.self)
            let vz = UnsafeRawPointer(pz + i).loadUnaligned(as: SIMD8<Float>.self)
            let s = ((nx * vx + ny * vy) + nz * vz) + d
            let m = (s .<= hi) .& (s .>= lo)
            if any(m) {
                let base = indexBase &+ Int32(truncatingIfNeeded: i)
                for lane in 0..<8 where m[lane] {
                    o[written] = base &+ Int32(lane)
                    written += 1
                }
            }
            i += 8
        }
        while i < n {
            let s = ((normal.x * px[i] + normal.y * py[i]) + normal.z * pz[i]) + offset
            if s <= threshold && s >= -threshold {
                o[written] = indexBase &+ Int32(truncatingIfNeeded: i)
                written += 1
            }
            i += 1
        }
        return written
    }

    /// Scalar reference for ``count(x:y:z:normal:offset:threshold:)``; same result, one point at a time.
    /// - Precondition: the three buffers have equal counts (checked).
    /// - Complexity: O(n).
    package static func countScalar(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        normal: SIMD3<Float>, offset: Float, threshold: Float
    ) -> Int {
        precondition(y.count == x.count && z.count == x.count, "coordinate buffers of unequal counts")
        var total = 0
        for i in 0..<x.count {
            let s = ((normal.x * x[i] + normal.y * y[i]) + normal.z * z[i]) + offset
            if s <= threshold && s >= -threshold { total += 1 }
        }
        return total
    }

    /// Scalar reference for ``collect(x:y:z:normal:offset:threshold:indexBase:into:)``.
    /// - Precondition: `out.count >= x.count`; the three buffers have equal counts (both checked).
    /// - Complexity: O(n).
    package static func collectScalar(
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>,
        normal: SIMD3<Float>, offset: Float, threshold: Float, indexBase: Int32 = 0,
        into out: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        precondition(y.count == x.count && z.count == x.count, "coordinate buffers of unequal counts")
        precondition(out.count >= x.count, "output buffer too small")
        var written = 0
        for i in 0..<x.count {
            let s = ((normal.x * x[i] + normal.y * y[i]) + normal.z * z[i]) + offset
            if s <= threshold && s >= -threshold {
                out[written] = indexBase &+ Int32(truncatingIfNeeded: i)
                written += 1
            }
        }
        return written
    }
}
