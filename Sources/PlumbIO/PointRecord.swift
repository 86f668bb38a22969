/// The cloud attribute a file property, field or column feeds.
enum PointTarget: Sendable, Equatable {
    case x, y, z, nx, ny, nz, red, green, blue, packedRGB, intensity, frameIndex
}

/// Which optional attributes a file provides.
struct AttributePresence: Sendable, Equatable {
    var normals = false
    var colors = false
    var intensity = false
    var frameIndex = false

    /// Attributes implied by a list of targets (normals and colours need all three components).
    init(targets: [PointTarget]) {
        normals = targets.contains(.nx) && targets.contains(.ny) && targets.contains(.nz)
        colors = targets.contains(.packedRGB)
            || (targets.contains(.red) && targets.contains(.green) && targets.contains(.blue))
        intensity = targets.contains(.intensity)
        frameIndex = targets.contains(.frameIndex)
    }
}

/// One decoded point before it is appended to the cloud: world-frame coordinates relative to the
/// file origin (Double) and its attributes.
struct PointRecord {
    var x = 0.0, y = 0.0, z = 0.0
    var nx: Float = 0, ny: Float = 0, nz: Float = 0
    var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
    var intensity: Float = 0
    var frameIndex: UInt32 = 0

    /// Stores `value` (already decoded from a value of `type`) into the slot for `target`.
    /// Returns `false` when the value cannot represent that attribute (a frame index that is negative,
    /// fractional or above `UInt32.max`).
    @inline(__always)
    mutating func assign(_ value: Double, to target: PointTarget, type: ScalarType) -> Bool {
        switch target {
        case .x: x = value
        case .y: y = value
        case .z: z = value
        case .nx: nx = Float(value)
        case .ny: ny = Float(value)
        case .nz: nz = Float(value)
        case .red: r = colorByte(value, type)
        case .green: g = colorByte(value, type)
        case .blue: b = colorByte(value, type)
        case .intensity: intensity = Float(value)
        case .packedRGB: setPacked(UInt32(truncatingIfNeeded: Int64(exactly: value) ?? 0))
        case .frameIndex:
            guard value >= 0, value <= 4294967295, value.rounded() == value else { return false }
            frameIndex = UInt32(value)
        }
        return true
    }

    /// Unpacks PCL's `0x(AA)RRGGBB` colour.
    @inline(__always)
    mutating func setPacked(_ v: UInt32) {
        r = UInt8(truncatingIfNeeded: v >> 16)
        g = UInt8(truncatingIfNeeded: v >> 8)
        b = UInt8(truncatingIfNeeded: v)
    }
}

/// Converts a colour channel to 8 bits: floating types are taken as 0…1, 16-bit integers as 0…65535,
/// other integers as 0…255; results are rounded and clamped.
@inline(__always)
func colorByte(_ v: Double, _ type: ScalarType) -> UInt8 {
    let scaled: Double
    switch type {
    case .float32, .float64: scaled = (v * 255).rounded()
    case .int16, .uint16: scaled = (v / 257).rounded()
    default: scaled = v
    }
    if !(scaled > 0) { return 0 }
    if scaled >= 255 { return 255 }
    return UInt8(scaled)
}
