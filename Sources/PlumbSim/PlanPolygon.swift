/// 2D polygon utilities on plan (x, z) points, metres. Polygons are vertex lists without a repeated
/// closing vertex, either orientation.
public enum PlanPolygon {
    /// Signed shoelace area (positive when counter-clockwise in the (x, z) axes), m².
    /// - Complexity: O(n).
    public static func signedArea(_ p: [SIMD2<Double>]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    /// Area centroid (vertex mean for degenerate polygons).
    public static func centroid(_ p: [SIMD2<Double>]) -> SIMD2<Double> {
        guard !p.isEmpty else { return .zero }
        let a = signedArea(p)
        guard abs(a) > 1e-12 else { return p.reduce(.zero, +) / Double(p.count) }
        var c = SIMD2<Double>.zero
        for i in p.indices {
            let u = p[i], v = p[(i + 1) % p.count]
            c += (u + v) * (u.x * v.y - v.x * u.y)
        }
        return c / (6 * a)
    }

    /// Even-odd point-in-polygon test.
    /// - Complexity: O(n).
    public static func contains(_ p: [SIMD2<Double>], _ q: SIMD2<Double>) -> Bool {
        var inside = false
        var j = p.count - 1
        for i in p.indices {
            let a = p[i], b = p[j]
            if (a.y > q.y) != (b.y > q.y) {
                let x = a.x + (q.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if q.x < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Distance from `q` to the segment `a`–`b`.
    public static func distance(_ q: SIMD2<Double>, segment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        let l2 = (d * d).sum()
        let t = l2 > 0 ? min(max(((q - a) * d).sum() / l2, 0), 1) : 0
        let e = q - (a + d * t)
        return (e * e).sum().squareRoot()
    }

    /// Distance from `q` to the polygon's boundary.
    public static func boundaryDistance(_ p: [SIMD2<Double>], _ q: SIMD2<Double>) -> Double {
        var best = Double.infinity
        for i in p.indices { best = min(best, distance(q, segment: p[i], p[(i + 1) % p.count])) }
        return best
    }

    /// True when the open segments `a`–`b` and `c`–`d` properly cross (touching does not count).
    public static func segmentsCross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
        func orient(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ r: SIMD2<Double>) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        let o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b)
        return ((o1 > 1e-12 && o2 < -1e-12) || (o1 < -1e-12 && o2 > 1e-12))
            && ((o3 > 1e-12 && o4 < -1e-12) || (o3 < -1e-12 && o4 > 1e-12))
    }

    /// Index of the first edge that crosses a non-adjacent edge, or `nil` for a simple polygon.
    /// - Complexity: O(n²).
    public static func firstSelfIntersection(_ p: [SIMD2<Double>]) -> Int? {
        let n = p.count
        guard n >= 4 else { return nil }
        for i in 0..<n {
            for j in (i + 1)..<n where j != i + 1 && !(i == 0 && j == n - 1) {
                if segmentsCross(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n]) { return i }
            }
        }
        return nil
    }

    /// Ear-clipping triangulation of a simple polygon: triples of vertex indices, counter-clockwise.
    /// Returns an empty array for fewer than 3 vertices.
    /// - Complexity: O(n²) (worst case O(n³) for pathological input).
    public static func triangulate(_ poly: [SIMD2<Double>]) -> [(Int, Int, Int)] {
        let n = poly.count
        guard n >= 3 else { return [] }
        var idx = Array(0..<n)
        if signedArea(poly) < 0 { idx.reverse() }
        var out: [(Int, Int, Int)] = []
        func cross2(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var guardCount = 0
        while idx.count > 3 && guardCount < 4 * n * n {
            guardCount += 1
            var clipped = false
            for k in idx.indices {
                let i0 = idx[(k + idx.count - 1) % idx.count], i1 = idx[k], i2 = idx[(k + 1) % idx.count]
                let a = poly[i0], b = poly[i1], c = poly[i2]
                if cross2(a, b, c) <= 1e-14 { continue }
                var ear = true
                for m in idx where m != i0 && m != i1 && m != i2 {
                    let q = poly[m]
                    if cross2(a, b, q) >= -1e-14 && cross2(b, c, q) >= -1e-14 && cross2(c, a, q) >= -1e-14 {
                        ear = false
                        break
                    }
                }
                if ear {
                    out.append((i0, i1, i2))
                    idx.remove(at: k)
                    clipped = true
                    break
                }
            }
            if !clipped {
                // Degenerate (collinear) remainder: drop a zero-area vertex and go on.
                if let k = idx.indices.first(where: { k in
                    let a = poly[idx[(k + idx.count - 1) % idx.count]], b = poly[idx[k]], c = poly[idx[(k + 1) % idx.count]]
                    return abs(cross2(a, b, c)) <= 1e-12
                }) {
                    idx.remove(at: k)
                } else { break }
            }
        }
        if idx.count == 3 { out.append((idx[0], idx[1], idx[2])) }
        return out
    }

    /// Clips a convex polygon to the half-plane `dot(n, p) <= c` (Sutherland–Hodgman, one plane).
    public static func clipConvex(_ p: [SIMD2<Double>], normal n: SIMD2<Double>, offset c: Double) -> [SIMD2<Double>] {
        guard !p.isEmpty else { return [] }
        var out: [SIMD2<Double>] = []
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            let da = (n * a).sum() - c, db = (n * b).sum() - c
            if da <= 0 { out.append(a) }
            if (da < 0 && db > 0) || (da > 0 && db < 0) { out.append(a + (b - a) * (da / (da - db))) }
        }
        return out
    }

    /// True when two convex polygons overlap with positive area (separating-axis test; touching or
    /// overlapping by less than `tolerance` metres does not count).
    public static func convexOverlap(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>], tolerance: Double = 1e-3) -> Bool {
        for poly in [a, b] {
            for i in poly.indices {
                let e = poly[(i + 1) % poly.count] - poly[i]
                let l = (e * e).sum().squareRoot()
                guard l > 1e-12 else { continue }
                let ax = SIMD2(-e.y, e.x) / l
                let pa = a.map { ($0 * ax).sum() }, pb = b.map { ($0 * ax).sum() }
                if pa.max()! <= pb.min()! + tolerance || pb.max()! <= pa.min()! + tolerance { return false }
            }
        }
        return true
    }
}
