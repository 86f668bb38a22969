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
        guard case let .array(a) = v, a.count == 3 else { throw ModelOriginError(detail: "not an array of 3 numbers") }
        var o = SIMD3<Double>.zero
        for k in 0..<3 {
            switch a[k] {
            case let .integer(i): o[k] = Double(i)
            case let .number(d): o[k] = d
            default: throw ModelOriginError(detail: "element \(k) is not a number")
            }
            guard o[k].isFinite else { throw ModelOriginError(detail: "element \(k) is not finite") }
        }
        return o
    }
}
