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
    /// World-coordinate points (origin near the room) with `frameIndex` set.
    public var cloud: PointCloud
}

/// The result of ``ScanSimulator/simulate(preset:seed:)``: frames, ground truth and merged clouds.
public struct SimulatedScan: Sendable, Equatable {
    /// Name of the simulated plan.
    public var planName: String
    /// Noise preset used.
    public var preset: ScanPreset
    /// Seed used.
    public var seed: UInt64
    /// Labels of the scene's surfaces (indexed by ``SimulatedFrame/hitSurface``).
    public var surfaces: [SceneSurface]
    /// All frames, room by room, in capture order (index = frame index).
    public var frames: [SimulatedFrame]
    /// One merged cloud per room (plan order; rooms without frames are omitted).
    public var roomClouds: [RoomCloud]
    /// All points of all frames, world coordinates, `frameIndex` set.
    public var buildingCloud: PointCloud
}
