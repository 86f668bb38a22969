#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Longest header line accepted by the PLY and PCD header parsers (guards against binary junk
/// without newlines being turned into one huge string).
let maximumHeaderLineLength = 1 << 16

/// Walks text held in a raw buffer line by line, tracking 1-based line numbers. Lines end at `\n`;
/// a `\r` before it is removed. Never reads outside the buffer.
struct TextCursor {
    /// The whole input.
    let bytes: UnsafeRawBufferPointer
    /// Offset of the next unread byte.
    var position: Int
    /// Number of the line most recently returned by ``nextLine()`` (0 before the first).
    var line: Int

    init(_ bytes: UnsafeRawBufferPointer, position: Int = 0, linesBefore: Int = 0) {
        self.bytes = bytes
        self.position = position
        self.line = linesBefore
    }

    /// True when every byte has been consumed.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next line as a byte range (terminator excluded), or `nil` at the end of the input.
    mutating func nextLine() -> Range<Int>? {
        let n = bytes.count
        guard position < n, let base = bytes.baseAddress else { return nil }
        let start = position
        var end: Int
        if let hit = memchr(base + start, 0x0A, n - start) {
            end = UnsafeRawPointer(hit) - base
            position = end + 1
        } else {
            end = n
            position = n
        }
        line += 1
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The next line that has a non-separator byte, or `nil` at the end of the input.
    mutating func nextNonBlankLine(commaIsSeparator: Bool = false) -> Range<Int>? {
        while let r = nextLine() {
            var t = Tokenizer(bytes, r, commaIsSeparator: commaIsSeparator)
            if t.peekHasToken() { return r }
        }
        return nil
    }

    /// The text of a byte range (for headers and error messages).
    func string(_ r: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[r]), as: UTF8.self)
    }
}

/// Splits one line into tokens separated by spaces, tabs, `\r` (and commas when asked).
struct Tokenizer {
    let bytes: UnsafeRawBufferPointer
    var index: Int
    let end: Int
    let commaIsSeparator: Bool

    init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, commaIsSeparator: Bool = false) {
        self.bytes = bytes
        self.index = range.lowerBound
        self.end = range.upperBound
        self.commaIsSeparator = commaIsSeparator
    }

    @inline(__always)
    func isSeparator(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0B || c == 0x0C || (commaIsSeparator && c == 0x2C)
    }

    /// The next token's byte range, or `nil` when the line is exhausted.
    @inline(__always)
    mutating func next() -> Range<Int>? {
        while index < end, isSeparator(bytes[index]) { index += 1 }
        guard index < end else { return nil }
        let s = index
        while index < end, !isSeparator(bytes[index]) { index += 1 }
        return s..<index
    }

    /// True when another token follows (does not consume it).
    mutating func peekHasToken() -> Bool {
        var copy = self
        return copy.next() != nil
    }

    /// Number of tokens left on the line (consumes them).
    mutating func countRemaining() -> Int {
        var n = 0
        while next() != nil { n += 1 }
        return n
    }
}

/// Strict decimal number parsing straight from bytes, without allocation.
enum NumberParser {
    /// Exact powers of ten 10^0 … 10^22 (all representable in Double).
    @inline(__always)
    private static func powerOf10(_ e: Int) -> Double {
        switch e {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Parses `[+-]digits[.digits][(e|E)[+-]digits]`, `nan`, `inf` or `infinity` (case-insensitive).
    /// Returns `nil` for anything else. Correctly rounded: exact fast path when the significand fits
    /// 53 bits and the power of ten is at most 22, otherwise the C library's `strtod` on a copy of the
    /// already-validated token.
    static func parseDouble(_ bytes: UnsafeRawBufferPointer, _ r: Range<Int>) -> Double? {
        guard !r.isEmpty, let base = bytes.baseAddress else { return nil }
        let p = base + r.lowerBound
        let n = r.count
        var i = 0
        var negative = false
        let c0 = p.load(as: UInt8.self)
        if c0 == 0x2D || c0 == 0x2B {
            negative = c0 == 0x2D
            i = 1
        }
        guard i < n else { return nil }
        let first = p.load(fromByteOffset: i, as: UInt8.self) | 0x20
        if first == 0x6E || first == 0x69 {  // 'n' or 'i'
            let word = String(decoding: UnsafeRawBufferPointer(start: p + i, count: n - i), as: UTF8.self).lowercased()
            switch word {
            case "nan": return .nan
            case "inf", "infinity": return negative ? -.infinity : .infinity
            default: return nil
            }
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        var inexact = false
        while i < n {
            let d = p.load(fromByteOffset: i, as: UInt8.self) &- 0x30
            guard d < 10 else { break }
            sawDigit = true
            if mantissa == 0 && d == 0 {
            } else if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
            } else {
                exponent += 1
                if d != 0 { inexact = true }
            }
            i += 1
        }
        if i < n, p.load(fromByteOffset: i, as: UInt8.self) == 0x2E {
            i += 1
            while i < n {
                let d = p.load(fromByteOffset: i, as: UInt8.self) &- 0x30
                guard d < 10 else { break }
                sawDigit = true
                if mantissa == 0 && d == 0 {
                    exponent -= 1
                } else if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    digits += 1
                    exponent -= 1
                } else if d != 0 {
                    inexact = true
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i < n, p.load(fromByteOffset: i, as: UInt8.self) | 0x20 == 0x65 {
            i += 1
            var expNegative = false
            if i < n {
                let s = p.load(fromByteOffset: i, as: UInt8.self)
                if s == 0x2D || s == 0x2B {
                    expNegative = s == 0x2D
                    i += 1
                }
            }
            var e = 0
            var sawExpDigit = false
            while i < n {
                let d = p.load(fromByteOffset: i, as: UInt8.self) &- 0x30
                guard d < 10 else { break }
                sawExpDigit = true
                if e < 100_000 { e = e * 10 + Int(d) }
                i += 1
            }
            guard sawExpDigit else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == n else { return nil }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if !inexact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var v = Double(mantissa)
            v = exponent < 0 ? v / powerOf10(-exponent) : v * powerOf10(exponent)
            return negative ? -v : v
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf in
            buf.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: n + 1) { u in
                u.update(from: p.assumingMemoryBound(to: UInt8.self), count: n)
                u[n] = 0
            }
            return strtod(buf.baseAddress!, nil)
        }
    }

    /// Parses a number that must be an integer within `range` (written with or without a fraction of zero).
    static func parseInteger(_ bytes: UnsafeRawBufferPointer, _ r: Range<Int>, in range: ClosedRange<Double>) -> Double? {
        guard let v = parseDouble(bytes, r), v.isFinite, v.rounded() == v, range.contains(v) else { return nil }
        return v
    }

    /// A short printable form of a token for error messages.
    static func tokenText(_ bytes: UnsafeRawBufferPointer, _ r: Range<Int>) -> String {
        let clipped = r.lowerBound..<min(r.upperBound, r.lowerBound + 40)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[clipped]), as: UTF8.self)
    }
}
