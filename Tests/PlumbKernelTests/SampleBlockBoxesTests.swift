import Testing
@testable import PlumbKernel

@Suite("Block-culled inlier counting of plane hypotheses")
struct SampleBlockBoxesTests {
    /// A noisy synthetic room (floor, walls, a table) subsampled and Morton-sorted like the hypothesis
    /// sampler's, so blocks are compact as in segmentation.
    func sortedSample(seed: UInt64) -> PlaneHypothesisSampler {
        let room = SyntheticRoom(points: 60_000, seed: seed)
        var sampler = PlaneHypothesisSampler()
        var rng = SeededGenerator(seed: seed)
        sampler.draw(rx: room.cloud.x, ry: room.cloud.y, rz: room.cloud.z, normalAt: nil, m: 20_000, rng: &rng)
        return sampler
    }

    @Test("counts equal the whole-sample SIMD kernel for random, axis-aligned and box-edge planes", arguments: [UInt64(1), 2])
    func equalsKernel(seed: UInt64) {
        let s = sortedSample(seed: seed)
        #expect(s.blocks.centre.count == (s.x.count + PlaneHypothesisSampler.blockSize - 1) / PlaneHypothesisSampler.blockSize)
        var planes: [(SIMD3<Float>, Float)] = []
        var rng = SeededGenerator(seed: seed &+ 100)
        for _ in 0..<200 {  // planes through sample points, random directions
            var n = SIMD3<Float>(Float(rng.nextGaussian()), Float(rng.nextGaussian()), Float(rng.nextGaussian()))
            n /= (n * n).sum().squareRoot()
            let i = rng.nextIndex(below: s.x.count)
            planes.append((n, -(n.x * s.x[i] + n.y * s.y[i] + n.z * s.z[i])))
        }
        for b in stride(from: 0, to: s.blocks.centre.count, by: 7) {  // planes exactly t away from a box face
            let c = SIMD3<Float>(s.blocks.centre[b]), h = SIMD3<Float>(s.blocks.half[b])
            for axis in 0..<3 {
                var n = SIMD3<Float>.zero
                n[axis] = 1
                planes.append((n, -(c[axis] + h[axis] + 0.03)))
                planes.append((n, -(c[axis] - h[axis] - 0.03)))
                planes.append((n, -(c[axis] + h[axis] - 0.03)))
            }
        }
        var culledSomething = false
        s.x.withUnsafeBufferPointer { bx in
            s.y.withUnsafeBufferPointer { by in
                s.z.withUnsafeBufferPointer { bz in
                    for (n, d) in planes {
                        let whole = PlaneInlierKernel.count(x: bx, y: by, z: bz, normal: n, offset: d, threshold: 0.03)
                        let culled = s.blocks.count(x: bx, y: by, z: bz, normal: n, offset: d, threshold: 0.03)
                        #expect(culled == whole)
                        // Bounded: the exact count when it beats the floor, nil otherwise.
                        for floor in [-1, 0, whole - 1, whole, whole + 1, whole / 2, s.x.count] {
                            let bounded = s.blocks.count(
                                x: bx, y: by, z: bz, normal: n, offset: d, threshold: 0.03, above: floor)
                            #expect(bounded == (whole > floor ? whole : nil))
                        }
                        if whole > 0 && whole < s.x.count / 2 { culledSomething = true }
                    }
                }
            }
        }
        #expect(culledSomething)
    }

    @Test("empty and tiny samples")
    func tiny() {
        let none = SampleBlockBoxes(x: [], y: [], z: [], blockSize: 128)
        let empty: [Float] = []
        empty.withUnsafeBufferPointer { e in
            #expect(none.count(x: e, y: e, z: e, normal: [0, 1, 0], offset: 0, threshold: 0.02) == 0)
        }
        let x: [Float] = [0, 1, 2], y: [Float] = [0, 0.01, 0.5], z: [Float] = [0, 0, 0]
        let three = SampleBlockBoxes(x: x, y: y, z: z, blockSize: 128)
        x.withUnsafeBufferPointer { bx in
            y.withUnsafeBufferPointer { by in
                z.withUnsafeBufferPointer { bz in
                    #expect(three.count(x: bx, y: by, z: bz, normal: [0, 1, 0], offset: 0, threshold: 0.02) == 2)
                }
            }
        }
    }
}
