/// A polygon mesh being built: points (local frame, metres), and faces as vertex counts plus
/// indices, USD's `UsdGeomMesh` layout. Faces are counter-clockwise seen from outside (USD's default
/// right-handed orientation).
package struct MeshBuffer: Sendable, Equatable {
    /// Vertex positions.
    package var points: [SIMD3<Float>] = []
    /// Number of vertices of each face.
    package var faceVertexCounts: [Int32] = []
    /// Vertex indices of all faces, face after face.
    package var faceVertexIndices: [Int32] = []

    /// An empty mesh.
    package init() {}

    /// Appends one face with its own vertices, in the given order.
    package mutating func addFace(_ vertices: [SIMD3<Float>]) {
        guard vertices.count >= 3 else { return }
        let base = Int32(points.count)
        points += vertices
        faceVertexCounts.append(Int32(vertices.count))
        for i in 0..<vertices.count { faceVertexIndices.append(base + Int32(i)) }
    }

    /// Appends a face, reversing its vertex order when its normal points against `outward`.
    /// Faces of (near) zero area are skipped.
    package mutating func addFace(_ vertices: [SIMD3<Float>], outward: SIMD3<Float>) {
        let n = Self.normal(of: vertices)
        guard (n * n).sum() > 1e-14 else { return }
        addFace((n * outward).sum() >= 0 ? vertices : vertices.reversed())
    }

    /// Appends every face of another mesh.
    package mutating func append(_ other: MeshBuffer) {
        let base = Int32(points.count)
        points += other.points
        faceVertexCounts += other.faceVertexCounts
        faceVertexIndices += other.faceVertexIndices.map { $0 + base }
    }

    /// Newell's normal of a polygon (not normalised; length = twice the area for planar polygons).
    package static func normal(of p: [SIMD3<Float>]) -> SIMD3<Float> {
        var n = SIMD3<Float>.zero
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            n.x += (a.y - b.y) * (a.z + b.z)
            n.y += (a.z - b.z) * (a.x + b.x)
            n.z += (a.x - b.x) * (a.y + b.y)
        }
        return n
    }

    /// Axis-aligned bounds of the points; zero when empty.
    package var extent: (min: SIMD3<Float>, max: SIMD3<Float>) {
        guard var lo = points.first else { return (.zero, .zero) }
        var hi = lo
        for p in points {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return (lo, hi)
    }

    /// Enclosed volume (divergence theorem over fan-triangulated faces, `Double`), cubic metres.
    /// Meaningful for closed, consistently oriented meshes.
    package var volume: Double {
        var v = 0.0, k = 0
        for c in faceVertexCounts {
            let n = Int(c)
            let a = SIMD3<Double>(points[Int(faceVertexIndices[k])])
            for j in 1..<(n - 1) {
                let b = SIMD3<Double>(points[Int(faceVertexIndices[k + j])])
                let d = SIMD3<Double>(points[Int(faceVertexIndices[k + j + 1])])
                v += (a * cross(b, d)).sum()
            }
            k += n
        }
        return v / 6
    }
}

@inline(__always) func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
