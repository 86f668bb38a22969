/// Choices for ``PointCloudReader``.
public struct PointCloudReadOptions: Sendable, Equatable, Hashable, Codable {
    /// What to do with a point whose coordinates are NaN or infinite in an **unorganised** cloud.
    /// (Organised PCD clouds, `HEIGHT > 1`, always drop such points: NaN means "no return" there.)
    public enum NonFinitePolicy: String, Sendable, Equatable, Hashable, Codable {
        /// Throw ``PointCloudFormatError/nonFiniteCoordinate(pointIndex:at:)`` naming the first such point.
        case fail
        /// Drop the point and count it in ``PointCloudReadReport/drops``.
        case drop
    }

    /// Policy for non-finite coordinates in unorganised clouds. Default ``NonFinitePolicy/fail``.
    public var nonFiniteCoordinates: NonFinitePolicy

    /// Options with the given policy.
    public init(nonFiniteCoordinates: NonFinitePolicy = .fail) {
        self.nonFiniteCoordinates = nonFiniteCoordinates
    }
}
