import FuzzSupport
import PlumbIO

// PointCloudReader on LAS input held in memory. Every outcome but a typed PointCloudFormatError or a
// cloud is a bug (a trap, an ASan report, a timeout or an allocation over -rss_limit_mb).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    readCloud(fuzzBytes(data, size), format: .las)
    return 0
}

runFuzzer(testOneInput)
