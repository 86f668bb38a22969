import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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

/// Parses the E57 XML section with Foundation's `XMLParser` into a tree of ``E57XMLElement``.
/// Nesting deeper than ``maximumDepth`` is refused (E57 files nest a handful of levels).
final class E57XMLTree: NSObject, XMLParserDelegate {
    /// Deepest element nesting accepted.
    static let maximumDepth = 64

    private var stack: [E57XMLElement] = []
    private var root: E57XMLElement?
    private var failure: PointCloudFormatError?

    /// The root element of `xml`.
    /// - Throws: ``PointCloudFormatError/malformedXML(detail:at:)`` naming the XML line of the problem.
    /// - Complexity: O(XML bytes).
    static func parse(_ xml: [UInt8]) throws(PointCloudFormatError) -> E57XMLElement {
        // E57 XML is UTF-8; Foundation's XMLParser traps on names that are not, so refuse them here.
        if let bad = firstInvalidUTF8(xml) {
            let line = xml[..<bad].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw .malformedXML(detail: "byte \(bad) of the XML section is not UTF-8", at: .line(line))
        }
        let builder = E57XMLTree()
        let parser = XMLParser(data: Data(xml))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let ok = parser.parse()
        if let f = builder.failure { throw f }
        guard ok, let root = builder.root, builder.stack.isEmpty else {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw .malformedXML(detail: "not well-formed XML (XMLParser error \(code))", at: .line(max(1, parser.lineNumber)))
        }
        return root
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

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard stack.count < Self.maximumDepth else {
            failure = .malformedXML(detail: "elements nested deeper than \(Self.maximumDepth) levels", at: .line(parser.lineNumber))
            parser.abortParsing()
            return
        }
        let e = E57XMLElement(name: elementName, attributes: attributeDict, line: parser.lineNumber)
        if let parent = stack.last {
            parent.children.append(e)
        } else if root == nil {
            root = e
        }
        stack.append(e)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if !stack.isEmpty { stack.removeLast() }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
