/// Ear-clipping triangulation of a simple polygon in a plane (floors, room outlines).
package enum PolygonTriangulator {
    /// Triangles as index triples into `polygon` (x-y coordinates), counter-clockwise. Collinear and
    /// duplicate vertices are tolerated; a self-intersecting polygon still yields n − 2 triangles
    /// (the ears found, then a fan of what is left), never a hang.
    /// - Complexity: O(n³) worst case, n = vertex count (floors have tens of vertices).
    package static func triangulate(_ polygon: [SIMD2<Float>]) -> [(Int, Int, Int)] {
        let n = polygon.count
        guard n >= 3 else { return [] }
        var idx = Array(0..<n)
        var area = 0.0
        for i in 0..<n {
            let a = polygon[i], b = polygon[(i + 1) % n]
            area += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
        }
        if area < 0 { idx.reverse() }
        func cross(_ o: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Double {
            Double(a.x - o.x) * Double(b.y - o.y) - Double(a.y - o.y) * Double(b.x - o.x)
        }
        var out: [(Int, Int, Int)] = []
        var guardCount = 0
        while idx.count > 3 && guardCount < n * n {
            guardCount += 1
            var clipped = false
            for k in 0..<idx.count {
                let i0 = idx[(k + idx.count - 1) % idx.count], i1 = idx[k], i2 = idx[(k + 1) % idx.count]
                let a = polygon[i0], b = polygon[i1], c = polygon[i2]
                guard cross(a, b, c) > 1e-12 else { continue }
                var inside = false
                for j in idx where j != i0 && j != i1 && j != i2 {
                    let p = polygon[j]
                    if cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0 { inside = true; break }
                }
                if inside { continue }
                out.append((i0, i1, i2))
                idx.remove(at: k)
                clipped = true
                break
            }
            if !clipped {
                // Only collinear or degenerate corners left: drop one flat corner, or fan the rest.
                if let k = idx.indices.first(where: { k in
                    let a = polygon[idx[(k + idx.count - 1) % idx.count]], b = polygon[idx[k]], c = polygon[idx[(k + 1) % idx.count]]
                    return abs(cross(a, b, c)) <= 1e-12
                }) {
                    idx.remove(at: k)
                } else {
                    break
                }
            }
        }
        if idx.count >= 3 {
            for k in 1..<(idx.count - 1) { out.append((idx[0], idx[k], idx[k + 1])) }
        }
        return out
    }
}
