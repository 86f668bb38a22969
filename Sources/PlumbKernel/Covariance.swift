/// Running first and second moments of a 3D point set, accumulated in double precision.
///
/// Add points in local (recentred) coordinates; the covariance is formed from sums about the running
/// first point (a shifted-data algorithm), so cancellation stays small even when points are far from
/// the local origin.
public struct CovarianceAccumulator: Sendable, Hashable {
    /// Number of points added.
    public private(set) var count: Int = 0
    private var shift: SIMD3<Double> = .zero
    private var s: SIMD3<Double> = .zero
    private var sxx = 0.0, sxy = 0.0, sxz = 0.0, syy = 0.0, syz = 0.0, szz = 0.0

    /// An empty accumulator.
    public init() {}

    /// Adds one point (metres).
    /// - Complexity: O(1).
    @inlinable
    public mutating func add(_ p: SIMD3<Float>) { add(SIMD3<Double>(p)) }

    /// Adds one point (metres).
    /// - Complexity: O(1).
    public mutating func add(_ p: SIMD3<Double>) {
        if count == 0 { shift = p }
        let d = p - shift
        count += 1
        s += d
        sxx += d.x * d.x
        sxy += d.x * d.y
        sxz += d.x * d.z
        syy += d.y * d.y
        syz += d.y * d.z
        szz += d.z * d.z
    }

    /// Merges another accumulator into this one (same coordinate frame).
    public mutating func merge(_ o: CovarianceAccumulator) {
        guard o.count > 0 else { return }
        guard count > 0 else { self = o; return }
        // Re-express o's sums about self.shift.
        let t = o.shift - shift
        let n = Double(o.count)
        let os = o.s
        s += os + n * t
        sxx += o.sxx + 2 * t.x * os.x + n * t.x * t.x
        syy += o.syy + 2 * t.y * os.y + n * t.y * t.y
        szz += o.szz + 2 * t.z * os.z + n * t.z * t.z
        sxy += o.sxy + t.x * os.y + t.y * os.x + n * t.x * t.y
        sxz += o.sxz + t.x * os.z + t.z * os.x + n * t.x * t.z
        syz += o.syz + t.y * os.z + t.z * os.y + n * t.y * t.z
        count += o.count
    }

    /// Centroid of the points added (metres), or zero when empty.
    public var mean: SIMD3<Double> { count == 0 ? .zero : shift + s / Double(count) }

    /// Population covariance (divided by n), m². Zero when fewer than two points.
    public var covariance: SymmetricMatrix3 {
        guard count > 1 else { return .zero }
        let n = Double(count)
        let m = s / n
        return SymmetricMatrix3(
            xx: sxx / n - m.x * m.x, xy: sxy / n - m.x * m.y, xz: sxz / n - m.x * m.z,
            yy: syy / n - m.y * m.y, yz: syz / n - m.y * m.z, zz: szz / n - m.z * m.z)
    }
}
