// swift-tools-version:6.1
import PackageDescription

// Benchmarks for Plumbline, kept in a nested package so that users of the library do not inherit the
// benchmark dependency. Run from this folder: `swift package benchmark` (see README.md here).
let package = Package(
    name: "PlumblineBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Plumbline", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "KernelBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PlumbKernel", package: "Plumbline"),
            ],
            path: "Benchmarks/Kernel",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
