import PlumbKernel

/// Plan distance from a point to the nearest side of a room outline (straight sides as segments, curved
/// ones as their circle), with each side's fixed terms worked out once, for tests run on many points.
///
/// Gives exactly the distance of the per-side formula it replaces: the same operations on the same values.
struct OutlineDistance {
    /// Start corner, side vector (end - start), and `max(|side|², 1e-12)` of each side; `arc` set for a
    /// curved side (measured by its wall instead).
    private var start: [SIMD2<Double>] = [], side: [SIMD2<Double>] = [], lengthSquared: [Double] = []
    private var arc: [PlanWall?] = []

    /// The sides of `outline` (corner k to corner k + 1, closing back to the first).
    init(_ outline: RoomOutline) {
        let m = outline.corners.count
        for k in 0..<m {
            let a = outline.corners[k], b = outline.corners[(k + 1) % m]
            let ab = b - a
            start.append(a)
            side.append(ab)
            lengthSquared.append(Swift.max(planDot(ab, ab), 1e-12))
            if case .arc = outline.edges[k].wall { arc.append(outline.edges[k].wall) } else { arc.append(nil) }
        }
    }

    /// Unit direction of the side nearest to `p` (a curved side's tangent at `p`), nil for an outline without
    /// corners; the first side on ties.
    /// - Complexity: O(sides), no allocation.
    func nearestSideDirection(to p: SIMD2<Double>) -> SIMD2<Double>? {
        var best: (distance: Double, direction: SIMD2<Double>)?
        for k in start.indices {
            let d: Double, dir: SIMD2<Double>
            if let wall = arc[k] {
                d = wall.distance(to: p)
                dir = wall.tangent(at: p)
            } else {
                let a = start[k], ab = side[k]
                let t = Swift.max(0, Swift.min(1, planDot(p - a, ab) / lengthSquared[k]))
                d = planLength(p - (a + ab * t))
                dir = ab / lengthSquared[k].squareRoot()
            }
            if d < (best?.distance ?? .infinity) { best = (d, dir) }
        }
        return best?.direction
    }

    /// Distance from `p` to the nearest side, metres (infinity for an outline without corners).
    /// - Complexity: O(sides), no allocation.
    func distance(to p: SIMD2<Double>) -> Double {
        var best = Double.infinity
        for k in start.indices {
            if let wall = arc[k] {
                best = Swift.min(best, wall.distance(to: p))
            } else {
                let a = start[k], ab = side[k]
                let t = Swift.max(0, Swift.min(1, planDot(p - a, ab) / lengthSquared[k]))
                best = Swift.min(best, planLength(p - (a + ab * t)))
            }
        }
        return best
    }
}
