/// A fixed-size numeric type of one value in a binary point record (PLY property or PCD field).
enum ScalarType: Sendable, Equatable {
    case int8, uint8, int16, uint16, int32, uint32, int64, uint64, float32, float64

    /// Size in bytes.
    var size: Int {
        switch self {
        case .int8, .uint8: 1
        case .int16, .uint16: 2
        case .int32, .uint32, .float32: 4
        case .int64, .uint64, .float64: 8
        }
    }

    /// True for the integer types.
    var isInteger: Bool { self != .float32 && self != .float64 }

    /// Smallest and largest representable value, used to range-check ascii input.
    var range: ClosedRange<Double> {
        switch self {
        case .int8: -128...127
        case .uint8: 0...255
        case .int16: -32768...32767
        case .uint16: 0...65535
        case .int32: -2147483648...2147483647
        case .uint32: 0...4294967295
        case .int64: -9.223372036854775808e18...9.223372036854775807e18
        case .uint64: 0...1.8446744073709551615e19
        case .float32: -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude)
        case .float64: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
        }
    }

    /// The type named by a PLY header (`char`/`int8`, `uchar`/`uint8`, … `double`/`float64`).
    init?(plyName name: Substring) {
        switch name {
        case "char", "int8": self = .int8
        case "uchar", "uint8": self = .uint8
        case "short", "int16": self = .int16
        case "ushort", "uint16": self = .uint16
        case "int", "int32": self = .int32
        case "uint", "uint32": self = .uint32
        case "float", "float32": self = .float32
        case "double", "float64": self = .float64
        default: return nil
        }
    }

    /// The PLY header name written for this type (the PLY 1.0 spelling).
    var plyName: String {
        switch self {
        case .int8: "char"
        case .uint8: "uchar"
        case .int16: "short"
        case .uint16: "ushort"
        case .int32: "int"
        case .uint32: "uint"
        case .int64: "int64"
        case .uint64: "uint64"
        case .float32: "float"
        case .float64: "double"
        }
    }

    /// The type given by a PCD `TYPE` letter (`I`, `U`, `F`) and `SIZE` in bytes.
    init?(pcdType letter: Substring, size: Int) {
        switch (letter.uppercased(), size) {
        case ("I", 1): self = .int8
        case ("I", 2): self = .int16
        case ("I", 4): self = .int32
        case ("I", 8): self = .int64
        case ("U", 1): self = .uint8
        case ("U", 2): self = .uint16
        case ("U", 4): self = .uint32
        case ("U", 8): self = .uint64
        case ("F", 4): self = .float32
        case ("F", 8): self = .float64
        default: return nil
        }
    }

    /// PCD `TYPE` letter.
    var pcdLetter: String {
        switch self {
        case .int8, .int16, .int32, .int64: "I"
        case .uint8, .uint16, .uint32, .uint64: "U"
        case .float32, .float64: "F"
        }
    }
}

/// Loads one value of `type` at `p` (no alignment required) and widens it to `Double`.
/// `bigEndian` gives the byte order of the file; the host order is handled by the standard library.
@inline(__always)
func loadScalar(_ p: UnsafeRawPointer, _ type: ScalarType, bigEndian: Bool) -> Double {
    switch type {
    case .int8: return Double(p.load(as: Int8.self))
    case .uint8: return Double(p.load(as: UInt8.self))
    case .int16: return Double(Int16(bitPattern: loadU16(p, bigEndian)))
    case .uint16: return Double(loadU16(p, bigEndian))
    case .int32: return Double(Int32(bitPattern: loadU32(p, bigEndian)))
    case .uint32: return Double(loadU32(p, bigEndian))
    case .int64: return Double(Int64(bitPattern: loadU64(p, bigEndian)))
    case .uint64: return Double(loadU64(p, bigEndian))
    case .float32: return Double(Float(bitPattern: loadU32(p, bigEndian)))
    case .float64: return Double(bitPattern: loadU64(p, bigEndian))
    }
}

/// Loads the raw bits of a value of `type` at `p`, zero-extended to 64 bits (for packed colours).
@inline(__always)
func loadBits(_ p: UnsafeRawPointer, _ type: ScalarType, bigEndian: Bool) -> UInt64 {
    switch type.size {
    case 1: return UInt64(p.load(as: UInt8.self))
    case 2: return UInt64(loadU16(p, bigEndian))
    case 4: return UInt64(loadU32(p, bigEndian))
    default: return loadU64(p, bigEndian)
    }
}

@inline(__always)
func loadU16(_ p: UnsafeRawPointer, _ bigEndian: Bool) -> UInt16 {
    let v = p.loadUnaligned(as: UInt16.self)
    return bigEndian ? UInt16(bigEndian: v) : UInt16(littleEndian: v)
}

@inline(__always)
func loadU32(_ p: UnsafeRawPointer, _ bigEndian: Bool) -> UInt32 {
    let v = p.loadUnaligned(as: UInt32.self)
    return bigEndian ? UInt32(bigEndian: v) : UInt32(littleEndian: v)
}

@inline(__always)
func loadU64(_ p: UnsafeRawPointer, _ bigEndian: Bool) -> UInt64 {
    let v = p.loadUnaligned(as: UInt64.self)
    return bigEndian ? UInt64(bigEndian: v) : UInt64(littleEndian: v)
}
