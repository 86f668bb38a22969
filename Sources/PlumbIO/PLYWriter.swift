import PlumbKernel

/// Encodes a ``PointCloud`` as PLY (ascii or binary, either byte order).
enum PLYWriter {
    static func encode(_ cloud: PointCloud, encoding: PointCloudEncoding, options: PointCloudWriteOptions) -> [UInt8] {
        let world64 = options.coordinates == .worldFloat64
        let fields = OutputField.fields(for: cloud, world64: world64, packedColor: false)
        let src = CloudValueSource(cloud: cloud, world64: world64)
        let formatName = switch encoding {
        case .ascii: "ascii"
        case .binaryBigEndian: "binary_big_endian"
        default: "binary_little_endian"
        }
        var h = "ply\nformat \(formatName) 1.0\ncomment written by Plumbline\n"
        if !world64, cloud.origin != .zero {
            h += "comment plumbline_origin \(cloud.origin.x) \(cloud.origin.y) \(cloud.origin.z)\n"
        }
        h += SensorComments.lines(for: cloud, prefix: "comment ")
        h += "element vertex \(cloud.count)\n"
        for f in fields { h += "property \(f.type.plyName) \(f.plyName)\n" }
        h += "end_header\n"
        var out: [UInt8] = []
        out.append(text: h)
        if encoding == .ascii {
            for i in 0..<cloud.count {
                for (k, f) in fields.enumerated() {
                    if k > 0 { out.append(0x20) }
                    out.append(text: src.text(f, i, packedAsInteger: true))
                }
                out.append(0x0A)
            }
        } else {
            out.append(contentsOf: encodeRecords(src, fields: fields, bigEndian: encoding == .binaryBigEndian))
        }
        return out
    }
}
