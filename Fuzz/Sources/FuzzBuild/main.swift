import FuzzSupport
import PlumbIO
import Plumbline

/// Clouds above this many points are skipped: the target fuzzes the builder's logic on small clouds,
/// not its throughput (the builder needs at least 1,000 points to go past validation).
let maximumPoints = 6000

// A PLY or XYZ cloud decoded from the input (reader errors and other formats are skipped) -> RoomBuilder.
// RoomBuildError is expected; any trap, ASan report, timeout or allocation over -rss_limit_mb is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count > 0, let format = PointCloudReader.detectFormat(bytes: bytes), format != .pcd,
        let read = try? PointCloudReader.read(bytes: bytes, format: format),
        read.cloud.count <= maximumPoints
    else { return 0 }
    do {
        let built = try RoomBuilder().build(read.cloud)
        fuzzLog("build: \(built.room.walls.count) walls")
    } catch {
        fuzzLog("build: \(error)")
    }
    return 0
}

runFuzzer(testOneInput)
