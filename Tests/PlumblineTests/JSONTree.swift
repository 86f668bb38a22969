import Foundation

/// A JSON document parsed with `JSONSerialization` and normalised for comparison: every number is
/// compared as the Float32 it denotes (RoomPlan writes Float32), booleans are kept apart from numbers.
indirect enum JSONTree: Equatable {
    case null
    case bool(Bool)
    case number(Float)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// Parses `data` with `JSONSerialization`.
    static func parse(_ data: Data) throws -> JSONTree {
        try make(JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    private static func make(_ any: Any) -> JSONTree {
        switch any {
        case is NSNull: return .null
        case let s as String: return .string(s)
        case let n as NSNumber:
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(Float(n.doubleValue))
        case let a as [Any]: return .array(a.map(make))
        case let o as [String: Any]: return .object(o.mapValues(make))
        default: return .string("<unsupported \(type(of: any))>")
        }
    }

    /// The path of the first difference between two trees (`nil` when equal), for test messages.
    static func firstDifference(_ a: JSONTree, _ b: JSONTree, path: String = "$") -> String? {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            if x.count != y.count { return "\(path): array length \(x.count) vs \(y.count)" }
            for i in 0..<x.count {
                if let d = firstDifference(x[i], y[i], path: "\(path)[\(i)]") { return d }
            }
            return nil
        case (.object(let x), .object(let y)):
            let kx = Set(x.keys), ky = Set(y.keys)
            if kx != ky {
                return "\(path): keys only in first \(kx.subtracting(ky).sorted()), only in second \(ky.subtracting(kx).sorted())"
            }
            for k in x.keys.sorted() {
                if let d = firstDifference(x[k]!, y[k]!, path: "\(path).\(k)") { return d }
            }
            return nil
        default:
            return a == b ? nil : "\(path): \(a) vs \(b)"
        }
    }

    /// Number of leaf values (null, bool, number, string) in the tree.
    var leafCount: Int {
        switch self {
        case .array(let a): return a.reduce(0) { $0 + $1.leafCount }
        case .object(let o): return o.values.reduce(0) { $0 + $1.leafCount }
        default: return 1
        }
    }
}

/// JSON bytes with every whitespace byte outside string literals removed: two documents that differ
/// only in layout (indent, `" : "` vs `": "`, `{\n\n}` vs `{}`) minify to the same bytes.
func minifiedJSON(_ data: Data) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(data.count)
    var inString = false, escaped = false
    for b in data {
        if inString {
            out.append(b)
            if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
        } else if b == UInt8(ascii: "\"") {
            inString = true
            out.append(b)
        } else if b != 0x20 && b != 0x0a && b != 0x0d && b != 0x09 {
            out.append(b)
        }
    }
    return out
}

/// Index of the first differing byte of two buffers (or the shorter length), `nil` when identical.
func firstDifferingByte(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    let n = min(a.count, b.count)
    for i in 0..<n where a[i] != b[i] { return i }
    return a.count == b.count ? nil : n
}
