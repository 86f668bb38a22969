import Foundation
import PlumbKernel
import Testing
import PlumbIO

/// Throughput of the readers. 1M points in release builds, 20k in debug builds (the test
/// still checks correctness there; the MB/s figure is only meaningful in release).
/// Reproduce: `swift test -c release --filter ReadThroughput` (prints the table).
@Suite("Read throughput")
struct ReadThroughputTests {
    #if DEBUG
    static let pointCount = 20_000
    static func floor(ascii: Bool) -> Double { 1 }
    #else
    static func floor(ascii: Bool) -> Double { ascii ? 10 : 100 }
    static let pointCount = 1_000_000
    #endif

    func bestSeconds(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) * 1e-9)
        }
        return best
    }

    @Test("binary PLY (xyz + normals + rgb) and PCD read rate")
    func throughput() throws {
        let n = Self.pointCount
        let cloud = Fixtures.randomCloud(count: n, seed: 99, intensity: false, frames: false)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plumbio-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines: [String] = []
        for (format, encoding, name) in [(PointCloudFormat.ply, PointCloudEncoding.binaryLittleEndian, "ply-le"),
                                         (.ply, .binaryBigEndian, "ply-be"), (.pcd, .binaryLittleEndian, "pcd-binary"),
                                         (.pcd, .binaryCompressed, "pcd-compressed"), (.ply, .ascii, "ply-ascii")] {
            let url = dir.appendingPathComponent("bench.\(name).\(format.rawValue)")
            try PointCloudWriter.write(cloud, to: url, format: format, encoding: encoding)
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
            var result: PointCloudReadResult?
            let seconds = try bestSeconds(3) { result = try PointCloudReader.read(contentsOf: url) }
            #expect(result?.cloud == cloud)
            let mbps = Double(size) / 1e6 / seconds
            lines.append("\(name): \(n) points, \(size) bytes, \(String(format: "%.1f", seconds * 1000)) ms, \(String(format: "%.0f", mbps)) MB/s, \(String(format: "%.1f", Double(n) / seconds / 1e6)) Mpoints/s")
            #expect(mbps > Self.floor(ascii: encoding == .ascii), "\(name) reads at only \(mbps) MB/s")
        }
        print("PlumbIO read throughput:\n  " + lines.joined(separator: "\n  "))
    }
}
