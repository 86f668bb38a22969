// swift-tools-version:6.1
import PackageDescription

// Benchmarks for Plumbline, kept in a nested package so that users of the library do not inherit the
// benchmark dependency. Run from this folder: `swift package --disable-sandbox benchmark` (see README.md).
//
// Targets:
//   BenchmarkSupport  deterministic simulated rooms with true planes, timing helpers
//   KernelBenchmarks  package-benchmark suites: PLY read, normals, segmentation, boxes, RoomBuilder
//   plumb-peer-room   writes a simulated room PLY + its true planes (input of Peers/compare_open3d.py)
//   plumb-peer-run    runs Plumbline on a PLY and prints timings, planes and boxes as JSON
let package = Package(
    name: "PlumblineBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Plumbline", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "PlumbKernel", package: "Plumbline"),
                .product(name: "PlumbIO", package: "Plumbline"),
                .product(name: "PlumbSim", package: "Plumbline"),
            ]
        ),
        .executableTarget(
            name: "KernelBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PlumbKernel", package: "Plumbline"),
                .product(name: "PlumbIO", package: "Plumbline"),
                .product(name: "Plumbline", package: "Plumbline"),
                .product(name: "PlumbSim", package: "Plumbline"),
            ],
            path: "Benchmarks/Kernel",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "plumb-peer-room",
            dependencies: ["BenchmarkSupport"]
        ),
        .executableTarget(
            name: "plumb-peer-run",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PlumbKernel", package: "Plumbline"),
                .product(name: "PlumbIO", package: "Plumbline"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
