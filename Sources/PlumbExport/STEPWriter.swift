import Foundation

/// Builds the DATA section of an ISO 10303-21 (STEP) file: numbered entity instances and the value
/// syntax (reals always with a decimal point, escaped strings, references, lists, enumerations).
struct STEPWriter {
    private(set) var lines: [String] = []

    /// Adds `#n=ENTITY(args);` and returns n.
    mutating func add(_ entity: String, _ args: String...) -> Int {
        lines.append("#\(lines.count + 1)=\(entity)(\(args.joined(separator: ",")));")
        return lines.count
    }

    static func ref(_ n: Int) -> String { "#\(n)" }
    static func refs(_ n: [Int]) -> String { "(" + n.map(ref).joined(separator: ",") + ")" }

    /// A REAL to 6 decimals (micrometres), always with a point: `2.`, `-0.25`.
    static func real(_ v: Double) -> String {
        let s = DecimalText.compact(v, 6)
        return s.contains(".") ? s : s + "."
    }

    static func reals(_ v: [Double]) -> String { "(" + v.map(real).joined(separator: ",") + ")" }

    /// A STEP string: `'` and `\` doubled, non-ASCII as `\X2\hhhh\X0\` (UTF-16).
    static func string(_ s: String) -> String {
        var o = "'"
        for scalar in s.unicodeScalars {
            switch scalar {
            case "'": o += "''"
            case "\\": o += "\\\\"
            default:
                if scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F {
                    o.unicodeScalars.append(scalar)
                } else if scalar.value >= 0x20 {
                    o += "\\X2\\" + String(scalar.utf16.map { String(format: "%04X", $0) }.joined()) + "\\X0\\"
                }
            }
        }
        return o + "'"
    }
}
