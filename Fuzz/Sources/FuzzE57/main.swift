import FuzzSupport
import PlumbIO

// PointCloudReader on E57 input held in memory, first without page checksums (so mutations reach the XML,
// the section and packet headers and the bit-packed bytestreams instead of failing the CRC), then with them.
// Every outcome but a typed PointCloudFormatError or a cloud is a bug (a trap, an ASan report, a timeout or
// an allocation over -rss_limit_mb).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    readCloud(bytes, format: .e57, options: PointCloudReadOptions(verifyChecksums: false))
    _ = try? PointCloudReader.read(bytes: bytes, format: .e57)
    return 0
}

runFuzzer(testOneInput)
