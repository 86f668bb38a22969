/// Settings of a ``CaptureSession`` run: fusion, live updates, guidance and relocalization.
///
/// All lengths are metres, times seconds (frame timestamps), angles radians unless a name says degrees.
public struct CaptureConfiguration: Sendable, Equatable, Codable {
    /// Edge of a fusion voxel (default 2 cm). Every accepted depth pixel lands in one voxel, which keeps
    /// the running mean of its points and their count.
    public var voxelSize: Double = 0.02
    /// Most voxels the fused map of one run may hold (default 1 500 000, about 600 m² of surface at 2 cm;
    /// about 60 MB of table at most). When a frame leaves more, the map evicts down to 90 % of this (see
    /// `FusedVoxelMap`).
    public var maximumVoxels: Int = 1_500_000
    /// Voxels the fused map's hash table is sized for when a run starts (default 600 000: a 32 MB table of
    /// 2²¹ slots, allocated when the run starts, not with its first frame), so that fusion does not pause to grow the table in
    /// the middle of a room (a growth re-inserts every voxel: tens of milliseconds). At 2 cm the simulated
    /// 4 x 3.5 m bedroom fuses to 365 000 voxels and the 5.9 x 4.2 m office to 504 000. The table still
    /// doubles when a map outgrows it. Capped at ``maximumVoxels``.
    public var reservedVoxels: Int = 600_000
    /// Pixels with lower confidence (0 low, 1 medium, 2 high) are not fused. Default 0 (all): far and
    /// grazing returns are low-confidence but are often the only view of a far wall, and averaging in the
    /// voxels tames their noise.
    public var minimumConfidence: UInt8 = 0
    /// Depths outside this range (z-depth, metres) are not fused.
    public var fusedDepthRange: ClosedRange<Float> = 0.1...5.0
    /// Capture time between two live room updates (default 0.1 s: 10 updates per second of capture).
    public var liveUpdateInterval: Double = 0.1
    /// Fraction of fused voxels (chosen by a hash of the voxel, so uniform on every surface) used for the
    /// live preview build (default 1/16, about 20 000 points for a bedroom); the final build
    /// (``RoomBuilder/build(_:)-(CapturedRoomData)``) uses all.
    public var previewSamplingDivisor: Int = 16
    /// When false, no live room updates are built (instructions and fusion only).
    public var liveUpdates: Bool = true
    /// Thresholds of the guidance instructions.
    public var instructionThresholds = InstructionThresholds()
    /// Seed for identifiers and the builder's sampling (same frames and seed → same output).
    public var seed: UInt64 = 0
    /// Relocalization settings (used when the session was started with a ``WorldMap``).
    public var relocalization = RelocalizationOptions()

    /// Defaults.
    public init() {}

    /// Checks that every setting is finite and in range.
    /// - Throws: ``CaptureSessionError/badConfiguration(name:value:)`` naming the first bad setting.
    public func validate() throws(CaptureSessionError) {
        if !(voxelSize.isFinite && voxelSize >= 0.002 && voxelSize <= 0.5) {
            throw .badConfiguration(name: "voxelSize", value: voxelSize)
        }
        if !(1000...50_000_000).contains(maximumVoxels) {
            throw .badConfiguration(name: "maximumVoxels", value: Double(maximumVoxels))
        }
        if !(0...50_000_000).contains(reservedVoxels) {
            throw .badConfiguration(name: "reservedVoxels", value: Double(reservedVoxels))
        }
        if minimumConfidence > 2 { throw .badConfiguration(name: "minimumConfidence", value: Double(minimumConfidence)) }
        if !(fusedDepthRange.lowerBound.isFinite && fusedDepthRange.upperBound.isFinite && fusedDepthRange.lowerBound >= 0) {
            throw .badConfiguration(name: "fusedDepthRange", value: Double(fusedDepthRange.upperBound))
        }
        if !(liveUpdateInterval.isFinite && liveUpdateInterval >= 0) {
            throw .badConfiguration(name: "liveUpdateInterval", value: liveUpdateInterval)
        }
        if !(1...1024).contains(previewSamplingDivisor) {
            throw .badConfiguration(name: "previewSamplingDivisor", value: Double(previewSamplingDivisor))
        }
        try instructionThresholds.validate()
        try relocalization.validate()
    }
}

/// Documented thresholds of the guidance instructions, with hysteresis.
///
/// A condition *enters* when its statistic crosses the `enter` threshold on ``framesToEnter`` frames in a
/// row and *leaves* only when the statistic is back past the (less strict) `leave` threshold on
/// ``framesToLeave`` frames in a row, so the instruction does not flicker around a threshold.
public struct InstructionThresholds: Sendable, Equatable, Codable {
    /// Median valid depth below this → ``CaptureInstruction/moveAwayFromWall`` (default 0.5 m).
    public var tooCloseEnter: Double = 0.5
    /// Leaves "too close" above this median depth (default 0.65 m).
    public var tooCloseLeave: Double = 0.65
    /// Median valid depth above this → ``CaptureInstruction/moveCloseToWall`` (default 4.0 m; the LiDAR
    /// is specified to 5 m and noise grows with range).
    public var tooFarEnter: Double = 4.0
    /// Leaves "too far" below this median depth (default 3.5 m).
    public var tooFarLeave: Double = 3.5
    /// Camera speed above this → ``CaptureInstruction/slowDown`` (default 1.0 m/s, a brisk walk with a phone).
    public var speedEnter: Double = 1.0
    /// Leaves "too fast" below this speed (default 0.7 m/s).
    public var speedLeave: Double = 0.7
    /// Camera rotation rate above this → ``CaptureInstruction/slowDown`` (default 90 °/s).
    public var rotationEnterDegreesPerSecond: Double = 90
    /// Leaves "too fast" below this rotation rate (default 60 °/s).
    public var rotationLeaveDegreesPerSecond: Double = 60
    /// Ambient light below this → ``CaptureInstruction/turnOnLight`` (default 50 lux: ARKit tracking
    /// degrades in dim rooms; a lit living room is 100–300 lux).
    public var darkEnterLux: Double = 50
    /// Leaves "too dark" above this light level (default 80 lux).
    public var darkLeaveLux: Double = 80
    /// Fraction of pixels with valid depth below this (while the median depth is in range) →
    /// ``CaptureInstruction/lowTexture`` (default 0.35: black, glossy or glass surfaces return little).
    public var lowValidEnter: Double = 0.35
    /// Leaves "low texture" above this valid fraction (default 0.5).
    public var lowValidLeave: Double = 0.5
    /// Frames in a row a condition must hold to fire (default 3).
    public var framesToEnter: Int = 3
    /// Frames in a row a condition must be off to clear (default 5).
    public var framesToLeave: Int = 5
    /// Speeds and rotation rates are averaged over frames at most this far back (default 0.3 s) so
    /// timestamp jitter does not fire ``CaptureInstruction/slowDown``.
    public var motionWindow: Double = 0.3

    /// Defaults.
    public init() {}

    /// Checks ordering and ranges.
    /// - Throws: ``CaptureSessionError/badConfiguration(name:value:)``.
    public func validate() throws(CaptureSessionError) {
        let pairs: [(String, Double, Double, Bool)] = [
            ("tooCloseEnter", tooCloseEnter, tooCloseLeave, true), ("tooFarEnter", tooFarEnter, tooFarLeave, false),
            ("speedEnter", speedEnter, speedLeave, false),
            ("rotationEnterDegreesPerSecond", rotationEnterDegreesPerSecond, rotationLeaveDegreesPerSecond, false),
            ("darkEnterLux", darkEnterLux, darkLeaveLux, true), ("lowValidEnter", lowValidEnter, lowValidLeave, true),
        ]
        for (name, enter, leave, below) in pairs {
            guard enter.isFinite, leave.isFinite, enter >= 0, below ? leave >= enter : leave <= enter else {
                throw .badConfiguration(name: name, value: enter)
            }
        }
        if !(1...1000).contains(framesToEnter) { throw .badConfiguration(name: "framesToEnter", value: Double(framesToEnter)) }
        if !(1...1000).contains(framesToLeave) { throw .badConfiguration(name: "framesToLeave", value: Double(framesToLeave)) }
        if !(motionWindow.isFinite && motionWindow >= 0 && motionWindow <= 10) {
            throw .badConfiguration(name: "motionWindow", value: motionWindow)
        }
    }
}

/// Settings of relocalization against a saved ``WorldMap``.
public struct RelocalizationOptions: Sendable, Equatable, Codable {
    /// Relocalization is first tried after this many frames of the run (default 10) and then every
    /// ``retryInterval`` frames.
    public var firstAttemptFrame: Int = 10
    /// Frames between attempts (default 10).
    public var retryInterval: Int = 10
    /// After this many frames without success the session reports
    /// ``CaptureSessionError/relocalizationFailed(_:)`` and keeps scanning in its own frame (default 60).
    public var giveUpFrame: Int = 60
    /// Query points within this distance of the map after ICP count as inliers (default 4 cm).
    public var inlierDistance: Double = 0.04
    /// Smallest accepted share of inlier query points (default 0.6).
    public var minimumInlierFraction: Double = 0.6
    /// Defaults.
    public init() {}

    /// Checks ranges.
    /// - Throws: ``CaptureSessionError/badConfiguration(name:value:)``.
    public func validate() throws(CaptureSessionError) {
        if !(1...100_000).contains(firstAttemptFrame) { throw .badConfiguration(name: "firstAttemptFrame", value: Double(firstAttemptFrame)) }
        if !(1...100_000).contains(retryInterval) { throw .badConfiguration(name: "retryInterval", value: Double(retryInterval)) }
        if giveUpFrame < firstAttemptFrame { throw .badConfiguration(name: "giveUpFrame", value: Double(giveUpFrame)) }
        if !(inlierDistance.isFinite && inlierDistance > 0 && inlierDistance < 1) {
            throw .badConfiguration(name: "inlierDistance", value: inlierDistance)
        }
        if !(minimumInlierFraction > 0 && minimumInlierFraction <= 1) {
            throw .badConfiguration(name: "minimumInlierFraction", value: minimumInlierFraction)
        }
    }
}
