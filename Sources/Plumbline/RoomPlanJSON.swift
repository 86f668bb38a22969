import Foundation
import PlumbKernel

/// Why RoomPlan JSON could not be read or written. Every case names where the problem is: a coding
/// path such as `walls[3].transform` and, for syntax errors, the parser's own position text.
public enum RoomPlanJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input was empty.
    case emptyInput
    /// The input is larger than ``RoomPlanJSON/maximumInputBytes``.
    case inputTooLarge(bytes: Int, limit: Int)
    /// The bytes are not valid JSON (`detail` carries the parser's message, with line/column when known).
    case malformedJSON(detail: String)
    /// A required key is missing from the object at `path`.
    case missingKey(key: String, path: String)
    /// The value at `path` has the wrong JSON type (`expected` names the Swift type).
    case typeMismatch(path: String, expected: String, detail: String)
    /// The value at `path` has the right type but an invalid content (wrong array length, unknown enum
    /// case, out-of-range number, …).
    case invalidValue(path: String, detail: String)
    /// A value could not be encoded (for example a NaN or infinite coordinate) at `path`.
    case unencodableValue(path: String, detail: String)
    /// A file could not be read or written.
    case fileError(path: String, detail: String)
    /// The input has more JSON objects and arrays than ``RoomPlanJSON/maximumContainers`` or nests them
    /// deeper than ``RoomPlanJSON/maximumDepth``; refused by a scan before parsing (`byteOffset` is
    /// where the limit was passed).
    case structureTooLarge(detail: String, byteOffset: Int)
    /// The JSON decoded but the model fails ``CapturedRoom/validate()`` / ``CapturedStructure/validate()``
    /// (the error names the element and the field).
    case invalidModel(CapturedRoomValidationError)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case .emptyInput: return "RoomPlan JSON: empty input"
        case .inputTooLarge(let b, let l): return "RoomPlan JSON: input of \(b) bytes exceeds the \(l)-byte limit"
        case .malformedJSON(let d): return "RoomPlan JSON: malformed JSON: \(d)"
        case .missingKey(let k, let p): return "RoomPlan JSON: missing key \"\(k)\" at \(p)"
        case .typeMismatch(let p, let e, let d): return "RoomPlan JSON: at \(p) expected \(e): \(d)"
        case .invalidValue(let p, let d): return "RoomPlan JSON: invalid value at \(p): \(d)"
        case .unencodableValue(let p, let d): return "RoomPlan JSON: cannot encode value at \(p): \(d)"
        case .fileError(let p, let d): return "RoomPlan JSON: file \(p): \(d)"
        case .structureTooLarge(let d, let o): return "RoomPlan JSON: \(d) (at byte \(o)); refused before parsing"
        case .invalidModel(let e): return "RoomPlan JSON: invalid model: \(e)"
        }
    }
}

/// Reading and writing RoomPlan's `CapturedRoom` / `CapturedStructure` JSON byte-for-byte as RoomPlan
/// does: `JSONEncoder` with `.prettyPrinted` and `.sortedKeys` (2-space indent, `" : "` separators,
/// empty containers as `[\n\n]` / `{\n\n}`, `/` escaped as `\/`, no trailing newline), Float32 in
/// shortest round-trip form, upper-case UUIDs, enums as single-key objects. Decoding accepts both
/// `\/` and `/`, any key order, any whitespace, and keeps unknown keys.
public enum RoomPlanJSON {
    /// Inputs larger than this (64 MiB, about 200,000 walls of compact JSON) are refused before parsing;
    /// files are refused by their size before reading, streams as soon as they pass it.
    public static let maximumInputBytes = 64 << 20

    /// Inputs with more JSON objects and arrays than this (1,000,000; a wall has 9) are refused by a
    /// linear scan before parsing, so parsing memory is bounded by the element count as well as by
    /// ``maximumInputBytes``.
    public static let maximumContainers = 1_000_000

    /// Objects and arrays nested deeper than this (64; RoomPlan JSON needs 6) are refused before parsing.
    public static let maximumDepth = 64

    /// A `JSONEncoder` configured like RoomPlan's exports (`[.prettyPrinted, .sortedKeys]`; NaN and
    /// infinities throw).
    public static func makeEncoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return e
    }

    /// A `JSONDecoder` for RoomPlan JSON (default strategies: UUID strings, numbers as numbers).
    public static func makeDecoder() -> JSONDecoder { JSONDecoder() }

    /// Encodes a value (a ``CapturedRoom``, ``CapturedStructure`` or any element) as RoomPlan JSON.
    /// - Complexity: O(size of the output).
    public static func encode<T: Encodable>(_ value: T) throws(RoomPlanJSONError) -> Data {
        do {
            return try makeEncoder().encode(value)
        } catch let EncodingError.invalidValue(_, ctx) {
            throw .unencodableValue(path: pathString(ctx.codingPath), detail: ctx.debugDescription)
        } catch {
            throw .unencodableValue(path: "$", detail: String(describing: error))
        }
    }

    /// Decodes RoomPlan JSON into `type`.
    /// - Throws: ``RoomPlanJSONError`` naming the failing key path.
    /// - Complexity: O(size of the input).
    /// A UTF-8 byte-order mark at the start is skipped (RFC 8259 allows parsers to ignore it); the
    /// structure limits (``maximumContainers``, ``maximumDepth``) are checked before parsing. A decoded
    /// ``CapturedRoom`` or ``CapturedStructure`` must pass its `validate()` (physical bounds, rigid
    /// transforms, simple polygons, unique identifiers): otherwise ``RoomPlanJSONError/invalidModel(_:)``.
    public static func decode<T: Decodable>(_ type: T.Type, from input: Data) throws(RoomPlanJSONError) -> T {
        try decode(T.self, from: input, counted: nil)
    }

    /// As ``decode(_:from:)``, for a caller that has already counted `input`'s elements with
    /// ``elementCounts(in:)`` (which checks the same structure limits): `counted` is that count, and the
    /// bytes are not counted a second time. `nil` counts them here.
    package static func decode<T: Decodable>(_ type: T.Type, from input: Data,
                                             counted: RoomPlanJSONElementCounts?) throws(RoomPlanJSONError) -> T {
        let data = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(input.dropFirst(3)) : input
        guard !data.isEmpty else { throw .emptyInput }
        guard data.count <= maximumInputBytes else {
            throw .inputTooLarge(bytes: data.count, limit: maximumInputBytes)
        }
        if counted == nil { try checkStructure(data) }
        let value: T
        do {
            value = try makeDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            let mapped = map(error)
            if case .malformedJSON = mapped { throw .malformedJSON(detail: JSONDiagnostics.locate(in: data)) }
            throw mapped
        } catch {
            throw .malformedJSON(detail: String(describing: error))
        }
        if let model = value as? any ValidatedRoomPlanModel {
            do throws(CapturedRoomValidationError) { try model.validateModel() } catch { throw .invalidModel(error) }
        }
        return value
    }

    /// Reads and decodes a file: a regular file's size is checked against ``maximumInputBytes``
    /// before reading, a stream (pipe, `/dev/stdin`) is read only up to it; then as ``decode(_:from:)``.
    public static func decode<T: Decodable>(_ type: T.Type, contentsOf url: URL) throws(RoomPlanJSONError) -> T {
        try decode(T.self, from: readInput(url))
    }

    /// The bytes of an input file, at most ``maximumInputBytes`` (see ``decode(_:contentsOf:)``).
    /// - Throws: ``RoomPlanJSONError/inputTooLarge(bytes:limit:)``, ``RoomPlanJSONError/fileError(path:detail:)``.
    public static func readInput(_ url: URL) throws(RoomPlanJSONError) -> Data {
        do throws(SafeFileError) {
            return try SafeFile.read(contentsOf: url.path, limit: maximumInputBytes)
        } catch .inputTooLarge(_, let bytes, let limit) {
            throw .inputTooLarge(bytes: bytes ?? limit + 1, limit: limit)
        } catch {
            throw .fileError(path: url.path, detail: "cannot read: \(error.reason)")
        }
    }

    /// Encodes a value and writes it atomically to a file through `SafeFile` (temporary
    /// file, fsync, rename; a symbolic link, device, pipe or directory at `url` is refused).
    public static func write<T: Encodable>(_ value: T, to url: URL) throws(RoomPlanJSONError) {
        let data = try encode(value)
        do throws(SafeFileError) {
            try SafeFile.write(data, to: url)
        } catch {
            throw .fileError(path: url.path, detail: error.reason)
        }
    }

    /// Refuses input with more than ``maximumContainers`` objects and arrays or nesting deeper than
    /// ``maximumDepth``, by one pass over the bytes outside strings (see ``elementCounts(in:)``).
    /// - Complexity: O(bytes).
    static func checkStructure(_ data: Data) throws(RoomPlanJSONError) {
        _ = try elementCounts(in: data)
    }

    /// Counts the entries of a RoomPlan JSON document's element lists without parsing it: one pass over
    /// the bytes (strings skipped), no allocation beyond a stack of ``maximumDepth`` bytes. A caller with
    /// a limit on elements (an exporter) refuses an oversized model with it before `JSONDecoder` builds
    /// the whole tree (memory about ten times the input, and seconds for tens of megabytes).
    /// - Throws: ``RoomPlanJSONError/structureTooLarge(detail:byteOffset:)`` when the input has more than
    ///   ``maximumContainers`` objects and arrays or nests them deeper than ``maximumDepth``. Malformed
    ///   JSON is not diagnosed here (the counts are then only indicative; decoding reports it).
    /// - Complexity: O(bytes).
    public static func elementCounts(in data: Data) throws(RoomPlanJSONError) -> RoomPlanJSONElementCounts {
        var counts = RoomPlanJSONElementCounts()
        let found: (String, Int)? = data.withUnsafeBytes { raw -> (String, Int)? in
            // What each open container is: for an array the list it holds, for an object where it lies.
            // 0 other, 1 the root object, 2 an object of the root's `rooms`, 3 the root's `rooms` array,
            // 16 + k list k of the root, 32 + k list k of a room (k indexes `RoomPlanJSONElementCounts.keys`).
            var stack = [UInt8](repeating: 0, count: maximumDepth + 1)
            var containers = 0, depth = 0
            var inString = false, escaped = false
            var stringStart = 0, keyStart = -1, keyEnd = -1, lastStart = -1, lastEnd = -1
            let bytes = raw.bindMemory(to: UInt8.self)
            var i = -1
            while i + 1 < bytes.count {
                i += 1
                let b = bytes[i]
                if inString {
                    if escaped {
                        escaped = false
                    } else if b == 0x5C {
                        escaped = true
                    } else if b == 0x22 {
                        inString = false
                        lastStart = stringStart
                        lastEnd = i
                    }
                    continue
                }
                switch b {
                case 0x22:
                    inString = true
                    stringStart = i + 1
                case 0x3A:  // ':' after a key
                    (keyStart, keyEnd) = (lastStart, lastEnd)
                case 0x2C:  // ','
                    keyStart = -1
                case 0x7B, 0x5B:
                    containers += 1
                    if containers > maximumContainers {
                        return ("more than \(maximumContainers) objects and arrays", i)
                    }
                    if depth + 1 > maximumDepth { return ("objects and arrays nested deeper than \(maximumDepth)", i) }
                    let parent: UInt8 = depth == 0 ? 255 : stack[depth - 1]
                    var tag: UInt8 = 0
                    if b == 0x7B {
                        if depth == 0 {
                            tag = 1
                        } else if parent == 3 {
                            tag = 2
                        } else if parent >= 16 && parent < 16 + UInt8(RoomPlanJSONElementCounts.keys.count) {
                            counts.topLevel[Int(parent - 16)] += 1
                        } else if parent >= 32 && parent < 32 + UInt8(RoomPlanJSONElementCounts.keys.count) {
                            counts.inRooms[Int(parent - 32)] += 1
                        }
                    } else if (parent == 1 || parent == 2), keyStart >= 0 {
                        let key = UnsafeRawBufferPointer(rebasing: raw[keyStart..<keyEnd])
                        if parent == 1, RoomPlanJSONElementCounts.matches(key, "rooms") {
                            tag = 3
                        } else if let k = RoomPlanJSONElementCounts.keys.firstIndex(where: { RoomPlanJSONElementCounts.matches(key, $0) }) {
                            tag = UInt8(parent == 1 ? 16 + k : 32 + k)
                        }
                    }
                    if depth == 1, parent == 1, keyStart >= 0,
                       RoomPlanJSONElementCounts.matches(UnsafeRawBufferPointer(rebasing: raw[keyStart..<keyEnd]), "rooms") {
                        counts.hasRooms = true
                    }
                    stack[depth] = tag
                    depth += 1
                    keyStart = -1
                case 0x7D, 0x5D:
                    depth = Swift.max(0, depth - 1)
                    keyStart = -1
                default:
                    // A scalar value after a key: the root's `rooms` may be null or of a wrong type.
                    if depth == 1, stack[0] == 1, keyStart >= 0, b > 0x20 {
                        if RoomPlanJSONElementCounts.matches(UnsafeRawBufferPointer(rebasing: raw[keyStart..<keyEnd]), "rooms") {
                            counts.hasRooms = true
                        }
                        keyStart = -1  // looked at once per value
                    }
                }
            }
            return nil
        }
        if let found { throw .structureTooLarge(detail: found.0, byteOffset: found.1) }
        return counts
    }

    /// Converts Foundation's `DecodingError` into a ``RoomPlanJSONError`` with a readable path.
    static func map(_ error: DecodingError) -> RoomPlanJSONError {
        switch error {
        case .keyNotFound(let key, let ctx):
            return .missingKey(key: key.stringValue, path: pathString(ctx.codingPath))
        case .typeMismatch(let t, let ctx):
            return .typeMismatch(path: pathString(ctx.codingPath), expected: "\(t)", detail: ctx.debugDescription)
        case .valueNotFound(let t, let ctx):
            return .typeMismatch(
                path: pathString(ctx.codingPath), expected: "\(t)", detail: "null or missing: \(ctx.debugDescription)")
        case .dataCorrupted(let ctx):
            if ctx.codingPath.isEmpty {
                let under = ctx.underlyingError.map { " (\($0))" } ?? ""
                return .malformedJSON(detail: ctx.debugDescription + under)
            }
            return .invalidValue(path: pathString(ctx.codingPath), detail: ctx.debugDescription)
        @unknown default:
            return .malformedJSON(detail: String(describing: error))
        }
    }

    /// `walls[3].transform` style rendering of a coding path (`$` for the root).
    static func pathString(_ path: [any CodingKey]) -> String {
        var s = ""
        for k in path {
            if let i = k.intValue {
                s += "[\(i)]"
            } else {
                s += s.isEmpty ? k.stringValue : "." + k.stringValue
            }
        }
        return s.isEmpty ? "$" : s
    }
}

/// How many entries a RoomPlan JSON document's element lists hold, counted by
/// ``RoomPlanJSON/elementCounts(in:)`` before parsing: objects directly inside the arrays named by
/// ``keys`` of the root object, and of the objects of the root's `rooms` array (a structure's rooms).
/// A key written twice is counted twice; a key spelled with escapes (`"w\u0061lls"`) is recognised.
public struct RoomPlanJSONElementCounts: Sendable, Equatable {
    /// The element lists counted, in the order of ``topLevel`` and ``inRooms``.
    public static let keys = ["walls", "doors", "windows", "openings", "floors", "objects", "sections"]
    /// Entries of the root object's lists, one count per ``keys`` entry.
    public var topLevel = [Int](repeating: 0, count: keys.count)
    /// Entries of the lists of the root's `rooms`, summed over the rooms, one count per ``keys`` entry.
    public var inRooms = [Int](repeating: 0, count: keys.count)
    /// Whether the root object has a `rooms` key (the document is a `CapturedStructure`).
    public var hasRooms = false

    /// Creates empty counts.
    public init() {}

    /// The count of list `key` (one of ``keys``) of the root object (`inRooms: false`) or of its rooms.
    public func count(_ key: String, inRooms rooms: Bool = false) -> Int {
        guard let k = Self.keys.firstIndex(of: key) else { return 0 }
        return rooms ? inRooms[k] : topLevel[k]
    }

    /// Whether the raw bytes of a JSON string's content (between its quotes) spell `name` (ASCII letters),
    /// reading `\uXXXX` escapes; any other escape stands for a character no name has.
    /// - Complexity: O(bytes), no allocation.
    static func matches(_ raw: UnsafeRawBufferPointer, _ name: String) -> Bool {
        var it = name.utf8.makeIterator()
        var k = 0
        while k < raw.count {
            var c = raw[k]
            k += 1
            if c == 0x5C {
                guard k + 5 <= raw.count, raw[k] == 0x75 else { return false }
                var v: UInt32 = 0
                for h in raw[(k + 1)..<(k + 5)] {
                    guard let d = hexValue(h) else { return false }
                    v = v << 4 | d
                }
                guard v < 0x80 else { return false }
                c = UInt8(v)
                k += 5
            }
            guard it.next() == c else { return false }
        }
        return it.next() == nil
    }

    /// The value of an ASCII hexadecimal digit.
    private static func hexValue(_ h: UInt8) -> UInt32? {
        switch h {
        case 0x30...0x39: return UInt32(h - 0x30)
        case 0x41...0x46: return UInt32(h - 0x41 + 10)
        case 0x61...0x66: return UInt32(h - 0x61 + 10)
        default: return nil
        }
    }
}
