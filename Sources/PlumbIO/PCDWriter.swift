import PlumbKernel

/// Encodes a ``PointCloud`` as PCD v0.7 (`DATA ascii`, `binary` or `binary_compressed`), unorganised
/// (`HEIGHT 1`). Colours are PCL's packed `rgb`: a `F 4` field holding the bits of `0x00RRGGBB`, written
/// as that integer in ascii (as PCL does). Sensor positions go in `# plumbline_sensor` comments, and a
/// single sensor also in `VIEWPOINT` (relative to the file's coordinates).
enum PCDWriter {
    static func encode(_ cloud: PointCloud, encoding: PointCloudEncoding, options: PointCloudWriteOptions) -> [UInt8] {
        let world64 = options.coordinates == .worldFloat64
        let fields = OutputField.fields(for: cloud, world64: world64, packedColor: true)
        let src = CloudValueSource(cloud: cloud, world64: world64)
        let n = cloud.count
        var h = "# .PCD v0.7 - Point Cloud Data file format\n"
        if !world64, cloud.origin != .zero {
            h += "# plumbline_origin \(cloud.origin.x) \(cloud.origin.y) \(cloud.origin.z)\n"
        }
        h += SensorComments.lines(for: cloud, prefix: "# ")
        h += "VERSION 0.7\n"
        h += "FIELDS " + fields.map(\.pcdName).joined(separator: " ") + "\n"
        h += "SIZE " + fields.map { "\($0.type.size)" }.joined(separator: " ") + "\n"
        h += "TYPE " + fields.map(\.type.pcdLetter).joined(separator: " ") + "\n"
        h += "COUNT " + fields.map { _ in "1" }.joined(separator: " ") + "\n"
        let vp = PCDReader.viewpoint(for: cloud, fileOrigin: world64 ? .zero : cloud.origin)
        h += "WIDTH \(n)\nHEIGHT 1\nVIEWPOINT " + vp.map { $0.rounded() == $0 && abs($0) < 1e15 ? String(Int64($0)) : "\($0)" }.joined(separator: " ") + "\n"
        h += "POINTS \(n)\n"
        let dataName = switch encoding {
        case .ascii: "ascii"
        case .binaryCompressed: "binary_compressed"
        default: "binary"
        }
        h += "DATA \(dataName)\n"
        var out: [UInt8] = []
        out.append(text: h)
        switch encoding {
        case .ascii:
            for i in 0..<n {
                for (k, f) in fields.enumerated() {
                    if k > 0 { out.append(0x20) }
                    out.append(text: src.text(f, i, packedAsInteger: true))
                }
                out.append(0x0A)
            }
        case .binaryCompressed:
            // Structure of arrays: each field's values for all points, one field after another.
            var soa: [UInt8] = []
            soa.reserveCapacity(n * fields.reduce(0) { $0 + $1.type.size })
            for f in fields {
                soa.append(contentsOf: encodeRecords(src, fields: [f], bigEndian: false))
            }
            let packed = LZF.compress(soa)
            withUnsafeBytes(of: UInt32(packed.count).littleEndian) { out.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(soa.count).littleEndian) { out.append(contentsOf: $0) }
            out.append(contentsOf: packed)
        default:
            out.append(contentsOf: encodeRecords(src, fields: fields, bigEndian: false))
        }
        return out
    }
}
