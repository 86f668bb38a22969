import PlumbKernel

/// What a ``CaptureSession`` reports, in order, on ``CaptureSession/events`` (and to its delegate).
///
/// Mirrors RoomPlan's `RoomCaptureSessionDelegate`: a run starts, the live room is added, then updated
/// at the live-update rate (and reported changed whenever its set of elements changed), instructions
/// are given when the guidance changes, and the run ends with the captured data or an error.
public enum CaptureEvent: Sendable {
    /// A run started with this configuration; `runIndex` counts runs of the session from 0.
    case started(runIndex: Int, configuration: CaptureConfiguration)
    /// The first live room of the run (stable ``CapturedRoom/identifier`` for the whole run).
    case roomAdded(CapturedRoom)
    /// The live room's set of elements changed (an element appeared or disappeared).
    case roomChanged(CapturedRoom)
    /// A new live snapshot of the room (every live update). Elements keep their identifiers from
    /// snapshot to snapshot while they stay in place.
    case roomUpdated(CapturedRoom)
    /// The live room could no longer be built (for example after the map was re-anchored).
    case roomRemoved(CapturedRoom)
    /// The guidance changed to this instruction.
    case instruction(CaptureInstruction)
    /// The session relocalized into a saved world map: `deviceToWorld` maps the device's frame into the
    /// map's; `inlierFraction` and `rms` (metres) describe the final alignment.
    case relocalized(deviceToWorld: RigidTransform, inlierFraction: Double, rms: Double)
    /// The run ended; the data can be built into a room with ``RoomBuilder/build(_:)-(CapturedRoomData)``.
    case ended(CapturedRoomData)
    /// Something failed (the run goes on unless the error says otherwise).
    case failed(CaptureSessionError)
}
