/// Guidance for the person scanning, like RoomPlan's `RoomCaptureSession.Instruction`.
public enum CaptureInstruction: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Nothing to correct.
    case normal
    /// Most of the view is farther than the sensor measures well: move closer to the walls.
    case moveCloseToWall
    /// Most of the view is too close to measure: step back from the wall.
    case moveAwayFromWall
    /// The device moves or turns too fast for the frames to overlap.
    case slowDown
    /// The room is too dark for tracking.
    case turnOnLight
    /// Too few pixels return depth (black, glossy or glass surfaces, or a featureless view).
    case lowTexture
}
