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

    /// Whether sensor positions in the file become ``PlumbKernel/PointCloud/sensorOrigins``.
    public enum SensorOriginPolicy: String, Sendable, Equatable, Hashable, Codable {
        /// Read `plumbline_sensor` header comments (PLY, PCD) and a non-default PCD `VIEWPOINT`.
        case read
        /// Leave ``PlumbKernel/PointCloud/sensorOrigins`` `nil` (the lines are still checked for syntax).
        case ignore
    }

    /// Policy for non-finite coordinates in unorganised clouds. Default ``NonFinitePolicy/fail``.
    public var nonFiniteCoordinates: NonFinitePolicy
    /// Whether sensor positions are read. Default ``SensorOriginPolicy/read``.
    public var sensorOrigins: SensorOriginPolicy

    /// Options with the given policies.
    public init(nonFiniteCoordinates: NonFinitePolicy = .fail, sensorOrigins: SensorOriginPolicy = .read) {
        self.nonFiniteCoordinates = nonFiniteCoordinates
        self.sensorOrigins = sensorOrigins
    }

    private enum CodingKeys: String, CodingKey { case nonFiniteCoordinates, sensorOrigins }

    /// Decodes options; a missing `sensorOrigins` (options saved before it existed) means ``SensorOriginPolicy/read``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        nonFiniteCoordinates = try c.decode(NonFinitePolicy.self, forKey: .nonFiniteCoordinates)
        sensorOrigins = try c.decodeIfPresent(SensorOriginPolicy.self, forKey: .sensorOrigins) ?? .read
    }
}
