import Testing
import PlumbKernel

/// Shared fixtures of the fit, LAPACK and box tests (namespaced to avoid clashes with other suites).
enum FitFixtures {
    /// A unit vector drawn uniformly on the sphere.
    static func randomUnitVector(_ rng: inout SeededGenerator) -> SIMD3<Double> {
        while true {
            let v = SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian())
            let l = length(v)
            if l > 1e-6 { return v / l }
        }
    }

    /// Two unit vectors completing `n` to a right-handed orthonormal frame.
    static func orthonormalComplement(_ n: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
        let helper: SIMD3<Double> = abs(n.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0)
        let u = normalize(cross(n, helper))
        return (u, cross(n, u))
    }

    /// A cloud built from world points (origin chosen by `PointCloud(worldPoints:)`).
    static func cloud(_ world: [SIMD3<Double>]) -> PointCloud {
        do { return try PointCloud(worldPoints: world) } catch { fatalError("bad test points: \(error)") }
    }

    /// A random orthogonal n x n matrix (Gram–Schmidt of a seeded Gaussian matrix).
    static func randomOrthogonal(_ n: Int, _ rng: inout SeededGenerator) -> Matrix<Double> {
        var q = Matrix<Double>(rows: n, columns: n)
        for j in 0..<n {
            var v = (0..<n).map { _ in rng.nextGaussian() }
            for k in 0..<j {
                var d = 0.0
                for i in 0..<n { d += v[i] * q[i, k] }
                for i in 0..<n { v[i] -= d * q[i, k] }
            }
            let l = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
            for i in 0..<n { q[i, j] = v[i] / l }
        }
        return q
    }

    static func diagonal(_ d: [Double], rows: Int, columns: Int) -> Matrix<Double> {
        var m = Matrix<Double>(rows: rows, columns: columns)
        for (k, v) in d.enumerated() { m[k, k] = v }
        return m
    }

    static func maxAbsDifference<S>(_ a: Matrix<S>, _ b: Matrix<S>) -> S {
        zip(a.elements, b.elements).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// A random right-handed orthonormal frame.
    static func randomFrame(_ rng: inout SeededGenerator) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let a = FitFixtures.randomUnitVector(&rng)
        let (b, c) = FitFixtures.orthonormalComplement(a)
        return (a, b, c)
    }

    /// Points of the box `centre ± h` in `frame`: the 8 corners plus `count` uniform samples on the surface
    /// (area-weighted faces) or in the volume.
    static func boxSamples(centre: SIMD3<Double>, h: SIMD3<Double>, frame f: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>),
                    count: Int, surface: Bool, sigma: Double = 0, corners: Bool = true, seed: UInt64) -> [SIMD3<Double>] {
        var rng = SeededGenerator(seed: seed)
        func place(_ q: SIMD3<Double>) -> SIMD3<Double> { centre + q.x * f.0 + q.y * f.1 + q.z * f.2 }
        var out: [SIMD3<Double>] = []
        if corners {
            for k in 0..<8 {
                out.append(place(SIMD3(k & 1 != 0 ? h.x : -h.x, k & 2 != 0 ? h.y : -h.y, k & 4 != 0 ? h.z : -h.z)))
            }
        }
        let areas = [h.y * h.z, h.x * h.z, h.x * h.y]
        let total = areas.reduce(0, +)
        for _ in 0..<count {
            var q = SIMD3(rng.nextUnitDouble() * 2 - 1, rng.nextUnitDouble() * 2 - 1, rng.nextUnitDouble() * 2 - 1) * h
            if surface {
                let pick = rng.nextUnitDouble() * total
                let axis = pick < areas[0] ? 0 : (pick < areas[0] + areas[1] ? 1 : 2)
                q[axis] = rng.nextUnitDouble() < 0.5 ? -h[axis] : h[axis]
            }
            out.append(place(q) + sigma * SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()))
        }
        return out
    }

    static func expectContainsAll(_ box: OrientedBox, _ c: PointCloud, tolerance: Double = 1e-9) {
        var outside = 0
        for i in 0..<c.count where !box.contains(SIMD3<Double>(c.localPoint(i)), tolerance: tolerance) { outside += 1 }
        #expect(outside == 0)
    }

    /// Sorted half extents.
    static func sortedExtents(_ b: OrientedBox) -> [Double] { [b.halfExtents.x, b.halfExtents.y, b.halfExtents.z].sorted() }
}
