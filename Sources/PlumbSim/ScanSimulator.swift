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
    /// 1 for triangles of window glass.
    let glassTriangle: [UInt8]

    /// The capture: one job per frame, room by room.
    let jobs: [Job]

    /// Largest number of depth pixels one simulation may produce (about 14 GB of frames and clouds).
    public static let maxTotalPixels = 300_000_000

    /// Validates `plan` and `options`, builds the scene and plans the capture path.
    /// - Throws: ``ScanSimulatorError`` for an invalid plan, bad options or a capture too large to hold.
    public init(plan: FloorPlan, options: ScanOptions = ScanOptions()) throws(ScanSimulatorError) {
        do { try plan.validate() } catch { throw .invalidPlan(error) }
        try options.validate()
        self.plan = plan
        self.options = options
        var jobs: [Job] = []
        for (ri, room) in plan.rooms.enumerated() {
            for pose in CapturePath.poses(for: room, in: plan, options: options) {
                jobs.append(Job(roomIndex: ri, pose: pose, index: jobs.count))
                if jobs.count * options.width * options.height > Self.maxTotalPixels {
                    throw .captureTooLarge(frames: jobs.count, pixelsPerFrame: options.width * options.height)
                }
            }
        }
        self.jobs = jobs
        mesh = SceneBuilder.build(plan)
        caster = RayCaster(mesh: mesh)
        let m = mesh
        glassTriangle = m.surfaceOfTriangle.map { m.surfaces[Int($0)].kind == .glass ? 1 : 0 }
    }

    /// One frame to render: room, pose and global index.
    struct Job: Sendable { var roomIndex: Int; var pose: RigidTransform; var index: Int }

    /// Runs the capture. - Complexity: O(frames × pixels × log triangles).
    public func simulate(preset: ScanPreset, seed: UInt64) -> SimulatedScan {
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
        var building = PointCloud(origin: Self.cloudOrigin(near: caster.origin))
        var buildingFrames: [UInt32] = []
        for (ri, room) in plan.rooms.enumerated() {
            let c = room.centroid
            let o = Self.cloudOrigin(near: SIMD3<Double>(c.x, plan.floorElevation(of: room), c.y))
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

    /// An independent generator for frame `frame`: the frame index is hashed into a fresh 64-bit seed so
    /// the frames' SplitMix64 streams start at unrelated points (consecutive seeds would give streams that
    /// are shifted copies of each other).
    /// Origin of a merged cloud whose points lie around `centre` (world metres): zero while `centre` lies
    /// within ``worldFloatLimit`` of the world origin, so the cloud's `Float` coordinates are exactly what a
    /// `Float` PLY of the scan holds (`plumb simulate` writes world coordinates) and building from memory
    /// equals building from the file; farther out (georeferenced plans) `centre` rounded to whole metres.
    static func cloudOrigin(near centre: SIMD3<Double>) -> SIMD3<Double> {
        return max(abs(centre.x), abs(centre.y), abs(centre.z)) <= worldFloatLimit ? .zero : centre.rounded(.toNearestOrEven)
    }

    /// Largest distance from the world origin (metres, per axis) at which room clouds keep world
    /// coordinates: `Float` spacing at 1 km is 0.06 mm, far below scanner noise.
    static let worldFloatLimit = 1000.0

    static func frameGenerator(seed: UInt64, frame: Int) -> SeededGenerator {
        var mix = SeededGenerator(seed: seed ^ (UInt64(frame) &* 0xD1B5_4A32_D192_ED03))
        _ = mix.next()
        return SeededGenerator(seed: mix.next())
    }

    /// Renders one frame.
    func render(_ job: Job, noise: NoiseModel, seed: UInt64, hiddenWall: String?) -> SimulatedFrame {
        let w = options.width, h = options.height, n = w * h
        var rng = Self.frameGenerator(seed: seed, frame: job.index)
        var depth = [Float](repeating: 0, count: n)
        var conf = [UInt8](repeating: 0, count: n)
        var truth = [Float](repeating: 0, count: n)
        var surf = [Int32](repeating: -1, count: n)
        var status = [PixelStatus](repeating: .noReturn, count: n)
        let pose = job.pose
        let ro = SIMD3<Float>(pose.translation - caster.origin)
        let maxRange = options.maxRange
        let glassP = options.glassReturnFraction
        let hiddenSurface = mesh.surfaces.map { hiddenWall != nil && $0.ownerID == hiddenWall }
        let intr = options.intrinsics
        mesh.surfaceOfTriangle.withUnsafeBufferPointer { triSurf in
        caster.triangleNormals.withUnsafeBufferPointer { normals in
        glassTriangle.withUnsafeBufferPointer { glass in
        hiddenSurface.withUnsafeBufferPointer { hiddenS in
        caster.withQuery { query in
            for row in 0..<h {
                for col in 0..<w {
                    let i = row * w + col
                    let dw = pose.applyToDirection(intr.direction(column: col, row: row))
                    let norm = length(dw)
                    let rd = SIMD3<Float>(dw)
                    let tMax = Float(maxRange / norm)
                    var tMin: Float = 1e-4
                    var hit: RayHit?
                    var passes = 0
                    while passes < 6, let hh = query(ro, rd, tMin, tMax) {
                        passes += 1
                        if glass[Int(hh.triangle)] != 0 && rng.nextUnitDouble() >= glassP {
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
                    if noise.dropoutFraction > 0 && rng.nextUnitDouble() < noise.dropoutFraction {
                        status[i] = .dropped
                        continue
                    }
                    if hiddenS[Int(s)] && rng.nextUnitDouble() >= noise.hiddenWallReturnFraction {
                        status[i] = .dropped
                        continue
                    }
                    var measured: Double
                    if noise.outlierFraction > 0 && rng.nextUnitDouble() < noise.outlierFraction {
                        let u = rng.nextUnitDouble()
                        let off = (0.1 + 0.5 * u) * (rng.next() & 1 == 0 ? 1 : -1)
                        measured = max(0.05, range + off)
                        status[i] = .outlier
                    } else {
                        let sigma = noise.sigma(atRange: range)
                        measured = sigma > 0 ? range + sigma * rng.nextGaussian() : range
                        status[i] = .measured
                    }
                    depth[i] = Float(max(measured, 1e-3) / norm)
                    if noise.modelsConfidence {
                        let cosInc = abs(Double(dot(normals[Int(hit.triangle)], rd))) / norm
                        var c: UInt8 = (range < 3.5 && cosInc > 0.35) ? 2 : ((range < 4.5 && cosInc > 0.15) ? 1 : 0)
                        if status[i] == .outlier { c = min(c, 1) }
                        conf[i] = c
                    } else {
                        conf[i] = 2
                    }
                }
            }
        }
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
