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

    /// Whether sensor positions in the file become `PointCloud.sensorOrigins`.
    public enum SensorOriginPolicy: String, Sendable, Equatable, Hashable, Codable {
        /// Read `plumbline_sensor` header comments (PLY, PCD), a non-default PCD `VIEWPOINT` and E57 scan poses.
        case read
        /// Leave `PointCloud.sensorOrigins` `nil` (the lines are still checked for syntax).
        case ignore
    }

    /// Policy for non-finite coordinates in unorganised clouds. Default ``NonFinitePolicy/fail``.
    public var nonFiniteCoordinates: NonFinitePolicy
    /// Whether sensor positions are read. Default ``SensorOriginPolicy/read``.
    public var sensorOrigins: SensorOriginPolicy

    /// Largest input read from a source without a size (a pipe, standard input, a character device such
    /// as `/dev/zero`), bytes; such a source is refused with
    /// ``PointCloudFormatError/streamTooLong(path:limit:)`` as soon as it passes this, so reading it never
    /// takes more than this much memory. Regular files are memory-mapped and not limited by it.
    /// Default ``defaultMaximumStreamBytes`` (64 MiB).
    public var maximumStreamBytes: Int

    /// Whether E57 page checksums (CRC-32C) are verified; a mismatch is
    /// ``PointCloudFormatError/checksumMismatch(page:stored:computed:at:)``. Default `true`; `false` reads a
    /// damaged file as far as its structure allows (every size and offset is still checked).
    public var verifyChecksums: Bool

    /// The default ``maximumStreamBytes``: 64 MiB (about 2.7 million binary float32 xyz points).
    public static let defaultMaximumStreamBytes = 64 << 20

    /// Options with the given policies and stream limit.
    public init(nonFiniteCoordinates: NonFinitePolicy = .fail, sensorOrigins: SensorOriginPolicy = .read,
                maximumStreamBytes: Int = defaultMaximumStreamBytes, verifyChecksums: Bool = true) {
        self.nonFiniteCoordinates = nonFiniteCoordinates
        self.verifyChecksums = verifyChecksums
        self.sensorOrigins = sensorOrigins
        self.maximumStreamBytes = max(0, maximumStreamBytes)
    }

    private enum CodingKeys: String, CodingKey { case nonFiniteCoordinates, sensorOrigins, maximumStreamBytes, verifyChecksums }

    /// Decodes options; a missing `sensorOrigins` (options saved before it existed) means ``SensorOriginPolicy/read``,
    /// a missing `maximumStreamBytes` the default, a missing `verifyChecksums` `true`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        nonFiniteCoordinates = try c.decode(NonFinitePolicy.self, forKey: .nonFiniteCoordinates)
        sensorOrigins = try c.decodeIfPresent(SensorOriginPolicy.self, forKey: .sensorOrigins) ?? .read
        maximumStreamBytes = max(0, try c.decodeIfPresent(Int.self, forKey: .maximumStreamBytes) ?? Self.defaultMaximumStreamBytes)
        verifyChecksums = try c.decodeIfPresent(Bool.self, forKey: .verifyChecksums) ?? true
    }
}
