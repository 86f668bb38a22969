internal import CLAPACK
import Foundation

/// A scalar type ``LinearAlgebra`` works in: `Float` (LAPACK's s-prefixed routines) or `Double`
/// (d-prefixed).
///
/// Only `Float` and `Double` conform. The LAPACK routines behind ``LinearAlgebra`` are internal to
/// PlumbKernel and chosen by the scalar type; a conformance declared outside PlumbKernel has no routines,
/// and ``LinearAlgebra`` stops with a precondition failure when given one.
public protocol LinearAlgebraScalar: BinaryFloatingPoint, Sendable, Hashable, Codable {}

extension Double: LinearAlgebraScalar {}
extension Float: LinearAlgebraScalar {}

/// The raw LAPACKE calls for one scalar type (column-major, `info` returned). Pointers are untyped so
/// that generic code over ``LinearAlgebraScalar`` can call them through ``LinearAlgebraScalar/lapack``;
/// each points at elements of the conforming type.
protocol LAPACKRoutines {
    /// Routine-name prefix for error messages ("s" or "d").
    static var lapackPrefix: String { get }
    /// `?syevr` (jobz V, range A, uplo U) on an n x n matrix `a`; eigenvalues into `w`, vectors into `z`.
    static func syevr(
        n: Int32, a: UnsafeMutableRawPointer, w: UnsafeMutableRawPointer, z: UnsafeMutableRawPointer,
        found: UnsafeMutablePointer<Int32>, isuppz: UnsafeMutablePointer<Int32>
    ) -> Int32
    /// `?gesvd` (jobu S, jobvt S) on an m x n matrix `a`.
    static func gesvd(
        m: Int32, n: Int32, a: UnsafeMutableRawPointer, s: UnsafeMutableRawPointer, u: UnsafeMutableRawPointer,
        vt: UnsafeMutableRawPointer, ldvt: Int32, superb: UnsafeMutableRawPointer
    ) -> Int32
    /// `?gels` (trans N) on an m x n matrix `a` and nrhs right-hand sides `b` (leading dimension `ldb`).
    static func gels(
        m: Int32, n: Int32, nrhs: Int32, a: UnsafeMutableRawPointer, b: UnsafeMutableRawPointer, ldb: Int32
    ) -> Int32
}

extension LinearAlgebraScalar {
    /// The LAPACK routines for this scalar type. The first use also limits OpenBLAS to the calling
    /// thread (see ``LinearAlgebra``).
    static var lapack: any LAPACKRoutines.Type {
        BLASThreads.configure()
        guard let routines = Self.self as? any LAPACKRoutines.Type else {
            preconditionFailure("\(Self.self) has no LAPACK routines: only Float and Double are LinearAlgebraScalar")
        }
        return routines
    }
}

/// OpenBLAS runs BLAS level-3 work on a pool of worker threads that spin between calls. Every LAPACK
/// call of the kernel is on a small system (at most a few hundred rows, a handful of columns), where
/// those threads cost CPU time (measured: CPU time twice wall time with one builder thread) and gain
/// nothing, so the kernel asks OpenBLAS for one thread before its first LAPACK call, unless the process
/// chose a count itself with `OPENBLAS_NUM_THREADS`.
enum BLASThreads {
    /// Whether the thread count was set (false when `OPENBLAS_NUM_THREADS` is set in the environment).
    static let configured: Bool = {
        guard ProcessInfo.processInfo.environment["OPENBLAS_NUM_THREADS"] == nil else { return false }
        openblas_set_num_threads(1)
        return true
    }()

    /// Sets the OpenBLAS thread count once per process (thread-safe; later calls do nothing).
    static func configure() { _ = configured }
}

extension Double: LAPACKRoutines {
    static var lapackPrefix: String { "d" }
    static func syevr(
        n: Int32, a: UnsafeMutableRawPointer, w: UnsafeMutableRawPointer, z: UnsafeMutableRawPointer,
        found: UnsafeMutablePointer<Int32>, isuppz: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        LAPACKE_dsyevr(LAPACK_COL_MAJOR, charV, charA, charU, n, a.assumingMemoryBound(to: Double.self), n, 0, 0, 1, n, 0,
                       found, w.assumingMemoryBound(to: Double.self), z.assumingMemoryBound(to: Double.self), n, isuppz)
    }
    static func gesvd(
        m: Int32, n: Int32, a: UnsafeMutableRawPointer, s: UnsafeMutableRawPointer, u: UnsafeMutableRawPointer,
        vt: UnsafeMutableRawPointer, ldvt: Int32, superb: UnsafeMutableRawPointer
    ) -> Int32 {
        LAPACKE_dgesvd(LAPACK_COL_MAJOR, charS, charS, m, n, a.assumingMemoryBound(to: Double.self), m,
                       s.assumingMemoryBound(to: Double.self), u.assumingMemoryBound(to: Double.self), m,
                       vt.assumingMemoryBound(to: Double.self), ldvt, superb.assumingMemoryBound(to: Double.self))
    }
    static func gels(
        m: Int32, n: Int32, nrhs: Int32, a: UnsafeMutableRawPointer, b: UnsafeMutableRawPointer, ldb: Int32
    ) -> Int32 {
        LAPACKE_dgels(LAPACK_COL_MAJOR, charN, m, n, nrhs, a.assumingMemoryBound(to: Double.self), m,
                      b.assumingMemoryBound(to: Double.self), ldb)
    }
}

extension Float: LAPACKRoutines {
    static var lapackPrefix: String { "s" }
    static func syevr(
        n: Int32, a: UnsafeMutableRawPointer, w: UnsafeMutableRawPointer, z: UnsafeMutableRawPointer,
        found: UnsafeMutablePointer<Int32>, isuppz: UnsafeMutablePointer<Int32>
    ) -> Int32 {
        LAPACKE_ssyevr(LAPACK_COL_MAJOR, charV, charA, charU, n, a.assumingMemoryBound(to: Float.self), n, 0, 0, 1, n, 0,
                       found, w.assumingMemoryBound(to: Float.self), z.assumingMemoryBound(to: Float.self), n, isuppz)
    }
    static func gesvd(
        m: Int32, n: Int32, a: UnsafeMutableRawPointer, s: UnsafeMutableRawPointer, u: UnsafeMutableRawPointer,
        vt: UnsafeMutableRawPointer, ldvt: Int32, superb: UnsafeMutableRawPointer
    ) -> Int32 {
        LAPACKE_sgesvd(LAPACK_COL_MAJOR, charS, charS, m, n, a.assumingMemoryBound(to: Float.self), m,
                       s.assumingMemoryBound(to: Float.self), u.assumingMemoryBound(to: Float.self), m,
                       vt.assumingMemoryBound(to: Float.self), ldvt, superb.assumingMemoryBound(to: Float.self))
    }
    static func gels(
        m: Int32, n: Int32, nrhs: Int32, a: UnsafeMutableRawPointer, b: UnsafeMutableRawPointer, ldb: Int32
    ) -> Int32 {
        LAPACKE_sgels(LAPACK_COL_MAJOR, charN, m, n, nrhs, a.assumingMemoryBound(to: Float.self), m,
                      b.assumingMemoryBound(to: Float.self), ldb)
    }
}

private let charV = CChar(UInt8(ascii: "V"))
private let charA = CChar(UInt8(ascii: "A"))
private let charU = CChar(UInt8(ascii: "U"))
private let charS = CChar(UInt8(ascii: "S"))
private let charN = CChar(UInt8(ascii: "N"))
