import Foundation
import PlumbKernel

/// Turns per-frame statistics into RoomPlan-like guidance, with hysteresis.
///
/// Conditions, each with an enter and a leave threshold (``InstructionThresholds``):
/// * too dark: ambient light estimate below `darkEnterLux` (frames without an estimate keep the state);
/// * too fast: camera speed or rotation rate, measured between the current pose and the oldest pose at
///   most `motionWindow` seconds older (so a jittery timestamp cannot fake a fast motion), above the
///   enter thresholds;
/// * too close / too far: median valid depth below `tooCloseEnter` / above `tooFarEnter`;
/// * low texture: valid-depth fraction below `lowValidEnter` while not too close or too far.
///
/// A condition becomes active after `framesToEnter` frames in a row past its enter threshold and inactive
/// after `framesToLeave` frames in a row back past its leave threshold. The instruction is the active
/// condition of highest priority: turnOnLight, slowDown, moveAwayFromWall, moveCloseToWall, lowTexture,
/// else normal.
package struct InstructionAdvisor: Sendable {
    /// The thresholds in use.
    public let thresholds: InstructionThresholds
    /// The current instruction.
    public private(set) var current: CaptureInstruction = .normal

    struct Condition: Sendable {
        var active = false
        var streak = 0
        /// Feeds one frame's verdicts: `enter` = past the enter threshold, `clear` = back past the leave one.
        mutating func feed(enter: Bool, clear: Bool, framesToEnter: Int, framesToLeave: Int) {
            if active {
                streak = clear ? streak + 1 : 0
                if streak >= framesToLeave { active = false; streak = 0 }
            } else {
                streak = enter ? streak + 1 : 0
                if streak >= framesToEnter { active = true; streak = 0 }
            }
        }
    }

    var dark = Condition(), fast = Condition(), close = Condition(), far = Condition(), lowValid = Condition()
    /// Recent poses (timestamp, pose), oldest first; at most 64.
    var recent: [(Double, RigidTransform)] = []

    /// An advisor starting at ``CaptureInstruction/normal``.
    public init(thresholds: InstructionThresholds) { self.thresholds = thresholds }

    /// Speed (m/s) and rotation rate (degrees/s) over the motion window ending at the latest frame.
    public var motion: (speed: Double, degreesPerSecond: Double) {
        guard let last = recent.last, let first = recent.first, last.0 > first.0 else { return (0, 0) }
        let dt = last.0 - first.0
        let dist = length(last.1.translation - first.1.translation)
        return (dist / dt, Self.angleDegrees(first.1, last.1) / dt)
    }

    /// Rotation angle between the orientations of two poses, degrees (0...180).
    public static func angleDegrees(_ a: RigidTransform, _ b: RigidTransform) -> Double {
        // trace(Raᵀ Rb) = 1 + 2 cos θ
        let tr = dot(a.column0, b.column0) + dot(a.column1, b.column1) + dot(a.column2, b.column2)
        return acosClamped((tr - 1) / 2) * 180 / .pi
    }

    /// Feeds one frame and returns the instruction after it.
    public mutating func update(frame: DepthFrame, statistics s: FrameFusionStatistics) -> CaptureInstruction {
        let th = thresholds
        let fe = th.framesToEnter, fl = th.framesToLeave
        if let lux = frame.ambientLightLux {
            dark.feed(enter: lux < th.darkEnterLux, clear: lux > th.darkLeaveLux, framesToEnter: fe, framesToLeave: fl)
        }
        recent.append((frame.timestamp, frame.cameraToWorld))
        // Keep the newest pose and those within the window, but at least two poses.
        while recent.count > 2 && (frame.timestamp - recent[1].0 >= th.motionWindow || recent.count > 64) {
            recent.removeFirst()
        }
        if recent.count >= 2 {
            let m = motion
            let enter = m.speed > th.speedEnter || m.degreesPerSecond > th.rotationEnterDegreesPerSecond
            let clear = m.speed < th.speedLeave && m.degreesPerSecond < th.rotationLeaveDegreesPerSecond
            fast.feed(enter: enter, clear: clear, framesToEnter: fe, framesToLeave: fl)
        }
        let valid = s.validPixels > 0
        let med = s.medianDepth
        close.feed(enter: valid && med < th.tooCloseEnter, clear: !valid || med > th.tooCloseLeave, framesToEnter: fe, framesToLeave: fl)
        far.feed(enter: valid && med > th.tooFarEnter, clear: !valid || med < th.tooFarLeave, framesToEnter: fe, framesToLeave: fl)
        let inRange = !close.active && !far.active
        lowValid.feed(enter: inRange && s.validFraction < th.lowValidEnter, clear: !inRange || s.validFraction > th.lowValidLeave,
                      framesToEnter: fe, framesToLeave: fl)
        current = dark.active ? .turnOnLight
            : fast.active ? .slowDown
            : close.active ? .moveAwayFromWall
            : far.active ? .moveCloseToWall
            : lowValid.active ? .lowTexture
            : .normal
        return current
    }
}

@inline(__always)
func acosClamped(_ x: Double) -> Double {
    let c = Swift.min(1, Swift.max(-1, x))
    // acos via atan2 for accuracy near ±1.
    return atan2(Swift.max(0, 1 - c * c).squareRoot(), c)
}
