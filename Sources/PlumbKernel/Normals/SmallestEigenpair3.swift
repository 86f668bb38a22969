import Foundation

/// The smallest eigenvalue of a symmetric 3x3 matrix, its unit eigenvector and the trace: what a PCA
/// normal needs (internal; used by ``NormalEstimation``).
///
/// Same closed form as ``SymmetricEigen3`` for the eigenvalue (trigonometric solution of the scaled,
/// trace-shifted characteristic cubic), but only the smallest root (one `acos`, one `cos`) and its
/// eigenvector, taken directly as the largest cross product of two rows of `A - λ0 I` (Eberly 2014). That
/// vector is accurate to about `ε λ2 / (λ1 - λ0)`, so it matches ``SymmetricEigen3/vector0`` up to sign
/// wherever the normal is defined; when `λ0 ≈ λ1` both are an arbitrary unit vector of the eigenspace.
/// - Complexity: O(1), no allocation.
struct SmallestEigenpair3 {
    /// Smallest eigenvalue (units of the matrix entries, e.g. m² for a covariance).
    var value: Double
    /// Sum of the three eigenvalues (the trace), same units.
    var trace: Double
    /// Unit eigenvector of ``value``; (1, 0, 0) for the zero matrix.
    var vector: SIMD3<Double>

    @inline(__always)
    init(_ m: SymmetricMatrix3) {
        let scale = m.maxAbsEntry
        guard scale > 0, scale.isFinite else {
            value = 0
            trace = 0
            vector = SIMD3(1, 0, 0)
            return
        }
        let inv = 1 / scale
        let a00 = m.xx * inv, a01 = m.xy * inv, a02 = m.xz * inv
        let a11 = m.yy * inv, a12 = m.yz * inv, a22 = m.zz * inv
        let norm = a01 * a01 + a02 * a02 + a12 * a12
        guard norm > 0 else {
            // Diagonal: the first smallest entry (x, y, z order, as SymmetricEigen3's stable sort).
            trace = (a00 + a11 + a22) * scale
            if a00 <= a11 && a00 <= a22 {
                value = a00 * scale
                vector = SIMD3(1, 0, 0)
            } else if a11 <= a22 {
                value = a11 * scale
                vector = SIMD3(0, 1, 0)
            } else {
                value = a22 * scale
                vector = SIMD3(0, 0, 1)
            }
            return
        }
        let a = SymmetricMatrix3(xx: a00, xy: a01, xz: a02, yy: a11, yz: a12, zz: a22)
        let (q, p, halfDet) = SymmetricEigen3.cubicTerms(a, offDiagonalNorm: norm)
        let twoThirdsPi = 2.09439510239319549
        let lambda = q + p * (cos(acos(halfDet) / 3 + twoThirdsPi) * 2)
        trace = 3 * q * scale
        value = lambda * scale
        vector = SymmetricEigen3.eigenvector0(a, lambda)
    }
}
