import PlumbKernel

/// Encodes a ``PointCloud`` as text, one point per line, after a `# columns: …` comment naming the
/// columns (`x y z`, then `nx ny nz`, `r g b`, `intensity`, `frame_index` when present). Coordinates are
/// world metres: the shortest `Float` text when the origin is zero, otherwise the shortest `Double`
/// text of `origin + local`.
enum XYZWriter {
    static func encode(_ cloud: PointCloud) -> [UInt8] {
        let world64 = cloud.origin != .zero
        let fields = OutputField.fields(for: cloud, world64: world64, packedColor: false)
        let src = CloudValueSource(cloud: cloud, world64: world64)
        let names = fields.map { f -> String in
            switch f.source {
            case .red: "r"
            case .green: "g"
            case .blue: "b"
            default: f.plyName
            }
        }
        var out: [UInt8] = []
        out.append(text: "# columns: " + names.joined(separator: " ") + "\n")
        for i in 0..<cloud.count {
            for (k, f) in fields.enumerated() {
                if k > 0 { out.append(0x20) }
                out.append(text: src.text(f, i, packedAsInteger: true))
            }
            out.append(0x0A)
        }
        return out
    }
}
