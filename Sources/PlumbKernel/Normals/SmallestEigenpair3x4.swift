/// ``SmallestEigenpair3`` for four symmetric 3x3 matrices at once, one per SIMD lane (internal; used by
/// ``NormalEstimation``).
///
/// Every lane runs the formulas of ``SmallestEigenpair3``'s common path (no rescaling, non-zero
/// off-diagonal part), written once over ``EigenLanes`` (`SmallestEigenpair3.smallestRoot`,
/// ``SymmetricEigen3/eigenvector0(xx:xy:xz:yy:yz:zz:_:)``), so each lane's result is bit-identical to the
/// scalar solver's; lanes outside that path (largest entry outside [2⁻⁶⁴, 2⁶⁴], zero or non-finite
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
        let (q, lambda) = SmallestEigenpair3.smallestRoot(xx: xx, xy: xy, xz: xz, yy: yy, yz: yz, zz: zz, norm: norm)
        trace = 3 * q
        value = lambda
        (x, y, z) = SymmetricEigen3.eigenvector0(xx: xx, xy: xy, xz: xz, yy: yy, yz: yz, zz: zz, lambda)
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
