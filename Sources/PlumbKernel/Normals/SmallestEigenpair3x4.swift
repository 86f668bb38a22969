/// ``SmallestEigenpair3`` for four symmetric 3x3 matrices at once, one per SIMD lane (internal; used by
/// ``NormalEstimation``).
///
/// Every lane performs exactly the floating-point operations of ``SmallestEigenpair3``'s common path (no
/// rescaling, non-zero off-diagonal part) in the same order, so each lane's result is bit-identical to
/// the scalar solver's; lanes outside that path (largest entry outside [2⁻⁶⁴, 2⁶⁴], zero or non-finite
/// matrices, diagonal matrices) are recomputed by the scalar solver. The four independent dependency
/// chains (square roots, a division, two polynomials) overlap instead of running one after another.
/// - Complexity: O(1), no allocation.
struct SmallestEigenpair3x4 {
    /// Smallest eigenvalue per lane (units of the matrix entries).
    var value: SIMD4<Double>
    /// Trace per lane.
    var trace: SIMD4<Double>
    /// Unit eigenvector of ``value`` per lane, as x, y and z lanes.
    var x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>

    /// Decomposes the four matrices whose entries are the lanes of `xx` … `zz`.
    @inline(__always)
    init(
        xx: SIMD4<Double>, xy: SIMD4<Double>, xz: SIMD4<Double>,
        yy: SIMD4<Double>, yz: SIMD4<Double>, zz: SIMD4<Double>
    ) {
        let norm = xy * xy + xz * xz + yz * yz
        let q = (xx + yy + zz) * (1.0 / 3)
        let b00 = xx - q, b11 = yy - q, b22 = zz - q
        let p2 = (b00 * b00 + b11 * b11 + b22 * b22 + 2 * norm) * (1.0 / 6)
        let p = p2.squareRoot()
        let c00 = b11 * b22 - yz * yz
        let c01 = xy * b22 - yz * xz
        let c02 = xy * yz - b11 * xz
        let det = b00 * c00 - xy * c01 + xz * c02
        var h = det / (2 * p2 * p2) * p
        h.replace(with: -1, where: h .< -1)
        h.replace(with: 1, where: h .> 1)
        let s = (1 - h).squareRoot()
        let s2 = s * s, s4 = s2 * s2
        // The polynomials of SmallestEigenpair3, term by term in the same order.
        let g0a: SIMD4<Double> = Self.line(0.8164965803749707, 0.11111102996872985, s)
            + s2 * Self.line(0.037798783197789246, 0.01644181989028431, s)
        let g0b: SIMD4<Double> = Self.line(0.007990025700234368, 0.003986418631443759, s)
            + s2 * Self.line(0.0018300907182185648, 0.0006677654630917832, s)
        let g0: SIMD4<Double> = (g0a + s4 * g0b) + (s4 * s4) * Self.line(0.0001606594805329803, 1.829808447849511e-05, s)
        let slopeA: SIMD4<Double> = Self.line(0.20412410183271068, 0.05555142097399159, s)
            + s2 * Self.line(0.028284838810544312, 0.016051991989972026, s)
        let slopeB: SIMD4<Double> = Self.line(0.008800952511609221, 0.003953097845742249, s)
            + s2 * Self.line(0.001177403858674918, 0.00016408859818973291, s)
        let inverseSlope: SIMD4<Double> = slopeA + s4 * slopeB
        let psi = g0 * g0 * (s * g0 + 3) - 2
        let ps = p * s
        let lambda = ((q - p) - ps * g0) + psi * (ps * inverseSlope)
        trace = 3 * q
        value = lambda
        // Eigenvector: the longest cross product of two rows of A − λI (SymmetricEigen3.eigenvector0).
        let r0x = xx - lambda, r1y = yy - lambda, r2z = zz - lambda
        // c01 = r0 × r1, r0 = (r0x, xy, xz), r1 = (xy, r1y, yz)
        let ax = Self.difference(xy, yz, xz, r1y), ay = Self.difference(xz, xy, r0x, yz)
        let az = Self.difference(r0x, r1y, xy, xy)
        // c02 = r0 × r2, r2 = (xz, yz, r2z)
        let bx = Self.difference(xy, r2z, xz, yz), by = Self.difference(xz, xz, r0x, r2z)
        let bz = Self.difference(r0x, yz, xy, xz)
        // c12 = r1 × r2
        let cx = Self.difference(r1y, r2z, yz, yz), cy = Self.difference(yz, xz, xy, r2z)
        let cz = Self.difference(xy, yz, r1y, xz)
        let da = ax * ax + ay * ay + az * az
        let db = bx * bx + by * by + bz * bz
        let dc = cx * cx + cy * cy + cz * cz
        var vx = ax, vy = ay, vz = az, d = da
        let useB = db .> d
        vx.replace(with: bx, where: useB)
        vy.replace(with: by, where: useB)
        vz.replace(with: bz, where: useB)
        d.replace(with: db, where: useB)
        let useC = dc .> d
        vx.replace(with: cx, where: useC)
        vy.replace(with: cy, where: useC)
        vz.replace(with: cz, where: useC)
        d.replace(with: dc, where: useC)
        let root = d.squareRoot()
        let positive = d .> 0
        x = (vx / root).replacing(with: 1, where: .!positive)
        y = (vy / root).replacing(with: 0, where: .!positive)
        z = (vz / root).replacing(with: 0, where: .!positive)
        // Lanes off the common path: the scalar solver.
        let scale = Self.maxAbs(xx, xy, xz, yy, yz, zz)
        // Any NaN or infinite entry makes `probe` NaN (0 · ∞ = NaN), which fails the comparison.
        let zero = SIMD4<Double>.zero
        let probe: SIMD4<Double> = (xx * zero + xy * zero) + (xz * zero + yy * zero) + (yz * zero + zz * zero)
        let inRange: SIMDMask<SIMD4<Int64>> = (scale .>= SIMD4(repeating: 0x1p-64)) .& (scale .<= SIMD4(repeating: 0x1p64))
        let common: SIMDMask<SIMD4<Int64>> = (norm .> zero) .& inRange .& (probe .== zero)
        if !all(common) {
            for lane in 0..<4 where !common[lane] {
                let e = SmallestEigenpair3(SymmetricMatrix3(
                    xx: xx[lane], xy: xy[lane], xz: xz[lane], yy: yy[lane], yz: yz[lane], zz: zz[lane]))
                value[lane] = e.value
                trace[lane] = e.trace
                x[lane] = e.vector.x
                y[lane] = e.vector.y
                z[lane] = e.vector.z
            }
        }
    }

    /// `a − b s` per lane (the linear pieces of the polynomials).
    @inline(__always)
    static func line(_ a: Double, _ b: Double, _ s: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(repeating: a) - SIMD4(repeating: b) * s
    }

    /// `a b − c d` per lane (a cross-product component).
    @inline(__always)
    static func difference(
        _ a: SIMD4<Double>, _ b: SIMD4<Double>, _ c: SIMD4<Double>, _ d: SIMD4<Double>
    ) -> SIMD4<Double> {
        a * b - c * d
    }

    /// Largest absolute entry per lane (NaN lanes are caught by the caller's finiteness probe).
    @inline(__always)
    static func maxAbs(
        _ a: SIMD4<Double>, _ b: SIMD4<Double>, _ c: SIMD4<Double>,
        _ d: SIMD4<Double>, _ e: SIMD4<Double>, _ f: SIMD4<Double>
    ) -> SIMD4<Double> {
        @inline(__always) func magnitude(_ v: SIMD4<Double>) -> SIMD4<Double> { v.replacing(with: -v, where: v .< 0) }
        return pointwiseMax(
            pointwiseMax(pointwiseMax(magnitude(a), magnitude(b)), pointwiseMax(magnitude(c), magnitude(d))),
            pointwiseMax(magnitude(e), magnitude(f)))
    }
}
