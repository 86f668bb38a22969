import CLAPACK
import Testing
import PlumbKernel

/// Shared fixtures of the closed-form eigen solver tests (``SymmetricEigen3``, ``SmallestEigenpair3``).
enum EigenFixtures {
    /// A symmetric matrix with its six independent entries uniform in -10...10, drawn in the order xx, xy, xz,
    /// yy, yz, zz.
    static func randomSymmetric(_ rng: inout SeededGenerator) -> SymmetricMatrix3 {
        var e = [Double]()
        for _ in 0..<6 { e.append(Double.random(in: -10...10, using: &rng)) }
        return SymmetricMatrix3(xx: e[0], xy: e[1], xz: e[2], yy: e[3], yz: e[4], zz: e[5])
    }

    /// LAPACK `dsyev` on `m`: eigenvalues ascending, and the unit eigenvector of the smallest one. Records a
    /// test issue when LAPACK reports a failure.
    static func lapack(_ m: SymmetricMatrix3) -> (values: [Double], smallestVector: SIMD3<Double>) {
        var a: [Double] = [m.xx, m.xy, m.xz, m.xy, m.yy, m.yz, m.xz, m.yz, m.zz]
        var w = [Double](repeating: 0, count: 3)
        let info = LAPACKE_dsyev(LAPACK_COL_MAJOR, Int8(UInt8(ascii: "V")), Int8(UInt8(ascii: "U")), 3, &a, 3, &w)
        #expect(info == 0)
        return (w, SIMD3(a[0], a[1], a[2]))
    }
}
