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

    /// Largest input read from a source without a size (a pipe, standard input, a character device such
    /// as `/dev/zero`), bytes; such a source is refused with
    /// ``PointCloudFormatError/streamTooLong(path:limit:)`` as soon as it passes this, so reading it never
    /// takes more than this much memory. Regular files are memory-mapped and not limited by it.
    /// Default ``defaultMaximumStreamBytes`` (64 MiB).
    public var maximumStreamBytes: Int

    /// The default ``maximumStreamBytes``: 64 MiB (about 2.7 million binary float32 xyz points).
    public static let defaultMaximumStreamBytes = 64 << 20

    /// Options with the given policy and stream limit.
    public init(nonFiniteCoordinates: NonFinitePolicy = .fail, maximumStreamBytes: Int = defaultMaximumStreamBytes) {
        self.nonFiniteCoordinates = nonFiniteCoordinates
        self.maximumStreamBytes = max(0, maximumStreamBytes)
    }
}
