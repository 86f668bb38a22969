import Testing
@testable import PlumbIO

/// The E57 reader's own XML reader (`E57XMLTree`), which replaced Foundation's `XMLParser` (that one
/// leaked ~170 bytes per malformed document: FuzzE57 ran out of memory after 5.5 M inputs). Each case is
/// checked against what the XML 1.0 specification says the document means or why it is not well formed.
@Suite("E57 XML reader")
struct E57XMLTests {
    private func parse(_ s: String) throws(PointCloudFormatError) -> E57XMLElement { try E57XMLTree.parse(Array(s.utf8)) }

    /// The refusal's line, or `nil` when the document was accepted or refused otherwise.
    private func refusalLine(_ s: String) -> Int? {
        do { _ = try parse(s); return nil } catch {
            if case let .malformedXML(_, at: .line(line)) = error { return line }
            return nil
        }
    }

    @Test("elements, attributes, text, CDATA, comments, entities and character references")
    func wellFormed() throws {
        let doc = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!-- written by hand -->
        <e57Root type="Structure" xmlns="http://www.astm.org/COMMIT/E57/2010-e57-v1.0" xmlns:nor='http://example.org/nor'>
          <guid type="String"><![CDATA[{a<b&c}]]></guid>
          <name type="String">a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#65;&#x42;&#x1F600;</name>
          <x type="ScaledInteger" scale="0.5"
             offset="1">4</x>
          <nor:normalX type="Float"/>
          <e type="Structure"></e>
        </e57Root>
        <?trailing instruction?>
        """
        let root = try parse(doc)
        #expect(root.name == "e57Root")
        #expect(root.line == 3)
        #expect(root.attributes["xmlns:nor"] == "http://example.org/nor")
        #expect(root.children.map(\.name) == ["guid", "name", "x", "nor:normalX", "e"])
        #expect(root.child("guid")?.text == "{a<b&c}")
        #expect(root.child("name")?.text == "a <b> & \"c\" 'd' AB\u{1F600}")
        #expect(try root.child("x")?.number() == 4 * 0.5 + 1)
        #expect(root.child("x")?.line == 6)
        #expect(root.child("nor:normalX")?.children.isEmpty == true)
        #expect(root.child("e")?.text == "")
    }

    @Test("documents that are not well formed: refused with the line of the problem")
    func notWellFormed() {
        #expect(refusalLine("not xml at all") == 1)
        #expect(refusalLine("") == 1)
        #expect(refusalLine("<a>\n<b>\n</a>") == 3)                        // </a> closes <b>
        #expect(refusalLine("<a>\n<b>") == 2)                              // never closed
        #expect(refusalLine("<a x='1' x='2'/>") == 1)                      // duplicate attribute
        #expect(refusalLine("<a x='1'y='2'/>") == 1)                       // no space between attributes
        #expect(refusalLine("<a x=1/>") == 1)                              // unquoted value
        #expect(refusalLine("<a x='<'/>") == 1)                            // '<' in a value
        #expect(refusalLine("<a>\n&nbsp;</a>") == 2)                       // entity XML does not define
        #expect(refusalLine("<a>&#0;</a>") == 1)                           // not a character
        #expect(refusalLine("<a>&#xD800;</a>") == 1)                       // a surrogate
        #expect(refusalLine("<a>fish & chips</a>") == 1)                   // bare '&'
        #expect(refusalLine("<a/>\n<b/>") == 2)                            // two roots
        #expect(refusalLine("<a/>\ntext") == 2)                            // text after the root
        #expect(refusalLine("<!DOCTYPE a [<!ENTITY x 'y'>]><a>&x;</a>") == 1)  // no DTD, no entity expansion
        #expect(refusalLine("<a><!-- open comment</a>") == 1)
        #expect(refusalLine("<a><![CDATA[ open</a>") == 1)
        #expect(refusalLine("<a><!ELEMENT b></a>") == 1)
        #expect(refusalLine("<1a/>") == 1)
        let deep = String(repeating: "<a>", count: E57XMLTree.maximumDepth + 1) + String(repeating: "</a>", count: E57XMLTree.maximumDepth + 1)
        #expect(refusalLine(deep) == 1)
        let justDeepEnough = String(repeating: "<a>", count: E57XMLTree.maximumDepth) + String(repeating: "</a>", count: E57XMLTree.maximumDepth)
        #expect(refusalLine(justDeepEnough) == nil)
        #expect((try? parse(justDeepEnough)) != nil)
    }

    @Test("bytes that are not UTF-8 are refused before reading, with their line")
    func notUTF8() {
        var bytes = Array("<a>\n<b n='".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("'/></a>".utf8)
        do { _ = try E57XMLTree.parse(bytes); Issue.record("accepted") } catch {
            if case .malformedXML(_, at: .line(2)) = error {} else { Issue.record("\(error)") }
        }
    }
}
