/// Closed triangle-free polygon meshes (quads) of a ``WallSolid``: front and back faces of every
/// piece, the top and bottom of every piece (wall top, wall bottom, hole sills and lintels) and the
/// vertical faces where the solid starts or stops (wall ends, hole jambs). The result is closed, so
/// its ``MeshBuffer/volume`` is thickness × net area for straight walls.
package enum WallMesher {
    /// The mesh in the wall's local frame, metres.
    /// - Complexity: O(pieces²) in the worst case (pieces per strip are few).
    package static func mesh(_ s: WallSolid) -> MeshBuffer {
        var m = MeshBuffer()
        let w0 = s.depth.lowerBound, w1 = s.depth.upperBound
        let flip: Float = s.reversesOrientation ? -1 : 1
        // Emits a quad given in (u, y, w) with its outward direction in parameter space.
        func quad(_ q: [SIMD3<Float>], _ outward: SIMD3<Float>) {
            let n = MeshBuffer.normal(of: q)
            guard (n * n).sum() > 1e-14 else { return }
            var order = (n * outward).sum() >= 0 ? q : q.reversed()
            if flip < 0 { order.reverse() }
            m.addFace(order.map { s.localPoint(u: $0.x, y: $0.y, w: $0.z) })
        }
        for p in s.pieces {
            let c = [SIMD2(p.u0, p.lower.x), SIMD2(p.u1, p.lower.y), SIMD2(p.u1, p.upper.y), SIMD2(p.u0, p.upper.x)]
            quad(c.map { SIMD3($0.x, $0.y, w1) }, SIMD3(0, 0, 1))
            quad(c.map { SIMD3($0.x, $0.y, w0) }, SIMD3(0, 0, -1))
            // Bottom and top edges are always boundary (pieces in a strip are separated by holes).
            let du = p.u1 - p.u0
            quad([SIMD3(p.u0, p.lower.x, w0), SIMD3(p.u1, p.lower.y, w0), SIMD3(p.u1, p.lower.y, w1), SIMD3(p.u0, p.lower.x, w1)],
                 SIMD3(p.lower.y - p.lower.x, -du, 0))
            quad([SIMD3(p.u0, p.upper.x, w0), SIMD3(p.u1, p.upper.y, w0), SIMD3(p.u1, p.upper.y, w1), SIMD3(p.u0, p.upper.x, w1)],
                 SIMD3(-(p.upper.y - p.upper.x), du, 0))
        }
        // Vertical faces at each strip boundary: symmetric difference of the intervals on each side.
        var boundaries = Set(s.pieces.map(\.u0))
        for p in s.pieces { boundaries.insert(p.u1) }
        for u in boundaries.sorted() {
            let left = s.pieces.filter { abs($0.u1 - u) < 1e-6 }.map { ($0.lower.y, $0.upper.y) }
            let right = s.pieces.filter { abs($0.u0 - u) < 1e-6 }.map { ($0.lower.x, $0.upper.x) }
            for (y0, y1) in subtract(left, right) {
                quad([SIMD3(u, y0, w0), SIMD3(u, y1, w0), SIMD3(u, y1, w1), SIMD3(u, y0, w1)], SIMD3(1, 0, 0))
            }
            for (y0, y1) in subtract(right, left) {
                quad([SIMD3(u, y0, w0), SIMD3(u, y1, w0), SIMD3(u, y1, w1), SIMD3(u, y0, w1)], SIMD3(-1, 0, 0))
            }
        }
        return m
    }

    /// `a` minus the union of `b` (intervals as (low, high)).
    static func subtract(_ a: [(Float, Float)], _ b: [(Float, Float)]) -> [(Float, Float)] {
        var out = a
        for (b0, b1) in b {
            var next: [(Float, Float)] = []
            for (a0, a1) in out {
                if b1 <= a0 || b0 >= a1 { next.append((a0, a1)); continue }
                if b0 - a0 > 1e-5 { next.append((a0, b0)) }
                if a1 - b1 > 1e-5 { next.append((b1, a1)) }
            }
            out = next
        }
        return out.filter { $0.1 - $0.0 > 1e-5 }
    }

    /// A closed box of `size` centred on `center` (local frame), 6 quads.
    package static func box(size: SIMD3<Float>, center: SIMD3<Float> = .zero) -> MeshBuffer {
        var m = MeshBuffer()
        let h = size / 2
        func v(_ sx: Float, _ sy: Float, _ sz: Float) -> SIMD3<Float> { center + SIMD3(sx, sy, sz) * h }
        m.addFace([v(-1, -1, 1), v(1, -1, 1), v(1, 1, 1), v(-1, 1, 1)])  // +z
        m.addFace([v(1, -1, -1), v(-1, -1, -1), v(-1, 1, -1), v(1, 1, -1)])  // -z
        m.addFace([v(1, -1, 1), v(1, -1, -1), v(1, 1, -1), v(1, 1, 1)])  // +x
        m.addFace([v(-1, -1, -1), v(-1, -1, 1), v(-1, 1, 1), v(-1, 1, -1)])  // -x
        m.addFace([v(-1, 1, 1), v(1, 1, 1), v(1, 1, -1), v(-1, 1, -1)])  // +y
        m.addFace([v(-1, -1, -1), v(1, -1, -1), v(1, -1, 1), v(-1, -1, 1)])  // -y
        return m
    }
}
