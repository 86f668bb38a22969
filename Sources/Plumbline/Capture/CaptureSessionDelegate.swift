/// Optional receiver of a ``CaptureSession``'s events (the same events, in the same order, as
/// ``CaptureSession/events``). The session awaits each call before going on.
public protocol CaptureSessionDelegate: AnyObject, Sendable {
    /// Called for every event of the session.
    func captureSession(_ session: CaptureSession, didReceive event: CaptureEvent) async
}
