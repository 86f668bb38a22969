import Dispatch
import PlumbKernel

/// Simulates an ARKit-like LiDAR capture of a ``FloorPlan``.
///
/// Builds the true solids (``SceneBuilder``) and a ``RayCaster`` once; ``simulate(preset:seed:)`` walks
/// each room (``CapturePath``), casts one ray per depth pixel (range limit, glass that returns only part
/// of the rays, open doors and passages letting rays into the next room), applies the preset's noise and
/// merges the frames into point clouds. Frames are computed in parallel, each with its own generator
/// derived from `(seed, frame index)`, so the output is identical for the same plan, preset and seed.
public struct ScanSimulator: Sendable {
    /// The plan being scanned.
    public let plan: FloorPlan
    /// Sensor and path settings.
    public let options: ScanOptions
    /// The labelled true solids.
    public let mesh: SceneMesh
    /// The ray caster over ``mesh``.
    public let caster: RayCaster

    /// Validates `plan` and builds its scene.
    /// - Throws: ``FloorPlanError`` from validation.
    public init(plan: FloorPlan, options: ScanOptions = ScanOptions()) throws(FloorPlanError) {
        try plan.validate()
        self.plan = plan
        self.options = options
        mesh = SceneBuilder.build(plan)
        caster = RayCaster(mesh: mesh)
    }

    /// One frame to render: room, pose and global index.
    struct Job: Sendable { var roomIndex: Int; var pose: RigidTransform; var index: Int }

    /// Runs the capture. - Complexity: O(frames × pixels × log triangles).
    public func simulate(preset: ScanPreset, seed: UInt64) -> SimulatedScan {
        var jobs: [Job] = []
        for (ri, room) in plan.rooms.enumerated() {
            for pose in CapturePath.poses(for: room, in: plan, options: options) {
                jobs.append(Job(roomIndex: ri, pose: pose, index: jobs.count))
            }
        }
        let allJobs = jobs
        let hidden = hiddenWalls(preset: preset, seed: seed)
        let results = ResultSlots<SimulatedFrame>(count: jobs.count)
        let noise = preset.noise
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            results.set(i, render(allJobs[i], noise: noise, seed: seed, hiddenWall: hidden[allJobs[i].roomIndex]))
        }
        let frames = results.values()
        // Merge clouds.
        var roomClouds: [RoomCloud] = []
        var building = PointCloud(origin: caster.origin)
        var buildingFrames: [UInt32] = []
        for (ri, room) in plan.rooms.enumerated() {
            let c = room.centroid
            let o = SIMD3<Double>(c.x, plan.floorElevation(of: room), c.y).rounded(.toNearestOrEven)
            var cloud = PointCloud(origin: o)
            var idx: [UInt32] = []
            for job in jobs where job.roomIndex == ri {
                frames[job.index].frame.forEachPoint { _, p in
                    cloud.append(local: SIMD3<Float>(p - o))
                    idx.append(UInt32(job.index))
                    building.append(local: SIMD3<Float>(p - building.origin))
                    buildingFrames.append(UInt32(job.index))
                }
            }
            guard !idx.isEmpty else { continue }
            cloud.frameIndex = idx
            roomClouds.append(RoomCloud(roomID: room.id, cloud: cloud))
        }
        building.frameIndex = buildingFrames
        return SimulatedScan(
            planName: plan.name, preset: preset, seed: seed, surfaces: mesh.surfaces, frames: frames,
            roomClouds: roomClouds, buildingCloud: building)
    }

    /// Per room, the id of the wall that is barely seen (or `nil` when the preset has none).
    func hiddenWalls(preset: ScanPreset, seed: UInt64) -> [String?] {
        guard preset.noise.hiddenWallReturnFraction < 1 else { return plan.rooms.map { _ in nil } }
        return plan.rooms.enumerated().map { ri, room in
            let walls = plan.walls.filter { $0.positiveRoom == room.id || $0.negativeRoom == room.id }.map(\.id)
            guard !walls.isEmpty else { return nil }
            var g = SeededGenerator(seed: seed ^ 0xA5A5_5A5A_0000_0000 ^ UInt64(ri))
            return walls[g.nextIndex(below: walls.count)]
        }
    }

    /// Renders one frame.
    func render(_ job: Job, noise: NoiseModel, seed: UInt64, hiddenWall: String?) -> SimulatedFrame {
        let w = options.width, h = options.height, n = w * h
        var rng = SeededGenerator(seed: seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(job.index + 1))
        _ = rng.next()
        var depth = [Float](repeating: 0, count: n)
        var conf = [UInt8](repeating: 0, count: n)
        var truth = [Float](repeating: 0, count: n)
        var surf = [Int32](repeating: -1, count: n)
        var status = [PixelStatus](repeating: .noReturn, count: n)
        let pose = job.pose
        let ro = SIMD3<Float>(pose.translation - caster.origin)
        let maxRange = options.maxRange
        let glassP = options.glassReturnFraction
        let surfaces = mesh.surfaces
        let triSurf = mesh.surfaceOfTriangle
        let normals = caster.triangleNormals
        caster.withQuery { query in
            for row in 0..<h {
                for col in 0..<w {
                    let i = row * w + col
                    let dc = options.intrinsics.direction(column: col, row: row)
                    let dw = pose.applyToDirection(dc)
                    let norm = length(dw)
                    let rd = SIMD3<Float>(dw)
                    let tMax = Float(maxRange / norm)
                    var tMin: Float = 1e-4
                    var hit: RayHit?
                    // Draws per pixel are fixed in number so the stream stays aligned.
                    let uGlass = rng.nextUnitDouble(), uOut = rng.nextUnitDouble(), uDrop = rng.nextUnitDouble()
                    let uHidden = rng.nextUnitDouble(), uOff = rng.nextUnitDouble(), gauss = rng.nextGaussian()
                    var passes = 0
                    while passes < 6, let hh = query(ro, rd, tMin, tMax) {
                        passes += 1
                        if surfaces[Int(triSurf[Int(hh.triangle)])].kind == .glass && uGlass >= glassP {
                            tMin = hh.t + 1e-4
                            continue
                        }
                        hit = hh
                        break
                    }
                    guard let hit else { continue }
                    let s = triSurf[Int(hit.triangle)]
                    surf[i] = s
                    truth[i] = hit.t
                    let range = Double(hit.t) * norm
                    if uDrop < noise.dropoutFraction
                        || (hiddenWall != nil && surfaces[Int(s)].ownerID == hiddenWall && uHidden >= noise.hiddenWallReturnFraction) {
                        status[i] = .dropped
                        continue
                    }
                    var measured: Double
                    if uOut < noise.outlierFraction {
                        let off = (0.1 + 0.5 * uOff) * (uOff < 0.5 ? -1 : 1) * (uGlass < 0.5 ? 1 : -1)
                        measured = max(0.05, range + off)
                        status[i] = .outlier
                    } else {
                        measured = range + noise.sigma(atRange: range) * gauss
                        status[i] = .measured
                    }
                    depth[i] = Float(max(measured, 1e-3) / norm)
                    if noise.modelsConfidence {
                        let cosInc = abs(Double(dot(normals[Int(hit.triangle)], rd))) / norm
                        conf[i] = (range < 3.5 && cosInc > 0.35) ? 2 : ((range < 4.5 && cosInc > 0.15) ? 1 : 0)
                        if status[i] == .outlier { conf[i] = min(conf[i], 1) }
                    } else {
                        conf[i] = 2
                    }
                }
            }
        }
        let frame = DepthFrame(
            uncheckedWidth: w, height: h, depth: depth, confidence: conf, intrinsics: options.intrinsics,
            cameraToWorld: pose, timestamp: Double(job.index) * options.frameInterval,
            ambientLightLux: 250 + 100 * rng.nextUnitDouble())
        return SimulatedFrame(frame: frame, roomID: plan.rooms[job.roomIndex].id, trueDepth: truth, hitSurface: surf, status: status)
    }
}

/// Fixed-size slots written once each from concurrent workers (disjoint indices), read after they finish.
final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<T?>
    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }
    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
    /// Stores slot `i`; each index must be written by one worker only.
    func set(_ i: Int, _ v: T) { buffer[i] = v }
    /// All slots (call after every worker finished).
    func values() -> [T] { buffer.map { $0! } }
}

extension DepthFrame {
    /// A frame built by the simulator, whose arrays are correct by construction (no validation pass).
    init(uncheckedWidth width: Int, height: Int, depth: [Float], confidence: [UInt8], intrinsics: CameraIntrinsics,
         cameraToWorld: RigidTransform, timestamp: Double, ambientLightLux: Double?) {
        self = try! DepthFrame(width: width, height: height, depth: depth, confidence: confidence, intrinsics: intrinsics,
                               cameraToWorld: cameraToWorld, timestamp: timestamp, ambientLightLux: ambientLightLux)
    }
}
