import Testing
import PlumbKernel

@Suite("Wall coordinates with the SIMD box prefilter")
struct WallPatchPrefilterTests {
    @Test("the boxed pass yields exactly the scalar pass's points inside the box, in order, same values",
          arguments: [0, 1, 7, 8, 9, 1003])
    func sameAsScalar(count: Int) {
        var rng = SeededGenerator(seed: UInt64(count) + 1)
        var cloud = PointCloud(origin: SIMD3(100, 0, -50))
        for _ in 0..<count {
            cloud.append(local: SIMD3(rng.nextUnitFloat() * 6 - 1, rng.nextUnitFloat() * 3, rng.nextUnitFloat() * 4 - 2))
        }
        // A wall at a skew angle with an offset origin, so all three coordinates mix x, y and z.
        let patch = WallPatch(start: SIMD3(0.3, 0.1, -0.2), end: SIMD3(4.1, 0.1, 1.3), up: SIMD3(0, 1, 0),
                              height: 2.5, roomSide: SIMD3(1, 1, 1))
        let u: (Float, Float) = (-0.2, 3.9), v: (Float, Float) = (0.05, 2.4), s: (Float, Float) = (-1.0, 0.5)
        var scalar: [SIMD3<Float>] = []
        patch.forEachWallCoordinate(of: cloud) { pu, pv, ps in
            if pu > u.0, pu < u.1, pv > v.0, pv < v.1, ps > s.0, ps < s.1 { scalar.append(SIMD3(pu, pv, ps)) }
        }
        var boxed: [SIMD3<Float>] = []
        patch.forEachWallCoordinate(of: cloud, u: u, v: v, s: s) { pu, pv, ps in boxed.append(SIMD3(pu, pv, ps)) }
        #expect(boxed == scalar)  // bit-identical coordinates, same points, same order
        if count > 100 { #expect(!scalar.isEmpty && scalar.count < count) }
    }
}
