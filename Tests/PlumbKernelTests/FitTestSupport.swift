@testable import PlumbKernel

/// A unit vector drawn uniformly on the sphere.
func randomUnitVector(_ rng: inout SeededGenerator) -> SIMD3<Double> {
    while true {
        let v = SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian())
        let l = length(v)
        if l > 1e-6 { return v / l }
    }
}

/// Two unit vectors completing `n` to a right-handed orthonormal frame.
func orthonormalComplement(_ n: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
    let helper: SIMD3<Double> = abs(n.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0)
    let u = normalize(cross(n, helper))
    return (u, cross(n, u))
}

/// A cloud built from world points (origin chosen by `PointCloud(worldPoints:)`).
func cloud(_ world: [SIMD3<Double>]) -> PointCloud {
    do { return try PointCloud(worldPoints: world) } catch { fatalError("bad test points: \(error)") }
}
