import Foundation
import PlumbKernel

/// Everything a capture run recorded that a room build needs, like RoomPlan's `CapturedRoomData`:
/// the fused map of the run plus metadata. Codable (compact: coordinates are packed base64 floats), so a
/// capture can be recorded on one machine and built on another with
/// ``RoomBuilder/build(_:)-(CapturedRoomData)``.
public struct CapturedRoomData: Sendable, Equatable, Codable {
    /// Format version (1).
    public var version: Int = 1
    /// Identifier of the room this run captured (the live room's identifier).
    public var roomIdentifier: UUID
    /// Index of the run within its session, from 0.
    public var runIndex: Int
    /// Fused voxel means of the run, in the session's world frame (the saved map's frame after
    /// relocalization).
    public var points: FusedPoints
    /// Voxel edge used for fusion, metres.
    public var voxelSize: Double
    /// Frames fused.
    public var frameCount: Int
    /// Timestamps of the first and last frame, seconds (0 when no frame).
    public var firstTimestamp: Double, lastTimestamp: Double
    /// Camera positions of the fused frames (world frame, metres), in order.
    public var cameraPath: [SIMD3<Double>]
    /// Device-to-world transform applied to the frames (identity unless relocalized).
    public var deviceToWorld: RigidTransform
    /// Seed for the build's sampling and identifiers.
    public var seed: UInt64

    /// Data from its parts.
    public init(roomIdentifier: UUID, runIndex: Int, points: FusedPoints, voxelSize: Double, frameCount: Int,
                firstTimestamp: Double, lastTimestamp: Double, cameraPath: [SIMD3<Double>],
                deviceToWorld: RigidTransform, seed: UInt64) {
        self.roomIdentifier = roomIdentifier
        self.runIndex = runIndex
        self.points = points
        self.voxelSize = voxelSize
        self.frameCount = frameCount
        self.firstTimestamp = firstTimestamp
        self.lastTimestamp = lastTimestamp
        self.cameraPath = cameraPath
        self.deviceToWorld = deviceToWorld
        self.seed = seed
    }
}

extension CapturedRoomData {
    /// Fewest depth points a voxel must hold to be used by ``RoomBuilder/build(_:)-(CapturedRoomData)``: 2.
    ///
    /// Voxels seen by a single depth point are mostly range noise and outliers. Where the range noise
    /// exceeds the voxel (far or grazing returns: σ ≈ 3 cm at 5 m against 2 cm voxels) one surface spreads
    /// into a slab of single-point voxels; the builder counts every voxel as one point, so the slab
    /// outweighs the surface it came from, and wall fits tilt. Measured on the simulated
    /// non_orthogonal_room (phone, seed 1): of the voxels within 30 cm of the slanted wall, 0.5–1.5 m from
    /// its corner, 9.4 % lie more than 3 cm off the wall (merged raw points: 2.8 %); 94 % of those hold one
    /// point, and without single-point voxels 1.0 % do. The live preview uses the same cut.
    public static let minimumBuildWeight: Float = 2
}

extension RoomBuilder {
    /// Builds the room of a capture run from its fused points (y up, world frame): the voxels holding at
    /// least ``CapturedRoomData/minimumBuildWeight`` depth points (all voxels when fewer than 1000 do).
    /// The room keeps the run's ``CapturedRoomData/roomIdentifier``; the builder's seed is the data's seed
    /// unless the options set one.
    /// - Throws: ``RoomBuildError`` as ``build(_:)-(PointCloud)`` does (an invalid point list is reported
    ///   as ``RoomBuildError/invalidCloud(_:)``).
    public func build(_ data: CapturedRoomData) throws(RoomBuildError) -> Result {
        let cloud: PointCloud
        do { cloud = try data.points.pointCloud(minimumWeight: CapturedRoomData.minimumBuildWeight) } catch {
            throw .invalidCloud(error)
        }
        var o = options
        o.upAxis = .y
        if o.seed == 0 { o.seed = data.seed }
        if o.segmentation.seed == 0 { o.segmentation.seed = data.seed }
        var result = try RoomBuilder(options: o).build(cloud)
        result.room.identifier = data.roomIdentifier
        return result
    }

    /// The room of a capture run (see ``build(_:)-(CapturedRoomData)``).
    public func capturedRoom(from data: CapturedRoomData) async throws(RoomBuildError) -> CapturedRoom {
        try build(data).room
    }
}
