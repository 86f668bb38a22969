import Foundation
import PlumbKernel

/// Why a model's recorded origin (`plumblineOrigin`) cannot be used.
public struct ModelOriginError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the value (for example "element 2 is not finite").
    public var detail: String

    /// An error with its detail.
    public init(detail: String) { self.detail = detail }

    /// A one-line description.
    public var description: String { "the model's plumblineOrigin is unusable: \(detail)" }
}

/// The origin a model's positions are relative to: ``RoomBuilder`` records it under the extra top-level key
/// ``key`` when the scan lies far from zero (world position = model position + origin, metres, in the
/// model's y-up frame).
public enum ModelOrigin {
    /// The extra top-level key the origin is recorded under.
    public static let key = "plumblineOrigin"

    /// The origin recorded in `fields` (a model's `unknownFields`); zero when the key is absent. O(1).
    /// - Throws: ``ModelOriginError`` when the value is not an array of three finite numbers.
    public static func read(from fields: [String: JSONValue]) throws(ModelOriginError) -> SIMD3<Double> {
        guard let v = fields[key] else { return .zero }
        switch finiteNumbers(v, count: 3) {
        case let .success(o): return SIMD3(o[0], o[1], o[2])
        case let .failure(problem): throw ModelOriginError(detail: problem.detail)
        }
    }
}

/// The levelling of a model built from a scan tilted off gravity: ``RoomBuilder`` (and room segmentation)
/// keep such a model in the scan's frame, so that it lies on its points, and record under the extra
/// top-level key ``key`` the rotation that turns it level (about the model frame's origin, y up). Exporters
/// apply it, so plans, IFC, USD and measurements are drawn and measured against gravity.
///
/// Stored as the rotation's nine entries, column by column (`[c0.x, c0.y, c0.z, c1.x, …]`).
public enum ModelLevelling {
    /// The extra top-level key the levelling is recorded under.
    public static let key = "plumblineLevelling"
    /// Largest tilt a recorded levelling may undo, degrees (the builder levels up to 8°).
    public static let maximumTiltDegrees = 10.0

    /// The levelling recorded in `fields` (a model's `unknownFields`); nil when the key is absent. O(1).
    /// - Throws: ``ModelLevellingError`` when the value is not nine finite numbers forming a proper rotation
    ///   (orthonormal within 1e-6, determinant +1) that tilts by at most ``maximumTiltDegrees``.
    public static func read(from fields: [String: JSONValue]) throws(ModelLevellingError) -> RigidTransform? {
        guard let v = fields[key] else { return nil }
        let e: [Double]
        switch finiteNumbers(v, count: 9) {
        case let .success(values): e = values
        case let .failure(problem): throw ModelLevellingError(detail: problem.detail)
        }
        let r = RigidTransform(column0: SIMD3(e[0], e[1], e[2]), column1: SIMD3(e[3], e[4], e[5]),
                               column2: SIMD3(e[6], e[7], e[8]), translation: .zero)
        guard r.isProperRigid(tolerance: 1e-6) else { throw ModelLevellingError(detail: "not a rotation") }
        let tilt = acos(Swift.min(1, Swift.max(-1, r.column1.y))) * 180 / .pi
        guard tilt <= maximumTiltDegrees else {
            throw ModelLevellingError(detail: "it tilts by \(Int(tilt.rounded()))°, more than \(Int(maximumTiltDegrees))°")
        }
        return r
    }

    /// `fields` with `rotation` (its rotation part) recorded under ``key``.
    public static func record(_ rotation: RigidTransform, into fields: inout [String: JSONValue]) {
        let c = [rotation.column0, rotation.column1, rotation.column2]
        fields[key] = .array(c.flatMap { [JSONValue.number($0.x), .number($0.y), .number($0.z)] })
    }
}

/// Why a model's recorded levelling (`plumblineLevelling`) cannot be used.
public struct ModelLevellingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the value (for example "not a rotation").
    public var detail: String

    /// An error with its detail.
    public init(detail: String) { self.detail = detail }

    /// A one-line description.
    public var description: String { "the model's plumblineLevelling is unusable: \(detail)" }
}

/// What is wrong with a recorded array of numbers (``finiteNumbers(_:count:)``).
private struct NumbersProblem: Error {
    var detail: String
}

/// The `count` finite numbers of the JSON array `value` (integers widened), or what is wrong with it: not an
/// array of `count` elements, an element that is not a number, or one that is not finite. O(count).
private func finiteNumbers(_ value: JSONValue, count: Int) -> Result<[Double], NumbersProblem> {
    guard case let .array(a) = value, a.count == count else { return .failure(NumbersProblem(detail: "not an array of \(count) numbers")) }
    var out = [Double](repeating: 0, count: count)
    for k in 0..<count {
        switch a[k] {
        case let .integer(i): out[k] = Double(i)
        case let .number(d): out[k] = d
        default: return .failure(NumbersProblem(detail: "element \(k) is not a number"))
        }
        guard out[k].isFinite else { return .failure(NumbersProblem(detail: "element \(k) is not finite")) }
    }
    return .success(out)
}
