import Foundation
import Testing
import PlumbKernel

/// Release timing run for normals and plane segmentation on synthetic rooms of 100k and 1M points.
///
/// Not a timed unit test: it asserts nothing about time and runs only when `PLUMB_BENCH_DIR` names a
/// directory. It writes each room there (`room_<n>.xyz`: float32 x,y,z per point; `room_<n>.labels`: int32;
/// `room_<n>_truth.json`) plus our timings and recovery, so `Scripts/bench/open3d_plane_baseline.py` can run
/// Open3D's iterative `segment_plane` loop on the same data. Reproduce with
/// `PLUMB_BENCH_DIR=/tmp/plumbbench swift test -c release --filter SegmentationBenchmark`.
@Suite("Segmentation benchmark (opt-in)")
struct SegmentationBenchmark {
    static let dir = ProcessInfo.processInfo.environment["PLUMB_BENCH_DIR"]

    @Test(.enabled(if: SegmentationBenchmark.dir != nil))
    func run() throws {
        let dir = URL(fileURLWithPath: Self.dir!)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var report = ""
        for n in [100_000, 1_000_000] {
            let room = SyntheticRoom(points: n, seed: 2024)
            try write(room, n: n, dir: dir)
            let clock = ContinuousClock()
            var normalsTime = Duration.zero
            var normalsCPU = 0.0
            for _ in 0..<2 {
                let t0 = clock.now
                let c0 = Self.cpuSeconds()
                _ = try NormalEstimation.estimate(room.cloud, options: .init(k: 30))
                normalsTime = clock.now - t0
                normalsCPU = Self.cpuSeconds() - c0
            }
            let treeStart = clock.now
            let tree = try KDTree(room.cloud)
            let treeTime = clock.now - treeStart
            _ = tree.count
            let options = PlaneSegmentationOptions(minPoints: n / 1000, minArea: 0.25, seed: 1)
            var segTime = Duration.zero
            var segCPU = 0.0
            var result = PlaneSegmentationResult(planes: [], unassigned: [], rounds: 0)
            for _ in 0..<3 {
                let t0 = clock.now
                let c0 = Self.cpuSeconds()
                result = try PlaneSegmenter.segment(room.cloud, options: options)
                segTime = clock.now - t0
                segCPU = Self.cpuSeconds() - c0
            }
            var serial = options
            serial.parallel = false
            let t1 = clock.now
            _ = try PlaneSegmenter.segment(room.cloud, options: serial)
            let serialTime = clock.now - t1
            let rec = PlaneRecovery(room: room, result: result)
            let line = "n=\(n) kdtree_build=\(treeTime) normals_k30=\(normalsTime) normals_cpu=\(normalsCPU)s "
                + "segmentation=\(segTime) segmentation_cpu=\(segCPU)s "
                + "segmentation_serial=\(serialTime) planes=\(result.planes.count) rounds=\(result.rounds) "
                + "recovered=\(rec.recovered)/\(room.planes.count)\n"
            print(line, terminator: "")
            report += line
            var planes = ""
            for p in result.planes {
                planes += "\(p.normal.x) \(p.normal.y) \(p.normal.z) \(p.offset) \(p.inliers.count) \(p.area)\n"
            }
            try planes.write(to: dir.appendingPathComponent("plumb_planes_\(n).txt"), atomically: true, encoding: .utf8)
        }
        try report.write(to: dir.appendingPathComponent("plumb_timings.txt"), atomically: true, encoding: .utf8)
    }

    /// CPU time of the whole process (all threads), seconds.
    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    private func write(_ room: SyntheticRoom, n: Int, dir: URL) throws {
        var xyz = [Float]()
        xyz.reserveCapacity(3 * room.cloud.count)
        for i in 0..<room.cloud.count { xyz += [room.cloud.x[i], room.cloud.y[i], room.cloud.z[i]] }
        try xyz.withUnsafeBytes { try Data($0).write(to: dir.appendingPathComponent("room_\(n).xyz")) }
        try room.labels.withUnsafeBytes { try Data($0).write(to: dir.appendingPathComponent("room_\(n).labels")) }
        let truth = room.planes.map { p in
            ["name": p.name, "normal": [p.normal.x, p.normal.y, p.normal.z], "offset": p.offset, "count": p.count,
             "centroid": [p.centroid.x, p.centroid.y, p.centroid.z]] as [String: Any]
        }
        let data = try JSONSerialization.data(withJSONObject: truth, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: dir.appendingPathComponent("room_\(n)_truth.json"))
    }
}
