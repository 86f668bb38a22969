import Foundation

/// A coding key made from any string: used to read and write keys Plumbline does not model.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intIndex: Int? = nil
    var intValue: Int? { intIndex }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A coding key for an array index (renders as `[i]` in error paths).
extension AnyCodingKey {
    init(index: Int) { stringValue = "Index \(index)"; intIndex = index }
}

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Every key of this object that is not in `known`, decoded verbatim.
    func unknownFields(excluding known: Set<String>) throws -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for k in allKeys where !known.contains(k.stringValue) {
            out[k.stringValue] = try decode(JSONValue.self, forKey: k)
        }
        return out
    }

    /// A required value.
    func required<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
        try decode(T.self, forKey: AnyCodingKey(key))
    }

    /// A required number that must be finite as a `Float`.
    func requiredFiniteFloat(_ key: String) throws -> Float {
        let v = try decode(Float.self, forKey: AnyCodingKey(key))
        guard v.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey(key), in: self, debugDescription: "number out of Float32 range (decoded as \(v))")
        }
        return v
    }

    /// An optional value: `nil` when the key is absent or `null`.
    func optional<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try decodeIfPresent(T.self, forKey: AnyCodingKey(key))
    }

    /// A 3-vector written as a JSON array of exactly 3 numbers.
    func vector3(_ key: String) throws -> SIMD3<Float> {
        var c = try nestedUnkeyedContainer(forKey: AnyCodingKey(key))
        return try c.decodeVector3()
    }

    /// An array of 3-vectors (`[[x, y, z], …]`); `[]` when the key is absent or `null`.
    func vector3Array(_ key: String) throws -> [SIMD3<Float>] {
        let k = AnyCodingKey(key)
        guard contains(k), try !decodeNil(forKey: k) else { return [] }
        var outer = try nestedUnkeyedContainer(forKey: k)
        var out: [SIMD3<Float>] = []
        out.reserveCapacity(Swift.min(outer.count ?? 0, 1 << 16))
        while !outer.isAtEnd {
            var inner = try outer.nestedUnkeyedContainer()
            out.append(try inner.decodeVector3())
        }
        return out
    }
}

extension UnkeyedDecodingContainer {
    /// Reads exactly `n` numbers; any other count is a `dataCorrupted` error at this path.
    mutating func decodeFloats(count n: Int) throws -> [Float] {
        if let have = count, have != n {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath, debugDescription: "expected an array of exactly \(n) numbers, found \(have)"))
        }
        var out: [Float] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try decodeFiniteFloat()) }
        return out
    }

    /// Reads one number that must be finite as a `Float` (a literal beyond ±3.4e38 is refused rather
    /// than turned into an infinity).
    mutating func decodeFiniteFloat() throws -> Float {
        let path = codingPath + [AnyCodingKey(index: currentIndex)]
        let v = try decode(Float.self)
        guard v.isFinite else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: path, debugDescription: "number out of Float32 range (decoded as \(v))"))
        }
        return v
    }

    /// Reads an `[x, y, z]` array.
    mutating func decodeVector3() throws -> SIMD3<Float> {
        let f = try decodeFloats(count: 3)
        return SIMD3(f[0], f[1], f[2])
    }
}

extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Writes a value (an optional `nil` is written as `null`, as RoomPlan does).
    mutating func put<T: Encodable>(_ value: T, _ key: String) throws {
        try encode(value, forKey: AnyCodingKey(key))
    }

    /// Throws `EncodingError.invalidValue` at `key` when a value is NaN or infinite (JSON cannot hold it).
    func checkFinite(_ values: [Float], _ key: String) throws {
        for (i, v) in values.enumerated() where !v.isFinite {
            throw EncodingError.invalidValue(v, .init(
                codingPath: codingPath + [AnyCodingKey(key), AnyCodingKey(index: i)],
                debugDescription: "non-finite number \(v) cannot be written as JSON"))
        }
    }

    /// Writes `[x, y, z]`.
    mutating func putVector3(_ v: SIMD3<Float>, _ key: String) throws {
        try checkFinite([v.x, v.y, v.z], key)
        var c = nestedUnkeyedContainer(forKey: AnyCodingKey(key))
        try c.encode(v.x)
        try c.encode(v.y)
        try c.encode(v.z)
    }

    /// Writes `[[x, y, z], …]`.
    mutating func putVector3Array(_ vs: [SIMD3<Float>], _ key: String) throws {
        for (i, v) in vs.enumerated() where !(v.x.isFinite && v.y.isFinite && v.z.isFinite) {
            throw EncodingError.invalidValue(v, .init(
                codingPath: codingPath + [AnyCodingKey(key), AnyCodingKey(index: i)],
                debugDescription: "non-finite corner \(v) cannot be written as JSON"))
        }
        var c = nestedUnkeyedContainer(forKey: AnyCodingKey(key))
        for v in vs {
            var inner = c.nestedUnkeyedContainer()
            try inner.encode(v.x)
            try inner.encode(v.y)
            try inner.encode(v.z)
        }
    }

    /// Writes the verbatim unknown fields back.
    mutating func putUnknown(_ fields: [String: JSONValue]) throws {
        for (k, v) in fields { try encode(v, forKey: AnyCodingKey(k)) }
    }
}
