import Foundation
import PlumbKernel

/// A 4x4 affine transform stored as 16 `Float`s in column-major order, exactly as RoomPlan's
/// `simd_float4x4` is written to JSON: `[c0.x, c0.y, c0.z, c0.w, c1.x, …, c3.x, c3.y, c3.z, c3.w]`.
///
/// For RoomPlan elements the transform maps the element's local frame to the world frame:
/// column 3 (elements 12, 13, 14) is the element's centre in world metres; column 0 (local x) runs
/// along the element's width; column 1 (local y) is up for walls, doors, windows, openings and objects;
/// column 2 (local z) is the surface normal (for floors, local z is world +Y and the floor polygon lies
/// in local x-y). The world frame is ARKit's: gravity-aligned, +Y up, metres, right-handed.
///
/// Points are column vectors: `world = M * local`. Composition `a * b` applies `b` first.
public struct Transform4x4: Sendable, Hashable {
    /// The 16 elements in column-major order (index `4 * column + row`).
    public var elements: SIMD16<Float>

    /// A transform from its 16 column-major elements.
    public init(elements: SIMD16<Float>) {
        self.elements = elements
    }

    /// A transform from an array of exactly 16 column-major elements; `nil` for any other count.
    public init?(_ array: [Float]) {
        guard array.count == 16 else { return nil }
        var e = SIMD16<Float>()
        for i in 0..<16 { e[i] = array[i] }
        self.elements = e
    }

    /// A transform from four columns (each `SIMD4`: x, y, z, w).
    public init(columns c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) {
        self.elements = SIMD16(lowHalf: SIMD8(lowHalf: c0, highHalf: c1), highHalf: SIMD8(lowHalf: c2, highHalf: c3))
    }

    /// A rigid transform from three local axes expressed in world coordinates and a translation (metres).
    /// The axes are used as given (not re-orthonormalised).
    public init(xAxis: SIMD3<Float>, yAxis: SIMD3<Float>, zAxis: SIMD3<Float>, translation: SIMD3<Float>) {
        self.init(
            columns: SIMD4(xAxis, 0), SIMD4(yAxis, 0), SIMD4(zAxis, 0), SIMD4(translation, 1))
    }

    /// The same motion as a kernel `RigidTransform` (rotation columns and translation, metres), rounded to
    /// `Float`. Compose far-off motions in `Double` first so the translation stored here stays small.
    public init(rigid t: RigidTransform) {
        self.init(xAxis: SIMD3<Float>(t.column0), yAxis: SIMD3<Float>(t.column1), zAxis: SIMD3<Float>(t.column2),
                  translation: SIMD3<Float>(t.translation))
    }

    /// A rotation by `yaw` radians about world +Y (positive turns +X toward -Z, i.e. counter-clockwise
    /// seen from above), followed by a translation in metres. This is the pose of an upright wall,
    /// door, window, opening or object.
    public init(yaw: Float, translation: SIMD3<Float>) {
        let c = cos(yaw), s = sin(yaw)
        self.init(
            xAxis: SIMD3(c, 0, -s), yAxis: SIMD3(0, 1, 0), zAxis: SIMD3(s, 0, c), translation: translation)
    }

    /// The identity transform.
    public static let identity = Transform4x4(
        columns: SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    /// Column `index` (0...3) as `SIMD4`.
    @inlinable
    public func column(_ index: Int) -> SIMD4<Float> {
        let b = 4 * index
        return SIMD4(elements[b], elements[b + 1], elements[b + 2], elements[b + 3])
    }

    /// The 16 elements as an array, column-major.
    public var array: [Float] { (0..<16).map { elements[$0] } }

    /// World position of the local origin (column 3), metres. For RoomPlan elements: the element centre.
    public var translation: SIMD3<Float> {
        get { SIMD3(elements[12], elements[13], elements[14]) }
        set {
            elements[12] = newValue.x
            elements[13] = newValue.y
            elements[14] = newValue.z
        }
    }

    /// Local +X in world coordinates (column 0): a wall's or object's width direction.
    public var xAxis: SIMD3<Float> { SIMD3(elements[0], elements[1], elements[2]) }
    /// Local +Y in world coordinates (column 1): up for upright elements.
    public var yAxis: SIMD3<Float> { SIMD3(elements[4], elements[5], elements[6]) }
    /// Local +Z in world coordinates (column 2): a surface's normal.
    public var zAxis: SIMD3<Float> { SIMD3(elements[8], elements[9], elements[10]) }

    /// Heading of local +X about world +Y in radians, in (-π, π]: `atan2(-x.z, x.x)`, the inverse of
    /// ``init(yaw:translation:)``. Meaningful for upright elements (local Y ≈ world Y).
    public var yaw: Float { atan2(-elements[2], elements[0]) }

    /// Whether all 16 elements are finite.
    public var isFinite: Bool {
        for i in 0..<16 where !elements[i].isFinite { return false }
        return true
    }

    /// Whether the upper-left 3x3 block is a rotation (orthonormal, determinant +1) within `tolerance`
    /// and the bottom row is `(0, 0, 0, 1)`.
    public func isRigid(tolerance: Float = 1e-3) -> Bool {
        guard isFinite else { return false }
        let x = xAxis, y = yAxis, z = zAxis
        let checks: [Float] = [
            dot(x, x) - 1, dot(y, y) - 1, dot(z, z) - 1, dot(x, y), dot(y, z), dot(x, z),
            dot(cross(x, y), z) - 1, elements[3], elements[7], elements[11], elements[15] - 1,
        ]
        return checks.allSatisfy { abs($0) <= tolerance }
    }

    /// `self * other`: the transform that applies `other` first, then `self`.
    /// - Complexity: O(1), 64 multiply-adds in single precision (as simd does).
    public static func * (lhs: Transform4x4, rhs: Transform4x4) -> Transform4x4 {
        let a0 = lhs.column(0), a1 = lhs.column(1), a2 = lhs.column(2), a3 = lhs.column(3)
        func mul(_ b: SIMD4<Float>) -> SIMD4<Float> { a0 * b.x + a1 * b.y + a2 * b.z + a3 * b.w }
        return Transform4x4(columns: mul(rhs.column(0)), mul(rhs.column(1)), mul(rhs.column(2)), mul(rhs.column(3)))
    }

    /// `self * other` (see ``*(_:_:)``).
    public func composed(with other: Transform4x4) -> Transform4x4 { self * other }

    /// The inverse of a rigid transform (rotation + translation): `[Rᵀ | -Rᵀ t]`. Exact for rigid
    /// transforms; for anything else (scale, shear, projective row) use ``inverse``.
    public var rigidInverse: Transform4x4 {
        let x = xAxis, y = yAxis, z = zAxis, t = translation
        // Rows of R become columns of Rᵀ.
        let c0 = SIMD3(x.x, y.x, z.x), c1 = SIMD3(x.y, y.y, z.y), c2 = SIMD3(x.z, y.z, z.z)
        let tt = -(c0 * t.x + c1 * t.y + c2 * t.z)
        return Transform4x4(xAxis: c0, yAxis: c1, zAxis: c2, translation: tt)
    }

    /// The general inverse (cofactor expansion in `Double`), or `nil` when the matrix is singular
    /// (|det| below 1e-12 relative to the largest element) or not finite.
    public var inverse: Transform4x4? {
        guard isFinite else { return nil }
        var m = [Double](repeating: 0, count: 16)
        for i in 0..<16 { m[i] = Double(elements[i]) }
        // m is column-major: m[4*c + r]. Work on the transpose-free formula via minors.
        func at(_ r: Int, _ c: Int) -> Double { m[4 * c + r] }
        var inv = [Double](repeating: 0, count: 16)
        var det = 0.0
        for r in 0..<4 {
            for c in 0..<4 {
                // Cofactor C(r, c) from the 3x3 minor without row r and column c.
                var sub = [Double]()
                sub.reserveCapacity(9)
                for rr in 0..<4 where rr != r {
                    for cc in 0..<4 where cc != c { sub.append(at(rr, cc)) }
                }
                let minor = sub[0] * (sub[4] * sub[8] - sub[5] * sub[7])
                    - sub[1] * (sub[3] * sub[8] - sub[5] * sub[6])
                    + sub[2] * (sub[3] * sub[7] - sub[4] * sub[6])
                let cof = ((r + c) % 2 == 0 ? 1.0 : -1.0) * minor
                if r == 0 { det += at(0, c) * cof }
                // inverse(c, r) = C(r, c) / det  → column-major index 4*r + c.
                inv[4 * r + c] = cof
            }
        }
        let scale = m.map(abs).max() ?? 0
        guard scale > 0, abs(det) > 1e-12 * scale * scale * scale * scale else { return nil }
        var e = SIMD16<Float>()
        for i in 0..<16 { e[i] = Float(inv[i] / det) }
        return Transform4x4(elements: e)
    }

    /// `M * (p, 1)`: a local point (metres) mapped to world coordinates.
    @inlinable
    public func apply(toPoint p: SIMD3<Float>) -> SIMD3<Float> {
        let v = column(0) * p.x + column(1) * p.y + column(2) * p.z + column(3)
        return SIMD3(v.x, v.y, v.z)
    }

    /// `M * (d, 0)`: a local direction mapped to world coordinates (no translation).
    @inlinable
    public func apply(toDirection d: SIMD3<Float>) -> SIMD3<Float> {
        let v = column(0) * d.x + column(1) * d.y + column(2) * d.z
        return SIMD3(v.x, v.y, v.z)
    }
}

extension Transform4x4: Codable {
    /// Decodes a JSON array of exactly 16 numbers (column-major). Any other count is a
    /// `DecodingError.dataCorrupted` naming the coding path.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        if let n = c.count, n != 16 {
            throw DecodingError.dataCorrupted(.init(
                codingPath: c.codingPath, debugDescription: "a transform needs exactly 16 numbers, found \(n)"))
        }
        var e = SIMD16<Float>()
        for i in 0..<16 { e[i] = try c.decodeFiniteFloat() }
        self.elements = e
    }

    /// Encodes as a JSON array of 16 numbers, column-major (RoomPlan's layout). A NaN or infinite
    /// element is an `EncodingError.invalidValue` naming its index.
    public func encode(to encoder: any Encoder) throws {
        for i in 0..<16 where !elements[i].isFinite {
            throw EncodingError.invalidValue(elements[i], .init(
                codingPath: encoder.codingPath + [AnyCodingKey(index: i)],
                debugDescription: "non-finite transform element \(elements[i]) cannot be written as JSON"))
        }
        var c = encoder.unkeyedContainer()
        for i in 0..<16 { try c.encode(elements[i]) }
    }
}
