import Testing
import PlumbKernel

@Suite("Total-least-squares plane fit")
struct PlaneFitTests {
    /// Points on a 4 m x 3 m patch of the plane through `centre` with normal `n`, plus Gaussian noise
    /// of `sigma` along the normal.
    func planePoints(n: SIMD3<Double>, centre: SIMD3<Double>, count: Int, sigma: Double, seed: UInt64) -> [SIMD3<Double>] {
        var rng = SeededGenerator(seed: seed)
        let (u, v) = FitFixtures.orthonormalComplement(n)
        return (0..<count).map { _ in
            centre + (rng.nextUnitDouble() * 4 - 2) * u + (rng.nextUnitDouble() * 3 - 1.5) * v + sigma * rng.nextGaussian() * n
        }
    }

    @Test("exact points recover the plane to 1e-5 at a 1e6 m offset")
    func exactAtLargeOffset() throws {
        var rng = SeededGenerator(seed: 1)
        for trial in 0..<20 {
            let n = FitFixtures.randomUnitVector(&rng)
            let centre = SIMD3<Double>(1.2e6, -3.4e6, 250) + SIMD3(rng.nextGaussian(), rng.nextGaussian(), 0)
            let c = FitFixtures.cloud(planePoints(n: n, centre: centre, count: 500, sigma: 0, seed: UInt64(trial)))
            #expect(length(c.origin) > 1e6)
            let fit = try PlaneFit.fit(c)
            let world = fit.model.translated(by: c.origin)
            let sign = dot(world.normal, n) > 0 ? 1.0 : -1.0
            #expect(length(world.normal - sign * n) < 1e-6)
            // The world offset itself is ~1e6 m; what must be exact is the plane's position at the data.
            #expect(abs(world.signedDistance(centre)) < 1e-5)
            #expect(fit.residuals.maxAbsolute < 1e-5)
            #expect(fit.residuals.count == 500)
        }
    }

    @Test("Gaussian noise: RMS and robust scale estimate sigma")
    func noisy() throws {
        let n = normalize(SIMD3<Double>(0.3, -0.2, 0.9))
        let sigma = 0.01
        let c = FitFixtures.cloud(planePoints(n: n, centre: SIMD3(5, 5, 1), count: 20_000, sigma: sigma, seed: 9))
        let fit = try PlaneFit.fit(c)
        #expect(abs(fit.residuals.rms / sigma - 1) < 0.03)
        #expect(abs(fit.residuals.robustScale / sigma - 1) < 0.05)
        #expect(abs(fit.residuals.meanAbsolute / (sigma * (2 / Double.pi).squareRoot()) - 1) < 0.03)
        #expect(abs(dot(fit.model.normal, n)) > 1 - 1e-6)
        #expect(fit.residuals.maxAbsolute > 3 * sigma)
    }

    @Test("index subsets fit only the selected points")
    func subset() throws {
        let a = planePoints(n: SIMD3(0, 0, 1), centre: .zero, count: 200, sigma: 0, seed: 3)
        let b = planePoints(n: SIMD3(1, 0, 0), centre: SIMD3(10, 0, 0), count: 200, sigma: 0, seed: 4)
        let c = FitFixtures.cloud(a + b)
        let fit = try PlaneFit.fit(c, indices: Array(200..<400))
        #expect(abs(fit.model.normal.x - 1) < 1e-9)
        #expect(abs(fit.model.translated(by: c.origin).offset - 10) < 1e-5)
        #expect(fit.residuals.count == 200)
    }

    @Test("degenerate input throws typed errors")
    func degenerate() throws {
        let two = FitFixtures.cloud([SIMD3(0, 0, 0), SIMD3(1, 0, 0)])
        #expect(throws: FitError.tooFewPoints(required: 3, actual: 2)) { try PlaneFit.fit(two) }
        let line = FitFixtures.cloud((0..<10).map { SIMD3(Double($0), 2 * Double($0), 0) })
        #expect(throws: FitError.degenerate("the 10 points are collinear")) { try PlaneFit.fit(line) }
        let same = FitFixtures.cloud(Array(repeating: SIMD3(1, 2, 3), count: 5))
        #expect(throws: FitError.degenerate("all 5 points coincide")) { try PlaneFit.fit(same) }
        var bad = FitFixtures.cloud([SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(1, 1, 0)])
        bad.z[2] = .nan
        #expect(throws: FitError.nonFinitePoint(index: 2)) { try PlaneFit.fit(bad) }
        #expect(throws: FitError.indexOutOfRange(index: 7, position: 1, count: 4)) {
            try PlaneFit.fit(bad, indices: [0, 7, 1])
        }
    }

    @Test("three-point plane model and canonical orientation")
    func threePoints() {
        let p = PlaneModel(SIMD3(0, 0, 1), SIMD3(1, 0, 1), SIMD3(0, 1, 1))
        #expect(p != nil)
        #expect(abs(abs(p!.normal.z) - 1) < 1e-15)
        #expect(abs(p!.signedDistance(SIMD3(4, 5, 3))) == 2)
        #expect(PlaneModel(SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(2, 2, 2)) == nil)
    }
}
