/// Polygons in a plane: the one home of the 2-D polygon geometry every Plumbline module uses (plan
/// outlines, floor triangles, object footprints, wall faces unrolled into (u, y)).
///
/// A polygon is an array of vertices without a repeated closing vertex; the last connects back to the
/// first. Coordinates are metres in whatever plane the caller works in; the functions name the two
/// axes (x, y) of `SIMD2`. **Sign convention:** ``signedArea(_:)`` is the shoelace sum
/// `½ Σ (xᵢ yᵢ₊₁ − xᵢ₊₁ yᵢ)`, positive when the vertices turn counter-clockwise in (x, y). (RoomPlan's
/// plan is world (x, z) seen from +Y, where that sum is *negative* for a turn counter-clockwise seen from
/// above; `Plumbline.PlanPolygon` says so and builds on these functions.)
///
/// The functions are generic over `Float` and `Double` vertices; sums and products that accumulate
/// are taken in `Double` about the first vertex (scans can sit 10⁶ m from the origin). The convex hull of
/// a point set is ``ConvexHull2D``.
public enum Plan2D {
    /// Shoelace area in square metres, positive when counter-clockwise in (x, y); 0 for fewer than 3
    /// vertices. Accumulated in `Double` about the first vertex.
    /// - Complexity: O(n).
    @inlinable
    public static func signedArea<T: BinaryFloatingPoint & SIMDScalar>(_ p: [SIMD2<T>]) -> Double {
        guard p.count >= 3 else { return 0 }
        let o = SIMD2<Double>(Double(p[0].x), Double(p[0].y))
        var s = 0.0
        for i in p.indices {
            let a = SIMD2<Double>(Double(p[i].x), Double(p[i].y)) - o
            let q = p[(i + 1) % p.count]
            let b = SIMD2<Double>(Double(q.x), Double(q.y)) - o
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    /// Enclosed area in square metres (the absolute ``signedArea(_:)``).
    /// - Complexity: O(n).
    @inlinable
    public static func area<T: BinaryFloatingPoint & SIMDScalar>(_ p: [SIMD2<T>]) -> Double { abs(signedArea(p)) }

    /// Area centroid; the vertex mean when the area is zero (below 5·10⁻¹³ m²); `nil` when empty.
    /// Accumulated in `Double` about the first vertex.
    /// - Complexity: O(n).
    @inlinable
    public static func centroid<T: BinaryFloatingPoint & SIMDScalar>(_ p: [SIMD2<T>]) -> SIMD2<Double>? {
        guard !p.isEmpty else { return nil }
        let o = SIMD2<Double>(Double(p[0].x), Double(p[0].y))
        var a2 = 0.0
        var c = SIMD2<Double>.zero
        for i in p.indices {
            let u = SIMD2<Double>(Double(p[i].x), Double(p[i].y)) - o
            let n = p[(i + 1) % p.count]
            let v = SIMD2<Double>(Double(n.x), Double(n.y)) - o
            let w = u.x * v.y - v.x * u.y
            a2 += w
            c += (u + v) * w
        }
        if abs(a2) < 1e-12 {
            var m = SIMD2<Double>.zero
            for v in p { m += SIMD2<Double>(Double(v.x), Double(v.y)) }
            return m / Double(p.count)
        }
        return o + c / (3 * a2)
    }

    /// Even-odd point-in-polygon test (a point exactly on an edge may go either way).
    /// - Complexity: O(n).
    @inlinable
    public static func contains<T: BinaryFloatingPoint & SIMDScalar>(_ p: [SIMD2<T>], _ q: SIMD2<T>) -> Bool {
        var inside = false
        var j = p.count - 1
        for i in p.indices {
            let a = p[i], b = p[j]
            if (a.y > q.y) != (b.y > q.y) {
                let x = (b.x - a.x) * (q.y - a.y) / (b.y - a.y) + a.x
                if q.x < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Distance in metres from `q` to the closed segment `a`–`b`.
    /// - Complexity: O(1).
    public static func distance(_ q: SIMD2<Double>, segment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        let l2 = (d * d).sum()
        let t = l2 > 0 ? min(max(((q - a) * d).sum() / l2, 0), 1) : 0
        let e = q - (a + d * t)
        return (e * e).sum().squareRoot()
    }

    /// Distance in metres from `q` to the polygon's boundary (∞ for an empty polygon).
    /// - Complexity: O(n).
    public static func boundaryDistance(_ p: [SIMD2<Double>], _ q: SIMD2<Double>) -> Double {
        var best = Double.infinity
        for i in p.indices { best = min(best, distance(q, segment: p[i], p[(i + 1) % p.count])) }
        return best
    }

    /// Twice the signed area of the triangle `o`, `a`, `b`: positive when it turns counter-clockwise.
    /// The differences are taken in the vertices' own precision, the product in `Double`.
    /// - Complexity: O(1).
    @inlinable
    public static func orientation<T: BinaryFloatingPoint & SIMDScalar>(_ o: SIMD2<T>, _ a: SIMD2<T>, _ b: SIMD2<T>) -> Double {
        Double(a.x - o.x) * Double(b.y - o.y) - Double(a.y - o.y) * Double(b.x - o.x)
    }

    /// True when the open segments `a`–`b` and `c`–`d` properly cross (touching does not count).
    /// - Complexity: O(1).
    public static func segmentsCross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
        let o1 = orientation(a, b, c), o2 = orientation(a, b, d), o3 = orientation(c, d, a), o4 = orientation(c, d, b)
        return ((o1 > 1e-12 && o2 < -1e-12) || (o1 < -1e-12 && o2 > 1e-12))
            && ((o3 > 1e-12 && o4 < -1e-12) || (o3 < -1e-12 && o4 > 1e-12))
    }

    /// Index of the first edge that properly crosses a non-adjacent edge, or `nil` when no two edges
    /// cross (a simple polygon, or one that only touches itself at a vertex).
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

    /// Ear-clipping triangulation: triples of vertex indices into `polygon`, each counter-clockwise in
    /// (x, y), whatever the polygon's orientation.
    ///
    /// The polygon may touch itself at a vertex (a *pinch*: the same point visited twice, as an outline
    /// with a pocket or a spike hanging off one corner): a vertex that coincides with one of a candidate
    /// ear's corners does not block the ear, so a pinched outline is covered exactly, without ground
    /// outside it. Collinear and duplicate vertices are dropped as they come; a self-crossing polygon,
    /// where no ear is left, has the rest fanned, so the result always holds n − 2 triangles or fewer and
    /// never hangs. Returns an empty array for fewer than 3 vertices.
    /// - Complexity: O(n³) worst case, n = vertex count (outlines have tens of vertices).
    @inlinable
    public static func triangulate<T: BinaryFloatingPoint & SIMDScalar>(_ polygon: [SIMD2<T>]) -> [(Int, Int, Int)] {
        let n = polygon.count
        guard n >= 3 else { return [] }
        var idx = Array(0..<n)
        if signedArea(polygon) < 0 { idx.reverse() }
        var out: [(Int, Int, Int)] = []
        out.reserveCapacity(n - 2)
        var guardCount = 0
        while idx.count > 3 && guardCount < 4 * n * n {
            guardCount += 1
            // A needle (out to a point and straight back, left where a pocket was clipped off at a pinch)
            // encloses nothing: drop its tip and the vertex it returns to before looking for ears.
            if let k = idx.indices.first(where: { k in
                polygon[idx[(k + idx.count - 1) % idx.count]] == polygon[idx[(k + 1) % idx.count]]
            }) {
                let next = (k + 1) % idx.count
                idx.remove(at: max(k, next))
                idx.remove(at: min(k, next))
                continue
            }
            var clipped = false
            for k in idx.indices {
                let i0 = idx[(k + idx.count - 1) % idx.count], i1 = idx[k], i2 = idx[(k + 1) % idx.count]
                let a = polygon[i0], b = polygon[i1], c = polygon[i2]
                if orientation(a, b, c) <= 1e-14 { continue }
                var ear = true
                for (j, m) in idx.enumerated() where m != i0 && m != i1 && m != i2 {
                    let q = polygon[m]
                    if q == a || q == b || q == c {
                        // A second pass through one of the ear's corners (a pinch) blocks the ear only
                        // when one of its edges leaves that corner into the triangle.
                        let n0 = polygon[idx[(j + idx.count - 1) % idx.count]], n1 = polygon[idx[(j + 1) % idx.count]]
                        for nb in [n0, n1] {
                            // The edge toward `nb` enters the triangle when `nb` lies inside both triangle
                            // edges that meet at the shared corner.
                            let ab = orientation(a, b, nb), bc = orientation(b, c, nb), ca = orientation(c, a, nb)
                            let (e0, e1) = q == a ? (ab, ca) : q == b ? (ab, bc) : (bc, ca)
                            if e0 > 1e-14 && e1 > 1e-14 { ear = false }
                        }
                        if !ear { break }
                        continue
                    }
                    if orientation(a, b, q) >= -1e-14 && orientation(b, c, q) >= -1e-14 && orientation(c, a, q) >= -1e-14 {
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
                // Only flat corners or a self-crossing remainder: drop one flat corner, or fan the rest.
                if let k = idx.indices.first(where: { k in
                    let a = polygon[idx[(k + idx.count - 1) % idx.count]], b = polygon[idx[k]], c = polygon[idx[(k + 1) % idx.count]]
                    return abs(orientation(a, b, c)) <= 1e-12
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

    /// Clips a polygon to the half-plane `dot(n, p) <= c` (one Sutherland–Hodgman pass; exact for a
    /// convex polygon).
    /// - Complexity: O(n).
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

    /// The part of polygon `subject` inside the convex polygon `clipper` (either orientation):
    /// Sutherland–Hodgman, one half-plane per clipper edge. Exact when `subject` is convex too; empty
    /// when fewer than 3 vertices remain.
    /// - Complexity: O(n·m).
    public static func clip(_ subject: [SIMD2<Double>], byConvex clipper: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard clipper.count >= 3 else { return [] }
        var out = subject
        let ccw = signedArea(clipper) >= 0
        for k in clipper.indices where !out.isEmpty {
            let p = clipper[k], q = clipper[(k + 1) % clipper.count]
            let e = q - p
            // The outward normal of a counter-clockwise edge is (e.y, -e.x).
            var n = SIMD2(e.y, -e.x)
            if !ccw { n = -n }
            out = clipConvex(out, normal: n, offset: (n * p).sum())
        }
        return out.count >= 3 ? out : []
    }

    /// True when two convex polygons overlap with positive area (separating-axis test; touching or
    /// overlapping by less than `tolerance` metres does not count).
    /// - Complexity: O((n + m)²).
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
