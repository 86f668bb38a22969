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
            let m = EigenFixtures.randomSymmetric(&rng)
            let (w, lapackVector) = EigenFixtures.lapack(m)
            let e = SmallestEigenpair3(m)
            let scale = max(1, m.maxAbsEntry)
            #expect(abs(e.value - w[0]) < 1e-9 * scale)
            #expect(abs(e.trace - (m.xx + m.yy + m.zz)) < 1e-9 * scale)
            #expect(abs(length(e.vector) - 1) < 1e-12)
            // The eigenvector is defined when the two smallest eigenvalues are apart.
            guard w[1] - w[0] > 1e-3 * scale else { continue }
            checkedVectors += 1
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

    @Test("prescribed spectra, including repeated and nearly repeated eigenvalues, match LAPACK dsyev")
    func prescribedSpectra() {
        var rng = SeededGenerator(seed: 11)
        // (λ0, λ1, λ2) before shuffling; repeated λ0 = λ1 puts the cubic's parameter at h = 1 (a double
        // smallest root), λ1 = λ2 at h = -1.
        let spectra: [SIMD3<Double>] = [
            SIMD3(0, 0, 1), SIMD3(0, 1, 1), SIMD3(0, 1e-12, 1), SIMD3(0, 1e-6, 1), SIMD3(0, 1e-3, 1),
            SIMD3(1e-4, 0.5, 1), SIMD3(0, 1 - 1e-9, 1), SIMD3(-3, 2, 2), SIMD3(-2, -2, 5), SIMD3(1, 1, 1),
            SIMD3(1e-8, 2e-8, 1), SIMD3(0.3, 0.3 + 1e-7, 0.9),
        ]
        var checkedVectors = 0
        for spectrum in spectra {
            var worst = 0.0, worstTrig = 0.0
            defer {
                // A (nearly) double smallest root is ill-conditioned for any closed form (error up to
                // ~√ε scale): there, stay within twice the trigonometric form's worst error.
                #expect(worst <= 2 * worstTrig + 1e-14, "spectrum \(spectrum)")
            }
            for _ in 0..<200 {
                // A random rotation from a normalised Gaussian quaternion.
                let u = SIMD4(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian())
                let qn = u / (u * u).sum().squareRoot()
                let (w, x, y, z) = (qn[0], qn[1], qn[2], qn[3])
                let r0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y))
                let r1 = SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x))
                let r2 = SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
                let l = spectrum
                // A = R diag(l) Rᵀ.
                func entry(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * l * b).sum() }
                let m = SymmetricMatrix3(
                    xx: entry(r0, r0), xy: entry(r0, r1), xz: entry(r0, r2),
                    yy: entry(r1, r1), yz: entry(r1, r2), zz: entry(r2, r2))
                let (wv, lapackVector) = EigenFixtures.lapack(m)
                let e = SmallestEigenpair3(m)
                let scale = m.maxAbsEntry
                let gap = wv[1] - wv[0]
                worst = max(worst, abs(e.value - wv[0]) / scale)
                worstTrig = max(worstTrig, abs(SymmetricEigen3(m).values[0] - wv[0]) / scale)
                #expect(abs(e.value - wv[0]) < (gap > 5e-4 * scale ? 1e-13 : 1e-7) * scale)
                #expect(abs(e.trace - (m.xx + m.yy + m.zz)) < 1e-13 * scale)
                #expect(abs(length(e.vector) - 1) < 1e-12)
                guard gap > 5e-4 * scale else { continue }
                checkedVectors += 1
                #expect(length(cross(e.vector, lapackVector)) < 1e-10)
                #expect(length(m.multiply(e.vector) - e.value * e.vector) < 1e-12 * scale)
            }
        }
        #expect(checkedVectors == 200 * 5)
    }

    @Test("power-of-two multiples of a matrix give exactly scaled pairs, including outside the unscaled range")
    func powerOfTwoScaling() {
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<500 {
            let m = EigenFixtures.randomSymmetric(&rng)
            let e = SmallestEigenpair3(m)
            for f in [0x1p-900, 0x1p-70, 0x1p-20, 0x1p20, 0x1p70, 0x1p900] {
                let scaled = SmallestEigenpair3(SymmetricMatrix3(
                    xx: m.xx * f, xy: m.xy * f, xz: m.xz * f, yy: m.yy * f, yz: m.yz * f, zz: m.zz * f))
                #expect(scaled.value == e.value * f)
                #expect(scaled.trace == e.trace * f)
                #expect(scaled.vector == e.vector)
            }
        }
        let nan = SmallestEigenpair3(SymmetricMatrix3(xx: .nan, xy: 0, xz: 0, yy: 1, yz: 0, zz: 1))
        #expect(nan.value == 0 && nan.trace == 0 && nan.vector == SIMD3(1, 0, 0))
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
