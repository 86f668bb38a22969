/// One true plane of a simulated room: a planar piece of the scene geometry with the number of scan points
/// that truly lie on it.
///
/// World frame of the simulated plan (metres, y up). The plane is `dot(normal, p) + d = 0` (Open3D's
/// convention `a x + b y + c z + d = 0`).
public struct TruthPlane: Sendable, Equatable, Codable {
    /// Readable label: surface kind and owner, e.g. `wallFace:w1`, `floor:bedroom`, `furniture:bed`.
    public var name: String
    /// Unit normal, sign-canonical (largest-magnitude component positive).
    public var normal: [Double]
    /// Offset `d` of `dot(normal, p) + d = 0`, metres.
    public var d: Double
    /// Centroid of the noise-free positions of the points on the plane, metres (lies on the plane).
    public var centroid: [Double]
    /// Number of cloud points whose true (noise-free) position is on this plane; outliers excluded.
    public var count: Int
    /// Observed area, m²: occupied 5 cm cells of the noise-free points in the plane.
    public var area: Double

    /// A plane from its parts.
    public init(name: String, normal: SIMD3<Double>, d: Double, centroid: SIMD3<Double>, count: Int, area: Double) {
        self.name = name
        self.normal = [normal.x, normal.y, normal.z]
        self.d = d
        self.centroid = [centroid.x, centroid.y, centroid.z]
        self.count = count
        self.area = area
    }
}
