import PlumbKernel

/// A triangle soup in world coordinates (double precision) with a surface label per triangle;
/// the simulator's true solids before they are packed into a ``RayCaster``.
public struct SceneMesh: Sendable, Equatable {
    /// Triangle vertices, world metres; triangle `i` is `vertices[3i ..< 3i+3]`.
    public var vertices: [SIMD3<Double>] = []
    /// Index into ``surfaces`` for each triangle.
    public var surfaceOfTriangle: [Int32] = []
    /// Surface labels.
    public var surfaces: [SceneSurface] = []

    /// An empty mesh.
    public init() {}

    /// Number of triangles.
    public var triangleCount: Int { surfaceOfTriangle.count }

    /// Adds a surface label and returns its index.
    public mutating func addSurface(_ s: SceneSurface) -> Int32 {
        surfaces.append(s)
        return Int32(surfaces.count - 1)
    }

    /// Adds one triangle (skips exactly degenerate ones).
    public mutating func addTriangle(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>, surface: Int32) {
        let n = cross(b - a, c - a)
        guard dot(n, n) > 1e-18 else { return }
        vertices.append(a)
        vertices.append(b)
        vertices.append(c)
        surfaceOfTriangle.append(surface)
    }

    /// Adds the quad `a b c d` (in order around its boundary) as two triangles.
    public mutating func addQuad(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>, _ d: SIMD3<Double>, surface: Int32) {
        addTriangle(a, b, c, surface: surface)
        addTriangle(a, c, d, surface: surface)
    }

    /// Adds an oriented box: `center`, unit axes `ax, ay, az`, half extents `h` (metres).
    public mutating func addBox(
        center: SIMD3<Double>, axes ax: SIMD3<Double>, _ ay: SIMD3<Double>, _ az: SIMD3<Double>,
        halfExtents h: SIMD3<Double>, surface: Int32
    ) {
        func p(_ sx: Double, _ sy: Double, _ sz: Double) -> SIMD3<Double> {
            center + ax * (sx * h.x) + ay * (sy * h.y) + az * (sz * h.z)
        }
        addQuad(p(-1, -1, -1), p(1, -1, -1), p(1, -1, 1), p(-1, -1, 1), surface: surface)
        addQuad(p(-1, 1, -1), p(-1, 1, 1), p(1, 1, 1), p(1, 1, -1), surface: surface)
        addQuad(p(-1, -1, -1), p(-1, 1, -1), p(1, 1, -1), p(1, -1, -1), surface: surface)
        addQuad(p(-1, -1, 1), p(1, -1, 1), p(1, 1, 1), p(-1, 1, 1), surface: surface)
        addQuad(p(-1, -1, -1), p(-1, -1, 1), p(-1, 1, 1), p(-1, 1, -1), surface: surface)
        addQuad(p(1, -1, -1), p(1, 1, -1), p(1, 1, 1), p(1, -1, 1), surface: surface)
    }
}
