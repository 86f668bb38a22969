// swift-tools-version:6.1
import PackageDescription

// Plumbline's libFuzzer harness: a package of its own so it stays out of the library graph (the root's
// `swift test` never builds it) and may use unsafeFlags. One executable per entry point:
//   FuzzPLY, FuzzPCD, FuzzXYZ   PointCloudReader.read(bytes:format:) on each format (all encodings)
//   FuzzLAS, FuzzE57            the same on LAS and E57 (E57 with and without page checksums)
//   FuzzJSONExport              RoomPlan JSON decode -> validate() -> USDZ, IFC, SVG, measurements (in memory)
//   FuzzBuild                   a small PLY/XYZ cloud from the input -> RoomBuilder.build
// Build and run with Scripts/fuzz. The sanitizer flags below instrument the harness targets; the script
// adds `-Xswiftc -sanitize=fuzzer,address` so the root package's libraries are instrumented too.
// lld is required: ld.gold fails on libFuzzer+ASan objects with this toolchain
// ("internal error in format_file_lineno, at ../../gold/dwarf_reader.cc:2713").
let fuzzSwift: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
let fuzzLink: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]

/// One libFuzzer executable using FuzzSupport and the given products of the root package.
func fuzzer(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "Plumbline") },
        swiftSettings: fuzzSwift, linkerSettings: fuzzLink)
}

let package = Package(
    name: "PlumbFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Plumbline", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport", dependencies: [.product(name: "PlumbIO", package: "Plumbline")], swiftSettings: fuzzSwift),
        fuzzer("FuzzPLY", ["PlumbIO"]),
        fuzzer("FuzzPCD", ["PlumbIO"]),
        fuzzer("FuzzXYZ", ["PlumbIO"]),
        fuzzer("FuzzLAS", ["PlumbIO"]),
        fuzzer("FuzzE57", ["PlumbIO"]),
        fuzzer("FuzzJSONExport", ["Plumbline", "PlumbExport"]),
        fuzzer("FuzzBuild", ["PlumbIO", "Plumbline"]),
    ],
    swiftLanguageModes: [.v6]
)
