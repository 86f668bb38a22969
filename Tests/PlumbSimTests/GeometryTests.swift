import Foundation
import PlumbKernel
import Testing
import PlumbSim

@Suite struct GeometryTests {
    @Test func rayTriangleExact() {
        var mesh = SceneMesh()
        let s = mesh.addSurface(SceneSurface(kind: .floor, ownerID: "t"))
        mesh.addTriangle(SIMD3(0, 0, 0), SIMD3(2, 0, 0), SIMD3(0, 0, 2), surface: s)
        let rc = RayCaster(mesh: mesh)
        let o = SIMD3<Float>(SIMD3<Double>(0.5, 1.25, 0.5) - rc.origin)
        let hit = rc.closestHit(localOrigin: o, direction: SIMD3(0, -1, 0), tMin: 0, tMax: 10)
        #expect(hit?.t == 1.25 && hit?.triangle == 0)
        // Oblique ray: t = 1.25 / cos.
        let d = SIMD3<Float>(0.3, -1, 0.2)
        let h2 = rc.closestHit(localOrigin: o, direction: d, tMin: 0, tMax: 10)
        #expect(abs((h2?.t ?? 0) - 1.25) < 1e-6)
        // Outside the triangle (x + z > 2) misses; from below hits too (double-sided).
        let miss = SIMD3<Float>(SIMD3<Double>(1.5, 1, 1.5) - rc.origin)
        #expect(rc.closestHit(localOrigin: miss, direction: SIMD3(0, -1, 0), tMin: 0, tMax: 10) == nil)
        let below = SIMD3<Float>(SIMD3<Double>(0.5, -0.75, 0.5) - rc.origin)
        #expect(rc.closestHit(localOrigin: below, direction: SIMD3(0, 1, 0), tMin: 0, tMax: 10)?.t == 0.75)
        // tMax excludes the hit.
        #expect(rc.closestHit(localOrigin: o, direction: SIMD3(0, -1, 0), tMin: 0, tMax: 1.2) == nil)
    }

    @Test func rayBoxExactFromEveryAxis() {
        var mesh = SceneMesh()
        let s = mesh.addSurface(SceneSurface(kind: .furniture, ownerID: "b"))
        mesh.addBox(center: SIMD3(1, 2, 3), axes: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), halfExtents: SIMD3(0.5, 0.25, 1), surface: s)
        // Many boxes in a grid so the BVH has inner nodes.
        for i in 0..<20 {
            mesh.addBox(center: SIMD3(Double(i) * 3 + 10, 0, 0), axes: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), halfExtents: SIMD3(1, 1, 1), surface: s)
        }
        let rc = RayCaster(mesh: mesh)
        let c = SIMD3<Double>(1, 2, 3), h = SIMD3<Double>(0.5, 0.25, 1)
        var g = SeededGenerator(seed: 7)
        for axis in 0..<3 {
            for sign in [-1.0, 1.0] {
                for _ in 0..<50 {
                    var start = c
                    start[axis] += sign * 4
                    // Random lateral offset inside the face.
                    for k in 0..<3 where k != axis { start[k] += (g.nextUnitDouble() * 2 - 1) * h[k] * 0.98 }
                    var dir = SIMD3<Double>.zero
                    dir[axis] = -sign
                    let hit = rc.closestHit(localOrigin: SIMD3<Float>(start - rc.origin), direction: SIMD3<Float>(dir), tMin: 0, tMax: 100)
                    let expected = 4 - h[axis]
                    #expect(hit != nil && abs(Double(hit!.t) - expected) < 2e-6, "axis \(axis) sign \(sign): \(String(describing: hit))")
                }
            }
        }
        // Random rays against brute force over every triangle.
        for _ in 0..<300 {
            let o = SIMD3(g.nextUnitDouble() * 80 - 10, g.nextUnitDouble() * 6 - 3, g.nextUnitDouble() * 8 - 4)
            let d = normalize(SIMD3(g.nextGaussian(), g.nextGaussian(), g.nextGaussian()))
            let hit = rc.closestHit(localOrigin: SIMD3<Float>(o - rc.origin), direction: SIMD3<Float>(d), tMin: 0, tMax: 1000)
            let brute = bruteForce(mesh, o, d)
            #expect((hit == nil) == (brute == nil))
            if let hit, let brute { #expect(abs(Double(hit.t) - brute) < 1e-4) }
        }
    }

    /// Double-precision Möller–Trumbore over every triangle.
    private func bruteForce(_ m: SceneMesh, _ o: SIMD3<Double>, _ d: SIMD3<Double>) -> Double? {
        var best: Double?
        for i in 0..<m.triangleCount {
            let a = m.vertices[3 * i], e1 = m.vertices[3 * i + 1] - a, e2 = m.vertices[3 * i + 2] - a
            let p = cross(d, e2), det = dot(e1, p)
            guard abs(det) > 1e-15 else { continue }
            let tv = o - a, u = dot(tv, p) / det
            let q = cross(tv, e1), v = dot(d, q) / det, t = dot(e2, q) / det
            if u >= 0 && v >= 0 && u + v <= 1 && t > 0 && t < (best ?? .infinity) { best = t }
        }
        return best
    }

    @Test func rigidTransformAlgebra() throws {
        let a = RigidTransform(axis: SIMD3(1, 2, 3), angle: 0.7, translation: SIMD3(1, -2, 5))
        let b = RigidTransform(axis: SIMD3(0, 1, 0), angle: -1.1, translation: SIMD3(0.5, 0, 0))
        let p = SIMD3<Double>(0.3, -0.4, 2)
        #expect(length(a.inverse.apply(a.apply(p)) - p) < 1e-12)
        #expect(length((a * b).apply(p) - a.apply(b.apply(p))) < 1e-12)
        #expect(a.isProperRigid())
        let rt = try JSONDecoder().decode(RigidTransform.self, from: JSONEncoder().encode(a))
        #expect(rt == a)
        // Rotation about +y by 90°: x -> -z.
        let r = RigidTransform(axis: SIMD3(0, 1, 0), angle: .pi / 2)
        #expect(length(r.apply(SIMD3(1, 0, 0)) - SIMD3(0, 0, -1)) < 1e-12)
    }

    @Test func depthFrameUnprojectsAndRejectsBadInput() throws {
        // Camera at (0, 1.5, 0) looking along -z at a wall 2 m away: every point has z = -2.
        let pose = CapturePath.lookPose(position: SIMD3(0, 1.5, 0), horizontal: SIMD2(0, -1), pitch: 0)
        let k = CameraIntrinsics(fx: 20, fy: 20, cx: 8, cy: 6)
        let f = try DepthFrame(width: 16, height: 12, depth: .init(repeating: 2, count: 192), confidence: .init(repeating: 2, count: 192),
                               intrinsics: k, cameraToWorld: pose, timestamp: 0)
        let pts = f.unprojectedWorldPoints()
        #expect(pts.count == 192)
        #expect(pts.allSatisfy { abs($0.z + 2) < 1e-12 })
        // Top-left pixel is up and to the left.
        #expect(pts[0].x < 0 && pts[0].y > 1.5)
        let cloud = f.unproject(frameIndex: 3)
        #expect(cloud.count == 192 && cloud.frameIndex?.allSatisfy { $0 == 3 } == true)
        #expect(throws: DepthFrameError.lengthMismatch(field: "depth", expected: 192, actual: 5)) {
            try DepthFrame(width: 16, height: 12, depth: [1, 1, 1, 1, 1], confidence: .init(repeating: 2, count: 192), intrinsics: k, cameraToWorld: pose, timestamp: 0)
        }
        var bad = [Float](repeating: 1, count: 192)
        bad[17] = .nan
        #expect(throws: DepthFrameError.badDepth(index: 17)) {
            try DepthFrame(width: 16, height: 12, depth: bad, confidence: .init(repeating: 2, count: 192), intrinsics: k, cameraToWorld: pose, timestamp: 0)
        }
        #expect(throws: DepthFrameError.badSize(width: 0, height: 12)) {
            try DepthFrame(width: 0, height: 12, depth: [], confidence: [], intrinsics: k, cameraToWorld: pose, timestamp: 0)
        }
    }
}
