/// The smallest eigenvalue of a symmetric 3x3 matrix, its unit eigenvector and the trace: what a PCA
/// normal needs (internal; used by ``NormalEstimation``).
///
/// The eigenvalue is the smallest root of the trace-shifted characteristic cubic, as in ``SymmetricEigen3``
/// (`λ0 = q + p β0` with `β0 = 2 cos(acos(h) / 3 + 2π/3)`), but computed without trigonometry (see
/// ``init(_:)``); the eigenvector is the largest cross product of two rows of `A - λ0 I` (Eberly 2014,
/// ``SymmetricEigen3/eigenvector0(_:_:)``). That vector is accurate to about `ε λ2 / (λ1 - λ0)`, so it matches
/// ``SymmetricEigen3/vector0`` up to sign wherever the normal is defined; when `λ0 ≈ λ1` both are an
/// arbitrary unit vector of the eigenspace.
/// - Complexity: O(1), no allocation, no transcendental calls.
struct SmallestEigenpair3 {
    /// Smallest eigenvalue (units of the matrix entries, e.g. m² for a covariance).
    var value: Double
    /// Sum of the three eigenvalues (the trace), same units.
    var trace: Double
    /// Unit eigenvector of ``value``; (1, 0, 0) for the zero matrix.
    var vector: SIMD3<Double>

    /// Decomposes `m`. Entries are scaled by a power of two (exact, so the result does not depend on
    /// it) only when the largest lies outside [2⁻⁶⁴, 2⁶⁴], where the degree-4 intermediate terms could
    /// under- or overflow; typical covariances skip that step and its latency.
    @inline(__always)
    init(_ m: SymmetricMatrix3) {
        let scale = m.maxAbsEntry
        if scale >= 0x1p-64 && scale <= 0x1p64 {
            self.init(scaled: m, by: 1)
            return
        }
        guard scale > 0, scale.isFinite else {
            // Zero or non-finite: the zero matrix's pair (0, 0, (1, 0, 0)).
            self.init(scaled: .zero, by: 0)
            return
        }
        // 2^-e for scale in [2^e, 2^(e+1)): scaled entries lie in (-2, 2).
        let inv = Double(bitPattern: 0x7FE0_0000_0000_0000 &- (scale.bitPattern & 0x7FF0_0000_0000_0000))
        self.init(
            scaled: SymmetricMatrix3(
                xx: m.xx * inv, xy: m.xy * inv, xz: m.xz * inv, yy: m.yy * inv, yz: m.yz * inv, zz: m.zz * inv),
            by: 1 / inv)
    }

    /// The eigenpair of `a` (finite entries), with ``value`` and ``trace`` multiplied by `factor`.
    ///
    /// With `q` = trace / 3, `p² = tr((A − qI)²) / 6` and `h = det(A − qI) / (2p³)` clamped to [−1, 1],
    /// `β0` is the smallest root of `β³ − 3β − 2h`. Writing `β0 = −1 − s g` with `s = √(1 − h)` ∈ [0, √2],
    /// `g` is the root in [1/√2, √(2/3)] of `ψ(g) = s g³ + 3g² − 2`, analytic in `s` on [0, √2] (nearest
    /// singularity at `s = −√2`), and `ψ′(g) = 3g(sg + 2)` ≥ 4 even at the double root `h = 1`. A degree-9
    /// fit of `g(s)` (Chebyshev interpolant, relative error 6.8e-10) plus one Newton step on `ψ`, whose
    /// `1/ψ′` comes from a degree-7 fit (relative error 2.2e-7) instead of a division, gives `β0` within
    /// ~4e-16 of the exact root (the `acos`/`cos` form: ~9e-16); the step is folded into `λ0`.
    @inline(__always)
    private init(scaled a: SymmetricMatrix3, by factor: Double) {
        let norm = a.xy * a.xy + a.xz * a.xz + a.yz * a.yz
        guard norm > 0 else {
            // Diagonal: the first smallest entry (x, y, z order, as SymmetricEigen3's stable sort).
            trace = (a.xx + a.yy + a.zz) * factor
            if a.xx <= a.yy && a.xx <= a.zz {
                value = a.xx * factor
                vector = SIMD3(1, 0, 0)
            } else if a.yy <= a.zz {
                value = a.yy * factor
                vector = SIMD3(0, 1, 0)
            } else {
                value = a.zz * factor
                vector = SIMD3(0, 0, 1)
            }
            return
        }
        let (q, lambda) = Self.smallestRoot(xx: a.xx, xy: a.xy, xz: a.xz, yy: a.yy, yz: a.yz, zz: a.zz, norm: norm)
        trace = 3 * q * factor
        value = lambda * factor
        vector = SymmetricEigen3.eigenvector0(a, lambda)
    }

    /// The trace-shifted mean `q` and the smallest eigenvalue `λ0` of the matrix (per lane) with entries
    /// `xx` … `zz` and off-diagonal norm `norm = xy² + xz² + yz²` > 0, finite entries of moderate size
    /// (see ``init(_:)``), by the formula of ``init(scaled:by:)``. Shared by this solver and the four-lane
    /// `SmallestEigenpair3x4`, so that both give the same bits.
    @inline(__always)
    static func smallestRoot<V: EigenLanes>(
        xx: V, xy: V, xz: V, yy: V, yz: V, zz: V, norm: V
    ) -> (q: V, lambda: V) {
        let q: V = ((xx + yy) + zz) * V(constant: 1.0 / 3)
        let b00 = xx - q, b11 = yy - q, b22 = zz - q
        let squares: V = (b00 * b00 + b11 * b11) + b22 * b22
        let p2: V = (squares + V(constant: 2) * norm) * V(constant: 1.0 / 6)
        let p = p2.squareRoot()
        let c00: V = b11 * b22 - yz * yz
        let c01: V = xy * b22 - yz * xz
        let c02: V = xy * yz - b11 * xz
        let det: V = (b00 * c00 - xy * c01) + xz * c02
        // det / (2p³), dividing by p² while p's square root is computed.
        let h: V = (det / ((V(constant: 2) * p2) * p2) * p).clampedToUnit()
        let s = (V(constant: 1) - h).squareRoot()
        let s2 = s * s, s4 = s2 * s2
        @inline(__always) func line(_ a: Double, _ b: Double) -> V { V(constant: a) - V(constant: b) * s }
        // g(s), degree 9, and 1/ψ′, degree 7, each a sum of `line` pieces in powers of s².
        let g0a: V = line(0.8164965803749707, 0.11111102996872985) + s2 * line(0.037798783197789246, 0.01644181989028431)
        let g0b: V = line(0.007990025700234368, 0.003986418631443759) + s2 * line(0.0018300907182185648, 0.0006677654630917832)
        let g0: V = (g0a + s4 * g0b) + (s4 * s4) * line(0.0001606594805329803, 1.829808447849511e-05)
        let slopeA: V = line(0.20412410183271068, 0.05555142097399159) + s2 * line(0.028284838810544312, 0.016051991989972026)
        let slopeB: V = line(0.008800952511609221, 0.003953097845742249) + s2 * line(0.001177403858674918, 0.00016408859818973291)
        let inverseSlope: V = slopeA + s4 * slopeB
        let psi: V = (g0 * g0) * (s * g0 + V(constant: 3)) - V(constant: 2)
        // λ0 = q + p β0 = q − p − p s (g0 − ψ / ψ′).
        let ps = p * s
        let lambda: V = ((q - p) - ps * g0) + psi * (ps * inverseSlope)
        return (q, lambda)
    }
}
