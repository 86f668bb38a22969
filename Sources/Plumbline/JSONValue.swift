import Foundation

/// An arbitrary JSON value, kept verbatim so that keys Plumbline does not model (RoomPlan's
/// `coreModel` base64 blob, `referenceOriginTransform`, anything a future RoomPlan adds) survive a
/// decode → encode round trip.
///
/// Integers that fit `Int64` are kept as ``integer(_:)``; every other number as ``number(_:)``
/// (`Double`, re-printed in shortest round-trip form, so a Float32 value written by RoomPlan comes
/// back with the same digits).
public indirect enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// An integer literal that fits `Int64`.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string (escapes such as `\/` already resolved).
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (key order is not kept; encoders with `.sortedKeys` print it sorted).
    case object([String: JSONValue])

    /// Decodes whatever JSON value is at the decoder's position.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int64.self) {
            self = .integer(i)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the same JSON kind it was decoded from.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .integer(let i): try c.encode(i)
        case .number(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
