extension CapturedRoom {
    /// How certain the classifier is of an element's category (RoomPlan: "Levels of certainty in the
    /// classification of a particular detail"). It is about the category, not the geometry.
    ///
    /// JSON: a single-key object, `{"high":{}}`, `{"medium":{}}` or `{"low":{}}` (Swift's synthesized
    /// enum coding, as RoomPlan writes it).
    public enum Confidence: Sendable, Codable, Hashable, CaseIterable {
        /// Highly certain.
        case high
        /// Moderately certain.
        case medium
        /// Not very certain.
        case low
    }
}
