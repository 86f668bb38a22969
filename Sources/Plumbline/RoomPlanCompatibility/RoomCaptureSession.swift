/// RoomPlan's name for ``CaptureSession``: the same actor, so RoomPlan code that creates, runs and
/// stops a `RoomCaptureSession` compiles with `try await` added to the calls (the session is an actor
/// and its calls throw typed ``CaptureSessionError`` values).
///
/// The session fuses depth frames handed to ``CaptureSession/ingest(_:)`` (world frame, metres, +Y up),
/// where RoomPlan's session drives ARKit itself. See <doc:RoomPlanCompatibility>.
public typealias RoomCaptureSession = CaptureSession

extension CaptureSession {
    /// RoomPlan's `RoomCaptureSession.Configuration`: the same type as ``CaptureConfiguration``
    /// (fusion, live-update, guidance and relocalization settings; metres, seconds, radians).
    ///
    /// RoomPlan's one setting, `isCoachingEnabled`, is not offered: this session always reports
    /// guidance (``CaptureEvent/instruction(_:)``) and has no switch for it.
    public typealias Configuration = CaptureConfiguration

    /// RoomPlan's `RoomCaptureSession.Instruction`: the same type as ``CaptureInstruction`` (the same six
    /// cases).
    public typealias Instruction = CaptureInstruction

    /// RoomPlan's `RoomCaptureSession.isSupported`, which is `true` when the device has a LiDAR scanner.
    /// Always `true` here: the session takes depth frames from any device or recording, so there is no
    /// sensor to check.
    public static var isSupported: Bool { true }

    /// RoomPlan's `stop(pauseARSession:)`: ends the run exactly as ``stop(pauseSession:)`` does with
    /// `pauseSession` set to `pauseARSession`. `false` keeps the session's world frame and map, so the next
    /// ``run(configuration:)`` scans another room of the same space in the same frame (RoomPlan's
    /// multi-room capture).
    /// - Returns: the run's data (also reported with ``CaptureEvent/ended(_:)``).
    /// - Throws: ``CaptureSessionError/notRunning``.
    @discardableResult
    public func stop(pauseARSession: Bool) async throws(CaptureSessionError) -> CapturedRoomData {
        try await stop(pauseSession: pauseARSession)
    }
}

/// RoomPlan's `RoomCaptureSessionDelegate`, for the callbacks whose meaning is the same here: the run
/// started, a full live snapshot of the room, an instruction for the person scanning, and the run's
/// data at the end. Every method has an empty default, as in RoomPlan, and may be implemented
/// synchronously (as RoomPlan code does) or `async`.
///
/// Register the delegate with ``CaptureSession/setDelegate(_:)`` (held weakly). The default
/// ``CaptureSessionDelegate/captureSession(_:didReceive:)`` of this protocol turns the session's events
/// into these calls, in event order; an adopter that implements `captureSession(_:didReceive:)` itself
/// replaces that dispatch.
///
/// Left out on purpose:
/// - RoomPlan's `didAdd`, `didChange` and `didRemove` deliver only the surfaces and objects that were
///   added, changed or removed. This session's ``CaptureEvent/roomAdded(_:)``,
///   ``CaptureEvent/roomChanged(_:)`` and ``CaptureEvent/roomRemoved(_:)`` carry the whole room, so they
///   are not forwarded under RoomPlan's names; read them from ``CaptureSession/events``.
/// - ``CaptureEvent/failed(_:)`` and ``CaptureEvent/relocalized(deviceToWorld:inlierFraction:rms:)``
///   have no RoomPlan callback and are not forwarded. No failure of this session ends a run, so the
///   `error` of ``captureSession(_:didEndWith:error:)`` is always `nil`.
public protocol RoomCaptureSessionDelegate: CaptureSessionDelegate {
    /// A run started with this configuration (``CaptureEvent/started(runIndex:configuration:)``).
    func captureSession(_ session: RoomCaptureSession, didStartWith configuration: RoomCaptureSession.Configuration) async
    /// A new live snapshot of the whole room (``CaptureEvent/roomUpdated(_:)``): every surface and object
    /// found so far, in the session's world frame (metres, +Y up), identifiers stable across snapshots.
    func captureSession(_ session: RoomCaptureSession, didUpdate room: CapturedRoom) async
    /// The guidance changed to this instruction (``CaptureEvent/instruction(_:)``).
    func captureSession(_ session: RoomCaptureSession, didProvide instruction: RoomCaptureSession.Instruction) async
    /// The run ended with this data (``CaptureEvent/ended(_:)``); build the room with
    /// ``RoomBuilder/capturedRoom(from:)-(CapturedRoomData)``. `error` is always `nil` here (see the
    /// protocol).
    func captureSession(_ session: RoomCaptureSession, didEndWith data: CapturedRoomData, error: (any Error)?) async
}

extension RoomCaptureSessionDelegate {
    /// Does nothing.
    public func captureSession(_ session: RoomCaptureSession, didStartWith configuration: RoomCaptureSession.Configuration) async {}
    /// Does nothing.
    public func captureSession(_ session: RoomCaptureSession, didUpdate room: CapturedRoom) async {}
    /// Does nothing.
    public func captureSession(_ session: RoomCaptureSession, didProvide instruction: RoomCaptureSession.Instruction) async {}
    /// Does nothing.
    public func captureSession(_ session: RoomCaptureSession, didEndWith data: CapturedRoomData, error: (any Error)?) async {}

    /// Turns each event into the RoomPlan-named call: ``CaptureEvent/started(runIndex:configuration:)`` →
    /// ``captureSession(_:didStartWith:)``, ``CaptureEvent/roomUpdated(_:)`` → ``captureSession(_:didUpdate:)``,
    /// ``CaptureEvent/instruction(_:)`` → ``captureSession(_:didProvide:)``, ``CaptureEvent/ended(_:)`` →
    /// ``captureSession(_:didEndWith:error:)`` with a `nil` error. Other events are not forwarded.
    public func captureSession(_ session: CaptureSession, didReceive event: CaptureEvent) async {
        switch event {
        case let .started(_, configuration): await captureSession(session, didStartWith: configuration)
        case let .roomUpdated(room): await captureSession(session, didUpdate: room)
        case let .instruction(instruction): await captureSession(session, didProvide: instruction)
        case let .ended(data): await captureSession(session, didEndWith: data, error: nil)
        case .roomAdded, .roomChanged, .roomRemoved, .relocalized, .failed: break
        }
    }
}
