/// The work bound of curved-wall tessellation, shared by every exporter: a curved wall is cut into at
/// most ``maximumSteps`` strips, and into no more strips than its arc length has ``minimumChord``
/// pieces, whatever its angles say (a curve angle of 1e4 rad once took 27 s and wrote a 72 MB USDZ).
/// Validated models (span ≤ 2π) never reach the cap: a full turn at 2° per step is 180 steps.
enum ArcBudget {
    /// Most strips (or samples) one curved wall is cut into.
    static let maximumSteps = 1024
    /// Shortest strip along the arc, metres.
    static let minimumChord = 0.005

    /// `steps` (the count the exporter's angular step asks for) bounded by the arc length
    /// `radius * span` and ``maximumSteps``; at least 1, and NaN or infinite requests give the cap.
    /// - Complexity: O(1).
    static func steps(_ steps: Double, radius: Float, span: Float) -> Int {
        let arc = Double(abs(radius)) * Double(abs(span))
        var limit = Double(maximumSteps)
        if arc.isFinite { limit = min(limit, max(1, (arc / minimumChord).rounded(.up))) }
        guard steps.isFinite else { return Int(limit) }
        return Int(max(1, min(steps, limit)))
    }
}
