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

    /// Runs the capture. With the defaults (realism ``RealismPreset/none``, every room) the output is the
    /// noise preset alone, byte for byte what earlier versions produced, plus ``PlumbKernel/PointCloud/sensorOrigins``.
    ///
    /// - Parameters:
    ///   - preset: the sensor noise.
    ///   - seed: seed of the noise (frame `k` draws from a generator derived from `(seed, k)`).
    ///   - realism: perturbations on top of the noise (tilt, strays, drift, partial walls, dense frames, a
    ///     random or georeferenced output frame); see ``ScanRealism``.
    ///   - rooms: plan room ids to capture (`nil` = every room). The scene still holds every room, so rays
    ///     see into neighbours; frames of other rooms are not rendered. A room's frames are the same
    ///     whichever rooms are selected (the generators use the frame's index in the full capture).
    /// - Returns: frames in the plan frame (before realism) and clouds in the output frame
    ///   (``SimulatedScan/outputTransform``); `frameIndex` of the clouds indexes ``SimulatedScan/frames``.
    /// - Complexity: O(frames × pixels × log triangles).
    public func simulate(
        preset: ScanPreset, seed: UInt64, realism: ScanRealism = ScanRealism(preset: .none, seed: 0),
        rooms: Set<String>? = nil
    ) -> SimulatedScan {
        let capture = realism.scanOptions(options)
        let selected = plan.rooms.map { rooms?.contains($0.id) ?? true }
        let renderJobs = capture == options ? jobs.filter { selected[$0.roomIndex] } : captureJobs(capture, selected: selected)
        let hidden = hiddenWalls(preset: preset, seed: seed)
        let results = ResultSlots<SimulatedFrame>(count: renderJobs.count)
        let noise = preset.noise
        DispatchQueue.concurrentPerform(iterations: renderJobs.count) { i in
            results.set(i, render(renderJobs[i], noise: noise, seed: seed, hiddenWall: hidden[renderJobs[i].roomIndex],
                                  sensor: capture))
        }
        return merge(frames: results.values(), jobs: renderJobs, preset: preset, seed: seed, realism: realism)
    }

    /// The jobs of the rooms in `selected` under `capture` (other sensor size or station spacing than
    /// ``options``). Job indices count every room's frames, so a room's frames do not depend on the
    /// selection. When the selected frames would exceed ``maxTotalPixels`` the station spacing grows by
    /// 25 % steps until they fit.
    func captureJobs(_ capture: ScanOptions, selected: [Bool]) -> [Job] {
        var o = capture
        while true {
            var out: [Job] = []
            var index = 0
            for (ri, room) in plan.rooms.enumerated() {
                for pose in CapturePath.poses(for: room, in: plan, options: o) {
                    if selected[ri] { out.append(Job(roomIndex: ri, pose: pose, index: index)) }
                    index += 1
                }
            }
            if out.count * o.width * o.height <= Self.maxTotalPixels || o.stationSpacing > 1000 { return out }
            o.stationSpacing *= 1.25
        }
    }

    /// Merges rendered frames (`frames[k]` rendered from `jobs[k]`) into room and building clouds in the
    /// output frame, applying the realism's partial walls, strays, drift and output transform.
    func merge(frames: [SimulatedFrame], jobs: [Job], preset: ScanPreset, seed: UInt64, realism: ScanRealism) -> SimulatedScan {
        let out = realism.outputTransform
        var frameTransforms = [RigidTransform](repeating: out, count: frames.count)
        var moved = [Bool](repeating: out != .identity, count: frames.count)
        if realism.hasDrift {
            for ri in plan.rooms.indices {
                let fs = jobs.indices.filter { jobs[$0].roomIndex == ri }
                guard fs.count >= 2 else { continue }
                let k0 = min(fs.count - 1, max(1, Int(realism.driftStartFraction * Double(fs.count))))
                let d = out * realism.driftTransform(pivot: jobs[fs[k0]].pose.translation)
                for k in fs[k0...] {
                    frameTransforms[k] = d
                    moved[k] = true
                }
            }
        }
        let sensors = frames.indices.map { moved[$0] ? frameTransforms[$0].apply(jobs[$0].pose.translation) : jobs[$0].pose.translation }
        let partial = partialWalls(realism)
        var surfaceFloor = [Double](repeating: -.infinity, count: mesh.surfaces.count)
        for pw in partial {
            for (si, s) in mesh.surfaces.enumerated() where s.ownerID == pw.wallID && (s.roomID == nil || s.roomID == pw.roomID) {
                surfaceFloor[si] = max(surfaceFloor[si], pw.minimumElevation)
            }
        }
        let strayP = realism.strayFraction
        let strayLo = realism.strayMinimumRange, strayHi = realism.strayMaximumRange
        var roomClouds: [RoomCloud] = []
        var building = PointCloud(origin: Self.cloudOrigin(near: out.apply(caster.origin)))
        var buildingFrames: [UInt32] = []
        for (ri, room) in plan.rooms.enumerated() {
            let c = room.centroid
            let o = Self.cloudOrigin(near: out.apply(SIMD3<Double>(c.x, plan.floorElevation(of: room), c.y)))
            var cloud = PointCloud(origin: o)
            var idx: [UInt32] = []
            for fi in frames.indices where jobs[fi].roomIndex == ri {
                let f = frames[fi]
                let t = frameTransforms[fi], move = moved[fi]
                let camera = jobs[fi].pose.translation
                var rng = Self.frameGenerator(seed: realism.seed ^ 0x57A4_0000_5EED_0001, frame: jobs[fi].index)
                f.frame.forEachPoint { pix, measured in
                    var p = measured
                    if !partial.isEmpty, f.hitSurface[pix] >= 0, p.y < surfaceFloor[Int(f.hitSurface[pix])] { return }
                    if strayP > 0 && rng.nextUnitDouble() < strayP {
                        let d = rng.nextUnitVector(fallback: SIMD3(0, 1, 0))
                        p = camera + d * (strayLo + (strayHi - strayLo) * rng.nextUnitDouble())
                    }
                    if move { p = t.apply(p) }
                    cloud.append(local: SIMD3<Float>(p - o))
                    idx.append(UInt32(fi))
                    building.append(local: SIMD3<Float>(p - building.origin))
                    buildingFrames.append(UInt32(fi))
                }
            }
            guard !idx.isEmpty else { continue }
            cloud.frameIndex = idx
            cloud.sensorOrigins = sensors
            roomClouds.append(RoomCloud(roomID: room.id, cloud: cloud))
        }
        building.frameIndex = buildingFrames
        building.sensorOrigins = sensors
        return SimulatedScan(
            planName: plan.name, preset: preset, seed: seed, surfaces: mesh.surfaces, frames: frames,
            roomClouds: roomClouds, buildingCloud: building, realism: realism, outputTransform: out,
            upAxis: realism.upAxis, frameTransforms: frameTransforms, partialWalls: partial)
    }

    /// The walls each room shows only above ``ScanRealism/partialHeight`` (none unless the realism has
    /// partial coverage): ``ScanRealism/partialWallsPerRoom`` distinct walls bounding the room, drawn from
    /// `(realism seed, room index)`, for every room of the plan.
    func partialWalls(_ realism: ScanRealism) -> [PartialWall] {
        guard realism.partialWallsPerRoom > 0 else { return [] }
        var out: [PartialWall] = []
        for (ri, room) in plan.rooms.enumerated() {
            var walls = plan.walls.filter { $0.positiveRoom == room.id || $0.negativeRoom == room.id }.map(\.id)
            var g = SeededGenerator(seed: realism.seed ^ 0x9A27_1A10_0000_0000 ^ UInt64(ri))
            let floor = plan.floorElevation(of: room)
            for _ in 0..<min(realism.partialWallsPerRoom, walls.count) {
                let w = walls.remove(at: g.nextIndex(below: walls.count))
                out.append(PartialWall(wallID: w, roomID: room.id, minimumElevation: floor + realism.partialHeight))
            }
        }
        return out
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
    /// `sensor` gives the image size and intrinsics (``options`` or a realism's denser sensor).
    func render(_ job: Job, noise: NoiseModel, seed: UInt64, hiddenWall: String?, sensor: ScanOptions) -> SimulatedFrame {
        let w = sensor.width, h = sensor.height, n = w * h
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
        let intr = sensor.intrinsics
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
            uncheckedWidth: w, height: h, depth: depth, confidence: conf, intrinsics: intr,
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
