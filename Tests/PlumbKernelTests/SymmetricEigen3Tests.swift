import Testing
import PlumbKernel

typealias TestRNG = SeededGenerator

@Suite("Closed-form symmetric 3x3 eigen solver")
struct SymmetricEigen3Tests {
    @Test("matches LAPACK dsyev on random matrices")
    func matchesLAPACK() {
        var rng = TestRNG(seed: 42)
        for _ in 0..<2000 {
            let m = EigenFixtures.randomSymmetric(&rng)
            let e = SymmetricEigen3(m)
            let w = EigenFixtures.lapack(m).values
            let tol = 1e-9 * max(1, m.maxAbsEntry)
            for k in 0..<3 { #expect(abs(e.values[k] - w[k]) < tol) }
            for (v, lambda) in [(e.vector0, e.values[0]), (e.vector1, e.values[1]), (e.vector2, e.values[2])] {
                let residual = length(m.multiply(v) - lambda * v)
                #expect(residual < 1e-8 * max(1, m.maxAbsEntry))
                #expect(abs(length(v) - 1) < 1e-12)
            }
            #expect(abs(dot(e.vector0, e.vector1)) < 1e-9)
        }
    }

    @Test("repeated and zero eigenvalues give an orthonormal basis")
    func degenerate() {
        for m in [SymmetricMatrix3.zero,
                  SymmetricMatrix3(xx: 2, xy: 0, xz: 0, yy: 2, yz: 0, zz: 2),
                  SymmetricMatrix3(xx: 1, xy: 1, xz: 1, yy: 1, yz: 1, zz: 1),
                  SymmetricMatrix3(xx: 3, xy: 0, xz: 0, yy: 1, yz: 0, zz: 2)] {
            let e = SymmetricEigen3(m)
            #expect(e.values[0] <= e.values[1] && e.values[1] <= e.values[2])
            #expect(abs(dot(e.vector0, e.vector1)) < 1e-12)
            #expect(abs(length(cross(e.vector0, e.vector1) - e.vector2)) < 1e-12)
            for (v, lambda) in [(e.vector0, e.values[0]), (e.vector1, e.values[1]), (e.vector2, e.values[2])] {
                #expect(length(m.multiply(v) - lambda * v) < 1e-12)
            }
        }
    }

    @Test("plane normal of a thin point slab is the smallest eigenvector")
    func planeNormal() {
        var rng = TestRNG(seed: 7)
        var acc = CovarianceAccumulator()
        let n = normalize(SIMD3<Double>(0.2, -0.3, 0.93))
        let u = normalize(cross(n, SIMD3(1, 0, 0)))
        let v = cross(n, u)
        for _ in 0..<10_000 {
            let p = Double.random(in: -2...2, using: &rng) * u + Double.random(in: -2...2, using: &rng) * v
                + Double.random(in: -0.001...0.001, using: &rng) * n + SIMD3(1e6, 2e6, 30)
            acc.add(p)
        }
        let e = SymmetricEigen3(acc.covariance)
        #expect(abs(abs(dot(e.vector0, n)) - 1) < 1e-6)
        #expect(length(acc.mean - SIMD3(1e6, 2e6, 30)) < 0.05)
    }
}
