import Benchmark
import PlumbKernel

let benchmarks: @Sendable () -> Void = {
    Benchmark("Covariance+Eigen3 of 1M points", configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 20)) { benchmark in
        var rng = SeededGenerator(seed: 1)
        var pts: [SIMD3<Float>] = []
        for _ in 0..<1_000_000 { pts.append(SIMD3(rng.nextUnitFloat(), rng.nextUnitFloat(), rng.nextUnitFloat() * 0.01)) }
        benchmark.startMeasurement()
        var acc = CovarianceAccumulator()
        for p in pts { acc.add(p) }
        blackHole(SymmetricEigen3(acc.covariance))
    }
}
