import Testing
@testable import PlumbKernel

/// ``DilatedComponentMask`` answers exactly as ``PlaneOccupancyGrid/contains(_:component:)``.
@Suite("Dilated component mask")
struct DilatedComponentMaskTests {
    @Test("one look-up gives the grid's 3x3 neighbourhood answer for points inside, beside and far from every component")
    func agreesWithGrid() {
        var rng = SeededGenerator(seed: 7)
        // Three patches on a tilted plane through (1, 2, 3): two squares 0.3 m apart and a thin strip.
        let u = normalize(SIMD3<Double>(1, 0.2, 0)), n = normalize(cross(u, SIMD3(0, 0.3, 1)))
        let v = cross(n, u)
        let centre = SIMD3<Double>(1, 2, 3)
        var x = [Float](), y = [Float](), z = [Float]()
        func add(_ a: Double, _ b: Double) {
            let p = centre + u * a + v * b + n * (rng.nextUnitDouble() - 0.5) * 0.01
            x.append(Float(p.x)); y.append(Float(p.y)); z.append(Float(p.z))
        }
        for _ in 0..<4000 { add(rng.nextUnitDouble() * 0.8, rng.nextUnitDouble() * 0.8) }
        for _ in 0..<4000 { add(1.1 + rng.nextUnitDouble() * 0.8, rng.nextUnitDouble() * 0.8) }
        for _ in 0..<600 { add(rng.nextUnitDouble() * 1.9, 1.2 + rng.nextUnitDouble() * 0.04) }
        let grid = x.withUnsafeBufferPointer { bx in
            y.withUnsafeBufferPointer { by in
                z.withUnsafeBufferPointer { bz in
                    PlaneOccupancyGrid(x: bx, y: by, z: bz, centroid: centre, u: u, v: v, minCell: 0.05)
                }
            }
        }
        #expect(grid.componentCount >= 3)
        var inside = 0
        for c in 0..<grid.componentCount {
            let mask = grid.dilatedMask(component: c)
            for _ in 0..<20000 {
                // Points over and around the grid, including the one-cell ring outside it and far outside.
                let a = rng.nextUnitDouble() * 2.6 - 0.35, b = rng.nextUnitDouble() * 1.8 - 0.35
                let off = (rng.nextUnitDouble() - 0.5) * 0.1
                let p = SIMD3<Float>(centre + u * a + v * b + n * off)
                let expected = grid.contains(p, component: c)
                #expect(mask.contains(p) == expected)
                if expected { inside += 1 }
            }
        }
        #expect(inside > 5000, "too few points fell inside a component for the comparison to mean anything")
    }
}
