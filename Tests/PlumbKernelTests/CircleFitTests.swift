import Testing
@testable import PlumbKernel

@Suite("Circle and arc fit (Hyper + Levenberg–Marquardt)")
struct CircleFitTests {
    func arcPoints(centre: SIMD2<Double>, radius: Double, from a0: Double, to a1: Double, count: Int,
                   sigma: Double, seed: UInt64) -> [SIMD2<Double>] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let t = a0 + (a1 - a0) * rng.nextUnitDouble()
            let r = radius + sigma * rng.nextGaussian()
            return centre + r * SIMD2(cosDouble(t), sinDouble(t))
        }
    }

    func cost(_ c: CircleModel, _ p: [SIMD2<Double>]) -> Double {
        p.reduce(0) { let e = c.signedDistance($1); return $0 + e * e }
    }

    @Test("exact full circles and short arcs at 1e6 m offsets recover the circle to 1e-5")
    func exact() throws {
        let centre = SIMD2<Double>(1.5e6, -2.25e6)
        for (k, span) in [(0.0, 6.283185307179586), (0.2, 1.2), (2.0, 2.5), (-3.0, -2.6)].enumerated() {
            let pts = arcPoints(centre: centre, radius: 2.5, from: span.0, to: span.1, count: 200, sigma: 0, seed: UInt64(k))
            let fit = try CircleFit.fit(pts)
            let dc = fit.model.centre - centre
            #expect(max(abs(dc.x), abs(dc.y)) < 1e-5)
            #expect(abs(fit.model.radius - 2.5) < 1e-5)
            #expect(fit.residuals.maxAbsolute < 1e-6)
        }
        // Three points: exactly the circumcircle.
        let three = [SIMD2<Double>(1, 0), SIMD2(0, 1), SIMD2(-1, 0)]
        let f3 = try CircleFit.fit(three)
        #expect(length(SIMD3(f3.model.centre.x, f3.model.centre.y, f3.model.radius - 1)) < 1e-12)
    }

    @Test("Gaussian radial noise: RMS ≈ sigma and the result is a geometric least-squares minimum")
    func noisy() throws {
        let sigma = 0.005
        let pts = arcPoints(centre: SIMD2(3, -1), radius: 1.2, from: 0.5, to: 2.0, count: 5000, sigma: sigma, seed: 21)
        let fit = try CircleFit.fit(pts)
        #expect(abs(fit.residuals.rms / sigma - 1) < 0.04)
        #expect(abs(fit.model.radius - 1.2) < 0.01)
        // Local optimality: any small perturbation of (cx, cy, r) raises the orthogonal cost.
        let f0 = cost(fit.model, pts)
        for d in [SIMD3<Double>(1e-4, 0, 0), SIMD3(0, 1e-4, 0), SIMD3(0, 0, 1e-4), SIMD3(-1e-4, 1e-4, 0)] {
            for s in [1.0, -1.0] {
                let c = CircleModel(centre: fit.model.centre + s * SIMD2(d.x, d.y), radius: fit.model.radius + s * d.z)
                #expect(cost(c, pts) > f0)
            }
        }
        // The algebraic start alone is measurably worse than the refined fit on this short noisy arc.
        let mean = pts.reduce(SIMD2<Double>.zero, +) / Double(pts.count)
        let scale = (pts.reduce(0) { $0 + (($1 - mean) * ($1 - mean)).sum() } / Double(pts.count)).squareRoot()
        let hyper = try CircleFit.hyperFit(pts.map { ($0 - mean) / scale })
        let hyperWorld = CircleModel(centre: mean + scale * hyper.centre, radius: scale * hyper.radius)
        #expect(cost(hyperWorld, pts) >= f0)
    }

    @Test("arc extent is counter-clockwise and handles the ±π wrap")
    func arcExtent() throws {
        let a = arcPoints(centre: SIMD2(10, 10), radius: 3, from: 0.3, to: 1.9, count: 400, sigma: 0, seed: 2)
        let arc = try CircleFit.fitArc(a + [SIMD2(10, 10) + 3 * SIMD2(cosDouble(0.3), sinDouble(0.3)),
                                             SIMD2(10, 10) + 3 * SIMD2(cosDouble(1.9), sinDouble(1.9))])
        #expect(abs(arc.model.startAngle - 0.3) < 1e-6)
        #expect(abs(arc.model.extent - 1.6) < 1e-6)
        #expect(abs(arc.model.endAngle - 1.9) < 1e-6)
        let w = arcPoints(centre: .zero, radius: 1, from: 2.8, to: 3.8, count: 400, sigma: 0, seed: 3)
        let warc = try CircleFit.fitArc(w)
        #expect(abs(warc.model.startAngle - 2.8) < 0.01)
        #expect(abs(warc.model.extent - 1.0) < 0.02)
        #expect(abs(warc.model.arcLength - warc.model.extent) < 1e-5)
    }

    @Test("degenerate input: too few, collinear, coincident, NaN")
    func degenerate() {
        #expect(throws: FitError.tooFewPoints(required: 3, actual: 2)) { try CircleFit.fit([SIMD2(0, 0), SIMD2(1, 1)]) }
        let line = (0..<20).map { SIMD2(Double($0), 0.5 * Double($0) + 1e6) }
        #expect(throws: FitError.degenerate("the 20 points are collinear")) { try CircleFit.fit(line) }
        #expect(throws: FitError.degenerate("all 4 points coincide")) {
            try CircleFit.fit(Array(repeating: SIMD2(3, 3), count: 4))
        }
        #expect(throws: FitError.nonFinitePoint(index: 2)) {
            try CircleFit.fit([SIMD2(0, 0), SIMD2(1, 1), SIMD2(.nan, 1), SIMD2(2, 0)])
        }
        #expect(CircleModel(through: SIMD2(0, 0), SIMD2(1, 1), SIMD2(2, 2)) == nil)
    }
}
