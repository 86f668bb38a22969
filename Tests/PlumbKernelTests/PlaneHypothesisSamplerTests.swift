import Testing
@testable import PlumbKernel

@Suite("Plane hypothesis sampler: subsample order and best hypothesis")
struct PlaneHypothesisSamplerTests {
    /// The subsample the sampler must produce, computed the plain way: the same random positions sorted,
    /// gathered, then ordered by (Morton key of the 5 cm cell above the sample's minimum, slot) with a
    /// comparison sort.
    func reference(x: [Float], y: [Float], z: [Float], m: Int, seed: UInt64) -> (x: [Float], y: [Float], z: [Float]) {
        var rng = SeededGenerator(seed: seed)
        let n = x.count
        let positions = n <= m ? Array(0..<n) : (0..<m).map { _ in rng.nextIndex(below: n) }.sorted()
        let sx = positions.map { x[$0] }, sy = positions.map { y[$0] }, sz = positions.map { z[$0] }
        let lo = SIMD3(sx.min() ?? 0, sy.min() ?? 0, sz.min() ?? 0)
        func spread(_ v: UInt64) -> UInt64 {
            var r: UInt64 = 0
            for b in 0..<21 where v >> UInt64(b) & 1 == 1 { r |= 1 << UInt64(3 * b) }
            return r
        }
        let keys = (0..<sx.count).map { k -> UInt64 in
            let q = (SIMD3(sx[k], sy[k], sz[k]) - lo) * 20
            return spread(UInt64(min(q.x, 2_097_151))) | spread(UInt64(min(q.y, 2_097_151))) << 1
                | spread(UInt64(min(q.z, 2_097_151))) << 2
        }
        let order = (0..<sx.count).sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        return (order.map { sx[$0] }, order.map { sy[$0] }, order.map { sz[$0] })
    }

    @Test("draw gives the reference subsample: room scale, all points, and a scan kilometres across",
          arguments: [(60_000, 20_000, Float(1)), (5_000, 20_000, Float(1)), (30_000, 10_000, Float(20_000))])
    func drawOrder(n: Int, m: Int, scale: Float) {
        let room = SyntheticRoom(points: n, seed: 3)
        let x = room.cloud.x.map { $0 * scale }, y = room.cloud.y.map { $0 * scale }, z = room.cloud.z.map { $0 * scale }
        var sampler = PlaneHypothesisSampler()
        for seed in [UInt64(1), 2] {  // twice: the kept scratch buffers must not leak into the next draw
            var rng = SeededGenerator(seed: seed)
            sampler.draw(rx: x, ry: y, rz: z, normalAt: nil, m: m, rng: &rng)
            let expected = reference(x: x, y: y, z: z, m: m, seed: seed)
            #expect(sampler.x == expected.x)
            #expect(sampler.y == expected.y)
            #expect(sampler.z == expected.z)
        }
    }

    @Test("best is the first hypothesis of most whole-sample support, with or without parallel", arguments: [UInt64(4), 5])
    func bestIsArgmax(seed: UInt64) throws {
        let room = SyntheticRoom(points: 80_000, seed: seed)
        var sampler = PlaneHypothesisSampler()
        var rng = SeededGenerator(seed: seed)
        sampler.draw(rx: room.cloud.x, ry: room.cloud.y, rz: room.cloud.z, normalAt: nil, m: 16_384, rng: &rng)
        let hyps = sampler.hypotheses(count: 256, span: 1, cosTolerance: 0.5, rng: &rng)
        #expect(hyps.count > 100)
        let support = sampler.x.withUnsafeBufferPointer { bx in
            sampler.y.withUnsafeBufferPointer { by in
                sampler.z.withUnsafeBufferPointer { bz in
                    hyps.map {
                        PlaneInlierKernel.count(x: bx, y: by, z: bz, normal: $0.normal, offset: $0.offset, threshold: 0.02)
                    }
                }
            }
        }
        let top = try #require(support.max())
        let first = try #require(support.firstIndex(of: top))
        for parallel in [false, true] {
            let best = try #require(sampler.best(of: hyps, threshold: 0.02, parallel: parallel))
            #expect(best.support == top)
            #expect(best.normal == hyps[first].normal && best.offset == hyps[first].offset)
        }
        // Ties: the same hypothesis repeated wins at its first position.
        let repeated = [hyps[0]] + Array(repeating: hyps[first], count: 40)
        let tied = try #require(sampler.best(of: repeated, threshold: 0.02, parallel: false))
        #expect(tied.support == max(top, support[0]))
    }
}
