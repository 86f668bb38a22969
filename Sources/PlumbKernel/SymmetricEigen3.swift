import Foundation

/// A symmetric 3x3 matrix in double precision, stored as its six distinct entries.
public struct SymmetricMatrix3: Sendable, Hashable, Codable {
    public var xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double

    /// A matrix from its upper triangle.
    public init(xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double) {
        self.xx = xx
        self.xy = xy
        self.xz = xz
        self.yy = yy
        self.yz = yz
        self.zz = zz
    }

    /// The zero matrix.
    public static let zero = SymmetricMatrix3(xx: 0, xy: 0, xz: 0, yy: 0, yz: 0, zz: 0)

    /// Matrix-vector product.
    @inlinable
    public func multiply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            xx * v.x + xy * v.y + xz * v.z,
            xy * v.x + yy * v.y + yz * v.z,
            xz * v.x + yz * v.y + zz * v.z)
    }

    /// Trace (sum of eigenvalues).
    public var trace: Double { xx + yy + zz }

    /// Largest absolute entry.
    public var maxAbsEntry: Double { Swift.max(abs(xx), abs(xy), abs(xz), abs(yy), abs(yz), abs(zz)) }
}

/// Eigenvalues (ascending) and orthonormal eigenvectors of a ``SymmetricMatrix3``.
public struct SymmetricEigen3: Sendable, Hashable {
    /// Eigenvalues in ascending order: `values[0] <= values[1] <= values[2]`.
    public var values: SIMD3<Double>
    /// Unit eigenvector of `values[0]` (for a covariance matrix: the plane normal).
    public var vector0: SIMD3<Double>
    /// Unit eigenvector of `values[1]`.
    public var vector1: SIMD3<Double>
    /// Unit eigenvector of `values[2]` (for a covariance matrix: the dominant direction).
    public var vector2: SIMD3<Double>

    /// Closed-form decomposition of a symmetric 3x3 matrix.
    ///
    /// Eigenvalues come from the trigonometric solution of the characteristic cubic on the scaled,
    /// trace-shifted matrix; eigenvectors from cross products of rows of `A - λI` for the best-separated
    /// eigenvalue, then a 2x2 problem in its orthogonal complement (D. Eberly, "A Robust Eigensolver for
    /// 3x3 Symmetric Matrices", 2014). Repeated eigenvalues give an arbitrary orthonormal basis of the
    /// eigenspace. The result is right-handed: `vector2 == cross(vector0, vector1)`.
    ///
    /// Agrees with LAPACK `dsyevr` to ~1e-12 relative on well-conditioned input (see the kernel tests).
    /// - Complexity: O(1), no allocation; about 150 flops.
    public init(_ m: SymmetricMatrix3) {
        let scale = m.maxAbsEntry
        guard scale > 0, scale.isFinite else {
            self.values = .zero
            self.vector0 = SIMD3(1, 0, 0)
            self.vector1 = SIMD3(0, 1, 0)
            self.vector2 = SIMD3(0, 0, 1)
            return
        }
        let inv = 1 / scale
        let a00 = m.xx * inv, a01 = m.xy * inv, a02 = m.xz * inv
        let a11 = m.yy * inv, a12 = m.yz * inv, a22 = m.zz * inv
        let a = SymmetricMatrix3(xx: a00, xy: a01, xz: a02, yy: a11, yz: a12, zz: a22)

        let norm = a01 * a01 + a02 * a02 + a12 * a12
        var evals: SIMD3<Double>
        var v0: SIMD3<Double>, v1: SIMD3<Double>, v2: SIMD3<Double>
        if norm > 0 {
            let (q, p, halfDet) = Self.cubicTerms(a, offDiagonalNorm: norm)
            let angle = acos(halfDet) / 3
            let twoThirdsPi = 2.09439510239319549
            let beta2 = cos(angle) * 2
            let beta0 = cos(angle + twoThirdsPi) * 2
            let beta1 = -(beta0 + beta2)
            evals = SIMD3(q + p * beta0, q + p * beta1, q + p * beta2)
            if halfDet >= 0 {
                v2 = Self.eigenvector0(a, evals[2])
                v1 = Self.eigenvector1(a, v2, evals[1])
                v0 = cross(v1, v2)
            } else {
                v0 = Self.eigenvector0(a, evals[0])
                v1 = Self.eigenvector1(a, v0, evals[1])
                v2 = cross(v0, v1)
            }
        } else {
            // Diagonal: sort the diagonal entries with their axes.
            var pairs = [(a00, SIMD3<Double>(1, 0, 0)), (a11, SIMD3<Double>(0, 1, 0)), (a22, SIMD3<Double>(0, 0, 1))]
            if pairs[0].0 > pairs[1].0 { pairs.swapAt(0, 1) }
            if pairs[1].0 > pairs[2].0 { pairs.swapAt(1, 2) }
            if pairs[0].0 > pairs[1].0 { pairs.swapAt(0, 1) }
            evals = SIMD3(pairs[0].0, pairs[1].0, pairs[2].0)
            v0 = pairs[0].1
            v1 = pairs[1].1
            v2 = cross(v0, v1)
        }
        self.values = evals * scale
        self.vector0 = v0
        self.vector1 = v1
        self.vector2 = v2
    }

    /// The trace-shifted characteristic cubic of a scaled matrix `a` with `offDiagonalNorm`
    /// (`a01² + a02² + a12²`) > 0: mean eigenvalue `q`, spread `p` and `halfDet` = det((a − qI) / p) / 2
    /// clamped to [−1, 1]; eigenvalue i (ascending) is `q + 2p cos(acos(halfDet) / 3 + 2π(2 − i) / 3)`.
    @inline(__always)
    static func cubicTerms(_ a: SymmetricMatrix3, offDiagonalNorm norm: Double) -> (q: Double, p: Double, halfDet: Double) {
        let q = (a.xx + a.yy + a.zz) / 3
        let b00 = a.xx - q, b11 = a.yy - q, b22 = a.zz - q
        let p = ((b00 * b00 + b11 * b11 + b22 * b22 + 2 * norm) / 6).squareRoot()
        let c00 = b11 * b22 - a.yz * a.yz
        let c01 = a.xy * b22 - a.yz * a.xz
        let c02 = a.xy * a.yz - b11 * a.xz
        let det = (b00 * c00 - a.xy * c01 + a.xz * c02) / (p * p * p)
        return (q, p, Swift.min(Swift.max(det * 0.5, -1), 1))
    }

    /// Unit eigenvector of the eigenvalue `e` of `a`: the longest cross product of two rows of `a − eI`
    /// (the first longest in the order 01, 02, 12; (1, 0, 0) when all vanish).
    @inline(__always)
    static func eigenvector0(_ a: SymmetricMatrix3, _ e: Double) -> SIMD3<Double> {
        let v = eigenvector0(xx: a.xx, xy: a.xy, xz: a.xz, yy: a.yy, yz: a.yz, zz: a.zz, e)
        return SIMD3(v.x, v.y, v.z)
    }

    /// ``eigenvector0(_:_:)`` per lane, component by component (the same operations as `cross` and `dot`
    /// on the rows, in the same order). The winning pair is chosen by selects rather than branches, since
    /// it varies from point to point.
    @inline(__always)
    static func eigenvector0<V: EigenLanes>(
        xx: V, xy: V, xz: V, yy: V, yz: V, zz: V, _ e: V
    ) -> (x: V, y: V, z: V) {
        // Rows r0 = (r0x, xy, xz), r1 = (xy, r1y, yz), r2 = (xz, yz, r2z).
        let r0x = xx - e, r1y = yy - e, r2z = zz - e
        // r0 × r1, r0 × r2, r1 × r2.
        let ax: V = xy * yz - xz * r1y, ay: V = xz * xy - r0x * yz, az: V = r0x * r1y - xy * xy
        let bx: V = xy * r2z - xz * yz, by: V = xz * xz - r0x * r2z, bz: V = r0x * yz - xy * xz
        let cx: V = r1y * r2z - yz * yz, cy: V = yz * xz - xy * r2z, cz: V = xy * yz - r1y * xz
        let da: V = (ax * ax + ay * ay) + az * az
        let db: V = (bx * bx + by * by) + bz * bz
        let dc: V = (cx * cx + cy * cy) + cz * cz
        var x = ax.replacing(with: bx, where: db, exceeds: da), y = ay.replacing(with: by, where: db, exceeds: da)
        var z = az.replacing(with: bz, where: db, exceeds: da), d = da.replacing(with: db, where: db, exceeds: da)
        x = x.replacing(with: cx, where: dc, exceeds: d)
        y = y.replacing(with: cy, where: dc, exceeds: d)
        z = z.replacing(with: cz, where: dc, exceeds: d)
        d = d.replacing(with: dc, where: dc, exceeds: d)
        // (1, 0, 0) unless d > 0.
        let root = d.squareRoot(), zero = V(constant: 0)
        return (V(constant: 1).replacing(with: x / root, where: d, exceeds: zero),
                zero.replacing(with: y / root, where: d, exceeds: zero),
                zero.replacing(with: z / root, where: d, exceeds: zero))
    }

    @inline(__always)
    private static func eigenvector1(_ a: SymmetricMatrix3, _ w: SIMD3<Double>, _ e: Double) -> SIMD3<Double> {
        let u: SIMD3<Double>
        if abs(w.x) > abs(w.y) {
            let inv = 1 / (w.x * w.x + w.z * w.z).squareRoot()
            u = SIMD3(-w.z * inv, 0, w.x * inv)
        } else {
            let inv = 1 / (w.y * w.y + w.z * w.z).squareRoot()
            u = SIMD3(0, w.z * inv, -w.y * inv)
        }
        let v = cross(w, u)
        let au = a.multiply(u), av = a.multiply(v)
        var m00 = dot(u, au) - e, m01 = dot(u, av), m11 = dot(v, av) - e
        let abs00 = abs(m00), abs01 = abs(m01), abs11 = abs(m11)
        if abs00 >= abs11 {
            guard Swift.max(abs00, abs01) > 0 else { return u }
            if abs00 >= abs01 {
                m01 /= m00
                m00 = 1 / (1 + m01 * m01).squareRoot()
                m01 *= m00
            } else {
                m00 /= m01
                m01 = 1 / (1 + m00 * m00).squareRoot()
                m00 *= m01
            }
            return m01 * u - m00 * v
        } else {
            guard Swift.max(abs11, abs01) > 0 else { return u }
            if abs11 >= abs01 {
                m01 /= m11
                m11 = 1 / (1 + m01 * m01).squareRoot()
                m01 *= m11
            } else {
                m11 /= m01
                m01 = 1 / (1 + m11 * m11).squareRoot()
                m11 *= m01
            }
            return m11 * u - m01 * v
        }
    }
}

/// Cross product of two 3-vectors.
@inlinable
public func cross<T: FloatingPoint & SIMDScalar>(_ a: SIMD3<T>, _ b: SIMD3<T>) -> SIMD3<T> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// Dot product of two 3-vectors.
@inlinable
public func dot<T: FloatingPoint & SIMDScalar>(_ a: SIMD3<T>, _ b: SIMD3<T>) -> T {
    a.x * b.x + a.y * b.y + a.z * b.z
}

/// Euclidean length of a 3-vector.
@inlinable
public func length<T: FloatingPoint & SIMDScalar>(_ a: SIMD3<T>) -> T { dot(a, a).squareRoot() }

/// `a` scaled to unit length (returned unchanged when its length is zero).
@inlinable
public func normalize<T: FloatingPoint & SIMDScalar>(_ a: SIMD3<T>) -> SIMD3<T> {
    let l = length(a)
    return l > 0 ? a / l : a
}
