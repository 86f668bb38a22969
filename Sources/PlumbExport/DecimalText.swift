import Foundation

/// Fixed-decimal number text (locale-independent, deterministic): `text(1.23456, 3)` → `"1.235"`,
/// with `-0.000` written as `0.000`.
enum DecimalText {
    static func text(_ v: Double, _ decimals: Int) -> String {
        let s = String(format: "%.\(decimals)f", v)
        if s.hasPrefix("-"), s.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(s.dropFirst()) }
        return s
    }

    /// Like ``text(_:_:)`` with trailing zeros (and a trailing point) removed: `1.500` → `1.5`, `2.000` → `2`.
    static func compact(_ v: Double, _ decimals: Int) -> String {
        var s = text(v, decimals)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
