import Testing
@testable import PlumbKernel

@Suite("Total-least-squares 2D line fit")
struct Line2DFitTests {
    func linePoints(angle: Double, through p0: SIMD2<Double>, count: Int, sigma: Double, seed: UInt64) -> [SIMD2<Double>] {
        var rng = SeededGenerator(seed: seed)
        let d = SIMD2(cosDouble(angle), sinDouble(angle)), nrm = SIMD2(-d.y, d.x)
        return (0..<count).map { _ in p0 + (rng.nextUnitDouble() * 10 - 5) * d + sigma * rng.nextGaussian() * nrm }
    }

    @Test("exact points at a 1e6 m offset recover direction and offset")
    func exact() throws {
        for (k, angle) in [0.0, 0.4, 1.5707963267948966, 2.5, -1.0].enumerated() {
            let p0 = SIMD2<Double>(1e6, -2e6)
            let pts = linePoints(angle: angle, through: p0, count: 300, sigma: 0, seed: UInt64(k))
            let fit = try Line2DFit.fit(pts)
            let d = SIMD2(cosDouble(angle), sinDouble(angle))
            #expect(abs(abs((fit.model.direction * d).sum()) - 1) < 1e-12)
            #expect(abs(fit.model.signedDistance(p0)) < 1e-6)
            #expect(fit.residuals.maxAbsolute < 1e-6)
            let n = fit.model.normal
            #expect(abs((n * fit.model.direction).sum()) < 1e-15)
            #expect(abs((n * p0).sum() - fit.model.offset) < 1e-4)
        }
    }

    @Test("Gaussian noise gives RMS ≈ sigma")
    func noisy() throws {
        let pts = linePoints(angle: 0.7, through: SIMD2(3, 4), count: 20_000, sigma: 0.02, seed: 77)
        let fit = try Line2DFit.fit(pts)
        #expect(abs(fit.residuals.rms / 0.02 - 1) < 0.03)
        #expect(abs(fit.residuals.robustScale / 0.02 - 1) < 0.05)
        #expect(abs(atan2Double(fit.model.direction.y, fit.model.direction.x) - 0.7) < 1e-3)
    }

    @Test("degenerate input throws")
    func degenerate() {
        #expect(throws: FitError.tooFewPoints(required: 2, actual: 1)) { try Line2DFit.fit([SIMD2(1, 1)]) }
        #expect(throws: FitError.degenerate("all 3 points coincide")) {
            try Line2DFit.fit(Array(repeating: SIMD2(1, 1), count: 3))
        }
        #expect(throws: FitError.nonFinitePoint(index: 1)) {
            try Line2DFit.fit([SIMD2(0, 0), SIMD2(.infinity, 0), SIMD2(1, 1)])
        }
    }
}
