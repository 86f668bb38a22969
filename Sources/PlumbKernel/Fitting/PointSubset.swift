/// Validation helpers shared by the fits: index subsets and finite coordinates.
enum PointSubset {
    /// Checks every index is in `0..<count`.
    static func validate(_ indices: [Int], count: Int) throws(FitError) {
        for (p, i) in indices.enumerated() where i < 0 || i >= count {
            throw .indexOutOfRange(index: i, position: p, count: count)
        }
    }

    /// Checks the 2D points (optionally a subset) are finite.
    static func validate(_ points: [SIMD2<Double>], indices: [Int]?) throws(FitError) {
        if let indices {
            try validate(indices, count: points.count)
            for i in indices where !(points[i].x.isFinite && points[i].y.isFinite) { throw .nonFinitePoint(index: i) }
        } else {
            for (i, p) in points.enumerated() where !(p.x.isFinite && p.y.isFinite) { throw .nonFinitePoint(index: i) }
        }
    }

    /// Checks the cloud points (optionally a subset) are finite and the origin is finite.
    static func validate(_ cloud: PointCloud, indices: [Int]?) throws(FitError) {
        guard cloud.y.count == cloud.count, cloud.z.count == cloud.count else {
            throw .degenerate("cloud coordinate arrays have different lengths")
        }
        let o = cloud.origin
        guard o.x.isFinite, o.y.isFinite, o.z.isFinite else { throw .degenerate("cloud origin is not finite") }
        if let indices { try validate(indices, count: cloud.count) }
        let bad: Int? = cloud.x.withUnsafeBufferPointer { xs in
            cloud.y.withUnsafeBufferPointer { ys in
                cloud.z.withUnsafeBufferPointer { zs in
                    if let indices {
                        for i in indices where !(xs[i].isFinite && ys[i].isFinite && zs[i].isFinite) { return i }
                    } else {
                        for i in 0..<xs.count where !(xs[i].isFinite && ys[i].isFinite && zs[i].isFinite) { return i }
                    }
                    return nil
                }
            }
        }
        if let bad { throw .nonFinitePoint(index: bad) }
    }
}
