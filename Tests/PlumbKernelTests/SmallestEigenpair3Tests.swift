import CLAPACK
import Testing
@testable import PlumbKernel

/// The smallest-eigenpair solver used for normals must agree with LAPACK and with the full
/// ``SymmetricEigen3`` wherever the smallest eigenvalue is separated, and handle diagonal and zero input.
@Suite("Smallest eigenpair of a symmetric 3x3 matrix")
struct SmallestEigenpair3Tests {
    @Test("matches LAPACK dsyev's smallest eigenvalue, its eigenvector and the trace on random matrices")
    func matchesLAPACK() {
        var rng = SeededGenerator(seed: 7)
        var checkedVectors = 0
        for _ in 0..<2000 {
            let r = { Double.random(in: -10...10, using: &rng) }
            let m = SymmetricMatrix3(xx: r(), xy: r(), xz: r(), yy: r(), yz: r(), zz: r())
            var a: [Double] = [m.xx, m.xy, m.xz, m.xy, m.yy, m.yz, m.xz, m.yz, m.zz]
            var w = [Double](repeating: 0, count: 3)
            let info = LAPACKE_dsyev(LAPACK_COL_MAJOR, Int8(UInt8(ascii: "V")), Int8(UInt8(ascii: "U")), 3, &a, 3, &w)
            #expect(info == 0)
            let e = SmallestEigenpair3(m)
            let scale = max(1, m.maxAbsEntry)
            #expect(abs(e.value - w[0]) < 1e-9 * scale)
            #expect(abs(e.trace - (m.xx + m.yy + m.zz)) < 1e-9 * scale)
            #expect(abs(length(e.vector) - 1) < 1e-12)
            // The eigenvector is defined when the two smallest eigenvalues are apart.
            guard w[1] - w[0] > 1e-3 * scale else { continue }
            checkedVectors += 1
            let lapackVector = SIMD3(a[0], a[1], a[2])
            #expect(abs(dot(e.vector, lapackVector)) > 1 - 1e-9)
            #expect(length(m.multiply(e.vector) - e.value * e.vector) < 1e-8 * scale)
        }
        #expect(checkedVectors > 1500)
    }

    @Test("thin slab covariance: equals SymmetricEigen3's normal and surface variation")
    func slabCovariance() {
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            // A tilted 5 cm disc of 30 points with 1 mm noise along its normal.
            let n = normalize(SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()))
            let u = normalize(cross(n, abs(n.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0)))
            let v = cross(n, u)
            var acc = CovarianceAccumulator()
            for _ in 0..<30 {
                let p = 0.05 * rng.nextGaussian() * u + 0.05 * rng.nextGaussian() * v + 0.001 * rng.nextGaussian() * n
                acc.add(p)
            }
            let full = SymmetricEigen3(acc.covariance)
            let e = SmallestEigenpair3(acc.covariance)
            #expect(abs(dot(e.vector, full.vector0)) > 1 - 1e-12)
            #expect(abs(dot(e.vector, n)) > 0.99)
            let variation = full.values.x / full.values.sum()
            #expect(abs(e.value / e.trace - variation) < 1e-12)
        }
    }

    @Test("diagonal and zero matrices")
    func diagonalAndZero() {
        let d = SmallestEigenpair3(SymmetricMatrix3(xx: 3, xy: 0, xz: 0, yy: 1, yz: 0, zz: 2))
        #expect(abs(d.value - 1) < 1e-12)
        #expect(d.vector == SIMD3(0, 1, 0))
        #expect(abs(d.trace - 6) < 1e-12)
        let z = SmallestEigenpair3(.zero)
        #expect(z.value == 0 && z.trace == 0)
        #expect(z.vector == SIMD3(1, 0, 0))
    }
}
