import ArgumentParser
import Foundation
import PlumbIO
import PlumbKernel
import PlumbSim

/// `plumb simulate PLAN -o DIR [--preset phone] [--seed N] [--realism none] [--room ID …] [--no-sensors]`:
/// simulated LiDAR capture of a floor plan;
/// `plumb simulate --random N --seed S [--multi-room] -o DIR [--plans-only]`: generated plans, each simulated.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate an ARKit-like LiDAR capture of a floor plan (JSON, see Docs/floor-plan-format.md).",
        discussion: """
            Writes DIR/capture.json + DIR/frames.bin (the depth frames, replayable), DIR/clouds/<room>.ply \
            (one merged cloud per room) and DIR/building.ply (all points), binary PLY, y up, metres: world \
            coordinates (a `comment plumbline_origin` line carries the offset for plans far from the origin), \
            a `frame_index` column and one `comment plumbline_sensor K X Y Z` line per frame (camera position, \
            output frame; --no-sensors leaves them out). DIR/realism.json holds the realism parameters, the \
            output transform (plan world frame -> cloud frame, 3 columns + translation), the up axis, per-frame \
            transforms (drift included) and the partial walls.
            With --random N instead of PLAN: draws N plans from RandomPlanGenerator (--seed is the generator \
            seed and also the simulation seed), writes DIR/plans/<name>.json (sorted keys) and, unless \
            --plans-only, simulates each plan's scanned rooms into DIR/<name>/; prints the feature coverage of \
            the drawn plans.
            """)

    @Argument(help: "Floor plan JSON file (omit with --random).")
    var plan: String?

    @Option(name: .shortAndLong, help: "Output directory.")
    var output: String

    @Option(help: "Noise preset.")
    var preset: ScanPreset = .phone

    @Option(help: "Random seed (same plan + preset + seed -> identical output); with --random also the generator seed.")
    var seed: UInt64 = 1

    @Option(help: "Realism on top of the noise (drawn from --seed).")
    var realism: RealismPreset = .none

    @Option(name: .customLong("room"), help: "Capture only this plan room (repeatable; default every room).")
    var rooms: [String] = []

    @Flag(help: "Leave the sensor positions (plumbline_sensor comments) out of the written PLYs.")
    var noSensors = false

    @Option(help: "Draw this many random plans instead of reading PLAN.")
    var random: Int?

    @Flag(help: "With --random: multi-room plans (apartments, houses) instead of single rooms with neighbours.")
    var multiRoom = false

    @Flag(help: "With --random: write the plans only, do not simulate.")
    var plansOnly = false

    func validate() throws {
        if (plan == nil) == (random == nil) { throw ValidationError("give exactly one of PLAN or --random N") }
        if let random, !(1...100_000).contains(random) { throw ValidationError("--random takes 1...100000 plans, not \(random)") }
        if random != nil && !rooms.isEmpty { throw ValidationError("--room goes with PLAN, not --random (each plan's scanned rooms are captured)") }
    }

    func run() async throws {
        let (p, r) = (preset, realism)
        let out = URL(fileURLWithPath: output)
        if let plan {
            let floorPlan = try EvaluationFiles.loadPlan(URL(fileURLWithPath: plan))
            for id in rooms where !floorPlan.rooms.contains(where: { $0.id == id }) {
                throw ValidationError("plan \(floorPlan.name) has no room '\(id)'")
            }
            try simulate(floorPlan, preset: p, realism: r, rooms: rooms.isEmpty ? nil : Set(rooms), to: out)
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
        for g in plans { try SafeFile.write(g.planJSON(), to: planDir.appendingPathComponent("\(g.plan.name).json")) }
        let redraws = plans.reduce(0) { $0 + $1.redraws }
        print("generated \(plans.count) \(kind.rawValue) plans (seed \(seed)) in \(t1 - t0); redraws \(redraws) "
              + "(\(String(format: "%.1f", 100 * Double(redraws) / Double(redraws + plans.count))) % of draws failed validation)")
        print(PlanFeatures.total(plans.map(\.features)).summary)
        print("wrote \(planDir.path)")
        guard !plansOnly else { return }
        for g in plans {
            try simulate(g.plan, preset: p, realism: r, rooms: Set(g.scannedRoomIDs), to: out.appendingPathComponent(g.plan.name))
        }
    }

    /// Simulates `floorPlan` (only `rooms`, when given) and writes the capture archive, per-room clouds, the
    /// building cloud and the realism record into `out`.
    func simulate(_ floorPlan: FloorPlan, preset p: ScanPreset, realism r: RealismPreset, rooms: Set<String>?, to out: URL) throws {
        let clock = ContinuousClock()
        let t0 = clock.now
        let sim = try ScanSimulator(plan: floorPlan)
        let t1 = clock.now
        let scan = sim.simulate(preset: p, seed: seed, realism: ScanRealism(preset: r, seed: seed), rooms: rooms)
        let t2 = clock.now
        try scan.archive.write(to: out)
        let clouds = out.appendingPathComponent("clouds")
        try FileManager.default.createDirectory(at: clouds, withIntermediateDirectories: true)
        let strip = { (c: PointCloud) -> PointCloud in
            var c = c
            if noSensors { c.sensorOrigins = nil }
            return c
        }
        for rc in scan.roomClouds {
            try PointCloudWriter.write(strip(rc.cloud), to: clouds.appendingPathComponent("\(rc.roomID).ply"))
        }
        try PointCloudWriter.write(strip(scan.buildingCloud), to: out.appendingPathComponent("building.ply"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try SafeFile.write(encoder.encode(scan.realismRecord), to: out.appendingPathComponent("realism.json"))
        let t3 = clock.now
        print("plan \(floorPlan.name): \(floorPlan.rooms.count) rooms, \(sim.mesh.triangleCount) triangles (scene \(t1 - t0))")
        print("simulated \(scan.frames.count) frames, \(scan.buildingCloud.count) points in \(t2 - t1) (preset \(p.rawValue), realism \(r.rawValue), seed \(seed))")
        print("wrote \(out.path) in \(t3 - t2)")
    }
}
