import ArgumentParser
import Foundation
import PlumbIO
import PlumbKernel
import PlumbSim

/// `plumb simulate PLAN -o DIR [--preset phone] [--seed N]`: simulated LiDAR capture of a floor plan;
/// `plumb simulate --random N --seed S [--multi-room] -o DIR [--plans-only]`: generated plans, each simulated.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate an ARKit-like LiDAR capture of a floor plan (JSON, see Docs/floor-plan-format.md).",
        discussion: """
            Writes DIR/capture.json + DIR/frames.bin (the depth frames, replayable), DIR/clouds/<room>.ply \
            (one merged cloud per room) and DIR/building.ply (all points), binary PLY, y up, metres: world \
            coordinates (a `comment plumbline_origin` line carries the offset for plans far from the origin).
            With --random N instead of PLAN: draws N plans from RandomPlanGenerator (--seed is the generator \
            seed and also the simulation seed), writes DIR/plans/<name>.json (sorted keys) and, unless \
            --plans-only, simulates each into DIR/<name>/; prints the feature coverage of the drawn plans.
            """)

    @Argument(help: "Floor plan JSON file (omit with --random).")
    var plan: String?

    @Option(name: .shortAndLong, help: "Output directory.")
    var output: String

    @Option(help: "Noise preset: clean, phone or bad.")
    var preset: String = "phone"

    @Option(help: "Random seed (same plan + preset + seed -> identical output); with --random also the generator seed.")
    var seed: UInt64 = 1

    @Option(help: "Draw this many random plans instead of reading PLAN.")
    var random: Int?

    @Flag(help: "With --random: multi-room plans (apartments, houses) instead of single rooms with neighbours.")
    var multiRoom = false

    @Flag(help: "With --random: write the plans only, do not simulate.")
    var plansOnly = false

    func validate() throws {
        if (plan == nil) == (random == nil) { throw ValidationError("give exactly one of PLAN or --random N") }
        if let random, random < 1 { throw ValidationError("--random needs a positive count") }
    }

    func run() async throws {
        guard let p = ScanPreset(rawValue: preset) else {
            throw ValidationError("unknown preset '\(preset)' (use clean, phone or bad)")
        }
        let out = URL(fileURLWithPath: output)
        if let plan {
            let floorPlan = try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: URL(fileURLWithPath: plan)))
            try Self.simulate(floorPlan, preset: p, seed: seed, to: out)
            return
        }
        let count = random ?? 0
        let kind: RandomPlanKind = multiRoom ? .multiRoom : .singleRoom
        let clock = ContinuousClock()
        let t0 = clock.now
        let plans = RandomPlanGenerator.plans(kind: kind, seed: seed, count: count)
        let t1 = clock.now
        let planDir = out.appendingPathComponent("plans")
        try FileManager.default.createDirectory(at: planDir, withIntermediateDirectories: true)
        for g in plans { try g.planJSON().write(to: planDir.appendingPathComponent("\(g.plan.name).json")) }
        let redraws = plans.reduce(0) { $0 + $1.redraws }
        print("generated \(plans.count) \(kind.rawValue) plans (seed \(seed)) in \(t1 - t0); redraws \(redraws) "
              + "(\(String(format: "%.1f", 100 * Double(redraws) / Double(redraws + plans.count))) % of draws failed validation)")
        print(PlanFeatures.total(plans.map(\.features)).summary)
        print("wrote \(planDir.path)")
        guard !plansOnly else { return }
        for g in plans {
            try Self.simulate(g.plan, preset: p, seed: seed, to: out.appendingPathComponent(g.plan.name))
        }
    }

    /// Simulates `plan` and writes the capture archive, per-room clouds and the building cloud into `out`.
    static func simulate(_ floorPlan: FloorPlan, preset p: ScanPreset, seed: UInt64, to out: URL) throws {
        let clock = ContinuousClock()
        let t0 = clock.now
        let sim = try ScanSimulator(plan: floorPlan)
        let t1 = clock.now
        let scan = sim.simulate(preset: p, seed: seed)
        let t2 = clock.now
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
