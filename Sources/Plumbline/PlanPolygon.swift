/// A simple polygon in plan: world (x, z) metres, seen from above (+Y up). The last vertex connects
/// back to the first (not repeated).
///
/// Orientation: ARKit's frame is right-handed with +Y up, so a turn that is counter-clockwise seen from
/// above goes from +X toward **-Z**. ``signedArea`` is the shoelace sum in (x, z) order and is therefore
/// **negative** for polygons that are counter-clockwise seen from above.
public struct PlanPolygon: Sendable, Hashable, Codable {
    /// The vertices, world (x, z).
    public var vertices: [SIMD2<Float>]

    /// A polygon from its vertices.
    public init(_ vertices: [SIMD2<Float>]) {
        self.vertices = vertices
    }

    /// `½ Σ (xᵢ zᵢ₊₁ − xᵢ₊₁ zᵢ)` in square metres, accumulated in `Double` about the first vertex.
    /// Negative when counter-clockwise seen from above. 0 for fewer than 3 vertices.
    /// - Complexity: O(n).
    public var signedArea: Double {
        guard vertices.count >= 3 else { return 0 }
        let o = SIMD2<Double>(vertices[0])
        var s = 0.0
        for i in 0..<vertices.count {
            let a = SIMD2<Double>(vertices[i]) - o
            let b = SIMD2<Double>(vertices[(i + 1) % vertices.count]) - o
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    /// Enclosed area, square metres.
    public var area: Double { abs(signedArea) }

    /// Whether the vertices turn counter-clockwise seen from above (+Y looking down).
    public var isCounterClockwiseFromAbove: Bool { signedArea < 0 }

    /// Perimeter, metres.
    public var perimeter: Double {
        guard vertices.count >= 2 else { return 0 }
        var s = 0.0
        for i in 0..<vertices.count {
            let d = SIMD2<Double>(vertices[(i + 1) % vertices.count]) - SIMD2<Double>(vertices[i])
            s += (d * d).sum().squareRoot()
        }
        return s
    }

    /// Area centroid, world (x, z); the vertex mean when the area is zero; `nil` when empty.
    public var centroid: SIMD2<Float>? {
        guard !vertices.isEmpty else { return nil }
        let o = SIMD2<Double>(vertices[0])
        var a2 = 0.0
        var c = SIMD2<Double>.zero
        for i in 0..<vertices.count {
            let p = SIMD2<Double>(vertices[i]) - o
            let q = SIMD2<Double>(vertices[(i + 1) % vertices.count]) - o
            let w = p.x * q.y - q.x * p.y
            a2 += w
            c += (p + q) * w
        }
        if abs(a2) < 1e-12 {
            var m = SIMD2<Double>.zero
            for v in vertices { m += SIMD2<Double>(v) }
            return SIMD2<Float>(m / Double(vertices.count))
        }
        return SIMD2<Float>(o + c / (3 * a2))
    }

    /// Whether a plan point lies inside (even-odd rule; points exactly on an edge may go either way).
    public func contains(_ p: SIMD2<Float>) -> Bool {
        var inside = false
        var j = vertices.count - 1
        for i in 0..<vertices.count {
            let a = vertices[i], b = vertices[j]
            if (a.y > p.y) != (b.y > p.y) {
                let x = (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
                if p.x < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// The same polygon with the opposite orientation.
    public var reversed: PlanPolygon { PlanPolygon(vertices.reversed()) }
}
