import Testing
@testable import PlumbKernel

@Suite("k-d tree")
struct KDTreeTests {
    /// Random points; with `quantize`, coordinates snap to a coarse grid so many distances tie and
    /// duplicate points occur.
    static func cloud(_ n: Int, seed: UInt64, quantize: Bool) -> (x: [Float], y: [Float], z: [Float]) {
        var rng = SeededGenerator(seed: seed)
        var x = [Float](), y = [Float](), z = [Float]()
        for _ in 0..<n {
            var p = SIMD3<Float>(rng.nextUnitFloat(), rng.nextUnitFloat(), rng.nextUnitFloat()) * 4 - 2
            if quantize { p = (p * 2).rounded(.toNearestOrEven) / 2 }
            x.append(p.x)
            y.append(p.y)
            z.append(p.z)
        }
        return (x, y, z)
    }

    static func bruteKNN(_ c: (x: [Float], y: [Float], z: [Float]), _ q: SIMD3<Float>, _ k: Int) -> [(Float, Int32)] {
        var all = [(Float, Int32)]()
        for i in 0..<c.x.count {
            let dx = c.x[i] - q.x, dy = c.y[i] - q.y, dz = c.z[i] - q.z
            all.append((dx * dx + dy * dy + dz * dz, Int32(i)))
        }
        all.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        return Array(all.prefix(k))
    }

    @Test("k-NN equals brute force (ties, duplicates, k > n, empty)", arguments: [0, 1, 7, 300, 3000])
    func knnMatchesBruteForce(n: Int) throws {
        for quantize in [false, true] {
            let c = Self.cloud(n, seed: UInt64(n) &* 31 &+ (quantize ? 1 : 0), quantize: quantize)
            let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: 8)
            var scratch = tree.makeScratch()
            var rng = SeededGenerator(seed: 99)
            for trial in 0..<60 {
                let q: SIMD3<Float> = trial % 3 == 0 && n > 0
                    ? SIMD3(c.x[trial % n], c.y[trial % n], c.z[trial % n])
                    : (SIMD3(rng.nextUnitFloat(), rng.nextUnitFloat(), rng.nextUnitFloat()) * 5 - 2.5)
                let all = Self.bruteKNN(c, q, n)
                for k in [1, 4, 30, n + 3] {
                    let got = tree.nearest(to: q, k: k, scratch: &scratch)
                    let want = all.prefix(k)
                    #expect(got == want.count)
                    #expect(Array(scratch.indices[0..<got]) == want.map(\.1))
                    #expect(Array(scratch.squaredDistances[0..<got]) == want.map(\.0))
                }
            }
        }
    }

    @Test("radius search equals brute force", arguments: [0, 5, 2000])
    func radiusMatchesBruteForce(n: Int) throws {
        for quantize in [false, true] {
            let c = Self.cloud(n, seed: 7 &+ UInt64(n), quantize: quantize)
            let tree = try KDTree(x: c.x, y: c.y, z: c.z)
            var scratch = tree.makeScratch()
            var found = [Int32](), dist = [Float]()
            var rng = SeededGenerator(seed: 5)
            for _ in 0..<50 {
                let q = SIMD3(rng.nextUnitFloat(), rng.nextUnitFloat(), rng.nextUnitFloat()) * 4 - 2
                for r: Float in [0, 0.1, 0.5, 1.0] {
                    try tree.neighbors(within: r, of: q, indices: &found, squaredDistances: &dist, scratch: &scratch)
                    var want = [Int32]()
                    for i in 0..<n {
                        let dx = c.x[i] - q.x, dy = c.y[i] - q.y, dz = c.z[i] - q.z
                        if dx * dx + dy * dy + dz * dz <= r * r { want.append(Int32(i)) }
                    }
                    #expect(found.sorted() == want)
                    #expect(dist.count == found.count)
                    #expect(dist.allSatisfy { $0 <= r * r })
                }
            }
            #expect(throws: SpatialIndexError.self) {
                try tree.neighbors(within: -1, of: .zero, indices: &found, scratch: &scratch)
            }
        }
    }

    @Test("batch k-NN equals single queries, parallel equals serial")
    func batchKNN() throws {
        let c = Self.cloud(5000, seed: 11, quantize: true)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z)
        let par = try tree.allNearestNeighbors(k: 12, parallel: true)
        let ser = try tree.allNearestNeighbors(k: 12, parallel: false)
        #expect(par == ser)
        #expect(par.count == 5000)
        var scratch = tree.makeScratch(k: 12)
        for i in stride(from: 0, to: 5000, by: 37) {
            tree.nearest(to: SIMD3(c.x[i], c.y[i], c.z[i]), k: 12, scratch: &scratch)
            #expect(Array(par.neighbors(of: i)) == Array(scratch.indices[0..<12]))
        }
        #expect(try tree.allNearestNeighbors(k: 0).count == 0)
    }

    @Test("parallel build equals serial build; nodes split at the aligned median")
    func parallelBuild() throws {
        for quantize in [false, true] {
            let c = Self.cloud(300_000, seed: quantize ? 23 : 17, quantize: quantize)
            for (leaf, align) in [(32, 8), (16, 1)] {
                let ser = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: leaf, blockAlignment: align, parallel: false)
                let par = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: leaf, blockAlignment: align, parallel: true)
                #expect(ser.pointIndex == par.pointIndex)
                #expect(ser.xs == par.xs && ser.ys == par.ys && ser.zs == par.zs)
                #expect(ser.depth == par.depth)
                #expect(ser.nodes.count == par.nodes.count)
                #expect(zip(ser.nodes, par.nodes).allSatisfy {
                    $0.split.bitPattern == $1.split.bitPattern && $0.axis == $1.axis && $0.a == $1.a && $0.b == $1.b
                })
                // Slots hold the input points; every inner node splits at the (coordinate, index) element
                // of rank `mid`, the left side holding exactly the smaller ones.
                #expect(ser.pointIndex.sorted() == Array(0..<Int32(c.x.count)))
                #expect((0..<ser.count).allSatisfy {
                    let i = Int(ser.pointIndex[$0])
                    return ser.xs[$0] == c.x[i] && ser.ys[$0] == c.y[i] && ser.zs[$0] == c.z[i]
                })
                var span = [Int: (Int, Int)]()
                func walk(_ id: Int) -> (Int, Int) {
                    let nd = ser.nodes[id]
                    var range = (Int(nd.a), Int(nd.b))
                    if nd.axis >= 0 {
                        let l = walk(Int(nd.a)), r = walk(Int(nd.b))
                        #expect(Int(nd.a) > id && Int(nd.b) > Int(nd.a) && l.1 == r.0)
                        range = (l.0, r.1)
                    }
                    span[id] = range
                    return range
                }
                #expect(walk(0) == (0, ser.count))
                for (id, (first, end)) in span where end - first > 20_000 && ser.nodes[id].axis >= 0 {
                    let nd = ser.nodes[id]
                    let cut = span[Int(nd.b)]!.0
                    let keyed = (first..<end).map { s -> (Float, Int32) in
                        let v = nd.axis == 0 ? ser.xs[s] : (nd.axis == 1 ? ser.ys[s] : ser.zs[s])
                        return (v, ser.pointIndex[s])
                    }
                    let sorted = keyed.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
                    #expect(Set(keyed[0..<(cut - first)].map(\.1)) == Set(sorted[0..<(cut - first)].map(\.1)))
                    #expect(sorted[cut - first].0 == nd.split)
                    #expect(align == 1 ? cut - first == (end - first) / 2 : (cut % align == 0 && cut - first >= (end - first) / 2))
                }
            }
        }
    }

    @Test("parallel build of coincident points is one leaf, as the serial build")
    func parallelCoincident() throws {
        let n = 70_000
        let x = [Float](repeating: 1.5, count: n), y = [Float](repeating: -0.0, count: n)
        for parallel in [false, true] {
            let tree = try KDTree(x: x, y: y, z: x, leafSize: 32, blockAlignment: 8, parallel: parallel)
            #expect(tree.nodes.count == 1 && tree.nodes[0].axis == -1 && tree.nodes[0].b == Int32(n))
            #expect(tree.pointIndex == Array(0..<Int32(n)))
            #expect(tree.ys.allSatisfy { $0.bitPattern == (-0.0 as Float).bitPattern })
        }
    }

    @Test("bad input gives typed errors")
    func errors() {
        #expect(throws: SpatialIndexError.nonFiniteCoordinate(index: 1)) {
            try KDTree(x: [0, .nan], y: [0, 0], z: [0, 0])
        }
        #expect(throws: SpatialIndexError.lengthMismatch(x: 2, y: 1, z: 2)) {
            try KDTree(x: [0, 1], y: [0], z: [0, 0])
        }
    }
}
