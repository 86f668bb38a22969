import Foundation

/// A gravity-preserving rigid motion of a room: a turn by ``yaw`` about world +y, then a translation.
/// This is everything that differs between two gravity-aligned (y-up) RoomPlan/ARKit frames.
///
/// Plan coordinates are world (x, z) metres. A positive yaw turns +x toward −z (counter-clockwise
/// seen from above), as ``Transform4x4/init(yaw:translation:)``.
public struct PlanarPose: Sendable, Codable, Equatable, Hashable {
    /// Turn about world +y, radians, in (−π, π].
    public var yaw: Double
    /// Translation applied after the turn, metres (y is the vertical shift).
    public var translation: SIMD3<Double>

    /// No motion.
    public static let identity = PlanarPose(yaw: 0, translation: .zero)

    /// A pose from its yaw (radians, wrapped into (−π, π]) and translation (metres).
    public init(yaw: Double, translation: SIMD3<Double>) {
        self.yaw = Self.wrap(yaw)
        self.translation = translation
    }

    /// The plan part of the translation, (x, z) metres.
    public var planTranslation: SIMD2<Double> { SIMD2(translation.x, translation.z) }

    /// A plan direction turned by ``yaw`` (no translation).
    /// - Complexity: O(1).
    public func rotate(_ v: SIMD2<Double>) -> SIMD2<Double> {
        let c = cos(yaw), s = sin(yaw)
        return SIMD2(c * v.x + s * v.y, -s * v.x + c * v.y)
    }

    /// A plan point moved by the pose, (x, z) metres.
    public func apply(plan p: SIMD2<Double>) -> SIMD2<Double> { rotate(p) + planTranslation }

    /// A world point moved by the pose, metres.
    public func apply(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let q = apply(plan: SIMD2(p.x, p.z))
        return SIMD3(q.x, p.y + translation.y, q.y)
    }

    /// `lhs * rhs`: the pose that applies `rhs` first, then `lhs`.
    public static func * (lhs: PlanarPose, rhs: PlanarPose) -> PlanarPose {
        let t = lhs.apply(plan: rhs.planTranslation)
        return PlanarPose(yaw: lhs.yaw + rhs.yaw, translation: SIMD3(t.x, lhs.translation.y + rhs.translation.y, t.y))
    }

    /// The inverse motion.
    public var inverse: PlanarPose {
        let back = PlanarPose(yaw: -yaw, translation: .zero)
        let t = back.rotate(-planTranslation)
        return PlanarPose(yaw: -yaw, translation: SIMD3(t.x, -translation.y, t.y))
    }

    /// The pose as a RoomPlan transform (single precision).
    public var transform: Transform4x4 { Transform4x4(yaw: Float(yaw), translation: SIMD3<Float>(translation)) }

    /// Heading of a plan direction: the yaw that turns +x onto it, radians (`atan2(−z, x)`).
    public static func heading(of v: SIMD2<Double>) -> Double { atan2(-v.y, v.x) }

    /// An angle wrapped into (−π, π].
    public static func wrap(_ a: Double) -> Double {
        var r = a.truncatingRemainder(dividingBy: 2 * .pi)
        if r <= -.pi { r += 2 * .pi } else if r > .pi { r -= 2 * .pi }
        return r
    }
}
