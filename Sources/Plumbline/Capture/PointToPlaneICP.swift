import Foundation
import PlumbKernel

/// Rigid point-to-plane ICP of a source cloud onto a target cloud with normals.
///
/// Each iteration pairs every source point (moved by the current estimate) with its nearest target point
/// (`KDTree`) if closer than the current pairing distance, linearises the point-to-plane residual
/// `nᵀ(R p + t − q)` for a small rotation about the source centroid, accumulates the 6 x 6 normal
/// equations in `Double` and solves them with `LinearAlgebra.leastSquares(_:_:rankTolerance:)`. The
/// pairing distance shrinks from `startDistance` to `endDistance` over the iterations.
/// - Complexity: O(iterations × source points × log target points).
package struct PointToPlaneICP: Sendable {
    /// Target points (local coordinates) with normals.
    let target: PointCloud
    let tree: KDTree
    let nx: [Float], ny: [Float], nz: [Float]

    /// Result of an alignment.
    public struct Alignment: Sendable, Equatable {
        /// Source-to-target transform (world frames of the two clouds).
        public var transform: RigidTransform
        /// Share of source points within the inlier distance of the target after the last iteration.
        public var inlierFraction: Double
        /// RMS point-to-plane residual of the inliers, metres.
        public var rms: Double
        /// Iterations run.
        public var iterations: Int
    }

    /// Prepares a target.
    /// - Throws: ``RelocalizationError/invalidMap(_:)`` when the target has no normals or cannot be indexed.
    public init(target: PointCloud) throws(RelocalizationError) {
        guard let n = target.normals else { throw .invalidMap(.corrupt("map points have no normals")) }
        do { tree = try KDTree(target, leafSize: 16) } catch { throw .invalidMap(.corrupt("\(error)")) }
        self.target = target
        nx = n.x
        ny = n.y
        nz = n.z
    }

    /// Aligns `source` (world points in its own frame) starting from `initial`.
    /// - Parameters:
    ///   - source: the points to align, metres, in their own frame.
    ///   - initial: the first guess of the source-to-target transform.
    ///   - startDistance: largest source-target pairing distance of the first iteration, metres.
    ///   - endDistance: largest pairing distance of the last iteration, metres (the distance shrinks from
    ///     `startDistance` to this over the iterations).
    ///   - inlierDistance: distance for the final inlier count, metres.
    ///   - iterations: most iterations (stops earlier when the update is below 1e-6 rad and 1e-5 m).
    public func align(source: [SIMD3<Double>], initial: RigidTransform, startDistance: Double = 0.25,
                      endDistance: Double = 0.05, inlierDistance: Double = 0.04, iterations: Int = 40) -> Alignment {
        var T = initial
        var scratch = tree.makeScratch(k: 1)
        let o = target.origin
        var used = 0
        for it in 0..<iterations {
            used = it + 1
            let f = iterations > 1 ? Double(it) / Double(iterations - 1) : 1
            let maxD = Float(startDistance * pow(endDistance / startDistance, min(1, 1.5 * f)))
            // Centroid of the moved source, for conditioning.
            var c = SIMD3<Double>.zero
            for p in source { c += T.apply(p) }
            c /= Double(max(source.count, 1))
            var ata = [SIMD8<Double>](repeating: .zero, count: 6)
            var atb = SIMD8<Double>.zero
            var pairs = 0
            for p in source {
                let w = T.apply(p)
                let q = SIMD3<Float>(w - o)
                guard tree.nearest(to: q, k: 1, scratch: &scratch) == 1,
                      scratch.squaredDistances[0] <= maxD * maxD else { continue }
                let j = Int(scratch.indices[0])
                let n = SIMD3<Double>(Double(nx[j]), Double(ny[j]), Double(nz[j]))
                let m = o + SIMD3<Double>(Double(target.x[j]), Double(target.y[j]), Double(target.z[j]))
                let r = dot(n, w - m)
                let a = cross(w - c, n)
                let row = SIMD8<Double>(a.x, a.y, a.z, n.x, n.y, n.z, 0, 0)
                atb -= row * r
                for u in 0..<6 { ata[u] += row * row[u] }
                pairs += 1
            }
            guard pairs >= 12 else { break }
            // Symmetric, so row-major and column-major agree.
            let A = Matrix<Double>(rows: 6, columns: 6, columnMajor: (0..<36).map { ata[$0 / 6][$0 % 6] })
            let b = Matrix<Double>(rows: 6, columns: 1, columnMajor: (0..<6).map { atb[$0] })
            guard let x = try? LinearAlgebra.leastSquares(A, b, rankTolerance: 1e-9) else { break }
            let omega = SIMD3(x[0, 0], x[1, 0], x[2, 0]), delta = SIMD3(x[3, 0], x[4, 0], x[5, 0])
            let angle = length(omega)
            let R = angle > 1e-12 ? RigidTransform(axis: omega / angle, angle: angle) : .identity
            // w' = R (w − c) + c + δ
            let step = RigidTransform(column0: R.column0, column1: R.column1, column2: R.column2,
                                      translation: c - R.applyToDirection(c) + delta)
            T = (step * T).orthonormalized()
            if angle < 1e-6 && length(delta) < 1e-5 && f > 0.7 { break }
        }
        // Final inliers and residual.
        var inliers = 0
        var sum = 0.0
        let r2 = Float(inlierDistance * inlierDistance)
        for p in source {
            let w = T.apply(p)
            guard tree.nearest(to: SIMD3<Float>(w - o), k: 1, scratch: &scratch) == 1, scratch.squaredDistances[0] <= r2 else { continue }
            let j = Int(scratch.indices[0])
            let n = SIMD3<Double>(Double(nx[j]), Double(ny[j]), Double(nz[j]))
            let m = o + SIMD3<Double>(Double(target.x[j]), Double(target.y[j]), Double(target.z[j]))
            let r = dot(n, w - m)
            sum += r * r
            inliers += 1
        }
        return Alignment(transform: T, inlierFraction: source.isEmpty ? 0 : Double(inliers) / Double(source.count),
                         rms: inliers > 0 ? (sum / Double(inliers)).squareRoot() : .infinity, iterations: used)
    }

    /// Share of `source` points (moved by `t`) whose nearest target point is within `pairing` metres and
    /// lies within `residual` metres of it along that point's normal: the points on the target's surfaces,
    /// whatever the spacing of the two samplings.
    /// - Complexity: O(source points × log target points).
    func surfaceInlierFraction(_ source: [SIMD3<Double>], _ t: RigidTransform, pairing: Double, residual: Double) -> Double {
        var scratch = tree.makeScratch(k: 1)
        let r2 = Float(pairing * pairing)
        let o = target.origin
        var n = 0
        for p in source {
            let w = t.apply(p)
            guard tree.nearest(to: SIMD3<Float>(w - o), k: 1, scratch: &scratch) == 1, scratch.squaredDistances[0] <= r2 else { continue }
            let j = Int(scratch.indices[0])
            let normal = SIMD3<Double>(Double(nx[j]), Double(ny[j]), Double(nz[j]))
            let m = o + SIMD3<Double>(Double(target.x[j]), Double(target.y[j]), Double(target.z[j]))
            if abs(dot(normal, w - m)) <= residual { n += 1 }
        }
        return source.isEmpty ? 0 : Double(n) / Double(source.count)
    }

    /// Share of `source` points (moved by `t`) within `distance` of a target point.
    func inlierFraction(_ source: [SIMD3<Double>], _ t: RigidTransform, distance: Double) -> Double {
        var scratch = tree.makeScratch(k: 1)
        let r2 = Float(distance * distance)
        var n = 0
        for p in source {
            if tree.nearest(to: SIMD3<Float>(t.apply(p) - target.origin), k: 1, scratch: &scratch) == 1,
               scratch.squaredDistances[0] <= r2 { n += 1 }
        }
        return source.isEmpty ? 0 : Double(n) / Double(source.count)
    }
}
