import Testing
import PlumbKernel

@Suite("SIMD plane inlier kernel")
struct PlaneInlierKernelTests {
    @Test("SIMD and scalar paths agree exactly on counts and indices")
    func simdEqualsScalar() {
        var rng = SeededGenerator(seed: 3)
        for n in Array(0...37) + [1000, 10_003] {
            var x = [Float](), y = [Float](), z = [Float]()
            for i in 0..<n {
                // Points near the plane z = 0.3 so that many sit close to the threshold.
                x.append(rng.nextUnitFloat() * 4 - 2)
                y.append(rng.nextUnitFloat() * 4 - 2)
                z.append(i % 17 == 5 ? .nan : 0.3 + (rng.nextUnitFloat() - 0.5) * 0.1)
            }
            for _ in 0..<10 {
                let nrm = normalize(SIMD3<Float>(rng.nextUnitFloat() * 0.2 - 0.1, rng.nextUnitFloat() * 0.2 - 0.1, 1))
                let off = -0.3 + (rng.nextUnitFloat() - 0.5) * 0.02
                x.withUnsafeBufferPointer { bx in
                    y.withUnsafeBufferPointer { by in
                        z.withUnsafeBufferPointer { bz in
                            let c1 = PlaneInlierKernel.count(x: bx, y: by, z: bz, normal: nrm, offset: off, threshold: 0.02)
                            let c2 = PlaneInlierKernel.countScalar(
                                x: bx, y: by, z: bz, normal: nrm, offset: off, threshold: 0.02)
                            #expect(c1 == c2)
                            var o1 = [Int32](repeating: -1, count: n), o2 = o1
                            let w1 = o1.withUnsafeMutableBufferPointer {
                                PlaneInlierKernel.collect(
                                    x: bx, y: by, z: bz, normal: nrm, offset: off, threshold: 0.02, indexBase: 5, into: $0)
                            }
                            let w2 = o2.withUnsafeMutableBufferPointer {
                                PlaneInlierKernel.collectScalar(
                                    x: bx, y: by, z: bz, normal: nrm, offset: off, threshold: 0.02, indexBase: 5, into: $0)
                            }
                            #expect(w1 == c1 && w2 == c1)
                            #expect(o1 == o2)
                            // Ground truth by the defining expression.
                            var want = 0
                            for i in 0..<n {
                                let s = ((nrm.x * x[i] + nrm.y * y[i]) + nrm.z * z[i]) + off
                                if abs(s) <= 0.02 { want += 1 }
                            }
                            #expect(c1 == want)
                            if n > 500 { #expect(c1 > 0 && c1 < n) }
                        }
                    }
                }
            }
        }
    }
}
