import Plumbline

/// Deterministic USDA text fragments: numbers in Swift's shortest round-trip `Float` form, arrays,
/// matrices (USD's row-vector layout, which is exactly RoomPlan's column-major element order), strings
/// and prim names.
enum USDAText {
    /// A float in shortest round-trip form (`0.5`, `1e-07`); `-0.0` becomes `0`.
    static func number(_ v: Float) -> String {
        if v == 0 { return "0" }
        let s = v.description
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }

    static func tuple(_ v: SIMD3<Float>) -> String { "(\(number(v.x)), \(number(v.y)), \(number(v.z)))" }

    /// `( (c0), (c1), (c2), (c3) )`: USD rows are RoomPlan's columns.
    static func matrix(_ t: Transform4x4) -> String {
        let rows = (0..<4).map { c -> String in
            let col = t.column(c)
            return "(\(number(col.x)), \(number(col.y)), \(number(col.z)), \(number(col.w)))"
        }
        return "( " + rows.joined(separator: ", ") + " )"
    }

    static func points(_ p: [SIMD3<Float>]) -> String { "[" + p.map(tuple).joined(separator: ", ") + "]" }
    static func ints(_ v: [Int32]) -> String { "[" + v.map { String($0) }.joined(separator: ", ") + "]" }

    /// A USDA string literal with `"` and `\` escaped and control characters dropped.
    static func string(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: if ch.value >= 0x20 { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    /// A valid prim name from arbitrary text: letters, digits and `_`; `_` first if it starts with a digit.
    static func identifier(_ s: String) -> String {
        var out = String(s.unicodeScalars.map { c -> Character in
            (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) ? Character(c) : "_"
        })
        if out.isEmpty { out = "Model" }
        if let f = out.unicodeScalars.first, ("0"..."9").contains(f) { out = "_" + out }
        return out
    }
}
