import PlumbKernel

/// The nearest intersection found by a ``RayCaster``.
public struct RayHit: Sendable, Equatable {
    /// Ray parameter of the hit: distance along the ray in units of the direction's length.
    public var t: Float
    /// Index of the hit triangle in the source ``SceneMesh``.
    public var triangle: Int32
}

/// A bounding-volume hierarchy over a triangle mesh with SIMD ray casting.
///
/// Geometry is stored in `Float` relative to ``origin`` (the rounded centre of the mesh bounds) so
/// coordinates stay small. The tree is built with a binned surface-area heuristic; every leaf holds one
/// packet of up to four triangles tested at once with a 4-wide Möller–Trumbore (double-sided). Read-only
/// after construction, so one caster can serve many threads.
public struct RayCaster: Sendable {
    /// World position of the local origin, metres.
    public let origin: SIMD3<Double>
    /// Number of triangles.
    public let triangleCount: Int
    /// Unit normal of each triangle (source mesh order; orientation arbitrary, the caster is double-sided).
    public let triangleNormals: [SIMD3<Float>]
    struct Node: Sendable {
        var lo: SIMD3<Float>
        var hi: SIMD3<Float>
        /// Inner: index of the first child (the second is `child + 1`). Leaf: packet index.
        var child: Int32
        /// True for leaves.
        var isLeaf: Bool
    }
    let nodes: [Node]
    /// Nine SIMD4 per packet: v0 x/y/z, e1 x/y/z, e2 x/y/z (local metres).
    let packets: [SIMD4<Float>]
    /// Four triangle indices per packet (-1 = empty lane).
    let packetTriangles: [Int32]

    /// Builds the hierarchy over `mesh`.
    /// - Complexity: O(n log n) for n triangles (binned SAH with 16 bins).
    public init(mesh: SceneMesh) {
        let n = mesh.triangleCount
        triangleCount = n
        var lo = SIMD3<Double>(repeating: .infinity), hi = SIMD3<Double>(repeating: -.infinity)
        for v in mesh.vertices { lo = pointwiseMin(lo, v); hi = pointwiseMax(hi, v) }
        let o: SIMD3<Double> = n == 0 ? .zero : ((lo + hi) * 0.5).rounded(.toNearestOrEven)
        origin = o
        var a = [SIMD3<Float>](), b = [SIMD3<Float>](), c = [SIMD3<Float>]()
        a.reserveCapacity(n); b.reserveCapacity(n); c.reserveCapacity(n)
        for i in 0..<n {
            a.append(SIMD3<Float>(mesh.vertices[3 * i] - o))
            b.append(SIMD3<Float>(mesh.vertices[3 * i + 1] - o))
            c.append(SIMD3<Float>(mesh.vertices[3 * i + 2] - o))
        }
        triangleNormals = (0..<n).map { normalize(cross(b[$0] - a[$0], c[$0] - a[$0])) }
        var builder = BVHBuilder(a: a, b: b, c: c)
        builder.build()
        nodes = builder.nodes
        var pk = [SIMD4<Float>](repeating: .zero, count: 9 * builder.leaves.count)
        var pt = [Int32](repeating: -1, count: 4 * builder.leaves.count)
        for (k, leaf) in builder.leaves.enumerated() {
            for (lane, tri) in leaf.enumerated() {
                let e1 = b[tri] - a[tri], e2 = c[tri] - a[tri]
                let vals: [Float] = [a[tri].x, a[tri].y, a[tri].z, e1.x, e1.y, e1.z, e2.x, e2.y, e2.z]
                for m in 0..<9 { pk[9 * k + m][lane] = vals[m] }
                pt[4 * k + lane] = Int32(tri)
            }
        }
        packets = pk
        packetTriangles = pt
    }

    /// The nearest hit of the ray `origin + t·direction` (local coordinates, relative to ``origin``)
    /// with `tMin < t < tMax`, or `nil`.
    /// - Complexity: O(log n) typical.
    public func closestHit(localOrigin ro: SIMD3<Float>, direction rd: SIMD3<Float>, tMin: Float, tMax: Float) -> RayHit? {
        nodes.withUnsafeBufferPointer { nb in
            packets.withUnsafeBufferPointer { pb in
                packetTriangles.withUnsafeBufferPointer { tb in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCapacity) { st in
                        Self.traverse(nb, pb, tb, st.baseAddress!, ro, rd, tMin, tMax)
                    }
                }
            }
        }
    }

    /// Runs `body` with a ray query function `(localOrigin, direction, tMin, tMax) -> hit` that avoids
    /// per-call buffer setup and allocation (for tight loops). Not thread-safe across calls of one query
    /// function; use one `withQuery` per thread.
    public func withQuery<R>(_ body: ((SIMD3<Float>, SIMD3<Float>, Float, Float) -> RayHit?) -> R) -> R {
        nodes.withUnsafeBufferPointer { nb in
            packets.withUnsafeBufferPointer { pb in
                packetTriangles.withUnsafeBufferPointer { tb in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCapacity) { st in
                        let stack = st.baseAddress!
                        return body { ro, rd, t0, t1 in Self.traverse(nb, pb, tb, stack, ro, rd, t0, t1) }
                    }
                }
            }
        }
    }

    static let stackCapacity = 128

    @inline(__always)
    static func traverse(
        _ nodes: UnsafeBufferPointer<Node>, _ pk: UnsafeBufferPointer<SIMD4<Float>>, _ pt: UnsafeBufferPointer<Int32>,
        _ stack: UnsafeMutablePointer<Int32>, _ ro: SIMD3<Float>, _ rd: SIMD3<Float>, _ tMin: Float, _ tMax: Float
    ) -> RayHit? {
        guard !nodes.isEmpty else { return nil }
        let inv = safeInverse(rd)
        var best = tMax
        var bestTri: Int32 = -1
        let ox = SIMD4<Float>(repeating: ro.x), oy = SIMD4<Float>(repeating: ro.y), oz = SIMD4<Float>(repeating: ro.z)
        let dx = SIMD4<Float>(repeating: rd.x), dy = SIMD4<Float>(repeating: rd.y), dz = SIMD4<Float>(repeating: rd.z)
        do {
            var sp = 0
            var cur: Int32 = 0
            while true {
                let node = nodes[Int(cur)]
                if node.isLeaf {
                    let base = 9 * Int(node.child)
                    let v0x = pk[base], v0y = pk[base + 1], v0z = pk[base + 2]
                    let e1x = pk[base + 3], e1y = pk[base + 4], e1z = pk[base + 5]
                    let e2x = pk[base + 6], e2y = pk[base + 7], e2z = pk[base + 8]
                    // p = d × e2
                    let px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x
                    let det = e1x * px + e1y * py + e1z * pz
                    let tx = ox - v0x, ty = oy - v0y, tz = oz - v0z
                    let invDet = SIMD4<Float>(repeating: 1) / det
                    let u = (tx * px + ty * py + tz * pz) * invDet
                    // q = tvec × e1
                    let qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x
                    let v = (dx * qx + dy * qy + dz * qz) * invDet
                    let t = (e2x * qx + e2y * qy + e2z * qz) * invDet
                    let absDet = pointwiseMax(det, -det)
                    let uv = u + v
                    var ok: SIMDMask<SIMD4<Int32>> = absDet .> SIMD4<Float>(repeating: 1e-12)
                    ok = ok .& (u .>= SIMD4<Float>.zero)
                    ok = ok .& (v .>= SIMD4<Float>.zero)
                    ok = ok .& (uv .<= SIMD4<Float>(repeating: 1))
                    ok = ok .& (t .> SIMD4<Float>(repeating: tMin))
                    ok = ok .& (t .< SIMD4<Float>(repeating: best))
                    if any(ok) {
                        for lane in 0..<4 where ok[lane] && t[lane] < best {
                            best = t[lane]
                            bestTri = pt[4 * Int(node.child) + lane]
                        }
                    }
                } else {
                    let l = nodes[Int(node.child)], r = nodes[Int(node.child) + 1]
                    let tl = slab(l, ro, inv, tMin, best), tr = slab(r, ro, inv, tMin, best)
                    if tl < .infinity && tr < .infinity {
                        let near = tl <= tr ? node.child : node.child + 1
                        if sp < stackCapacity { stack[sp] = tl <= tr ? node.child + 1 : node.child; sp += 1 }
                        cur = near
                        continue
                    } else if tl < .infinity {
                        cur = node.child; continue
                    } else if tr < .infinity {
                        cur = node.child + 1; continue
                    }
                }
                // Pop, skipping nodes now farther than the best hit.
                var found = false
                while sp > 0 {
                    sp -= 1
                    let cand = stack[sp]
                    if slab(nodes[Int(cand)], ro, inv, tMin, best) < .infinity { cur = cand; found = true; break }
                }
                if !found { break }
            }
            return bestTri >= 0 ? RayHit(t: best, triangle: bestTri) : nil
        }
    }

    /// Entry distance of the ray into the node's box within (tMin, tMax), or +∞ when missed.
    /// `inv` must be finite (see ``safeInverse(_:)``), so no NaN arises.
    @inline(__always)
    static func slab(_ n: Node, _ ro: SIMD3<Float>, _ inv: SIMD3<Float>, _ tMin: Float, _ tMax: Float) -> Float {
        let ax = (n.lo.x - ro.x) * inv.x, bx = (n.hi.x - ro.x) * inv.x
        let ay = (n.lo.y - ro.y) * inv.y, by = (n.hi.y - ro.y) * inv.y
        let az = (n.lo.z - ro.z) * inv.z, bz = (n.hi.z - ro.z) * inv.z
        let enter = Swift.max(Swift.max(Swift.min(ax, bx), Swift.min(ay, by)), Swift.max(Swift.min(az, bz), tMin))
        let exit = Swift.min(Swift.min(Swift.max(ax, bx), Swift.max(ay, by)), Swift.min(Swift.max(az, bz), tMax))
        return enter <= exit ? enter : .infinity
    }

    /// Component-wise `1 / d` with near-zero components replaced by ±1e-20 so the result is finite.
    @inline(__always)
    static func safeInverse(_ d: SIMD3<Float>) -> SIMD3<Float> {
        func f(_ v: Float) -> Float { abs(v) < 1e-20 ? (v < 0 ? -1e20 : 1e20) : 1 / v }
        return SIMD3(f(d.x), f(d.y), f(d.z))
    }
}

/// Binned-SAH BVH construction over triangles (local `Float` coordinates).
struct BVHBuilder {
    let a: [SIMD3<Float>], b: [SIMD3<Float>], c: [SIMD3<Float>]
    var nodes: [RayCaster.Node] = []
    var leaves: [[Int]] = []
    var lo: [SIMD3<Float>] = [], hi: [SIMD3<Float>] = [], cen: [SIMD3<Float>] = []

    init(a: [SIMD3<Float>], b: [SIMD3<Float>], c: [SIMD3<Float>]) {
        self.a = a; self.b = b; self.c = c
    }

    mutating func build() {
        let n = a.count
        guard n > 0 else { return }
        for i in 0..<n {
            let l = pointwiseMin(a[i], pointwiseMin(b[i], c[i])), h = pointwiseMax(a[i], pointwiseMax(b[i], c[i]))
            lo.append(l); hi.append(h); cen.append((l + h) * 0.5)
        }
        var items = Array(0..<n)
        nodes.append(RayCaster.Node(lo: .zero, hi: .zero, child: 0, isLeaf: true))
        // Explicit work list: (node index, range in items).
        var work: [(Int, Int, Int)] = [(0, 0, n)]
        while let (ni, s, e) = work.popLast() {
            var bl = SIMD3<Float>(repeating: .infinity), bh = SIMD3<Float>(repeating: -.infinity)
            var cl = bl, ch = bh
            for k in s..<e { let t = items[k]; bl = pointwiseMin(bl, lo[t]); bh = pointwiseMax(bh, hi[t]); cl = pointwiseMin(cl, cen[t]); ch = pointwiseMax(ch, cen[t]) }
            // Pad boxes slightly so flat boxes are robust in the slab test.
            let pad = SIMD3<Float>(repeating: 1e-5)
            nodes[ni].lo = bl - pad
            nodes[ni].hi = bh + pad
            if e - s <= 4 {
                nodes[ni].isLeaf = true
                nodes[ni].child = Int32(leaves.count)
                leaves.append(Array(items[s..<e]))
                continue
            }
            let mid = split(&items, s, e, cl, ch)
            let left = nodes.count
            nodes.append(RayCaster.Node(lo: .zero, hi: .zero, child: 0, isLeaf: true))
            nodes.append(RayCaster.Node(lo: .zero, hi: .zero, child: 0, isLeaf: true))
            nodes[ni].isLeaf = false
            nodes[ni].child = Int32(left)
            work.append((left, s, mid))
            work.append((left + 1, mid, e))
        }
    }

    private func area(_ l: SIMD3<Float>, _ h: SIMD3<Float>) -> Float {
        let d = h - l
        return d.x < 0 ? 0 : d.x * d.y + d.y * d.z + d.z * d.x
    }

    /// Partitions `items[s..<e]` by the best binned-SAH plane; falls back to a median split.
    private func split(_ items: inout [Int], _ s: Int, _ e: Int, _ cl: SIMD3<Float>, _ ch: SIMD3<Float>) -> Int {
        let bins = 16
        var bestCost = Float.infinity, bestAxis = -1, bestBin = 0
        for axis in 0..<3 {
            let ext = ch[axis] - cl[axis]
            guard ext > 1e-9 else { continue }
            var bLo = [SIMD3<Float>](repeating: SIMD3(repeating: .infinity), count: bins)
            var bHi = [SIMD3<Float>](repeating: SIMD3(repeating: -.infinity), count: bins)
            var cnt = [Int](repeating: 0, count: bins)
            for k in s..<e {
                let t = items[k]
                let bi = min(bins - 1, Int((cen[t][axis] - cl[axis]) / ext * Float(bins)))
                cnt[bi] += 1; bLo[bi] = pointwiseMin(bLo[bi], lo[t]); bHi[bi] = pointwiseMax(bHi[bi], hi[t])
            }
            var rArea = [Float](repeating: 0, count: bins), rCnt = [Int](repeating: 0, count: bins)
            var al = SIMD3<Float>(repeating: .infinity), ah = SIMD3<Float>(repeating: -.infinity), ac = 0
            for i in stride(from: bins - 1, to: 0, by: -1) {
                al = pointwiseMin(al, bLo[i]); ah = pointwiseMax(ah, bHi[i]); ac += cnt[i]
                rArea[i] = area(al, ah); rCnt[i] = ac
            }
            al = SIMD3(repeating: .infinity); ah = SIMD3(repeating: -.infinity); ac = 0
            for i in 0..<(bins - 1) {
                al = pointwiseMin(al, bLo[i]); ah = pointwiseMax(ah, bHi[i]); ac += cnt[i]
                guard ac > 0, rCnt[i + 1] > 0 else { continue }
                let cost = area(al, ah) * Float(ac) + rArea[i + 1] * Float(rCnt[i + 1])
                if cost < bestCost { bestCost = cost; bestAxis = axis; bestBin = i }
            }
        }
        if bestAxis >= 0 {
            let ext = ch[bestAxis] - cl[bestAxis]
            var i = s, j = e - 1
            while i <= j {
                let bi = min(bins - 1, Int((cen[items[i]][bestAxis] - cl[bestAxis]) / ext * Float(bins)))
                if bi <= bestBin { i += 1 } else { items.swapAt(i, j); j -= 1 }
            }
            if i > s && i < e { return i }
        }
        // Median split along the longest centroid axis (also handles identical centroids).
        let d = ch - cl
        let axis = d.x >= d.y && d.x >= d.z ? 0 : (d.y >= d.z ? 1 : 2)
        items[s..<e].sort { cen[$0][axis] < cen[$1][axis] }
        return (s + e) / 2
    }
}
