import PlumbKernel

/// Stray returns far outside the scanned space (multipath, sky, reflections off glass: a few points at
/// hundreds of metres), found from the cloud's own robust extent and removed before anything is fitted.
///
/// Per axis, the `quantile` and `1 - quantile` order statistics of the points bound the bulk of the scan
/// (a stray handful cannot move them); a point farther outside that box than the box's own extent on that
/// axis (and at least ``minimumMargin``) is dropped. A neighbour room seen through an open door lies
/// within a room-width or two of the scanned room and is kept; a return hundreds of metres out is not. The
/// same points with strays added give the same remaining cloud, in the same order, so the same model.
enum FarPointFilter {
    /// Smallest margin beyond the robust box, metres: a closet's own box is small, but through its door it
    /// sees the room beyond (rooms are rarely more than 10 m across).
    static let minimumMargin: Float = 10

    /// Indices of the points to keep, or nil when every point is kept.
    /// - Parameter quantile: the tail fraction per side and axis that bounds the bulk (e.g. 0.005).
    /// - Complexity: O(n) (three robust order statistics per axis and one pass).
    static func keptIndices(_ cloud: PointCloud, quantile: Double) -> [Int]? {
        let n = cloud.count
        guard n >= 100, quantile > 0, quantile < 0.5 else { return nil }
        let kLo = Int(Double(n - 1) * quantile), kHi = Int(Double(n - 1) * (1 - quantile))
        var lo = SIMD3<Float>(), hi = SIMD3<Float>()
        for (a, column) in [cloud.x, cloud.y, cloud.z].enumerated() {
            let l = extremeElement(column, kLo), h = extremeElement(column, kHi)
            let margin = Swift.max(Self.minimumMargin, h - l)
            lo[a] = l - margin
            hi[a] = h + margin
        }
        var keep: [Int] = []
        var dropped = false
        cloud.x.withUnsafeBufferPointer { xs in
            cloud.y.withUnsafeBufferPointer { ys in
                cloud.z.withUnsafeBufferPointer { zs in
                    for i in 0..<n {
                        let p = SIMD3(xs[i], ys[i], zs[i])
                        let inside = all((p .>= lo) .& (p .<= hi))
                        if !inside, !dropped {
                            dropped = true
                            keep.reserveCapacity(n)
                            keep.append(contentsOf: 0..<i)
                        }
                        if inside, dropped { keep.append(i) }
                    }
                }
            }
        }
        return dropped ? keep : nil
    }
}
