import PlumbKernel

/// One per-point value a writer emits, with its names in PLY and PCD and its stored type.
struct OutputField {
    enum Source { case x, y, z, nx, ny, nz, red, green, blue, packedRGB, intensity, frameIndex }
    let source: Source
    let plyName: String
    let pcdName: String
    let type: ScalarType

    /// The fields written for `cloud`: coordinates (float32 local or float64 world), then normals,
    /// colours (separate channels, or PCD's packed `rgb` when `packedColor`), intensity and frame index
    /// when present.
    static func fields(for cloud: PointCloud, world64: Bool, packedColor: Bool) -> [OutputField] {
        let ct: ScalarType = world64 ? .float64 : .float32
        var f = [
            OutputField(source: .x, plyName: "x", pcdName: "x", type: ct),
            OutputField(source: .y, plyName: "y", pcdName: "y", type: ct),
            OutputField(source: .z, plyName: "z", pcdName: "z", type: ct),
        ]
        if cloud.normals != nil {
            f += [
                OutputField(source: .nx, plyName: "nx", pcdName: "normal_x", type: .float32),
                OutputField(source: .ny, plyName: "ny", pcdName: "normal_y", type: .float32),
                OutputField(source: .nz, plyName: "nz", pcdName: "normal_z", type: .float32),
            ]
        }
        if cloud.colors != nil {
            if packedColor {
                f.append(OutputField(source: .packedRGB, plyName: "rgb", pcdName: "rgb", type: .float32))
            } else {
                f += [
                    OutputField(source: .red, plyName: "red", pcdName: "r", type: .uint8),
                    OutputField(source: .green, plyName: "green", pcdName: "g", type: .uint8),
                    OutputField(source: .blue, plyName: "blue", pcdName: "b", type: .uint8),
                ]
            }
        }
        if cloud.intensity != nil {
            f.append(OutputField(source: .intensity, plyName: "intensity", pcdName: "intensity", type: .float32))
        }
        if cloud.frameIndex != nil {
            f.append(OutputField(source: .frameIndex, plyName: "frame_index", pcdName: "frame_index", type: .uint32))
        }
        return f
    }
}

/// Reads writer values out of a cloud without copying its arrays.
struct CloudValueSource {
    let cloud: PointCloud
    let world64: Bool

    /// Stores field `f` of point `i` at `p` in the requested byte order.
    @inline(__always)
    func store(_ f: OutputField, _ i: Int, at p: UnsafeMutableRawPointer, bigEndian: Bool) {
        switch f.type {
        case .float64:
            let bits = coordinateDouble(f.source, i).bitPattern
            p.storeBytes(of: bigEndian ? bits.bigEndian : bits.littleEndian, as: UInt64.self)
        case .float32:
            let bits: UInt32 = f.source == .packedRGB ? Float(bitPattern: packed(i)).bitPattern : float(f.source, i).bitPattern
            p.storeBytes(of: bigEndian ? bits.bigEndian : bits.littleEndian, as: UInt32.self)
        case .uint8:
            p.storeBytes(of: byte(f.source, i), as: UInt8.self)
        default:
            let v = cloud.frameIndex![i]
            p.storeBytes(of: bigEndian ? v.bigEndian : v.littleEndian, as: UInt32.self)
        }
    }

    /// The value as text (shortest round-trip form).
    func text(_ f: OutputField, _ i: Int, packedAsInteger: Bool) -> String {
        switch f.source {
        case .x, .y, .z: world64 ? coordinateDouble(f.source, i).description : float(f.source, i).description
        case .red, .green, .blue: String(byte(f.source, i))
        case .packedRGB: packedAsInteger ? String(packed(i)) : Float(bitPattern: packed(i)).description
        case .frameIndex: String(cloud.frameIndex![i])
        default: float(f.source, i).description
        }
    }

    func packed(_ i: Int) -> UInt32 {
        let c = cloud.colors!
        return UInt32(c.r[i]) << 16 | UInt32(c.g[i]) << 8 | UInt32(c.b[i])
    }

    @inline(__always)
    func coordinateDouble(_ s: OutputField.Source, _ i: Int) -> Double {
        switch s {
        case .x: cloud.origin.x + Double(cloud.x[i])
        case .y: cloud.origin.y + Double(cloud.y[i])
        default: cloud.origin.z + Double(cloud.z[i])
        }
    }

    @inline(__always)
    func float(_ s: OutputField.Source, _ i: Int) -> Float {
        switch s {
        case .x: cloud.x[i]
        case .y: cloud.y[i]
        case .z: cloud.z[i]
        case .nx: cloud.normals!.x[i]
        case .ny: cloud.normals!.y[i]
        case .nz: cloud.normals!.z[i]
        case .intensity: cloud.intensity![i]
        default: 0
        }
    }

    @inline(__always)
    func byte(_ s: OutputField.Source, _ i: Int) -> UInt8 {
        switch s {
        case .red: cloud.colors!.r[i]
        case .green: cloud.colors!.g[i]
        default: cloud.colors!.b[i]
        }
    }
}

/// Binary records (array of structures) for `fields`, `count` points.
func encodeRecords(_ src: CloudValueSource, fields: [OutputField], bigEndian: Bool) -> [UInt8] {
    let stride = fields.reduce(0) { $0 + $1.type.size }
    let n = src.cloud.count
    return [UInt8](unsafeUninitializedCapacity: n * stride) { buf, initialised in
        guard let base = buf.baseAddress else { initialised = 0; return }
        let raw = UnsafeMutableRawPointer(base)
        var offset = 0
        for i in 0..<n {
            for f in fields {
                src.store(f, i, at: raw + offset, bigEndian: bigEndian)
                offset += f.type.size
            }
        }
        initialised = n * stride
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `s`.
    mutating func append(text s: String) {
        append(contentsOf: s.utf8)
    }
}
