import Foundation
import Testing
import PlumbKernel

@Suite("k-NN PCA normal estimation")
struct NormalEstimationTests {
    /// Points on a tilted plane with Gaussian noise along all axes.
    static func planeCloud(_ n: Int, normal: SIMD3<Double>, noise: Double, seed: UInt64) throws -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        let u = normalize(cross(normal, SIMD3(1, 0, 0))), v = cross(normal, u)
        var pts = [SIMD3<Double>]()
        for _ in 0..<n {
            let p = (rng.nextUnitDouble() * 4 - 2) * u + (rng.nextUnitDouble() * 4 - 2) * v
            pts.append(p + noise * SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()) + SIMD3(7e5, 4e6, 50))
        }
        return try PointCloud(worldPoints: pts)
    }

    /// Points on a sphere of radius r about the origin (local frame), with noise.
    static func sphereCloud(_ n: Int, radius: Double, noise: Double, seed: UInt64) throws -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        var x = [Float](), y = [Float](), z = [Float]()
        for _ in 0..<n {
            let d = normalize(SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()))
            let p = radius * d + noise * SIMD3(rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian())
            x.append(Float(p.x))
            y.append(Float(p.y))
            z.append(Float(p.z))
        }
        return try PointCloud(x: x, y: y, z: z, origin: SIMD3(10, 20, 30))
    }

    @Test("plane normals match the analytic normal under noise; curvature near zero")
    func planeNormals() throws {
        let nTrue = normalize(SIMD3<Double>(0.3, -0.2, 0.9))
        let cloud = try Self.planeCloud(20_000, normal: nTrue, noise: 0.002, seed: 1)
        let est = try NormalEstimation.estimate(cloud)
        var worst = 1.0
        for i in 0..<cloud.count { worst = min(worst, abs(dot(SIMD3<Double>(est.normals[i]), nTrue))) }
        #expect(worst > cos(5.0 * .pi / 180))
        #expect(est.curvature.max()! < 0.02)
        #expect(est.normals.count == cloud.count)
    }

    @Test("sphere normals are radial; viewpoint orientation holds for every point")
    func sphereNormals() throws {
        let cloud = try Self.sphereCloud(20_000, radius: 1, noise: 0.001, seed: 2)
        let viewpoint = SIMD3<Double>(10, 20, 30) + SIMD3(0.1, -0.2, 0.05)  // inside the sphere
        let est = try NormalEstimation.estimate(cloud, options: .init(k: 30, orientation: .towardsViewpoint(viewpoint)))
        var worst = 1.0
        var curvMean = 0.0
        for i in 0..<cloud.count {
            let p = SIMD3<Double>(cloud.localPoint(i))
            let n = SIMD3<Double>(est.normals[i])
            worst = min(worst, abs(dot(n, normalize(p))))
            #expect(dot(n, viewpoint - cloud.worldPoint(i)) >= 0)
            curvMean += Double(est.curvature[i])
        }
        #expect(worst > cos(8.0 * .pi / 180))
        curvMean /= Double(cloud.count)
        #expect(curvMean > 1e-4 && curvMean < 0.05)
    }

    @Test("consistent orientation points every sphere normal inwards (towards the centroid)")
    func consistentOrientation() throws {
        let cloud = try Self.sphereCloud(8000, radius: 1, noise: 0.001, seed: 4)
        let est = try NormalEstimation.estimate(cloud, options: .init(k: 20, orientation: .consistent()))
        var inward = 0
        for i in 0..<cloud.count where dot(est.normals[i], -cloud.localPoint(i)) > 0 { inward += 1 }
        #expect(inward == cloud.count)
    }

    @Test("consistent orientation on a room scan points walls, floor and ceiling into the room")
    func consistentRoom() throws {
        let room = SyntheticRoom(points: 40_000, seed: 8, outlierFraction: 0)
        let est = try NormalEstimation.estimate(room.cloud, options: .init(k: 30, orientation: .consistent()))
        var agree = 0, total = 0
        for i in 0..<room.cloud.count where room.labels[i] >= 0 && room.labels[i] < 6 {
            total += 1
            let truth = room.planes[Int(room.labels[i])].normal
            if dot(SIMD3<Double>(est.normals[i]), truth) > 0 { agree += 1 }
        }
        #expect(Double(agree) > 0.97 * Double(total))
    }

    @Test("parallel and serial results are identical")
    func deterministic() throws {
        let cloud = try Self.sphereCloud(10_000, radius: 2, noise: 0.01, seed: 5)
        let a = try NormalEstimation.estimate(cloud, options: .init(parallel: true))
        let b = try NormalEstimation.estimate(cloud, options: .init(parallel: false))
        #expect(a == b)
    }

    @Test("bad input gives typed errors")
    func errors() throws {
        #expect(throws: PointCloudError.tooFewPoints(required: 3, actual: 0)) {
            try NormalEstimation.estimate(PointCloud())
        }
        var bad = PointCloud()
        bad.x = [0, 1, 2, .infinity]
        bad.y = [0, 0, 1, 0]
        bad.z = [0, 1, 0, 0]
        #expect(throws: PointCloudError.nonFiniteCoordinate(index: 3)) { try NormalEstimation.estimate(bad) }
        let ok = try PointCloud(x: [0, 1, 0, 1], y: [0, 0, 1, 1], z: [0, 0, 0, 0])
        #expect(throws: PointCloudError.self) { try NormalEstimation.estimate(ok, options: .init(k: 2)) }
        #expect(throws: PointCloudError.self) { try NormalEstimation.estimate(ok, options: .init(k: 1 << 40)) }
        #expect(throws: PointCloudError.self) {
            try NormalEstimation.estimate(ok, options: .init(orientation: .towardsViewpoint(SIMD3(.nan, 0, 0))))
        }
    }
}
