import ArgumentParser
import Foundation
import PlumbIO
import PlumbKernel
import PlumbSim

/// `plumb simulate PLAN -o DIR [--preset phone] [--seed N]`: simulated LiDAR capture of a floor plan.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate an ARKit-like LiDAR capture of a floor plan (JSON, see Docs/floor-plan-format.md).",
        discussion: """
            Writes DIR/capture.json + DIR/frames.bin (the depth frames, replayable), DIR/clouds/<room>.ply \
            (one merged cloud per room) and DIR/building.ply (all points), binary PLY, y up, metres: world \
            coordinates (a `comment plumbline_origin` line carries the offset for plans far from the origin).
            """)

    @Argument(help: "Floor plan JSON file.")
    var plan: String

    @Option(name: .shortAndLong, help: "Output directory.")
    var output: String

    @Option(help: "Noise preset: clean, phone or bad.")
    var preset: String = "phone"

    @Option(help: "Random seed (same plan + preset + seed -> identical output).")
    var seed: UInt64 = 1

    func run() async throws {
        guard let p = ScanPreset(rawValue: preset) else {
            throw ValidationError("unknown preset '\(preset)' (use clean, phone or bad)")
        }
        let planURL = URL(fileURLWithPath: plan)
        let floorPlan = try EvaluationFiles.loadPlan(planURL)
        let clock = ContinuousClock()
        let t0 = clock.now
        let sim = try ScanSimulator(plan: floorPlan)
        let t1 = clock.now
        let scan = sim.simulate(preset: p, seed: seed)
        let t2 = clock.now
        let out = URL(fileURLWithPath: output)
        try scan.archive.write(to: out)
        let clouds = out.appendingPathComponent("clouds")
        try FileManager.default.createDirectory(at: clouds, withIntermediateDirectories: true)
        for rc in scan.roomClouds {
            try PointCloudWriter.write(rc.cloud, to: clouds.appendingPathComponent("\(rc.roomID).ply"))
        }
        try PointCloudWriter.write(scan.buildingCloud, to: out.appendingPathComponent("building.ply"))
        let t3 = clock.now
        print("plan \(floorPlan.name): \(floorPlan.rooms.count) rooms, \(sim.mesh.triangleCount) triangles (scene \(t1 - t0))")
        print("simulated \(scan.frames.count) frames, \(scan.buildingCloud.count) points in \(t2 - t1) (preset \(p.rawValue), seed \(seed))")
        print("wrote \(out.path) in \(t3 - t2)")
    }
}
