/// The smallest box having a given axis around a fixed, small point set (such as the vertices of a 3D
/// hull), for searches that evaluate many nearby axes: the result equals
/// `OrientedBoxFit.boxAround(axis:points:centroid: .zero)` for point sets of at most 4096 points, without
/// allocating per call.
///
/// The projected points are sorted by insertion sort starting from the previous call's order, which is
/// O(m) when the axis moved little (a local search); after 4m moves it switches to a full O(m log m)
/// sort. The sorted values, hence the result, do not depend on that order.
struct AxisBoxEvaluator {
    /// The points (metres, any common frame).
    let points: [SIMD3<Double>]
    private var order: [Int]
    private var flat: [SIMD2<Double>]
    private var sorted: [SIMD2<Double>]
    private var hull: [SIMD2<Double>]
    /// Number of boxes evaluated so far.
    private(set) var evaluations = 0

    init(points: [SIMD3<Double>]) {
        self.points = points
        order = Array(0..<points.count)
        flat = [SIMD2<Double>](repeating: .zero, count: points.count)
        sorted = flat
        hull = [SIMD2<Double>](repeating: .zero, count: 2 * points.count + 2)
    }

    /// The smallest box having `n` (unit) as its third axis: minimum-area rectangle of the projection
    /// plus the extent along `n`. O(m) to O(m log m) for m points, see the type's note.
    mutating func box(axis n: SIMD3<Double>) -> OrientedBox {
        evaluations += 1
        let (u, v) = OrientedBoxFit.planeBasis(n)
        var lo = Double.infinity, hi = -Double.infinity
        let m = points.count
        points.withUnsafeBufferPointer { ps in
            flat.withUnsafeMutableBufferPointer { f in
                for k in 0..<m {
                    let q = ps[k]
                    f[k] = SIMD2(dot(q, u), dot(q, v))
                    let h = dot(q, n)
                    lo = min(lo, h)
                    hi = max(hi, h)
                }
            }
        }
        flat.withUnsafeBufferPointer { f in
            order.withUnsafeMutableBufferPointer { o in
                sorted.withUnsafeMutableBufferPointer { s in
                    @inline(__always) func less(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
                        a.x < b.x || (a.x == b.x && a.y < b.y)
                    }
                    // Insertion sort from the previous order; after 4m element moves (the axis moved
                    // far), finish with a full sort instead.
                    var moves = 0
                    let budget = 4 * m
                    if m > 0 { s[0] = f[o[0]] }
                    var k = 1
                    while k < m && moves <= budget {
                        let idx = o[k], key = f[idx]
                        var j = k
                        while j > 0 && less(key, s[j - 1]) {
                            s[j] = s[j - 1]
                            o[j] = o[j - 1]
                            j -= 1
                        }
                        moves += k - j
                        s[j] = key
                        o[j] = idx
                        k += 1
                    }
                    if k < m {
                        o.sort { less(f[$0], f[$1]) }
                        for i in 0..<m { s[i] = f[o[i]] }
                    }
                }
            }
        }
        let found = sorted.withUnsafeBufferPointer { s in
            hull.withUnsafeMutableBufferPointer { h -> Rectangle2D? in
                let c = ConvexHull2D.chain(sorted: s, into: h)
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
