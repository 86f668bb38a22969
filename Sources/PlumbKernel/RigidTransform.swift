#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// A proper rigid motion of 3D space (rotation then translation), in double precision.
///
/// `apply(p) = rotation * p + translation`. The rotation is stored as three orthonormal columns, so the
/// columns are the images of the source frame's x, y and z axes expressed in the target frame. Used for
/// camera poses (`cameraToWorld` maps camera coordinates to world coordinates; ARKit convention: camera
/// x right, y up, looking along -z; world y up, metres).
///
/// Codable as `{"rotation": [[c0],[c1],[c2]], "translation": [x, y, z]}` (columns, column-major).
public struct RigidTransform: Sendable, Equatable, Hashable, Codable {
    /// First column of the rotation matrix (image of the source x axis).
    public var column0: SIMD3<Double>
    /// Second column of the rotation matrix (image of the source y axis).
    public var column1: SIMD3<Double>
    /// Third column of the rotation matrix (image of the source z axis).
    public var column2: SIMD3<Double>
    /// Translation in metres (image of the source origin).
    public var translation: SIMD3<Double>

    /// The identity transform.
    public static let identity = RigidTransform(
        column0: SIMD3(1, 0, 0), column1: SIMD3(0, 1, 0), column2: SIMD3(0, 0, 1), translation: .zero)

    /// A transform from rotation columns and a translation. The columns are taken as given; use
    /// ``orthonormalized()`` if they come from noisy data.
    public init(column0: SIMD3<Double>, column1: SIMD3<Double>, column2: SIMD3<Double>, translation: SIMD3<Double>) {
        self.column0 = column0
        self.column1 = column1
        self.column2 = column2
        self.translation = translation
    }

    /// A pure translation.
    public init(translation: SIMD3<Double>) {
        self = .identity
        self.translation = translation
    }

    /// A rotation of `angle` radians about the unit `axis` (right-hand rule), followed by `translation`.
    public init(axis: SIMD3<Double>, angle: Double, translation: SIMD3<Double> = .zero) {
        let a = normalize(axis)
        let c = _cosD(angle), s = _sinD(angle), t = 1 - c
        column0 = SIMD3(t * a.x * a.x + c, t * a.x * a.y + s * a.z, t * a.x * a.z - s * a.y)
        column1 = SIMD3(t * a.x * a.y - s * a.z, t * a.y * a.y + c, t * a.y * a.z + s * a.x)
        column2 = SIMD3(t * a.x * a.z + s * a.y, t * a.y * a.z - s * a.x, t * a.z * a.z + c)
        self.translation = translation
    }

    /// The image of point `p` (metres).
    /// - Complexity: O(1).
    @inlinable
    public func apply(_ p: SIMD3<Double>) -> SIMD3<Double> {
        column0 * p.x + column1 * p.y + column2 * p.z + translation
    }

    /// The image of direction `v` (rotation only, no translation).
    @inlinable
    public func applyToDirection(_ v: SIMD3<Double>) -> SIMD3<Double> {
        column0 * v.x + column1 * v.y + column2 * v.z
    }

    /// Turns the points `(x[i], y[i], z[i])` in place by the rotation part (no translation), in `Float`:
    /// for coordinates relative to a nearby origin. The three arrays must have equal counts.
    /// - Complexity: O(n), no allocation.
    package func rotate(x: inout [Float], y: inout [Float], z: inout [Float]) {
        precondition(x.count == y.count && y.count == z.count, "coordinate arrays of different lengths")
        let c0 = SIMD3<Float>(column0), c1 = SIMD3<Float>(column1), c2 = SIMD3<Float>(column2)
        for i in x.indices {
            let p = c0 * x[i] + c1 * y[i] + c2 * z[i]
            x[i] = p.x; y[i] = p.y; z[i] = p.z
        }
    }

    /// The inverse motion: `inverse.apply(apply(p)) == p` up to rounding.
    public var inverse: RigidTransform {
        // Transpose of the rotation.
        let r0 = SIMD3(column0.x, column1.x, column2.x)
        let r1 = SIMD3(column0.y, column1.y, column2.y)
        let r2 = SIMD3(column0.z, column1.z, column2.z)
        let t = -(r0 * translation.x + r1 * translation.y + r2 * translation.z)
        return RigidTransform(column0: r0, column1: r1, column2: r2, translation: t)
    }

    /// The composition `self ∘ other`: first `other`, then `self`.
    public func composed(with other: RigidTransform) -> RigidTransform {
        RigidTransform(
            column0: applyToDirection(other.column0), column1: applyToDirection(other.column1),
            column2: applyToDirection(other.column2), translation: apply(other.translation))
    }

    /// `lhs.composed(with: rhs)`: apply `rhs` first.
    public static func * (lhs: RigidTransform, rhs: RigidTransform) -> RigidTransform { lhs.composed(with: rhs) }

    /// The same motion with the rotation re-orthonormalised (Gram–Schmidt on columns 0 and 1, column 2
    /// as their cross product), so it stays a proper rotation after accumulated rounding.
    public func orthonormalized() -> RigidTransform {
        let c0 = normalize(column0)
        let c1 = normalize(column1 - c0 * dot(c0, column1))
        return RigidTransform(column0: c0, column1: c1, column2: cross(c0, c1), translation: translation)
    }

    /// True when every entry is finite and the rotation is orthonormal with determinant +1 within `tolerance`.
    public func isProperRigid(tolerance: Double = 1e-6) -> Bool {
        let all = [column0, column1, column2, translation]
        guard all.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else { return false }
        let e = [dot(column0, column0) - 1, dot(column1, column1) - 1, dot(column2, column2) - 1,
                 dot(column0, column1), dot(column0, column2), dot(column1, column2),
                 dot(cross(column0, column1), column2) - 1]
        return e.allSatisfy { abs($0) <= tolerance }
    }

    private enum CodingKeys: String, CodingKey { case rotation, translation }

    /// Decodes `{"rotation": [c0, c1, c2], "translation": t}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let cols = try c.decode([SIMD3<Double>].self, forKey: .rotation)
        guard cols.count == 3 else {
            throw DecodingError.dataCorruptedError(
                forKey: .rotation, in: c, debugDescription: "rotation needs 3 columns, got \(cols.count)")
        }
        self.init(column0: cols[0], column1: cols[1], column2: cols[2],
                  translation: try c.decode(SIMD3<Double>.self, forKey: .translation))
    }

    /// Encodes `{"rotation": [c0, c1, c2], "translation": t}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode([column0, column1, column2], forKey: .rotation)
        try c.encode(translation, forKey: .translation)
    }
}

#if canImport(Glibc)
@usableFromInline func _cosD(_ x: Double) -> Double { Glibc.cos(x) }
@usableFromInline func _sinD(_ x: Double) -> Double { Glibc.sin(x) }
#else
@usableFromInline func _cosD(_ x: Double) -> Double { Foundation.cos(x) }
@usableFromInline func _sinD(_ x: Double) -> Double { Foundation.sin(x) }
#endif
