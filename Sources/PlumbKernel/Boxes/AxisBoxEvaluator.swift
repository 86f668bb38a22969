/// The smallest box having a given axis around a fixed, small point set (such as the vertices of a 3D
/// hull), for searches that evaluate many axes without allocating per call.
///
/// Built with ``init(points:)`` it considers every point, and its result equals
/// `OrientedBoxFit.boxAround(axis:points:centroid: .zero)` for sets of at most 4096 points. Built with
/// ``init(hullOf:hull:)`` it knows the faces around each hull vertex and projects only the silhouette
/// vertices for the axis n: a vertex can be a corner of the projected outline only if its incident face
/// normals do not all lie strictly on one side of the plane ⊥ n (their cone then contains no direction
/// ⊥ n). Incident normals within 1e-9 of that plane count as both sides, so rounding keeps vertices
/// rather than dropping them.
///
/// The projected points are sorted by insertion sort starting from the previous call's order, which is
/// O(k) for k projected points when the axis moved little (a local search); after 4k moves it switches to
/// a full O(k log k) sort. The sorted values, hence the result, do not depend on that order.
struct AxisBoxEvaluator {
    /// The points (metres, any common frame).
    let points: [SIMD3<Double>]
    /// Unit outward face normals (empty without hull topology).
    private let faceNormals: [SIMD3<Double>]
    /// Faces around point `i`: `incidence[incidenceStart[i]..<incidenceStart[i + 1]]`.
    private let incidenceStart: [Int]
    private let incidence: [Int]
    private var faceDot: [Double]
    /// All point indices, in the sorted order of the last call (a permutation).
    private var order: [Int]
    private var position: [Int]
    private var kept: [Int]
    private var flat: [SIMD2<Double>]
    private var outline: [SIMD2<Double>]
    /// Number of boxes evaluated so far.
    private(set) var evaluations = 0

    /// An evaluator over all of `points`.
    init(points: [SIMD3<Double>]) {
        self.init(points: points, faceNormals: [], incidenceStart: [], incidence: [])
    }

    /// An evaluator over the vertices of `hull` (a hull of `pts`, indices into it) that projects only
    /// silhouette vertices.
    init(hullOf pts: [SIMD3<Double>], hull: ConvexHull3D) {
        var slot = [Int](repeating: -1, count: pts.count)
        for (k, i) in hull.vertexIndices.enumerated() { slot[i] = k }
        let m = hull.vertexIndices.count
        var normals: [SIMD3<Double>] = []
        var count = [Int](repeating: 0, count: m + 1)
        for t in hull.triangles {
            let c = cross(pts[t.y] - pts[t.x], pts[t.z] - pts[t.x])
            let l = length(c)
            // A degenerate face gets a zero normal: it counts as both sides, so its vertices are kept.
            normals.append(l > 0 ? c / l : .zero)
            for i in [t.x, t.y, t.z] { count[slot[i] + 1] += 1 }
        }
        for k in 0..<m { count[k + 1] += count[k] }
        var fill = count
        var incidence = [Int](repeating: 0, count: count[m])
        for (f, t) in hull.triangles.enumerated() {
            for i in [t.x, t.y, t.z] {
                incidence[fill[slot[i]]] = f
                fill[slot[i]] += 1
            }
        }
        self.init(points: hull.vertexIndices.map { pts[$0] }, faceNormals: normals, incidenceStart: count, incidence: incidence)
    }

    private init(points: [SIMD3<Double>], faceNormals: [SIMD3<Double>], incidenceStart: [Int], incidence: [Int]) {
        self.points = points
        self.faceNormals = faceNormals
        self.incidenceStart = incidenceStart
        self.incidence = incidence
        faceDot = [Double](repeating: 0, count: faceNormals.count)
        order = Array(0..<points.count)
        position = order
        kept = order
        flat = [SIMD2<Double>](repeating: .zero, count: points.count)
        outline = [SIMD2<Double>](repeating: .zero, count: 2 * points.count + 2)
    }

    /// The smallest box having `n` (unit) as its third axis: minimum-area rectangle of the projection
    /// plus the extent along `n`. O(m + f) to O(m + f + k log k) for m points, f faces, k projected
    /// points, see the type's note.
    mutating func box(axis n: SIMD3<Double>) -> OrientedBox {
        evaluations += 1
        let (u, v) = OrientedBoxFit.planeBasis(n)
        let m = points.count
        var lo = Double.infinity, hi = -Double.infinity
        var k = 0
        let topology = !faceNormals.isEmpty
        points.withUnsafeBufferPointer { ps in
            for i in 0..<m {
                let h = dot(ps[i], n)
                lo = min(lo, h)
                hi = max(hi, h)
            }
            if topology {
                faceNormals.withUnsafeBufferPointer { fn in
                    faceDot.withUnsafeMutableBufferPointer { d in
                        for f in 0..<fn.count { d[f] = dot(fn[f], n) }
                    }
                }
            }
            faceDot.withUnsafeBufferPointer { d in
                incidenceStart.withUnsafeBufferPointer { start in
                    incidence.withUnsafeBufferPointer { inc in
                        order.withUnsafeBufferPointer { o in
                            position.withUnsafeMutableBufferPointer { pos in
                                kept.withUnsafeMutableBufferPointer { kp in
                                    flat.withUnsafeMutableBufferPointer { f in
                                        for p in 0..<m {
                                            let i = o[p]
                                            if topology && start[i + 1] > start[i] {
                                                var above = false, below = false
                                                for j in start[i]..<start[i + 1] {
                                                    let s = d[inc[j]]
                                                    if s >= -1e-9 { above = true }
                                                    if s <= 1e-9 { below = true }
                                                }
                                                if !(above && below) { continue }
                                            }
                                            let q = ps[i]
                                            pos[k] = p
                                            kp[k] = i
                                            f[k] = SIMD2(dot(q, u), dot(q, v))
                                            k += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let count = k
        @inline(__always) func less(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
            a.x < b.x || (a.x == b.x && a.y < b.y)
        }
        let sortedInPlace: Bool = kept.withUnsafeMutableBufferPointer { kp in
            flat.withUnsafeMutableBufferPointer { f in
                // Insertion sort from the previous order; give up after 4k element moves.
                var moves = 0
                let budget = 4 * count
                var j = 1
                while j < count && moves <= budget {
                    let idx = kp[j], key = f[j]
                    var t = j
                    while t > 0 && less(key, f[t - 1]) {
                        f[t] = f[t - 1]
                        kp[t] = kp[t - 1]
                        t -= 1
                    }
                    moves += j - t
                    f[t] = key
                    kp[t] = idx
                    j += 1
                }
                return j >= count
            }
        }
        if !sortedInPlace {
            // The axis moved far: a full sort (the keys are recomputed bit-identically).
            let ps = points
            @inline(__always) func key(_ i: Int) -> SIMD2<Double> { SIMD2(dot(ps[i], u), dot(ps[i], v)) }
            kept[0..<count].sort { less(key($0), key($1)) }
            for j in 0..<count { flat[j] = key(kept[j]) }
        }
        // The kept points take the slots they held in the global order, now sorted among themselves.
        for j in 0..<count { order[position[j]] = kept[j] }
        let found = flat.withUnsafeBufferPointer { s in
            outline.withUnsafeMutableBufferPointer { h -> Rectangle2D? in
                let c = ConvexHull2D.chain(sorted: UnsafeBufferPointer(rebasing: s[0..<count]), into: h)
                return MinimumAreaRectangle.enclosing(hull: UnsafeBufferPointer(rebasing: h[0..<c]))
            }
        }
        guard let rect = found else {
            return OrientedBox(centre: .zero, axis0: u, axis1: v, halfExtents: .zero)
        }
        let a0 = rect.axis.x * u + rect.axis.y * v
        let a1 = cross(n, a0)
        let centre = rect.centre.x * u + rect.centre.y * v + 0.5 * (lo + hi) * n
        return OrientedBox(centre: centre, axis0: a0, axis1: a1,
                           halfExtents: SIMD3(rect.halfExtents.x, rect.halfExtents.y, 0.5 * (hi - lo)))
    }
}
