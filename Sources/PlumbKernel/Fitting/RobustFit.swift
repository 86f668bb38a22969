/// Generic RANSAC driver with MSAC scoring (Torr & Zisserman 2000).
public enum RobustFit {
    /// Robustly fits the model of `problem`.
    ///
    /// Draws minimal samples with a ``SeededGenerator`` seeded from `options.seed`, scores each
    /// hypothesis by the truncated quadratic Σ min(r², t²) (with early exit once it exceeds the best),
    /// and stops adaptively after `log(1 − confidence) / log(1 − wˢ)` samples, w being the best inlier
    /// ratio so far (capped by `maxIterations`). The best hypothesis is then refined: least-squares
    /// refit on its inliers, re-classification, repeated up to `refinementRounds` times or until the
    /// inlier set no longer changes. Deterministic for a given seed.
    /// - Throws: ``FitError/invalidParameter(_:)`` for a non-positive threshold, a confidence outside
    ///   (0, 1) or `maxIterations < 1`; ``FitError/tooFewPoints(required:actual:)``;
    ///   ``FitError/noConsensus(bestInliers:required:)`` when no hypothesis reaches the minimum inlier
    ///   count; errors of the problem's refit.
    /// - Complexity: O(iterations · n) residual evaluations plus the refits.
    public static func msac<P: RobustEstimationProblem>(
        _ problem: P, options: RobustFitOptions
    ) throws(FitError) -> RobustFitResult<P.Model> {
        let t = options.inlierThreshold
        guard t > 0, t.isFinite else { throw .invalidParameter("inlier threshold \(t) must be positive and finite") }
        guard options.confidence > 0, options.confidence < 1 else {
            throw .invalidParameter("confidence \(options.confidence) must lie in (0, 1)")
        }
        guard options.maxIterations >= 1 else { throw .invalidParameter("maxIterations must be at least 1") }
        let n = problem.dataCount, s = problem.minimalSampleSize
        guard s >= 1 else { throw .invalidParameter("minimal sample size must be at least 1") }
        guard n >= s else { throw .tooFewPoints(required: s, actual: n) }
        let minInliers = max(s, options.minimumInliers)
        let t2 = t * t

        var rng = SeededGenerator(seed: options.seed)
        var sample = [Int](repeating: 0, count: s)
        var best: P.Model?
        var bestCost = Double.infinity
        var bestInliers = 0
        var required = options.maxIterations
        var iterations = 0
        let logFail = logDouble(1 - options.confidence)
        while iterations < required {
            iterations += 1
            drawSample(&sample, below: n, using: &rng)
            guard let m = problem.model(fromSample: sample) else { continue }
            var cost = 0.0
            var inliers = 0
            var complete = true
            for i in 0..<n {
                let r = problem.residual(of: m, at: i)
                let r2 = r * r
                if r2 < t2 { cost += r2; inliers += 1 } else { cost += t2 }
                if cost >= bestCost { complete = false; break }
            }
            guard complete, cost < bestCost else { continue }
            best = m
            bestCost = cost
            bestInliers = inliers
            let w = Double(inliers) / Double(n)
            let allInlier = powDouble(w, Double(s))
            if allInlier >= 1 {
                required = min(required, iterations)
            } else if allInlier > 0 {
                let k = logFail / logDouble(1 - allInlier)
                if k.isFinite, k < Double(options.maxIterations) { required = max(1, Int(k.rounded(.up))) }
            }
        }
        guard var model = best, bestInliers >= minInliers else {
            throw .noConsensus(bestInliers: bestInliers, required: minInliers)
        }
        var inliers = classify(problem, model, t2: t2)
        guard inliers.count >= minInliers else { throw .noConsensus(bestInliers: inliers.count, required: minInliers) }
        for _ in 0..<max(0, options.refinementRounds) {
            let refined = try problem.refit(positions: inliers)
            let next = classify(problem, refined, t2: t2)
            guard next.count >= minInliers else { break }
            model = refined
            if next == inliers { break }
            inliers = next
        }
        var cost = 0.0
        for i in 0..<n { let r = problem.residual(of: model, at: i); cost += min(r * r, t2) }
        let residuals = FitResiduals(residuals: inliers.map { problem.residual(of: model, at: $0) })
        return RobustFitResult(model: model, inlierIndices: inliers, residuals: residuals, iterations: iterations, cost: cost)
    }

    /// Positions whose residual is below the threshold, ascending.
    static func classify<P: RobustEstimationProblem>(_ problem: P, _ model: P.Model, t2: Double) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(problem.dataCount)
        for i in 0..<problem.dataCount {
            let r = problem.residual(of: model, at: i)
            if r * r < t2 { out.append(i) }
        }
        return out
    }

    /// Fills `sample` with distinct uniform positions in `0..<n` (rejection; the sample is tiny).
    static func drawSample(_ sample: inout [Int], below n: Int, using rng: inout SeededGenerator) {
        for k in 0..<sample.count {
            var candidate: Int
            repeat {
                candidate = rng.nextIndex(below: n)
            } while sample[0..<k].contains(candidate)
            sample[k] = candidate
        }
    }
}
