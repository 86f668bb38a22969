import CLAPACK

/// A scalar type LAPACK has routines for: `Float` (s-prefixed routines) or `Double` (d-prefixed).
///
/// The underscored requirements are the raw LAPACKE calls (column-major, `info` returned); call the
/// checked API on ``LinearAlgebra`` instead.
public protocol LinearAlgebraScalar: BinaryFloatingPoint, Sendable, Hashable, Codable {
    /// Routine-name prefix for error messages ("s" or "d").
    static var lapackPrefix: String { get }
    /// Raw `?syevr` (jobz V, range A, uplo U). Implementation detail of ``LinearAlgebra``.
    static func _syevr(
        n: Int32, a: UnsafeMutablePointer<Self>, w: UnsafeMutablePointer<Self>,
        z: UnsafeMutablePointer<Self>, found: UnsafeMutablePointer<Int32>, isuppz: UnsafeMutablePointer<Int32>
    ) -> Int32
    /// Raw `?gesvd` (jobu S, jobvt S). Implementation detail of ``LinearAlgebra``.
    static func _gesvd(
        m: Int32, n: Int32, a: UnsafeMutablePointer<Self>, s: UnsafeMutablePointer<Self>,
        u: UnsafeMutablePointer<Self>, vt: UnsafeMutablePointer<Self>, ldvt: Int32,
        superb: UnsafeMutablePointer<Self>
    ) -> Int32
    /// Raw `?gels` (trans N). Implementation detail of ``LinearAlgebra``.
    static func _gels(
        m: Int32, n: Int32, nrhs: Int32, a: UnsafeMutablePointer<Self>, b: UnsafeMutablePointer<Self>, ldb: Int32
    ) -> Int32
}

private let charV = CChar(UInt8(ascii: "V"))
private let charA = CChar(UInt8(ascii: "A"))
private let charU = CChar(UInt8(ascii: "U"))
private let charS = CChar(UInt8(ascii: "S"))
private let charN = CChar(UInt8(ascii: "N"))

extension Double: LinearAlgebraScalar {
    /// "d".
    public static var lapackPrefix: String { "d" }
    /// Raw `dsyevr`.
    public static func _syevr(
        n: Int32, a: UnsafeMutablePointer<Double>, w: UnsafeMutablePointer<Double>,
        z: UnsafeMutablePointer<Double>, found: UnsafeMutablePointer<Int32>, isuppz: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        LAPACKE_dsyevr(LAPACK_COL_MAJOR, charV, charA, charU, n, a, n, 0, 0, 1, n, 0, found, w, z, n, isuppz)
    }
    /// Raw `dgesvd`.
    public static func _gesvd(
        m: Int32, n: Int32, a: UnsafeMutablePointer<Double>, s: UnsafeMutablePointer<Double>,
        u: UnsafeMutablePointer<Double>, vt: UnsafeMutablePointer<Double>, ldvt: Int32,
        superb: UnsafeMutablePointer<Double>
    ) -> Int32 {
        LAPACKE_dgesvd(LAPACK_COL_MAJOR, charS, charS, m, n, a, m, s, u, m, vt, ldvt, superb)
    }
    /// Raw `dgels`.
    public static func _gels(
        m: Int32, n: Int32, nrhs: Int32, a: UnsafeMutablePointer<Double>, b: UnsafeMutablePointer<Double>, ldb: Int32
    ) -> Int32 {
        LAPACKE_dgels(LAPACK_COL_MAJOR, charN, m, n, nrhs, a, m, b, ldb)
    }
}

extension Float: LinearAlgebraScalar {
    /// "s".
    public static var lapackPrefix: String { "s" }
    /// Raw `ssyevr`.
    public static func _syevr(
        n: Int32, a: UnsafeMutablePointer<Float>, w: UnsafeMutablePointer<Float>,
        z: UnsafeMutablePointer<Float>, found: UnsafeMutablePointer<Int32>, isuppz: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        LAPACKE_ssyevr(LAPACK_COL_MAJOR, charV, charA, charU, n, a, n, 0, 0, 1, n, 0, found, w, z, n, isuppz)
    }
    /// Raw `sgesvd`.
    public static func _gesvd(
        m: Int32, n: Int32, a: UnsafeMutablePointer<Float>, s: UnsafeMutablePointer<Float>,
        u: UnsafeMutablePointer<Float>, vt: UnsafeMutablePointer<Float>, ldvt: Int32,
        superb: UnsafeMutablePointer<Float>
    ) -> Int32 {
        LAPACKE_sgesvd(LAPACK_COL_MAJOR, charS, charS, m, n, a, m, s, u, m, vt, ldvt, superb)
    }
    /// Raw `sgels`.
    public static func _gels(
        m: Int32, n: Int32, nrhs: Int32, a: UnsafeMutablePointer<Float>, b: UnsafeMutablePointer<Float>, ldb: Int32
    ) -> Int32 {
        LAPACKE_sgels(LAPACK_COL_MAJOR, charN, m, n, nrhs, a, m, b, ldb)
    }
}
