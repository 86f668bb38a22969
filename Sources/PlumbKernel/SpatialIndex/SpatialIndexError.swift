/// Problems building or querying a spatial index (``KDTree``).
public enum SpatialIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Point `index` has a NaN or infinite coordinate.
    case nonFiniteCoordinate(index: Int)
    /// The coordinate arrays have different lengths.
    case lengthMismatch(x: Int, y: Int, z: Int)
    /// More points than the index can address with 32-bit ids.
    case tooManyPoints(count: Int, limit: Int)
    /// A query parameter is invalid (negative radius, NaN query point, …).
    case invalidQuery(String)

    /// A readable message naming the problem and where.
    public var description: String {
        switch self {
        case let .nonFiniteCoordinate(i): "point \(i) has a NaN or infinite coordinate"
        case let .lengthMismatch(x, y, z): "coordinate arrays differ in length (x \(x), y \(y), z \(z))"
        case let .tooManyPoints(n, limit): "\(n) points exceed the spatial index limit of \(limit)"
        case let .invalidQuery(why): "invalid spatial query: \(why)"
        }
    }
}
