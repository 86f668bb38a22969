import Foundation
import PlumbKernel

/// A live room capture from depth frames of any device or recording, like RoomPlan's
/// `RoomCaptureSession`.
///
/// ```swift
/// let session = CaptureSession()
/// try await session.run(configuration: CaptureConfiguration())
/// for frame in frames { try await session.ingest(frame) }      // events stream meanwhile
/// let data = try await session.stop()                          // CapturedRoomData
/// let room = try RoomBuilder().build(data).room
/// ```
///
/// * **Fusion.** Each frame is fused into the run's `FusedVoxelMap` (bounded memory, see there) in the
///   session's world frame. Frames must come in time order.
/// * **Live room.** Every ``CaptureConfiguration/liveUpdateInterval`` seconds of capture time a preview
///   room is built from a hash-sampled share of the voxels seen at least twice
///   (``CaptureConfiguration/previewSamplingDivisor``)
///   and reported (``CaptureEvent/roomAdded(_:)``, ``CaptureEvent/roomUpdated(_:)``,
///   ``CaptureEvent/roomChanged(_:)``); element identifiers stay stable across snapshots
///   (`IdentityTracker`). The preview is built inside ``ingest(_:)``, so its cost shows in that call.
/// * **Guidance.** `InstructionAdvisor` turns each frame's statistics into an instruction; changes are
///   reported as ``CaptureEvent/instruction(_:)``.
/// * **Several rooms.** ``stop(pauseSession:)`` with `pauseSession: false` keeps the world frame: the next
///   ``run(configuration:)`` continues in it and the session's map keeps every room. With `true` (the
///   default) the device's tracking is assumed to restart, so the next run starts a new world frame and
///   the accumulated map is dropped (unless the session relocalizes against a saved ``WorldMap``).
/// * **World maps.** ``worldMap()`` saves the scanned space; a session created with a map first
///   relocalizes each new world frame into it (``Relocalizer``) before building live rooms, and reports
///   ``CaptureSessionError/relocalizationFailed(_:)`` when it cannot.
public actor CaptureSession {
    /// The session's events, in order. Buffers the newest 4096 events when nobody reads.
    public nonisolated let events: AsyncStream<CaptureEvent>
    private let continuation: AsyncStream<CaptureEvent>.Continuation
    private weak var delegate: (any CaptureSessionDelegate)?

    /// The saved map to relocalize into, if any.
    public let savedMap: WorldMap?
    /// Maps the device's pose frame to the session's world frame (identity unless relocalized).
    public private(set) var deviceToWorld: RigidTransform = .identity
    private var needsRelocalization: Bool

    private var configuration = CaptureConfiguration()
    /// True between ``run(configuration:)`` and ``stop(pauseSession:)``.
    public private(set) var isRunning = false
    private var runIndex = -1
    private var map: FusedVoxelMap?
    /// An empty map whose table ``run(configuration:)`` allocates (``CaptureConfiguration/reservedVoxels``),
    /// so the first frame does not pay for it; the first frame sets its origin.
    private var preparedMap: FusedVoxelMap?
    /// Decimated map of earlier runs in this world frame (for ``worldMap()``).
    private var sessionMap: FusedVoxelMap?
    private var advisor = InstructionAdvisor(thresholds: InstructionThresholds())
    private var tracker: IdentityTracker?
    private var framesInRun = 0
    private var firstTimestamp = 0.0, lastTimestamp: Double?
    private var lastLiveUpdate = -Double.infinity
    private var liveRoom: CapturedRoom?
    private var liveFailuresInRow = 0
    private var cameraPath: [SIMD3<Double>] = []
    private var frameCounter: UInt32 = 0
    /// Wall-clock measurements.
    public private(set) var metrics = CaptureMetrics()

    /// Cell of the session's decimated map and of saved world maps, metres.
    public static let worldMapCellSize = 0.05

    /// A session; pass `worldMap` to relocalize into a saved map's frame.
    public init(worldMap: WorldMap? = nil) {
        var c: AsyncStream<CaptureEvent>.Continuation!
        events = AsyncStream(bufferingPolicy: .bufferingNewest(4096)) { c = $0 }
        continuation = c
        savedMap = worldMap
        needsRelocalization = worldMap != nil
    }

    deinit { continuation.finish() }

    /// Sets (or clears) the delegate, held weakly.
    public func setDelegate(_ d: (any CaptureSessionDelegate)?) { delegate = d }

    /// Ends the event stream (after the last run); later events are dropped.
    public func finish() { continuation.finish() }

    private func emit(_ e: CaptureEvent) async {
        continuation.yield(e)
        if let delegate { await delegate.captureSession(self, didReceive: e) }
    }

    /// Starts a run (one room).
    /// - Throws: ``CaptureSessionError/alreadyRunning`` or ``CaptureSessionError/badConfiguration(name:value:)``.
    public func run(configuration: CaptureConfiguration) async throws(CaptureSessionError) {
        guard !isRunning else { throw .alreadyRunning }
        try configuration.validate()
        self.configuration = configuration
        isRunning = true
        runIndex += 1
        map = nil
        var prepared = FusedVoxelMap(voxelSize: configuration.voxelSize, capacity: configuration.maximumVoxels, origin: .zero)
        prepared.reserveCapacity(min(configuration.reservedVoxels, configuration.maximumVoxels) + 256 * 192)
        preparedMap = prepared
        advisor = InstructionAdvisor(thresholds: configuration.instructionThresholds)
        framesInRun = 0
        lastTimestamp = nil
        lastLiveUpdate = -.infinity
        liveRoom = nil
        liveFailuresInRow = 0
        cameraPath = []
        tracker = IdentityTracker(roomIdentifier: Self.roomIdentifier(seed: configuration.seed, run: runIndex))
        await emit(.started(runIndex: runIndex, configuration: configuration))
    }

    /// Deterministic identifier of run `run`'s room.
    static func roomIdentifier(seed: UInt64, run: Int) -> UUID {
        var g = SeededGenerator(seed: seed ^ 0x524F_4F4D_0000_0000 ^ UInt64(run))
        let a = g.next(), b = g.next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 { bytes[i] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(i))); bytes[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(i))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(bytes: bytes)
    }

    /// Fuses one frame, updates the guidance, relocalizes when due and builds a live room when due.
    /// - Throws: ``CaptureSessionError/notRunning``, ``CaptureSessionError/invalidFrame(frame:error:)`` or
    ///   ``CaptureSessionError/timestampWentBackwards(frame:previous:timestamp:)``; the frame is then ignored.
    public func ingest(_ frame: DepthFrame) async throws(CaptureSessionError) {
        guard isRunning else { throw .notRunning }
        let clock = ContinuousClock()
        let t0 = clock.now, c0 = threadCPUSeconds()
        do { try frame.validate() } catch { throw .invalidFrame(frame: framesInRun, error: error) }
        if let last = lastTimestamp, frame.timestamp < last {
            throw .timestampWentBackwards(frame: framesInRun, previous: last, timestamp: frame.timestamp)
        }
        if framesInRun == 0 { firstTimestamp = frame.timestamp }
        lastTimestamp = frame.timestamp
        var f = frame
        f.cameraToWorld = (deviceToWorld * frame.cameraToWorld).orthonormalized()
        if map == nil {
            let origin = f.cameraToWorld.translation.rounded(.toNearestOrEven)
            map = preparedMap?.rebased(at: origin)
                ?? FusedVoxelMap(voxelSize: configuration.voxelSize, capacity: configuration.maximumVoxels, origin: origin)
            preparedMap = nil
            map!.reserveCapacity(min(configuration.reservedVoxels, configuration.maximumVoxels) + frame.pixelCount)
        }
        frameCounter &+= 1
        let stats = map!.integrate(f, frameNumber: frameCounter, minimumConfidence: configuration.minimumConfidence,
                                   depthRange: configuration.fusedDepthRange)
        cameraPath.append(f.cameraToWorld.translation)
        framesInRun += 1
        let before = advisor.current
        let now = advisor.update(frame: frame, statistics: stats)
        let dt = Self.seconds(clock.now - t0)
        metrics.recordFusionCPU(threadCPUSeconds() - c0)
        metrics.frames += 1
        metrics.fusionSeconds += dt
        metrics.maximumFusionSeconds = max(metrics.maximumFusionSeconds, dt)
        if now != before || framesInRun == 1 && now != .normal { await emit(.instruction(now)) }
        if needsRelocalization { await relocalizeIfDue() }
        if !needsRelocalization && configuration.liveUpdates
            && frame.timestamp - lastLiveUpdate >= configuration.liveUpdateInterval {
            lastLiveUpdate = frame.timestamp
            await liveUpdate()
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// The current instruction.
    public var instruction: CaptureInstruction { advisor.current }

    /// The latest live room snapshot, if any.
    public var currentRoom: CapturedRoom? { liveRoom }

    private func relocalizeIfDue() async {
        guard let saved = savedMap, let m = map else { return }
        let o = configuration.relocalization
        guard framesInRun >= o.firstAttemptFrame, (framesInRun - o.firstAttemptFrame) % o.retryInterval == 0 else { return }
        let clock = ContinuousClock()
        let t0 = clock.now
        var coarse = FusedVoxelMap(voxelSize: saved.cellSize, capacity: 4_000_000, origin: m.origin)
        coarse.fold(m)
        let scan = coarse.pointCloud()
        let result: Result<Relocalizer.Result, RelocalizationError>
        do { result = .success(try Relocalizer.relocalize(scan: scan, map: saved, options: o, seed: configuration.seed)) } catch {
            result = .failure(error)
        }
        metrics.relocalizationAttempts += 1
        metrics.relocalizationSeconds += Self.seconds(clock.now - t0)
        switch result {
        case let .success(r):
            // Re-anchor everything fused so far into the map's frame.
            deviceToWorld = r.deviceToWorld
            var moved = FusedVoxelMap(voxelSize: m.voxelSize, capacity: m.capacity,
                                      origin: r.deviceToWorld.apply(m.origin).rounded(.toNearestOrEven))
            moved.fold(m, transform: r.deviceToWorld)
            map = moved
            cameraPath = cameraPath.map(r.deviceToWorld.apply)
            needsRelocalization = false
            await emit(.relocalized(deviceToWorld: r.deviceToWorld, inlierFraction: r.inlierFraction, rms: r.rms))
        case let .failure(e):
            if framesInRun + o.retryInterval > o.giveUpFrame {
                needsRelocalization = false
                await emit(.failed(.relocalizationFailed(e)))
            }
        }
    }

    private func liveUpdate() async {
        guard let m = map, var tracker else { return }
        let divisor = configuration.previewSamplingDivisor
        let cloud = m.pointCloud(minimumCount: UInt32(CapturedRoomData.minimumBuildWeight), divisor: divisor)
        guard cloud.count >= 1000 else { return }
        var o = RoomBuilder.Options()
        o.upAxis = .y
        o.seed = configuration.seed
        o.segmentation.seed = configuration.seed
        o.segmentation.minPoints = max(20, o.segmentation.minPoints / divisor)
        o.segmentation.parallel = false
        o.minimumObjectPoints = max(20, o.minimumObjectPoints / divisor)
        let clock = ContinuousClock()
        let t0 = clock.now, c0 = threadCPUSeconds()
        let built = try? RoomBuilder(options: o).build(cloud).room
        let dt = Self.seconds(clock.now - t0)
        metrics.liveBuildCPUSeconds += threadCPUSeconds() - c0
        metrics.liveBuilds += 1
        metrics.liveBuildSeconds += dt
        metrics.maximumLiveBuildSeconds = max(metrics.maximumLiveBuildSeconds, dt)
        guard let built else {
            liveFailuresInRow += 1
            if liveFailuresInRow == 5, let r = liveRoom {
                liveRoom = nil
                await emit(.roomRemoved(r))
            }
            return
        }
        liveFailuresInRow = 0
        metrics.liveRooms += 1
        let (room, changed) = tracker.track(built)
        self.tracker = tracker
        let isNew = liveRoom == nil
        liveRoom = room
        if isNew { await emit(.roomAdded(room)) } else if changed { await emit(.roomChanged(room)) }
        await emit(.roomUpdated(room))
    }

    /// Ends the run and returns (and reports with ``CaptureEvent/ended(_:)``) its data.
    ///
    /// `pauseSession: false` keeps the world frame and the map for the next run (another room of the same
    /// space); `true` drops them (the device's tracking is assumed to restart).
    /// - Throws: ``CaptureSessionError/notRunning``.
    @discardableResult
    public func stop(pauseSession: Bool = true) async throws(CaptureSessionError) -> CapturedRoomData {
        guard isRunning else { throw .notRunning }
        isRunning = false
        let m = map ?? FusedVoxelMap(voxelSize: configuration.voxelSize, capacity: configuration.maximumVoxels, origin: .zero)
        let data = CapturedRoomData(
            roomIdentifier: tracker?.roomIdentifier ?? Self.roomIdentifier(seed: configuration.seed, run: runIndex),
            runIndex: runIndex, points: FusedPoints(m.pointCloud()), voxelSize: m.voxelSize, frameCount: framesInRun,
            firstTimestamp: framesInRun > 0 ? firstTimestamp : 0, lastTimestamp: lastTimestamp ?? 0,
            cameraPath: cameraPath, deviceToWorld: deviceToWorld, seed: configuration.seed)
        if !needsRelocalization && framesInRun > 0 {
            if sessionMap == nil {
                sessionMap = FusedVoxelMap(voxelSize: Self.worldMapCellSize, capacity: 4_000_000, origin: m.origin)
            }
            sessionMap!.fold(m)
        }
        map = nil
        preparedMap = nil
        if data.points.count < 1000 { await emit(.failed(.tooLittleData(points: data.points.count, required: 1000))) }
        await emit(.ended(data))
        if pauseSession {
            sessionMap = nil
            deviceToWorld = .identity
            needsRelocalization = savedMap != nil
        } else if needsRelocalization && framesInRun > 0 {
            // Never relocalized in this frame: keep trying in the next run.
        }
        return data
    }

    /// A saveable map of everything scanned in the current world frame (earlier runs and the current one),
    /// decimated to ``worldMapCellSize``.
    /// - Throws: ``WorldMapError/tooFewPoints(points:required:)`` when little has been scanned.
    public func worldMap() throws(WorldMapError) -> WorldMap {
        var all = sessionMap
        if let m = map, !needsRelocalization {
            if all == nil { all = FusedVoxelMap(voxelSize: Self.worldMapCellSize, capacity: 4_000_000, origin: m.origin) }
            all!.fold(m)
        }
        guard let all else { throw .tooFewPoints(points: 0, required: WorldMap.minimumPoints) }
        return try WorldMap(cloud: all.pointCloud(), cellSize: Self.worldMapCellSize, seed: configuration.seed)
    }
}
