// swift-tools-version:6.1
import PackageDescription

// Plumbline: indoor scans in, parametric building models out.
//
// Target graph (each arrow is "depends on"):
//   CLAPACK (system library)  <- PlumbKernel  <- PlumbIO
//                                            <- Plumbline <- PlumbSim
//                                                         <- PlumbExport
//   plumb (CLI) <- all of the above
// PlumbKernel knows nothing of RoomPlan types; PlumbIO reads and writes point-cloud files only.
// No unsafeFlags anywhere: the package must stay usable as a dependency.
let package = Package(
    name: "Plumbline",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PlumbKernel", targets: ["PlumbKernel"]),
        .library(name: "PlumbIO", targets: ["PlumbIO"]),
        .library(name: "Plumbline", targets: ["Plumbline"]),
        .library(name: "PlumbSim", targets: ["PlumbSim"]),
        .library(name: "PlumbExport", targets: ["PlumbExport"]),
        .executable(name: "plumb", targets: ["plumb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Documentation only: `swift package generate-documentation --target Plumbline`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLAPACK",
            pkgConfig: "lapacke",
            providers: [.apt(["liblapacke-dev", "libopenblas-dev", "pkg-config"])]
        ),
        .target(name: "PlumbKernel", dependencies: ["CLAPACK"]),
        .target(name: "PlumbIO", dependencies: ["PlumbKernel"]),
        .target(name: "Plumbline", dependencies: ["PlumbKernel"]),
        .target(name: "PlumbSim", dependencies: ["PlumbKernel", "Plumbline"]),
        .target(name: "PlumbExport", dependencies: ["PlumbKernel", "Plumbline"]),
        .executableTarget(
            name: "plumb",
            dependencies: [
                "PlumbKernel", "PlumbIO", "Plumbline", "PlumbSim", "PlumbExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PlumbKernelTests", dependencies: ["PlumbKernel", "CLAPACK"]),
        .testTarget(name: "PlumbIOTests", dependencies: ["PlumbIO", "PlumbKernel"]),
        .testTarget(name: "PlumblineTests", dependencies: ["Plumbline", "PlumbKernel"]),
        .testTarget(name: "PlumbSimTests", dependencies: ["PlumbSim", "Plumbline", "PlumbKernel", "PlumbIO"]),
        .testTarget(name: "PlumbExportTests", dependencies: ["PlumbExport", "PlumbSim", "Plumbline", "PlumbKernel"]),
        // Runs the built `plumb` executable (the dependency makes SwiftPM build it next to the test bundle).
        .testTarget(name: "PlumbCLITests", dependencies: ["plumb"]),
    ],
    swiftLanguageModes: [.v6]
)
