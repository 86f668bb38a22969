import Foundation
import Testing
@testable import PlumbKernel

/// Timing and quality measurements for fits and boxes on larger data. Off by default; run with
/// `PLUMB_BENCH=1 swift test -c release --filter FitsBenchmarkTests`.
@Suite("Fits and boxes benchmark", .enabled(if: ProcessInfo.processInfo.environment["PLUMB_BENCH"] != nil))
struct FitsBenchmarkTests {
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        let t0 = Date()
        try body()
        return Date().timeIntervalSince(t0)
    }

    @Test("minimum-volume box quality and timing on 20 random boxes of 5000 points")
    func minimumVolume() throws {
        var rng = SeededGenerator(seed: 99)
        var worstTrue = 0.0, worstReference = 0.0, worstPCA = Double.infinity, total = 0.0
        for trial in 0..<20 {
            let f = FitFixtures.randomFrame(&rng)
            let h = SIMD3<Double>(0.5 + rng.nextUnitDouble() * 2, 0.5 + rng.nextUnitDouble(), 0.1 + rng.nextUnitDouble() * 0.5)
            let c = FitFixtures.cloud(FitFixtures.boxSamples(centre: SIMD3(1e6, 1e6, 0), h: h, frame: f, count: 5000, surface: trial % 2 == 0,
                                     corners: trial % 4 < 2, seed: UInt64(trial)))
            var b: OrientedBox?
            total += try seconds { b = try OrientedBoxFit.minimumVolume(c) }
            let local = (0..<c.count).map { SIMD3<Double>(c.localPoint($0)) }
            let reference = OrientedBoxFit.box(axes: f.0, f.1, points: local, centroid: .zero)
            worstTrue = max(worstTrue, b!.volume / (8 * h.x * h.y * h.z))
            worstReference = max(worstReference, b!.volume / reference.volume)
            worstPCA = min(worstPCA, try OrientedBoxFit.pca(c).volume / b!.volume)
        }
        print("minimumVolume: worst volume/true box \(worstTrue), worst volume/true-axes tight box \(worstReference), "
              + "smallest PCA/minimum ratio \(worstPCA), mean \(total / 20 * 1000) ms per 5000-point cloud")
        #expect(worstReference < 1.0001)
        #expect(worstTrue < 1.01)
    }

    @Test("200k-point timings: boxes, TLS and MSAC planes, circle")
    func largeClouds() throws {
        var rng = SeededGenerator(seed: 5)
        let big = FitFixtures.cloud(FitFixtures.boxSamples(centre: .zero, h: SIMD3(1, 0.7, 0.4), frame: FitFixtures.randomFrame(&rng), count: 200_000,
                                   surface: true, sigma: 0.002, seed: 5))
        var box: OrientedBox?
        let tMin = try seconds { box = try OrientedBoxFit.minimumVolume(big) }
        let tUp = try seconds { _ = try OrientedBoxFit.upright(big, up: SIMD3(0, 0, 1)) }
        let tPCA = try seconds { _ = try OrientedBoxFit.pca(big) }
        var pts: [SIMD3<Double>] = []
        for k in 0..<200_000 {
            if k % 2 == 0 { pts.append(SIMD3(rng.nextUnitDouble() * 6, rng.nextUnitDouble() * 6, 0.003 * rng.nextGaussian())) } else {
                pts.append(SIMD3(rng.nextUnitDouble() * 6, rng.nextUnitDouble() * 6, rng.nextUnitDouble() * 6 - 3))
            }
        }
        let pc = FitFixtures.cloud(pts)
        var robust: RobustFitResult<PlaneModel>?
        let tMSAC = try seconds { robust = try PlaneFit.robust(pc, options: RobustFitOptions(inlierThreshold: 0.01, seed: 1)) }
        let tTLS = try seconds { _ = try PlaneFit.fit(pc) }
        let arc = (0..<10_000).map { _ -> SIMD2<Double> in
            let t = rng.nextUnitDouble() * 2
            return SIMD2(1e6, 1e6) + (3 + 0.002 * rng.nextGaussian()) * SIMD2(cosDouble(t), sinDouble(t))
        }
        var circle: FitResult<ArcModel>?
        let tCircle = try seconds { circle = try CircleFit.fitArc(arc) }
        print("200k noisy box surface: minimumVolume \(tMin * 1000) ms (volume/noise-free \(box!.volume / 2.24)), "
              + "upright \(tUp * 1000) ms, pca \(tPCA * 1000) ms")
        print("200k plane points, 50 % outliers: MSAC \(tMSAC * 1000) ms, \(robust!.iterations) samples, "
              + "\(robust!.inlierIndices.count) inliers, rms \(robust!.residuals.rms) m; TLS \(tTLS * 1000) ms")
        print("10k-point arc at 1e6 m: \(tCircle * 1000) ms, radius \(circle!.model.circle.radius), rms \(circle!.residuals.rms), "
              + "extent \(circle!.model.extent) rad")
        #expect(robust!.inlierIndices.count > 99_000)
        #expect(abs(circle!.model.circle.radius - 3) < 1e-3)
    }
}
