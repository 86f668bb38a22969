/// Maps property/field names of a point record to cloud attributes.
///
/// Recognised names (case-sensitive, as the formats write them):
/// `x y z`; normals `nx ny nz` or `normal_x normal_y normal_z`; colours `red green blue`,
/// `r g b` or `diffuse_red diffuse_green diffuse_blue`, or PCD packed `rgb`/`rgba` (4-byte fields);
/// intensity `intensity` or `scalar_intensity`; frame index `frame`, `frame_index`, `scan_index` or
/// `scanner` (integer types only). Normals and separate colour channels are used only when all three are
/// present. The first property with a given meaning wins; everything else is skipped.
enum AttributeMapping {
    /// A candidate property: its name, value type, and whether it is a single scalar (not a list
    /// and PCD `COUNT` 1).
    struct Candidate {
        let name: String
        let type: ScalarType
        let isSingleScalar: Bool
    }

    static func target(for name: String, type: ScalarType) -> PointTarget? {
        switch name {
        case "x": .x
        case "y": .y
        case "z": .z
        case "nx", "normal_x": .nx
        case "ny", "normal_y": .ny
        case "nz", "normal_z": .nz
        case "red", "r", "diffuse_red": .red
        case "green", "g", "diffuse_green": .green
        case "blue", "b", "diffuse_blue": .blue
        case "rgb", "rgba": type.size == 4 ? .packedRGB : nil
        case "intensity", "scalar_intensity": .intensity
        case "frame", "frame_index", "scan_index", "scanner": type.isInteger ? .frameIndex : nil
        default: nil
        }
    }

    /// The target of each candidate, or `nil` when it is skipped.
    static func targets(_ candidates: [Candidate]) -> [PointTarget?] {
        var out: [PointTarget?] = []
        var used: [PointTarget] = []
        for c in candidates {
            guard c.isSingleScalar, let t = target(for: c.name, type: c.type), !used.contains(t) else {
                out.append(nil)
                continue
            }
            used.append(t)
            out.append(t)
        }
        let haveNormals = used.contains(.nx) && used.contains(.ny) && used.contains(.nz)
        let havePacked = used.contains(.packedRGB)
        let haveChannels = !havePacked && used.contains(.red) && used.contains(.green) && used.contains(.blue)
        return out.map { t in
            switch t {
            case .nx, .ny, .nz: haveNormals ? t : nil
            case .red, .green, .blue: haveChannels ? t : nil
            default: t
            }
        }
    }
}
