import Plumbline
import PlumbKernel

/// What happened at one pixel of a simulated frame.
public enum PixelStatus: UInt8, Sendable, Equatable, Hashable, Codable {
    /// No surface within range.
    case noReturn = 0
    /// A measured surface with regular noise.
    case measured = 1
    /// A measured surface replaced by an outlier depth.
    case outlier = 2
    /// A surface was there but the sensor returned nothing (dropout or the barely-seen wall).
    case dropped = 3
}

/// One simulated depth frame with its ground truth.
public struct SimulatedFrame: Sendable, Equatable {
    /// The sensor output (what a capture session would record).
    public var frame: DepthFrame
    /// Room the device was in.
    public var roomID: String
    /// Noise-free z-depth of the first returning surface per pixel, metres (0 = none).
    public var trueDepth: [Float]
    /// Index into ``SimulatedScan/surfaces`` of the surface behind each pixel (-1 = none).
    public var hitSurface: [Int32]
    /// Per-pixel status.
    public var status: [PixelStatus]
}

/// A merged point cloud of one room's frames.
public struct RoomCloud: Sendable, Equatable {
    /// Room identifier.
    public var roomID: String
    /// Points in the scan's output frame (``SimulatedScan/outputTransform``; world coordinates for
    /// realism `none`), origin near the room, with `frameIndex` (into ``SimulatedScan/frames``) and
    /// `sensorOrigins` (every frame's camera position, output frame) set.
    public var cloud: PointCloud
}

/// The result of ``ScanSimulator/simulate(preset:seed:realism:rooms:)``: frames, ground truth and merged clouds.
public struct SimulatedScan: Sendable, Equatable {
    /// Name of the simulated plan.
    public var planName: String
    /// Noise preset used.
    public var preset: ScanPreset
    /// Seed used.
    public var seed: UInt64
    /// Labels of the scene's surfaces (indexed by ``SimulatedFrame/hitSurface``).
    public var surfaces: [SceneSurface]
    /// All rendered frames, room by room, in capture order (index = frame index), in the plan's world
    /// frame and before realism (strays, partial walls, drift and the output transform touch only the clouds).
    public var frames: [SimulatedFrame]
    /// One merged cloud per room (plan order; rooms without frames are omitted).
    public var roomClouds: [RoomCloud]
    /// All points of all frames, output frame, `frameIndex` and `sensorOrigins` set.
    public var buildingCloud: PointCloud
    /// The realism parameters used.
    public var realism: ScanRealism
    /// Rigid map from the plan's world frame to the output clouds' frame (identity for realism `none`).
    /// The non-rigid parts (drift, strays, dropped returns) are not in it.
    public var outputTransform: RigidTransform
    /// Which axis of the output frame is up (`.z` when georeferenced, else `.y`).
    public var upAxis: UpAxis
    /// Per frame, the rigid map its points and camera underwent from the plan frame to the output frame:
    /// ``outputTransform``, composed with the pose drift for drifted frames.
    public var frameTransforms: [RigidTransform]
    /// Walls shown only above a height (realism `partial`), empty otherwise.
    public var partialWalls: [PartialWall]

    /// What a consumer of the written clouds needs to relate them to the plan (``RealismRecord``).
    public var realismRecord: RealismRecord {
        RealismRecord(realism: realism, outputTransform: outputTransform, upAxis: upAxis,
                      frameTransforms: frameTransforms, partialWalls: partialWalls)
    }
}

/// The realism of a simulated capture as `plumb simulate` writes it to `DIR/realism.json`.
public struct RealismRecord: Sendable, Equatable, Codable {
    /// The realism parameters.
    public var realism: ScanRealism
    /// Plan world frame -> output clouds' frame.
    public var outputTransform: RigidTransform
    /// Up axis of the output frame.
    public var upAxis: UpAxis
    /// Per frame: plan world frame -> output frame, drift included.
    public var frameTransforms: [RigidTransform]
    /// Walls shown only above a height.
    public var partialWalls: [PartialWall]
    /// A record.
    public init(realism: ScanRealism, outputTransform: RigidTransform, upAxis: UpAxis,
                frameTransforms: [RigidTransform], partialWalls: [PartialWall]) {
        self.realism = realism
        self.outputTransform = outputTransform
        self.upAxis = upAxis
        self.frameTransforms = frameTransforms
        self.partialWalls = partialWalls
    }
}

extension SimulatedScan {
    /// The scan's frames as an archive (source: plan, preset and seed).
    public var archive: CaptureArchive {
        CaptureArchive(frames: frames.map(\.frame), roomIDs: frames.map(\.roomID),
                       source: "plumb simulate: plan \(planName), preset \(preset.rawValue), seed \(seed)")
    }
}
