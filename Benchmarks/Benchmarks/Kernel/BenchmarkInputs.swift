import BenchmarkSupport
import Foundation
import PlumbKernel
import PlumbSim

/// The benchmark inputs, made once per process on first use: the simulated `plain_bedroom` scan
/// (ScanSimulator, preset phone, seed 1) subsampled to 100k and 1M points, and the same clouds written as
/// binary PLY into the temporary directory. Deterministic: every run measures the same points.
///
/// The plan is `Data/plans/plain_bedroom.json` of the enclosing Plumbline package, or the file named by the
/// environment variable `PLUMB_BENCH_PLAN`.
enum BenchmarkInputs {
    /// The floor plan that is simulated.
    static var planURL: URL {
        if let p = ProcessInfo.processInfo.environment["PLUMB_BENCH_PLAN"] { return URL(fileURLWithPath: p) }
        // This file is <root>/Benchmarks/Benchmarks/Kernel/BenchmarkInputs.swift.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/plans/plain_bedroom.json")
    }

    /// The room subsampled to 100 000 points.
    static let room100k = Result { () throws(BenchmarkRoomError) in try BenchmarkRoom.make(planURL: planURL, points: 100_000) }
    /// The room subsampled to 1 000 000 points.
    static let room1M = Result { () throws(BenchmarkRoomError) in try BenchmarkRoom.make(planURL: planURL, points: 1_000_000) }

    /// The 10-room apartment (`Benchmarks/Plans/apartment_10room.json`), every room subsampled to 1 000 000 points.
    static let apartment10 = Result { () throws(BenchmarkRoomError) in
        try BenchmarkApartment.make(planURL: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Plans/apartment_10room.json"), pointsPerRoom: 1_000_000)
    }

    /// The simulated depth frames of the bedroom (ScanSimulator, preset phone, seed 1: 40 frames of
    /// 256 x 192 pixels), as a capture session receives them.
    static let bedroomFrames = Result { () throws -> [DepthFrame] in
        let plan = try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: planURL))
        return try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 1).archive.frames
    }

    /// The room with `points` points (100 000 or 1 000 000).
    static func room(_ points: Int) throws -> BenchmarkRoom {
        try (points == 100_000 ? room100k : room1M).get()
    }

    /// Path of the binary PLY of the room with `points` points; written on first use.
    static func plyFile(_ points: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-bench-room-\(points).ply")
        if !FileManager.default.fileExists(atPath: url.path) { try room(points).writePLY(to: url) }
        return url
    }
}
