import Foundation
import PlumbKernel
import PlumbIO

/// Hand-rolled file builders, independent of the library's writers, so readers are tested against
/// bytes assembled here from the format specifications.
enum Fixtures {
    /// A seeded cloud with every attribute, local coordinates within ±5 m.
    static func randomCloud(count n: Int, seed: UInt64, origin: SIMD3<Double> = .zero,
                            normals: Bool = true, colors: Bool = true, intensity: Bool = true, frames: Bool = true) -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        var c = PointCloud(origin: origin)
        for _ in 0..<n {
            c.append(local: SIMD3(rng.nextUnitFloat() * 10 - 5, rng.nextUnitFloat() * 10 - 5, rng.nextUnitFloat() * 3))
        }
        if normals {
            var nf = NormalField(count: n)
            for i in 0..<n {
                let v = normalize(SIMD3<Float>(rng.nextUnitFloat() - 0.5, rng.nextUnitFloat() - 0.5, rng.nextUnitFloat() + 0.1))
                nf.x[i] = v.x; nf.y[i] = v.y; nf.z[i] = v.z
            }
            c.normals = nf
        }
        if colors {
            c.colors = ColorField(r: (0..<n).map { _ in UInt8(rng.nextIndex(below: 256)) },
                                  g: (0..<n).map { _ in UInt8(rng.nextIndex(below: 256)) },
                                  b: (0..<n).map { _ in UInt8(rng.nextIndex(below: 256)) })
        }
        if intensity { c.intensity = (0..<n).map { _ in rng.nextUnitFloat() * 100 } }
        if frames { c.frameIndex = (0..<n).map { _ in UInt32(rng.nextIndex(below: 50)) } }
        return c
    }

    enum Encoding: String, CaseIterable { case ascii, binary_little_endian, binary_big_endian }

    /// Bytes of one value of PLY type `type` in the given byte order.
    static func binaryValue(_ v: Double, type: String, bigEndian: Bool) -> [UInt8] {
        func bytes<T: FixedWidthInteger>(_ x: T) -> [UInt8] {
            withUnsafeBytes(of: bigEndian ? x.bigEndian : x.littleEndian) { Array($0) }
        }
        switch type {
        case "char", "int8": return bytes(Int8(v))
        case "uchar", "uint8": return bytes(UInt8(v))
        case "short", "int16": return bytes(Int16(v))
        case "ushort", "uint16": return bytes(UInt16(v))
        case "int", "int32": return bytes(Int32(v))
        case "uint", "uint32": return bytes(UInt32(v))
        case "float", "float32": return bytes(Float(v).bitPattern)
        case "double", "float64": return bytes(v.bitPattern)
        default: fatalError("fixture type \(type)")
        }
    }

    static func asciiValue(_ v: Double, type: String) -> String {
        switch type {
        case "float", "float32": return "\(Float(v))"
        case "double", "float64": return "\(v)"
        default: return "\(Int64(v))"
        }
    }

    /// A PLY file with a `vertex` element of the given properties and rows, plus optionally a `face`
    /// element (`list uchar int vertex_indices`, plus a `uchar flags` property) before or after it.
    static func ply(_ enc: Encoding, properties: [(name: String, type: String)], rows: [[Double]],
                    faces: [[Int]] = [], facesFirst: Bool = false, extraHeader: [String] = []) -> [UInt8] {
        var h = "ply\nformat \(enc.rawValue) 1.0\ncomment fixture\nobj_info made by tests\n"
        for line in extraHeader { h += line + "\n" }
        let vertexHeader = "element vertex \(rows.count)\n" + properties.map { "property \($0.type) \($0.name)\n" }.joined()
        let faceHeader = faces.isEmpty ? "" : "element face \(faces.count)\nproperty list uchar int vertex_indices\nproperty uchar flags\n"
        h += facesFirst ? faceHeader + vertexHeader : vertexHeader + faceHeader
        h += "end_header\n"
        var out = Array(h.utf8)
        let big = enc == .binary_big_endian
        var vertexBytes: [UInt8] = []
        var faceBytes: [UInt8] = []
        for row in rows {
            if enc == .ascii {
                vertexBytes += Array((zip(row, properties).map { asciiValue($0, type: $1.type) }.joined(separator: " ") + "\n").utf8)
            } else {
                for (v, p) in zip(row, properties) { vertexBytes += binaryValue(v, type: p.type, bigEndian: big) }
            }
        }
        for (k, f) in faces.enumerated() {
            if enc == .ascii {
                faceBytes += Array(("\(f.count) " + f.map(String.init).joined(separator: " ") + " \(k % 7)\n").utf8)
            } else {
                faceBytes.append(UInt8(f.count))
                for i in f { faceBytes += binaryValue(Double(i), type: "int", bigEndian: big) }
                faceBytes.append(UInt8(k % 7))
            }
        }
        out += facesFirst ? faceBytes + vertexBytes : vertexBytes + faceBytes
        return out
    }

    /// A PCD file with the given header fields and raw point rows (ascii or binary).
    static func pcd(fields: [(name: String, size: Int, type: String, count: Int)], rows: [[Double]],
                    width: Int? = nil, height: Int = 1, data: String) -> [UInt8] {
        var h = "# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\n"
        h += "FIELDS " + fields.map(\.name).joined(separator: " ") + "\n"
        h += "SIZE " + fields.map { "\($0.size)" }.joined(separator: " ") + "\n"
        h += "TYPE " + fields.map(\.type).joined(separator: " ") + "\n"
        h += "COUNT " + fields.map { "\($0.count)" }.joined(separator: " ") + "\n"
        h += "WIDTH \(width ?? rows.count)\nHEIGHT \(height)\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS \(rows.count)\nDATA \(data)\n"
        var out = Array(h.utf8)
        func typeName(_ f: (name: String, size: Int, type: String, count: Int)) -> String {
            switch (f.type, f.size) {
            case ("F", 4): "float"
            case ("F", 8): "double"
            case ("U", 1): "uchar"
            case ("U", 2): "ushort"
            case ("U", 4): "uint"
            case ("I", 1): "char"
            case ("I", 2): "short"
            default: "int"
            }
        }
        let columns: [String] = fields.flatMap { f in Array(repeating: typeName(f), count: f.count) }
        for row in rows {
            if data == "ascii" {
                out += Array((zip(row, columns).map { $0.isNaN ? "nan" : asciiValue($0, type: $1) }.joined(separator: " ") + "\n").utf8)
            } else {
                for (v, t) in zip(row, columns) { out += binaryValue(v, type: t, bigEndian: false) }
            }
        }
        return out
    }

    /// Reads a file image, returning the typed error instead of throwing.
    static func result(_ bytes: [UInt8], format: PointCloudFormat? = nil, options: PointCloudReadOptions = .init())
        -> Result<PointCloudReadResult, PointCloudFormatError> {
        Result { () throws(PointCloudFormatError) in try PointCloudReader.read(bytes: bytes, format: format, options: options) }
    }

    /// The error a file image produces, or `nil` when it parses.
    static func error(_ bytes: [UInt8], format: PointCloudFormat? = nil, options: PointCloudReadOptions = .init()) -> PointCloudFormatError? {
        if case let .failure(e) = result(bytes, format: format, options: options) { return e }
        return nil
    }
}
