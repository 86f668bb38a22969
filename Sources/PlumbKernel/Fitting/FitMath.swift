#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Scalar maths used by the fits, routed through the C library without importing Foundation everywhere.
@inline(__always) func atan2Double(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func cosDouble(_ x: Double) -> Double { cos(x) }
@inline(__always) func sinDouble(_ x: Double) -> Double { sin(x) }
@inline(__always) func logDouble(_ x: Double) -> Double { log(x) }
@inline(__always) func powDouble(_ x: Double, _ y: Double) -> Double { pow(x, y) }

/// Solves the 3x3 system `a x = b` by Gaussian elimination with partial pivoting; `nil` when singular.
/// `a` is given row-major as three rows.
func solve3(_ a: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), _ b: SIMD3<Double>) -> SIMD3<Double>? {
    var r = [a.0, a.1, a.2]
    var v = [b.x, b.y, b.z]
    for c in 0..<3 {
        var p = c
        for k in (c + 1)..<3 where abs(r[k][c]) > abs(r[p][c]) { p = k }
        guard abs(r[p][c]) > 1e-300 else { return nil }
        if p != c { r.swapAt(p, c); v.swapAt(p, c) }
        for k in (c + 1)..<3 {
            let f = r[k][c] / r[c][c]
            r[k] -= f * r[c]
            v[k] -= f * v[c]
        }
    }
    var x = SIMD3<Double>.zero
    for c in stride(from: 2, through: 0, by: -1) {
        var s = v[c]
        for k in (c + 1)..<3 { s -= r[c][k] * x[k] }
        x[c] = s / r[c][c]
    }
    return x.x.isFinite && x.y.isFinite && x.z.isFinite ? x : nil
}
