#if canImport(Glibc)
import Glibc
#endif

/// The signature libFuzzer calls for each input: `int LLVMFuzzerTestOneInput(const uint8_t *, size_t)`.
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzTestOneInput
) -> CInt

/// Runs libFuzzer with the process's command line (`-runs=`, `-max_total_time=`, corpus directories, …)
/// and exits with its status.
///
/// SwiftPM links an executable through `<Target>_main` and gives it its own `main`, so libFuzzer's
/// `main` cannot be used; the target's top-level code calls this instead (libFuzzer's documented
/// `LLVMFuzzerRunDriver` entry point).
public func runFuzzer(_ testOneInput: FuzzTestOneInput) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}

/// The input as a raw buffer (empty for a null pointer).
@inlinable
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeRawBufferPointer {
    guard let data, size > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: data, count: size)
}

/// Whether `PLUMB_FUZZ_VERBOSE` is set: the harnesses then print each input's outcome to standard error
/// (for checking seeds: `PLUMB_FUZZ_VERBOSE=1 FuzzPLY Fuzz/Corpus/FuzzPLY/*`). Never set while fuzzing.
public let fuzzVerbose = getenv("PLUMB_FUZZ_VERBOSE") != nil

/// Prints `message` to standard error when ``fuzzVerbose``.
public func fuzzLog(_ message: @autoclosure () -> String) {
    guard fuzzVerbose else { return }
    let line = message() + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
