import Foundation
import PlumbKernel

/// A ground-truth plane of a ``SyntheticRoom``: `dot(normal, p) + offset = 0` in the local frame.
struct SyntheticPlane {
    var name: String
    var normal: SIMD3<Double>
    var offset: Double
    /// Number of (noisy) points sampled from this plane.
    var count: Int
    /// Centroid of the noise-free samples (local frame).
    var centroid: SIMD3<Double>
}

/// A deterministic synthetic box room (z up): floor, ceiling, four walls and two rotated box furniture
/// items (top and four sides each, standing on the floor, which is not sampled under them), isotropic
/// Gaussian noise, and uniform outliers in the room's bounding box. Labels give each point's plane
/// (-1 for outliers). The local origin is the room centre at floor height; `origin` is a large world offset.
struct SyntheticRoom {
    var cloud: PointCloud
    var labels: [Int32]
    var planes: [SyntheticPlane]
    var width: Double, depth: Double, height: Double

    /// One planar patch: `corner + s * a + t * b` for s, t in [0, 1].
    private struct Patch {
        var plane: Int
        var corner: SIMD3<Double>, a: SIMD3<Double>, b: SIMD3<Double>
        var area: Double { length(cross(a, b)) }
    }

    /// Footprint of a box: centre, half sizes, yaw (radians).
    private struct Box {
        var centre: SIMD2<Double>, half: SIMD2<Double>, height: Double, yaw: Double
        var axisU: SIMD3<Double> { SIMD3(cos(yaw), sin(yaw), 0) }
        var axisV: SIMD3<Double> { SIMD3(-sin(yaw), cos(yaw), 0) }
        func covers(_ p: SIMD2<Double>) -> Bool {
            let d = p - centre
            let u = d.x * cos(yaw) + d.y * sin(yaw), v = -d.x * sin(yaw) + d.y * cos(yaw)
            return abs(u) <= half.x && abs(v) <= half.y
        }
    }

    init(points: Int, seed: UInt64, noise: Double = 0.005, outlierFraction: Double = 0.01) {
        var rng = SeededGenerator(seed: seed)
        let w = 4 + 2 * rng.nextUnitDouble(), d = 4 + 2 * rng.nextUnitDouble(), h = 2.7
        width = w
        depth = d
        height = h
        let boxes = [
            Box(centre: SIMD2(-w / 4, -d / 4), half: SIMD2(0.6, 0.3), height: 0.75, yaw: 20 * .pi / 180),
            Box(centre: SIMD2(w / 4, d / 5), half: SIMD2(0.4, 0.25), height: 1.8, yaw: -35 * .pi / 180),
        ]
        var planes: [SyntheticPlane] = []
        var patches: [Patch] = []
        func addPlane(_ name: String, _ p: Patch, _ n: SIMD3<Double>) {
            var q = p
            q.plane = planes.count
            planes.append(SyntheticPlane(name: name, normal: n, offset: -dot(n, p.corner), count: 0, centroid: .zero))
            patches.append(q)
        }
        let x0 = -w / 2, y0 = -d / 2
        addPlane("floor", Patch(plane: 0, corner: SIMD3(x0, y0, 0), a: SIMD3(w, 0, 0), b: SIMD3(0, d, 0)), SIMD3(0, 0, 1))
        addPlane("ceiling", Patch(plane: 0, corner: SIMD3(x0, y0, h), a: SIMD3(w, 0, 0), b: SIMD3(0, d, 0)), SIMD3(0, 0, -1))
        addPlane("wall-south", Patch(plane: 0, corner: SIMD3(x0, y0, 0), a: SIMD3(w, 0, 0), b: SIMD3(0, 0, h)), SIMD3(0, 1, 0))
        addPlane("wall-north", Patch(plane: 0, corner: SIMD3(x0, -y0, 0), a: SIMD3(w, 0, 0), b: SIMD3(0, 0, h)), SIMD3(0, -1, 0))
        addPlane("wall-west", Patch(plane: 0, corner: SIMD3(x0, y0, 0), a: SIMD3(0, d, 0), b: SIMD3(0, 0, h)), SIMD3(1, 0, 0))
        addPlane("wall-east", Patch(plane: 0, corner: SIMD3(-x0, y0, 0), a: SIMD3(0, d, 0), b: SIMD3(0, 0, h)), SIMD3(-1, 0, 0))
        for (k, box) in boxes.enumerated() {
            let u = box.axisU, v = box.axisV, c = SIMD3(box.centre.x, box.centre.y, 0)
            let hu = box.half.x, hv = box.half.y, up = SIMD3<Double>(0, 0, box.height)
            let base = c - hu * u - hv * v
            addPlane("box\(k)-top", Patch(plane: 0, corner: base + up, a: 2 * hu * u, b: 2 * hv * v), SIMD3(0, 0, 1))
            addPlane("box\(k)-side-u-", Patch(plane: 0, corner: base, a: 2 * hv * v, b: up), -u)
            addPlane("box\(k)-side-u+", Patch(plane: 0, corner: base + 2 * hu * u, a: 2 * hv * v, b: up), u)
            addPlane("box\(k)-side-v-", Patch(plane: 0, corner: base, a: 2 * hu * u, b: up), -v)
            addPlane("box\(k)-side-v+", Patch(plane: 0, corner: base + 2 * hv * v, a: 2 * hu * u, b: up), v)
        }
        let areas = patches.map(\.area)
        let total = areas.reduce(0, +)
        let outliers = Int((Double(points) * outlierFraction).rounded())
        let surface = points - outliers
        var xs = [Float](), ys = [Float](), zs = [Float](), labels = [Int32]()
        xs.reserveCapacity(points)
        ys.reserveCapacity(points)
        zs.reserveCapacity(points)
        labels.reserveCapacity(points)
        var sums = [SIMD3<Double>](repeating: .zero, count: planes.count)
        func gauss() -> Double { noise * rng.nextGaussian() }
        while xs.count < surface {
            var pick = rng.nextUnitDouble() * total
            var k = 0
            while k < patches.count - 1 && pick >= areas[k] {
                pick -= areas[k]
                k += 1
            }
            let p = patches[k]
            let q = p.corner + rng.nextUnitDouble() * p.a + rng.nextUnitDouble() * p.b
            if p.plane == 0 && boxes.contains(where: { $0.covers(SIMD2(q.x, q.y)) }) { continue }
            sums[p.plane] += q
            planes[p.plane].count += 1
            xs.append(Float(q.x + gauss()))
            ys.append(Float(q.y + gauss()))
            zs.append(Float(q.z + gauss()))
            labels.append(Int32(p.plane))
        }
        for k in planes.indices where planes[k].count > 0 { planes[k].centroid = sums[k] / Double(planes[k].count) }
        for _ in 0..<outliers {
            xs.append(Float(x0 + w * rng.nextUnitDouble()))
            ys.append(Float(y0 + d * rng.nextUnitDouble()))
            zs.append(Float(h * rng.nextUnitDouble()))
            labels.append(-1)
        }
        // Shuffle so labels are not in generation order (Fisher-Yates, seeded).
        for i in stride(from: xs.count - 1, to: 0, by: -1) {
            let j = rng.nextIndex(below: i + 1)
            xs.swapAt(i, j)
            ys.swapAt(i, j)
            zs.swapAt(i, j)
            labels.swapAt(i, j)
        }
        self.cloud = try! PointCloud(x: xs, y: ys, z: zs, origin: SIMD3(512_000, 5_400_000, 120))
        self.labels = labels
        self.planes = planes
    }
}
