import PlumbKernel

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

    /// `½ Σ (xᵢ zᵢ₊₁ − xᵢ₊₁ zᵢ)` in square metres, accumulated in `Double` about the first vertex
    /// (`Plan2D.signedArea(_:)`). Negative when counter-clockwise seen from above. 0 for fewer than 3
    /// vertices.
    /// - Complexity: O(n).
    public var signedArea: Double { Plan2D.signedArea(vertices) }

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

    /// Area centroid, world (x, z); the vertex mean when the area is zero; `nil` when empty
    /// (`Plan2D.centroid(_:)`).
    public var centroid: SIMD2<Float>? { Plan2D.centroid(vertices).map { SIMD2<Float>($0) } }

    /// Whether a plan point lies inside (even-odd rule; points exactly on an edge may go either way).
    public func contains(_ p: SIMD2<Float>) -> Bool { Plan2D.contains(vertices, p) }

    /// The same polygon with the opposite orientation.
    public var reversed: PlanPolygon { PlanPolygon(vertices.reversed()) }
}
