import Testing
@testable import PlumbKernel

/// The four-lane eigen solver used for normals must return, in every lane, exactly the bits of the scalar
/// ``SmallestEigenpair3`` — on its common path and on the lanes it hands back to the scalar solver
/// (diagonal, zero, tiny, huge and non-finite matrices), whatever the other lanes hold.
@Suite("Smallest eigenpair, four matrices per SIMD lane")
struct SmallestEigenpair3x4Tests {
    /// Solves `m` (four matrices) with both solvers and counts the lanes whose value, trace or vector
    /// differ in any bit.
    static func mismatchedLanes(_ m: [SymmetricMatrix3]) -> Int {
        func lanes(_ entry: (SymmetricMatrix3) -> Double) -> SIMD4<Double> {
            SIMD4(entry(m[0]), entry(m[1]), entry(m[2]), entry(m[3]))
        }
        let batch = SmallestEigenpair3x4(
            xx: lanes(\.xx), xy: lanes(\.xy), xz: lanes(\.xz), yy: lanes(\.yy), yz: lanes(\.yz), zz: lanes(\.zz))
        var mismatches = 0
        for lane in 0..<4 {
            let e = SmallestEigenpair3(m[lane])
            let got = [batch.value[lane], batch.trace[lane], batch.x[lane], batch.y[lane], batch.z[lane]]
            let want = [e.value, e.trace, e.vector.x, e.vector.y, e.vector.z]
            if zip(got, want).contains(where: { $0.bitPattern != $1.bitPattern }) { mismatches += 1 }
        }
        return mismatches
    }

    @Test("random symmetric matrices and thin-slab covariances: every lane bit-identical to the scalar solver")
    func randomMatrices() {
        var rng = SeededGenerator(seed: 19)
        for round in 0..<2000 {
            var m: [SymmetricMatrix3] = []
            for lane in 0..<4 {
                if (round + lane) % 2 == 0 {
                    m.append(EigenFixtures.randomSymmetric(&rng))
                } else {
                    // A 5 cm patch with 1 mm noise along a random normal: the covariances normals see.
                    let n = normalize(SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()))
                    let u = normalize(cross(n, abs(n.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0)))
                    let v = cross(n, u)
                    var acc = CovarianceAccumulator()
                    for _ in 0..<30 {
                        acc.add(0.05 * rng.nextGaussian() * u + 0.05 * rng.nextGaussian() * v + 0.001 * rng.nextGaussian() * n)
                    }
                    m.append(acc.covariance)
                }
            }
            #expect(Self.mismatchedLanes(m) == 0)
        }
    }

    @Test("lanes off the common path (diagonal, zero, tiny, huge, NaN, ∞) match the scalar solver next to ordinary lanes")
    func specialLanes() {
        var rng = SeededGenerator(seed: 23)
        let special: [SymmetricMatrix3] = [
            .zero,
            SymmetricMatrix3(xx: 3, xy: 0, xz: 0, yy: 1, yz: 0, zz: 2),
            SymmetricMatrix3(xx: 1, xy: 0, xz: 0, yy: 1, yz: 0, zz: 1),
            SymmetricMatrix3(xx: 1e-30, xy: 2e-31, xz: -1e-31, yy: 3e-30, yz: 5e-31, zz: 2e-30),
            SymmetricMatrix3(xx: 1e30, xy: 2e29, xz: -1e29, yy: 3e30, yz: 5e29, zz: 2e30),
            SymmetricMatrix3(xx: 0x1p-64, xy: 0x1p-66, xz: 0, yy: 0x1p-65, yz: 0, zz: 0),
            SymmetricMatrix3(xx: 0x1p64, xy: 0x1p62, xz: 0, yy: 0x1p63, yz: 0, zz: 0),
            SymmetricMatrix3(xx: .nan, xy: 1, xz: 0, yy: 1, yz: 0, zz: 1),
            SymmetricMatrix3(xx: 1, xy: .infinity, xz: 0, yy: 1, yz: 0, zz: 1),
            SymmetricMatrix3(xx: 1, xy: 1e-200, xz: 0, yy: 2, yz: 0, zz: 3),
        ]
        var checked = 0
        for s in special {
            for lane in 0..<4 {
                var m = (0..<4).map { _ in EigenFixtures.randomSymmetric(&rng) }
                m[lane] = s
                // A NaN result differs from itself bit for bit only if the two solvers disagree on it.
                #expect(Self.mismatchedLanes(m) == 0, "special matrix \(s) in lane \(lane)")
                checked += 1
            }
        }
        #expect(checked == special.count * 4)
    }
}
