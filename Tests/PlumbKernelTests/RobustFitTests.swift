import Testing
@testable import PlumbKernel

@Suite("RANSAC/MSAC robust fitting")
struct RobustFitTests {
    /// `inliers` noisy points on the plane plus as many uniform outliers in a 6 m cube, shuffled by index parity.
    func contaminatedPlane(n: SIMD3<Double>, centre: SIMD3<Double>, inliers: Int, outliers: Int, sigma: Double,
                           seed: UInt64) -> (points: [SIMD3<Double>], isInlier: [Bool]) {
        var rng = SeededGenerator(seed: seed)
        let (u, v) = orthonormalComplement(n)
        var pts: [SIMD3<Double>] = []
        var flags: [Bool] = []
        for k in 0..<(inliers + outliers) {
            if k % 2 == 0 && k / 2 < inliers || k / 2 >= outliers {
                pts.append(centre + (rng.nextUnitDouble() * 6 - 3) * u + (rng.nextUnitDouble() * 6 - 3) * v
                           + sigma * rng.nextGaussian() * n)
                flags.append(true)
            } else {
                pts.append(centre + SIMD3(rng.nextUnitDouble() * 6 - 3, rng.nextUnitDouble() * 6 - 3, rng.nextUnitDouble() * 6 - 3))
                flags.append(false)
            }
        }
        return (pts, flags)
    }

    @Test("plane with 50 % outliers at a 1e6 m offset: model, inliers, determinism")
    func plane() throws {
        let n = normalize(SIMD3<Double>(0.1, 0.2, 0.97))
        let centre = SIMD3<Double>(2e6, 1e6, 40)
        let sigma = 0.003
        let data = contaminatedPlane(n: n, centre: centre, inliers: 2000, outliers: 2000, sigma: sigma, seed: 8)
        let c = cloud(data.points)
        let options = RobustFitOptions(inlierThreshold: 3 * sigma, seed: 42)
        let r = try PlaneFit.robust(c, options: options)
        let world = r.model.translated(by: c.origin)
        let sign = dot(world.normal, n) > 0 ? 1.0 : -1.0
        #expect(length(world.normal - sign * n) < 1e-3)
        #expect(abs(world.signedDistance(centre)) < 1e-3)
        // Nearly all true inliers found (3σ keeps 99.7 %), few outliers let in (slab of 6σ in a 6 m cube).
        let truePositives = r.inlierIndices.filter { data.isInlier[$0] }.count
        #expect(Double(truePositives) / 2000 > 0.99)
        #expect(r.inlierIndices.count - truePositives < 20)
        // RMS of a Gaussian truncated at ±3σ: σ·sqrt(1 − 6φ(3)/(2Φ(3) − 1)) = 0.9866σ.
        #expect(abs(r.residuals.rms / sigma - 0.9866) < 0.04)
        #expect(r.iterations < 200) // adaptive: w ≈ 0.5, s = 3 → ~35 samples at 99 %
        let again = try PlaneFit.robust(c, options: options)
        #expect(again == r)
        let other = try PlaneFit.robust(c, options: RobustFitOptions(inlierThreshold: 3 * sigma, seed: 7))
        #expect(length(other.model.normal - r.model.normal) < 1e-3)
    }

    @Test("2D line and circle with 50 % outliers")
    func lineAndCircle() throws {
        var rng = SeededGenerator(seed: 3)
        var line: [SIMD2<Double>] = []
        var circle: [SIMD2<Double>] = []
        let d = SIMD2(0.6, 0.8), p0 = SIMD2<Double>(1e6, 5e5)
        let cc = SIMD2<Double>(-3e5, 7e5)
        for k in 0..<1000 {
            let outlier = SIMD2(rng.nextUnitDouble() * 10 - 5, rng.nextUnitDouble() * 10 - 5)
            if k % 2 == 0 {
                line.append(p0 + (rng.nextUnitDouble() * 10 - 5) * d + 0.002 * rng.nextGaussian() * SIMD2(-d.y, d.x))
                let t = rng.nextUnitDouble() * 4
                circle.append(cc + (2 + 0.002 * rng.nextGaussian()) * SIMD2(cosDouble(t), sinDouble(t)))
            } else {
                line.append(p0 + outlier)
                circle.append(cc + outlier)
            }
        }
        let options = RobustFitOptions(inlierThreshold: 0.006, seed: 1)
        let l = try Line2DFit.robust(line, options: options)
        #expect(abs(abs((l.model.direction * d).sum()) - 1) < 1e-6)
        #expect(abs(l.model.signedDistance(p0)) < 1e-3)
        #expect(l.inlierIndices.filter { $0 % 2 == 0 }.count > 490)
        let c = try CircleFit.robust(circle, options: options)
        #expect(length(SIMD3(c.model.centre.x - cc.x, c.model.centre.y - cc.y, c.model.radius - 2)) < 1e-3)
        #expect(c.inlierIndices.filter { $0 % 2 == 0 }.count > 490)
        #expect(try CircleFit.robust(circle, options: options) == c)
    }

    @Test("invalid options and lack of consensus throw typed errors")
    func errors() throws {
        let pts = (0..<10).map { SIMD2(Double($0), Double($0 * $0)) }
        #expect(throws: FitError.invalidParameter("inlier threshold 0.0 must be positive and finite")) {
            try Line2DFit.robust(pts, options: RobustFitOptions(inlierThreshold: 0))
        }
        #expect(throws: FitError.invalidParameter("confidence 1.0 must lie in (0, 1)")) {
            try Line2DFit.robust(pts, options: RobustFitOptions(inlierThreshold: 0.1, confidence: 1))
        }
        #expect(throws: FitError.tooFewPoints(required: 2, actual: 1)) {
            try Line2DFit.robust([SIMD2(0, 0)], options: RobustFitOptions(inlierThreshold: 0.1))
        }
        #expect(throws: FitError.noConsensus(bestInliers: 2, required: 8)) {
            try Line2DFit.robust(pts, options: RobustFitOptions(inlierThreshold: 0.01, minimumInliers: 8))
        }
        #expect(throws: FitError.nonFinitePoint(index: 3)) {
            try CircleFit.robust(pts.enumerated().map { $0.offset == 3 ? SIMD2(.nan, 0) : $0.element },
                                 options: RobustFitOptions(inlierThreshold: 0.1))
        }
    }
}
