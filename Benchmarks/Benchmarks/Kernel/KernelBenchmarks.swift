import Benchmark
import BenchmarkSupport
import Foundation
import PlumbIO
import PlumbKernel
import Plumbline

// Suites on the simulated bedroom scan at 100k and 1M points (see BenchmarkInputs): PLY reading, normals
// (k = 30), whole-room plane segmentation, oriented boxes (PCA, upright, minimum volume), and
// RoomBuilder.build on the 1M-point room on one core, and the 10-room, 10M-point apartment built into a
// CapturedStructure two rooms at a time. "1 thread" variants switch the library's own
// parallelism off; "all cores" variants use DispatchQueue.concurrentPerform (identical output).
// Run from the Benchmarks folder: `swift package --disable-sandbox benchmark` (README.md there).

let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident]
    func config(_ points: Int) -> Benchmark.Configuration {
        .init(metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1,
              maxDuration: .seconds(points >= 1_000_000 ? 20 : 5), maxIterations: points >= 1_000_000 ? 5 : 20)
    }
    for n in [100_000, 1_000_000] {
        let label = n >= 1_000_000 ? "1M" : "100k"

        Benchmark("Read binary PLY \(label)", configuration: config(n)) { benchmark in
            let url = try BenchmarkInputs.plyFile(n)
            benchmark.startMeasurement()
            let result = try PointCloudReader.read(contentsOf: url)
            benchmark.stopMeasurement()
            guard result.cloud.count == n else { throw BenchmarkFailure("read \(result.cloud.count) points, expected \(n)") }
            blackHole(result)
        } setup: {
            _ = try BenchmarkInputs.plyFile(n)
        }

        for parallel in [false, true] {
            let threads = parallel ? "all cores" : "1 thread"
            Benchmark("Normals k=30 \(label) \(threads)", configuration: config(n)) { benchmark in
                let cloud = try BenchmarkInputs.room(n).cloud
                benchmark.startMeasurement()
                let est = try NormalEstimation.estimate(cloud, options: .init(k: 30, parallel: parallel))
                benchmark.stopMeasurement()
                blackHole(est)
            } setup: {
                _ = try BenchmarkInputs.room(n)
            }

            Benchmark("Plane segmentation \(label) \(threads)", configuration: config(n)) { benchmark in
                let cloud = try BenchmarkInputs.room(n).cloud
                let options = PlaneSegmentationOptions(
                    distanceThreshold: 0.02, minPoints: max(100, n / 1000), minArea: 0.25, seed: 1, parallel: parallel)
                benchmark.startMeasurement()
                let result = try PlaneSegmenter.segment(cloud, options: options)
                benchmark.stopMeasurement()
                blackHole(result)
            } setup: {
                _ = try BenchmarkInputs.room(n)
            }
        }

        Benchmark("PCA box \(label)", configuration: config(n)) { benchmark in
            let cloud = try BenchmarkInputs.room(n).cloud
            benchmark.startMeasurement()
            blackHole(try OrientedBoxFit.pca(cloud))
        } setup: {
            _ = try BenchmarkInputs.room(n)
        }

        Benchmark("Upright box \(label)", configuration: config(n)) { benchmark in
            let cloud = try BenchmarkInputs.room(n).cloud
            benchmark.startMeasurement()
            blackHole(try OrientedBoxFit.upright(cloud, up: SIMD3(0, 1, 0)))
        } setup: {
            _ = try BenchmarkInputs.room(n)
        }

        Benchmark("Minimum-volume box \(label)", configuration: config(n)) { benchmark in
            let cloud = try BenchmarkInputs.room(n).cloud
            benchmark.startMeasurement()
            blackHole(try OrientedBoxFit.minimumVolume(cloud))
        } setup: {
            _ = try BenchmarkInputs.room(n)
        }
    }

    Benchmark("RoomBuilder.build 1M 1 thread", configuration: config(1_000_000)) { benchmark in
        let cloud = try BenchmarkInputs.room(1_000_000).cloud
        var options = RoomBuilder.Options()
        options.segmentation.parallel = false
        let builder = RoomBuilder(options: options)
        benchmark.startMeasurement()
        let result = try builder.build(cloud)
        benchmark.stopMeasurement()
        guard !result.room.walls.isEmpty else { throw BenchmarkFailure("RoomBuilder found no walls") }
        blackHole(result)
    } setup: {
        _ = try BenchmarkInputs.room(1_000_000)
    }

    // Issue 6: fusing depth frames into a live capture session (live room builds off, so only ingestion
    // is timed: back-projection, voxel fusion, guidance). The session's table is allocated by `run`, before
    // the measurement; one iteration ingests all 40 frames, so time per frame = time / 40.
    Benchmark("Capture ingest 40 frames 256x192",
              configuration: .init(metrics: metrics, timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 20)) { benchmark in
        let frames = try BenchmarkInputs.bedroomFrames.get()
        let session = CaptureSession()
        var configuration = CaptureConfiguration()
        configuration.liveUpdates = false
        try await session.run(configuration: configuration)
        benchmark.startMeasurement()
        for f in frames { try await session.ingest(f) }
        benchmark.stopMeasurement()
        guard frames.count == 40 else { throw BenchmarkFailure("expected 40 frames, got \(frames.count)") }
        _ = try await session.stop()
    } setup: {
        _ = try BenchmarkInputs.bedroomFrames.get()
    }

    // Issue 5: the 10-room apartment (Plans/apartment_10room.json), 1M points per room, built into one
    // CapturedStructure with two rooms at a time (this machine has two cores).
    Benchmark("StructureBuilder 10 rooms 10M 2 at a time",
              configuration: .init(metrics: metrics, timeUnits: .milliseconds, warmupIterations: 0,
                                   maxDuration: .seconds(60), maxIterations: 3)) { benchmark in
        let apartment = try BenchmarkInputs.apartment10.get()
        benchmark.startMeasurement()
        let result = try buildStructure(apartment, jobs: 2)
        benchmark.stopMeasurement()
        guard result.structure.rooms.count == apartment.rooms.count else {
            throw BenchmarkFailure("structure has \(result.structure.rooms.count) rooms, expected \(apartment.rooms.count)")
        }
        blackHole(result)
    } setup: {
        _ = try BenchmarkInputs.apartment10.get()
    }
}

/// Builds every room of `apartment` (one `RoomBuilder` per room, seeds `seed + index` as `plumb build
/// --structure`, `jobs` rooms at a time) and merges them with `StructureBuilder`.
func buildStructure(_ apartment: BenchmarkApartment, jobs: Int) throws -> StructureBuilder.Result {
    let rooms = apartment.rooms
    final class Slots: @unchecked Sendable {
        let lock = NSLock()
        var built: [CapturedRoom?]
        var failure: (any Error)?
        init(_ n: Int) { built = [CapturedRoom?](repeating: nil, count: n) }
    }
    let slots = Slots(rooms.count)
    DispatchQueue.concurrentPerform(iterations: jobs) { j in
        for k in stride(from: j, to: rooms.count, by: jobs) {
            var options = RoomBuilder.Options()
            options.upAxis = .y
            options.seed = UInt64(k)
            options.segmentation.seed = UInt64(k)
            options.segmentation.parallel = false
            do {
                let room = try RoomBuilder(options: options).build(rooms[k].cloud).room
                slots.lock.withLock { slots.built[k] = room }
            } catch {
                slots.lock.withLock { slots.failure = error }
            }
        }
    }
    if let failure = slots.failure { throw failure }
    return try StructureBuilder().build(slots.built.compactMap { $0 })
}

/// A benchmark whose result is implausible (wrong point count, empty model) reports this error.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
