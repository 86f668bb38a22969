import Foundation

/// Locates the problem in JSON bytes that `JSONDecoder` rejected without saying where (Foundation's
/// decoder on Linux reports syntax errors and out-of-range numbers with an empty coding path).
enum JSONDiagnostics {
    /// A description of the first problem with its position (byte offset, line and column, 1-based).
    /// - Complexity: O(size of the input); only used on the error path.
    static func locate(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let text = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            if let r = text.range(of: "character "),
                let n = Int(text[r.upperBound...].prefix { $0.isNumber })
            {
                return "\(text) (\(position(ofByte: n, in: data)))"
            }
            return text
        }
        // Valid JSON syntax: look for a number literal beyond Float32's range.
        var i = 0
        let bytes = [UInt8](data)
        var inString = false, escaped = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if b == UInt8(ascii: "\"") {
                inString = true
                i += 1
                continue
            }
            if b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) {
                var j = i
                while j < bytes.count, let c = Optional(bytes[j]),
                    c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c == UInt8(ascii: "e")
                        || c == UInt8(ascii: "E") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                {
                    j += 1
                }
                let literal = String(decoding: bytes[i..<j], as: UTF8.self)
                if let d = Double(literal), !(abs(d) <= Double(Float.greatestFiniteMagnitude)) {
                    return "number \(literal) does not fit Float32 (\(position(ofByte: i, in: data)))"
                }
                i = j
                continue
            }
            i += 1
        }
        return "JSONDecoder rejected the data but no syntax error or out-of-range number was found"
    }

    /// `byte offset N, line L, column C` for a 0-based byte offset.
    static func position(ofByte offset: Int, in data: Data) -> String {
        var line = 1, column = 1
        for (k, b) in data.enumerated() {
            if k >= offset { break }
            if b == 0x0a {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return "byte offset \(offset), line \(line), column \(column)"
    }
}
