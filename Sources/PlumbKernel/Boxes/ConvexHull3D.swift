/// Convex hull of a 3D point set, as a closed triangle mesh with outward-facing triangles.
public struct ConvexHull3D: Sendable, Equatable, Hashable {
    /// Indices (into the input array) of the points that are hull vertices, ascending.
    public var vertexIndices: [Int]
    /// Triangles as index triples into the input array, counter-clockwise seen from outside.
    public var triangles: [SIMD3<Int>]

    /// The hull of `points` by incremental construction. Points are inserted farthest-from-centroid
    /// first, so extreme points (box corners) enter early and points on flat faces are then skipped as
    /// inside; the order is a deterministic function of the input.
    ///
    /// A point within `1e-6 * diameter` of the current hull counts as inside (coordinates that went
    /// through `Float` carry ~1e-7 relative noise), so near-coplanar input is
    /// handled consistently; the vertex set can therefore omit points lying that close to a face.
    /// Returns `nil` when the points do not span 3D (empty, coincident, collinear or coplanar), or in the
    /// unlikely case that rounding corrupts the mesh (more faces than a hull of n points can have).
    /// - Precondition: all points are finite.
    /// - Complexity: O(n · f) worst case for f hull faces (expected much less on scanned objects);
    ///   O(n + f) memory.
    public static func compute(_ points: [SIMD3<Double>]) -> ConvexHull3D? {
        var builder = Builder(points)
        guard builder.initialise() else { return nil }
        var centroid = SIMD3<Double>.zero
        for q in points { centroid += q }
        centroid /= Double(points.count)
        let distance = points.map { q -> Double in let d = q - centroid; return dot(d, d) }
        let order = (0..<points.count).sorted { distance[$0] > distance[$1] || (distance[$0] == distance[$1] && $0 < $1) }
        for i in order where !builder.initial.contains(i) {
            builder.insert(i)
            // A hull has at most 2n − 4 faces; more means rounding broke the mesh: give up.
            if builder.aliveList.count > 2 * points.count { return nil }
        }
        return builder.result()
    }

    /// Incremental hull state: faces in parallel arrays, a directed-edge → face map for adjacency.
    struct Builder {
        let p: [SIMD3<Double>]
        var faces: [SIMD3<Int>] = []
        var normals: [SIMD3<Double>] = []
        var offsets: [Double] = []
        var alive: [Bool] = []
        var aliveList: [Int] = []
        var visibleFlag: [Bool] = []
        var edgeFace: [UInt64: Int] = [:]
        var eps = 0.0
        var initial: [Int] = []
        var interior = SIMD3<Double>.zero

        init(_ p: [SIMD3<Double>]) { self.p = p }

        @inline(__always) static func key(_ a: Int, _ b: Int) -> UInt64 { UInt64(a) << 32 | UInt64(b) }

        /// Finds four affinely independent extreme points and builds the outward tetrahedron.
        mutating func initialise() -> Bool {
            guard p.count >= 4 else { return false }
            var lo = p[0], hi = p[0]
            for q in p { lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q) }
            let diameter = length(hi - lo)
            guard diameter > 0 else { return false }
            eps = 1e-6 * diameter
            var i0 = 0
            for (i, q) in p.enumerated() where q.x < p[i0].x || (q.x == p[i0].x && (q.y, q.z) < (p[i0].y, p[i0].z)) { i0 = i }
            var i1 = i0, best = 0.0
            for (i, q) in p.enumerated() { let d = length(q - p[i0]); if d > best { best = d; i1 = i } }
            guard best > eps else { return false }
            let dir = (p[i1] - p[i0]) / best
            var i2 = i0
            best = 0
            for (i, q) in p.enumerated() {
                let d = length(cross(q - p[i0], dir))
                if d > best { best = d; i2 = i }
            }
            guard best > eps else { return false }
            let n = normalize(cross(p[i1] - p[i0], p[i2] - p[i0]))
            var i3 = i0
            best = 0
            for (i, q) in p.enumerated() {
                let d = abs(dot(q - p[i0], n))
                if d > best { best = d; i3 = i }
            }
            guard best > eps else { return false }
            initial = [i0, i1, i2, i3]
            interior = 0.25 * (p[i0] + p[i1] + p[i2] + p[i3])
            // Orient so the fourth point is behind the first face.
            if dot(p[i3] - p[i0], n) > 0 {
                addFace(i0, i2, i1); addFace(i0, i1, i3); addFace(i1, i2, i3); addFace(i2, i0, i3)
            } else {
                addFace(i0, i1, i2); addFace(i0, i3, i1); addFace(i1, i3, i2); addFace(i2, i3, i0)
            }
            return true
        }

        mutating func addFace(_ a: Int, _ b: Int, _ c: Int) {
            let id = faces.count
            let n = normalize(cross(p[b] - p[a], p[c] - p[a]))
            faces.append(SIMD3(a, b, c))
            normals.append(n)
            offsets.append(dot(n, p[a]))
            alive.append(true)
            visibleFlag.append(false)
            aliveList.append(id)
            edgeFace[Self.key(a, b)] = id
            edgeFace[Self.key(b, c)] = id
            edgeFace[Self.key(c, a)] = id
        }

        /// Adds point `q`: the faces it sees (signed distance above `eps`) are replaced by a fan from `q`
        /// to the boundary of that region. If rounding makes the region not a disc (its boundary is not a
        /// single cycle) or would flip a new face towards the interior, the strict test (distance > 0) is tried, then the connected part around the
        /// best-seen face; if none is a disc the point is skipped, which keeps the mesh a valid closed
        /// 2-manifold (the point then lies within rounding distance of the hull).
        mutating func insert(_ q: Int) {
            for mode in 0..<3 where tryInsert(q, mode: mode) { return }
        }

        /// One insertion attempt; `mode` 0: all faces with d > eps, 1: all faces with d > 0,
        /// 2: faces with d > eps connected to the best-seen face. Returns false (and changes nothing)
        /// when the region is not a disc; true when inserted or when `q` sees nothing.
        mutating func tryInsert(_ q: Int, mode: Int) -> Bool {
            let x = p[q]
            let threshold = mode == 1 ? 0 : eps
            var visible: [Int] = []
            var start = -1
            var farthest = eps
            for f in aliveList {
                let d = dot(normals[f], x) - offsets[f]
                if d > farthest { farthest = d; start = f }
                if mode != 2 && d > threshold { visible.append(f) }
            }
            guard start >= 0 else { return true }
            if mode == 2 { visible = [start] }
            for f in visible { visibleFlag[f] = true }
            if mode == 2 {
                var head = 0
                while head < visible.count {
                    let t = faces[visible[head]]
                    head += 1
                    for (a, b) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] {
                        guard let g = edgeFace[Self.key(b, a)], alive[g], !visibleFlag[g],
                              dot(normals[g], x) - offsets[g] > eps else { continue }
                        visibleFlag[g] = true
                        visible.append(g)
                    }
                }
            }
            var horizon: [(Int, Int)] = []
            var successor: [Int: Int] = [:]
            var simple = true
            for f in visible {
                let t = faces[f]
                for (a, b) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] {
                    let g = edgeFace[Self.key(b, a)]
                    if g == nil || !visibleFlag[g!] {
                        horizon.append((a, b))
                        if successor.updateValue(b, forKey: a) != nil { simple = false }
                    }
                }
            }
            if simple, let first = horizon.first?.0 {
                var v = first, steps = 0
                repeat {
                    guard let w = successor[v] else { simple = false; break }
                    v = w
                    steps += 1
                } while v != first && steps <= horizon.count
                if steps != horizon.count { simple = false }
            }
            // Every fan face must face away from a point strictly inside the hull; rounding on nearly
            // coplanar or sliver faces can flip one, and accepting it would break convexity.
            if simple {
                for (a, b) in horizon {
                    let n = cross(p[b] - p[a], x - p[a])
                    let l = length(n)
                    if !(l > 0) || !(dot(n, interior - p[a]) < -eps * l) { simple = false; break }
                }
            }
            guard simple, horizon.count >= 3 else {
                for f in visible { visibleFlag[f] = false }
                return false
            }
            for f in visible {
                alive[f] = false
                visibleFlag[f] = false
                let t = faces[f]
                for (a, b) in [(t.x, t.y), (t.y, t.z), (t.z, t.x)] where edgeFace[Self.key(a, b)] == f {
                    edgeFace[Self.key(a, b)] = nil
                }
            }
            aliveList.removeAll { !alive[$0] }
            for (a, b) in horizon { addFace(a, b, q) }
            return true
        }

        func result() -> ConvexHull3D {
            var tris: [SIMD3<Int>] = []
            var used = Set<Int>()
            for f in aliveList {
                tris.append(faces[f])
                used.insert(faces[f].x); used.insert(faces[f].y); used.insert(faces[f].z)
            }
            return ConvexHull3D(vertexIndices: used.sorted(), triangles: tris)
        }
    }
}
