import Foundation

/// One element of the E57 XML section: name, attributes, trimmed text (character data and CDATA) and
/// children, with the 1-based line (counted from the start of the XML section) where it starts.
final class E57XMLElement {
    let name: String
    let attributes: [String: String]
    let line: Int
    var children: [E57XMLElement] = []
    var text = ""

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The E57 node type (`Structure`, `Vector`, `CompressedVector`, `Float`, `Integer`, `ScaledInteger`, `String`, `Blob`).
    var type: String { attributes["type"] ?? "" }

    /// The first child called `name`.
    func child(_ name: String) -> E57XMLElement? { children.first { $0.name == name } }

    /// The numeric value of this element (E57 `Float`, `Integer` or `ScaledInteger`: empty text means 0;
    /// a `ScaledInteger` is `raw × scale + offset`).
    /// - Throws: ``PointCloudFormatError/malformedXML(detail:at:)`` for text that is not a number.
    func number() throws(PointCloudFormatError) -> Double {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let v = t.isEmpty ? 0 : Double(t) else {
            throw .malformedXML(detail: "<\(name)> holds '\(t.prefix(40))', not a number", at: .line(line))
        }
        guard type == "ScaledInteger" else { return v }
        return v * (try doubleAttribute("scale") ?? 1) + (try doubleAttribute("offset") ?? 0)
    }

    /// Attribute `key` as a `Double`, `nil` when absent.
    /// - Throws: ``PointCloudFormatError/malformedXML(detail:at:)`` for a value that is not a finite number.
    func doubleAttribute(_ key: String) throws(PointCloudFormatError) -> Double? {
        guard let s = attributes[key] else { return nil }
        guard let v = Double(s), v.isFinite else {
            throw .malformedXML(detail: "<\(name)> attribute \(key)='\(s.prefix(40))' is not a finite number", at: .line(line))
        }
        return v
    }

    /// Attribute `key` as an `Int64`, `nil` when absent.
    /// - Throws: ``PointCloudFormatError/malformedXML(detail:at:)`` for a value that is not an integer.
    func integerAttribute(_ key: String) throws(PointCloudFormatError) -> Int64? {
        guard let s = attributes[key] else { return nil }
        guard let v = Int64(s) else {
            throw .malformedXML(detail: "<\(name)> attribute \(key)='\(s.prefix(40))' is not a 64-bit integer", at: .line(line))
        }
        return v
    }
}

/// Parses the E57 XML section into a tree of ``E57XMLElement`` with a small strict XML 1.0 reader of its
/// own (elements, attributes, character data, CDATA, comments, processing instructions, the five
/// predefined entities and character references; a document type declaration is refused: E57 files have
/// none, and refusing it rules out entity expansion). Foundation's `XMLParser` was used before; it leaks
/// about 170 bytes per malformed document in its error path (found by FuzzE57 at 5.5 M runs), which a
/// server reading untrusted files must not.
///
/// Nesting deeper than ``maximumDepth`` and more than ``maximumElements`` elements are refused, so the
/// tree costs at most about 200 bytes per element on top of the section's bytes.
enum E57XMLTree {
    /// Deepest element nesting accepted.
    static let maximumDepth = 64
    /// Most elements accepted in one XML section (a scan's description takes about 50).
    static let maximumElements = 2_000_000

    /// The root element of `xml`.
    /// - Throws: ``PointCloudFormatError/malformedXML(detail:at:)`` naming the XML line of the problem.
    /// - Complexity: O(XML bytes).
    static func parse(_ xml: [UInt8]) throws(PointCloudFormatError) -> E57XMLElement {
        // E57 XML is UTF-8: refuse anything else before reading names and text.
        if let bad = firstInvalidUTF8(xml) {
            let line = xml[..<bad].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .malformedXML(detail: "byte \(bad) of the XML section is not UTF-8", at: .line(line))
        }
        var reader = E57XMLReader(bytes: xml)
        return try reader.document()
    }

    /// Offset of the first byte of `bytes` that does not belong to a valid UTF-8 sequence, or `nil`.
    /// - Complexity: O(n).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case let .valid(scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// The byte-level reader behind ``E57XMLTree/parse(_:)``: one pass over valid UTF-8, an explicit element
/// stack (no recursion), the line counted as it goes.
struct E57XMLReader {
    private let b: [UInt8]
    private var i = 0
    private var line = 1
    private var elementCount = 0

    init(bytes: [UInt8]) { b = bytes }

    private func fail(_ detail: String) -> PointCloudFormatError { .malformedXML(detail: detail, at: .line(line)) }

    private func peek(_ k: Int = 0) -> UInt8? { i + k < b.count ? b[i + k] : nil }

    private func at(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        return s.withUTF8Buffer { p in
            for k in 0..<n where b[i + k] != p[k] { return false }
            return true
        }
    }

    private mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < b.count {
            if b[i] == 0x0A { line += 1 }
            i += 1
        }
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    private static func isNameStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x3A || c >= 0x80
    }
    private static func isName(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
    }

    private mutating func skipSpace() { while let c = peek(), Self.isSpace(c) { advance() } }

    /// Skips past the first `terminator` (inclusive).
    private mutating func skip(past terminator: StaticString, what: String) throws(PointCloudFormatError) {
        let start = line
        while i < b.count {
            if at(terminator) { advance(terminator.utf8CodeUnitCount); return }
            advance()
        }
        throw .malformedXML(detail: "\(what) opened at line \(start) is not closed", at: .line(line))
    }

    private mutating func name(_ what: String) throws(PointCloudFormatError) -> String {
        guard let c = peek(), Self.isNameStart(c) else { throw fail("expected \(what)") }
        let start = i
        while let c = peek(), Self.isName(c) { i += 1 }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    /// Decodes the reference at `&` into `out`.
    private mutating func reference(into out: inout [UInt8]) throws(PointCloudFormatError) {
        advance()  // &
        let start = i
        while let c = peek(), c != 0x3B, i - start < 12 { if Self.isSpace(c) || c == 0x3C || c == 0x26 { break }; i += 1 }
        guard peek() == 0x3B else { throw fail("'&' that starts no entity reference (write &amp;)") }
        let body = b[start..<i]
        advance()  // ;
        switch String(decoding: body, as: UTF8.self) {
        case "lt": out.append(0x3C)
        case "gt": out.append(0x3E)
        case "amp": out.append(0x26)
        case "quot": out.append(0x22)
        case "apos": out.append(0x27)
        case let s where s.hasPrefix("#"):
            let hex = s.hasPrefix("#x")
            let digits = s.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, let v = UInt32(digits, radix: hex ? 16 : 10), v != 0,
                  let scalar = Unicode.Scalar(v) else { throw fail("character reference &\(s.prefix(12)); is not a character") }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        case let s: throw fail("unknown entity &\(s.prefix(12)); (XML defines lt, gt, amp, quot, apos)")
        }
    }

    /// Comments, processing instructions and white space outside the root element.
    private mutating func misc() throws(PointCloudFormatError) {
        while true {
            skipSpace()
            if at("<!--") { try skip(past: "-->", what: "comment") }
            else if at("<?") { try skip(past: "?>", what: "processing instruction") }
            else if at("<!DOCTYPE") { throw fail("a document type declaration (E57 XML has none)") }
            else { return }
        }
    }

    /// Reads a start tag at `<`; returns the element and whether it is empty (`/>`).
    private mutating func startTag() throws(PointCloudFormatError) -> (E57XMLElement, Bool) {
        let tagLine = line
        advance()  // <
        let n = try name("an element name after '<'")
        var attributes: [String: String] = [:]
        while true {
            let hadSpace = peek().map(Self.isSpace) ?? false
            skipSpace()
            guard let c = peek() else { throw fail("start tag <\(n.prefix(40))> is not closed") }
            if c == 0x3E { advance(); return (E57XMLElement(name: n, attributes: attributes, line: tagLine), false) }
            if c == 0x2F {
                guard peek(1) == 0x3E else { throw fail("'/' in start tag <\(n.prefix(40))> not followed by '>'") }
                advance(2)
                return (E57XMLElement(name: n, attributes: attributes, line: tagLine), true)
            }
            guard hadSpace else { throw fail("attributes of <\(n.prefix(40))> must be separated by white space") }
            let key = try name("an attribute name in <\(n.prefix(40))>")
            skipSpace()
            guard peek() == 0x3D else { throw fail("attribute \(key.prefix(40)) of <\(n.prefix(40))> has no '='") }
            advance()
            skipSpace()
            guard let quote = peek(), quote == 0x22 || quote == 0x27 else {
                throw fail("attribute \(key.prefix(40)) of <\(n.prefix(40))> has no quoted value")
            }
            advance()
            var value: [UInt8] = []
            while true {
                guard let v = peek() else { throw fail("attribute \(key.prefix(40)) of <\(n.prefix(40))> is not closed") }
                if v == quote { advance(); break }
                if v == 0x3C { throw fail("'<' in the value of attribute \(key.prefix(40))") }
                if v == 0x26 { try reference(into: &value); continue }
                value.append(Self.isSpace(v) ? 0x20 : v)
                advance()
            }
            guard attributes.updateValue(String(decoding: value, as: UTF8.self), forKey: key) == nil else {
                throw fail("attribute \(key.prefix(40)) appears twice in <\(n.prefix(40))>")
            }
        }
    }

    /// The whole document: prolog, one root element, epilog.
    mutating func document() throws(PointCloudFormatError) -> E57XMLElement {
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        try misc()
        guard peek() == 0x3C, let c = peek(1), Self.isNameStart(c) else {
            throw fail(i < b.count ? "text before the root element" : "no root element")
        }
        var stack: [E57XMLElement] = []
        var texts: [[UInt8]] = []
        var root: E57XMLElement?
        repeat {
            guard i < b.count else {
                let open = stack.last!
                throw fail("element <\(open.name.prefix(40))> opened at line \(open.line) is not closed")
            }
            if b[i] == 0x3C {
                if at("</") {
                    advance(2)
                    let n = try name("an element name after '</'")
                    skipSpace()
                    guard peek() == 0x3E else { throw fail("end tag </\(n.prefix(40))> is not closed") }
                    advance()
                    let open = stack.removeLast()
                    guard n == open.name else {
                        throw fail("end tag </\(n.prefix(40))> closes <\(open.name.prefix(40))> opened at line \(open.line)")
                    }
                    open.text = String(decoding: texts.removeLast(), as: UTF8.self)
                } else if at("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if at("<![CDATA[") {
                    advance(9)
                    let start = line
                    let from = i
                    while i < b.count, !at("]]>") { advance() }
                    guard i < b.count else { throw .malformedXML(detail: "CDATA section opened at line \(start) is not closed", at: .line(line)) }
                    texts[texts.count - 1].append(contentsOf: b[from..<i])
                    advance(3)
                } else if at("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if at("<!") {
                    throw fail("markup '<!' that is neither a comment nor CDATA")
                } else {
                    guard stack.count < E57XMLTree.maximumDepth else {
                        throw fail("elements nested deeper than \(E57XMLTree.maximumDepth) levels")
                    }
                    elementCount += 1
                    guard elementCount <= E57XMLTree.maximumElements else {
                        throw fail("more than \(E57XMLTree.maximumElements) elements")
                    }
                    let (e, empty) = try startTag()
                    if let parent = stack.last { parent.children.append(e) } else { root = e }
                    if !empty {
                        stack.append(e)
                        texts.append([])
                    }
                }
            } else if b[i] == 0x26 {
                try reference(into: &texts[texts.count - 1])
            } else {
                let from = i
                while i < b.count, b[i] != 0x3C, b[i] != 0x26 { advance() }
                texts[texts.count - 1].append(contentsOf: b[from..<i])
            }
        } while !stack.isEmpty
        try misc()
        guard i == b.count else { throw fail("content after the root element <\(root!.name.prefix(40))>") }
        return root!
    }
}
