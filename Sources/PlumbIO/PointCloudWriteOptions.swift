/// Choices for ``PointCloudWriter``.
public struct PointCloudWriteOptions: Sendable, Equatable, Hashable, Codable {
    /// How coordinates are stored.
    public enum Coordinates: String, Sendable, Equatable, Hashable, Codable {
        /// `float32` coordinates relative to the cloud origin, with the origin in a
        /// `plumbline_origin X Y Z` header comment (read back by ``PointCloudReader``). Compact and exact.
        case localFloat32
        /// `float64` world coordinates (`origin + local`), no origin comment: what other tools expect
        /// for georeferenced data.
        case worldFloat64
    }

    /// Coordinate storage for PLY and PCD (XYZ text always holds world coordinates). Default ``Coordinates/localFloat32``.
    public var coordinates: Coordinates

    /// Options with the given coordinate storage.
    public init(coordinates: Coordinates = .localFloat32) {
        self.coordinates = coordinates
    }
}
