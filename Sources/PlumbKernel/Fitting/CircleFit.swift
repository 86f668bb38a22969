/// Circle and arc fitting in 2D: algebraic Hyper fit (Al-Sharadqah & Chernov 2009) solved with the
/// ``LinearAlgebra`` SVD and symmetric eigen routines, refined by Levenberg–Marquardt on the true
/// orthogonal distances `|‖p − c‖ − r|`.
public enum CircleFit {
    /// Fits a circle to `points` (or those at `indices`), metres, any 2D frame.
    ///
    /// Data are centred on their centroid and scaled to unit RMS radius before fitting, so large
    /// coordinate offsets (1e6 m) cost no precision. Residuals are absolute orthogonal distances.
    /// - Parameters:
    ///   - points: the 2D points, metres.
    ///   - indices: the points to fit (`nil`: all of them).
    ///   - maxIterations: cap on Levenberg–Marquardt iterations (each O(n)).
    /// - Throws: ``FitError/tooFewPoints(required:actual:)`` below 3 points,
    ///   ``FitError/nonFinitePoint(index:)``, ``FitError/indexOutOfRange(index:position:count:)``,
    ///   ``FitError/degenerate(_:)`` for coincident or collinear points,
    ///   ``FitError/linearAlgebra(_:)`` if LAPACK fails.
    /// - Complexity: O(n) per iteration plus an n x 4 SVD.
    public static func fit(
        _ points: [SIMD2<Double>], indices: [Int]? = nil, maxIterations: Int = 100
    ) throws(FitError) -> FitResult<CircleModel> {
        let n = indices?.count ?? points.count
        guard n >= 3 else { throw .tooFewPoints(required: 3, actual: n) }
        try PointSubset.validate(points, indices: indices)
        // Gather, centre and scale (one allocation of n points).
        var local: [SIMD2<Double>] = if let indices { indices.map { points[$0] } } else { points }
        var mean = SIMD2<Double>.zero
        for p in local { mean += p }
        mean /= Double(n)
        var cxx = 0.0, cxy = 0.0, cyy = 0.0
        for p in local {
            let d = p - mean
            cxx += d.x * d.x
            cxy += d.x * d.y
            cyy += d.y * d.y
        }
        let meanSq = (cxx + cyy) / Double(n)
        guard meanSq > 0 else { throw .degenerate("all \(n) points coincide") }
        let scale = meanSq.squareRoot()
        // Collinearity: smallest eigenvalue of the 2x2 scatter relative to the largest.
        let half = 0.5 * (cxx + cyy), dev = (0.25 * (cxx - cyy) * (cxx - cyy) + cxy * cxy).squareRoot()
        guard half - dev > 1e-12 * (half + dev) else { throw .degenerate("the \(n) points are collinear") }
        let inv = 1 / scale
        for k in 0..<n { local[k] = (local[k] - mean) * inv }

        var circle = try hyperFit(local)
        circle = levenbergMarquardt(local, start: circle, maxIterations: maxIterations)
        guard circle.radius.isFinite, circle.radius > 0, circle.radius < 1e8 else {
            throw .degenerate("the points are too close to a straight line (radius \(circle.radius * scale) m)")
        }
        let model = CircleModel(centre: mean + scale * circle.centre, radius: scale * circle.radius)
        return FitResult(model: model, residuals: residuals(of: model, points: points, indices: indices))
    }

    /// Fits an arc: the circle of ``fit(_:indices:maxIterations:)`` plus the counter-clockwise angular
    /// interval covered by the points (the complement of the largest angular gap between them).
    /// - Throws: as ``fit(_:indices:maxIterations:)``.
    /// - Complexity: O(n log n) for the angle sort.
    public static func fitArc(
        _ points: [SIMD2<Double>], indices: [Int]? = nil, maxIterations: Int = 100
    ) throws(FitError) -> FitResult<ArcModel> {
        let c = try fit(points, indices: indices, maxIterations: maxIterations)
        let arc = angularExtent(of: points, indices: indices, about: c.model)
        return FitResult(model: arc, residuals: c.residuals)
    }

    /// The smallest counter-clockwise arc of `circle` that covers the polar angles of the points
    /// (the complement of the largest gap between consecutive angles).
    /// - Precondition: at least one point; indices are valid.
    public static func angularExtent(of points: [SIMD2<Double>], indices: [Int]? = nil, about circle: CircleModel) -> ArcModel {
        var angles: [Double] = if let indices { indices.map { circle.angle(of: points[$0]) } } else {
            points.map { circle.angle(of: $0) }
        }
        angles.sort()
        guard let first = angles.first, let last = angles.last else {
            return ArcModel(circle: circle, startAngle: 0, extent: 0)
        }
        var gap = first + 2 * .pi - last
        var start = first
        for k in 1..<angles.count where angles[k] - angles[k - 1] > gap {
            gap = angles[k] - angles[k - 1]
            start = angles[k]
        }
        return ArcModel(circle: circle, startAngle: start, extent: 2 * .pi - gap)
    }

    /// Residual statistics (absolute orthogonal distances, metres) of `circle` over `points`.
    /// - Precondition: indices are valid.
    public static func residuals(of circle: CircleModel, points: [SIMD2<Double>], indices: [Int]? = nil) -> FitResiduals {
        let r: [Double] = if let indices { indices.map { circle.signedDistance(points[$0]) } } else {
            points.map { circle.signedDistance($0) }
        }
        return FitResiduals(residuals: r)
    }

    /// Hyper fit on centred, unit-scaled data: minimise AᵀMA subject to AᵀNA = 1 for the algebraic
    /// circle `A0 z + A1 x + A2 y + A3 = 0`, z = x² + y², with Hyper's constraint matrix N
    /// (= 2 N_Taubin − N_Pratt). Solved as in Chernov's HyperSVD: Z = U S Vᵀ, Y = V S Vᵀ, eigenvectors of
    /// the symmetric Y N⁻¹ Y; the smallest positive eigenvalue gives A = Y⁻¹ B.
    static func hyperFit(_ p: [SIMD2<Double>]) throws(FitError) -> CircleModel {
        let n = p.count
        let rows = max(n, 4) // zero rows pad n = 3 to a square system without changing ZᵀZ
        var z = Matrix<Double>(rows: rows, columns: 4)
        var zMean = 0.0
        for i in 0..<n {
            let q = p[i]
            let zz = q.x * q.x + q.y * q.y
            zMean += zz
            z[i, 0] = zz
            z[i, 1] = q.x
            z[i, 2] = q.y
            z[i, 3] = 1
        }
        zMean /= Double(n)
        let svd: SingularValueDecomposition<Double>
        do { svd = try LinearAlgebra.svd(z) } catch { throw .linearAlgebra(error) }
        let s = svd.singularValues
        let v = svd.vt.transposed
        var a: [Double]
        if s[3] < 1e-12 * s[0] {
            a = svd.rightSingularVector(3) // exact fit: the null vector of Z
        } else {
            var y = Matrix<Double>(rows: 4, columns: 4)
            var yInv = Matrix<Double>(rows: 4, columns: 4)
            for i in 0..<4 {
                for j in 0..<4 {
                    var t = 0.0, ti = 0.0
                    for k in 0..<4 {
                        t += v[i, k] * s[k] * v[j, k]
                        ti += v[i, k] / s[k] * v[j, k]
                    }
                    y[i, j] = t
                    yInv[i, j] = ti
                }
            }
            let nInv = Matrix<Double>([[0, 0, 0, 0.5], [0, 1, 0, 0], [0, 0, 1, 0], [0.5, 0, 0, -2 * zMean]])
            var c = y * nInv * y
            for i in 0..<4 { for j in 0..<i { let m = 0.5 * (c[i, j] + c[j, i]); c[i, j] = m; c[j, i] = m } }
            let eig: SymmetricEigenDecomposition<Double>
            do { eig = try LinearAlgebra.symmetricEigen(c) } catch { throw .linearAlgebra(error) }
            guard let k = eig.values.firstIndex(where: { $0 > 0 }) else {
                throw .degenerate("Hyper fit found no positive generalised eigenvalue")
            }
            let b = Matrix<Double>(rows: 4, columns: 1, columnMajor: eig.vectors.column(k))
            a = (yInv * b).elements
        }
        let a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3]
        let lin = max(abs(a1), abs(a2), abs(a3))
        guard abs(a0) > 1e-12 * lin else { throw .degenerate("the points lie on a straight line") }
        let centre = SIMD2(-a1 / (2 * a0), -a2 / (2 * a0))
        let disc = a1 * a1 + a2 * a2 - 4 * a0 * a3
        guard disc > 0 else { throw .degenerate("algebraic fit gave an imaginary circle") }
        return CircleModel(centre: centre, radius: disc.squareRoot() / (2 * abs(a0)))
    }

    /// Levenberg–Marquardt on the orthogonal distances `‖pᵢ − c‖ − r` over parameters (cx, cy, r),
    /// with Marquardt's diagonal scaling. Stops on a relative step below 1e-12 or `maxIterations`.
    static func levenbergMarquardt(_ p: [SIMD2<Double>], start: CircleModel, maxIterations: Int) -> CircleModel {
        var c = start.centre, r = start.radius
        func cost(_ c: SIMD2<Double>, _ r: Double) -> Double {
            p.withUnsafeBufferPointer { ps in
                var s = 0.0
                for q in ps {
                    let d = q - c
                    let e = (d * d).sum().squareRoot() - r
                    s += e * e
                }
                return s
            }
        }
        var f = cost(c, r)
        var lambda = 1e-3
        var iteration = 0
        while iteration < maxIterations {
            iteration += 1
            // Normal equations JᵀJ and Jᵀe; J rows are (−dx/ρ, −dy/ρ, −1).
            var jj00 = 0.0, jj01 = 0.0, jj02 = 0.0, jj11 = 0.0, jj12 = 0.0, jj22 = 0.0
            var g = SIMD3<Double>.zero
            p.withUnsafeBufferPointer { ps in
                for q in ps {
                    let d = q - c
                    let rho = (d * d).sum().squareRoot()
                    let ux = rho > 0 ? -d.x / rho : 0, uy = rho > 0 ? -d.y / rho : 0
                    let e = rho - r
                    jj00 += ux * ux; jj01 += ux * uy; jj02 -= ux
                    jj11 += uy * uy; jj12 -= uy; jj22 += 1
                    g += e * SIMD3(ux, uy, -1)
                }
            }
            var accepted = false
            var step = SIMD3<Double>.zero
            while lambda < 1e16 {
                let a = (SIMD3(jj00 * (1 + lambda), jj01, jj02),
                         SIMD3(jj01, jj11 * (1 + lambda), jj12),
                         SIMD3(jj02, jj12, jj22 * (1 + lambda)))
                guard let delta = solve3(a, -g) else { lambda *= 10; continue }
                let nc = c + SIMD2(delta.x, delta.y), nr = r + delta.z
                let nf = cost(nc, nr)
                if nf <= f {
                    step = delta
                    c = nc
                    r = nr
                    let improvement = f - nf
                    f = nf
                    lambda = max(lambda * 0.1, 1e-12)
                    accepted = true
                    if improvement <= 1e-15 * max(f, 1e-300) { step = .zero }
                    break
                }
                lambda *= 10
            }
            if !accepted { break }
            let size = max(abs(c.x), abs(c.y), abs(r), 1)
            if max(abs(step.x), abs(step.y), abs(step.z)) <= 1e-12 * size { break }
        }
        return CircleModel(centre: c, radius: abs(r))
    }
}
