import Foundation

/// A small ISO 10303-21 reader: entity instances `#n=NAME(args);` with their arguments parsed into
/// values (numbers, strings, references, enumerations, `$`, `*`, nested lists).
struct STEPReader {
    indirect enum Value: Equatable {
        case number(Double), string(String), ref(Int), enumeration(String), null, derived, list([Value])

        var number: Double? { if case .number(let v) = self { return v } else { return nil } }
        var string: String? { if case .string(let v) = self { return v } else { return nil } }
        var ref: Int? { if case .ref(let v) = self { return v } else { return nil } }
        var list: [Value] { if case .list(let v) = self { return v } else { return [] } }
    }

    struct Entity {
        var name: String
        var args: [Value]
    }

    var entities: [Int: Entity] = [:]
    var header = ""

    init(_ text: String) throws {
        guard let data = text.range(of: "DATA;"), let end = text.range(of: "ENDSEC;", range: data.upperBound..<text.endIndex) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        header = String(text[..<data.lowerBound])
        let body = text[data.upperBound..<end.lowerBound]
        for raw in body.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("#"), let eq = line.firstIndex(of: "="), let open = line.firstIndex(of: "(") else { continue }
            let id = Int(line[line.index(after: line.startIndex)..<eq])!
            let name = String(line[line.index(after: eq)..<open])
            var chars = Array(line[open...])
            if chars.last == ";" { chars.removeLast() }
            var i = 0
            let v = Self.parse(chars, &i)
            entities[id] = Entity(name: name, args: v.list)
        }
    }

    static func parse(_ c: [Character], _ i: inout Int) -> Value {
        while i < c.count, c[i] == " " { i += 1 }
        let ch = c[i]
        if ch == "(" {
            i += 1
            var items: [Value] = []
            while i < c.count {
                while c[i] == " " || c[i] == "," { i += 1 }
                if c[i] == ")" { i += 1; break }
                items.append(parse(c, &i))
            }
            return .list(items)
        }
        if ch == "'" {
            i += 1
            var s = ""
            while i < c.count {
                if c[i] == "'" {
                    if i + 1 < c.count, c[i + 1] == "'" { s.append("'"); i += 2; continue }
                    i += 1
                    break
                }
                s.append(c[i])
                i += 1
            }
            return .string(s)
        }
        if ch == "#" {
            i += 1
            var n = ""
            while i < c.count, c[i].isNumber { n.append(c[i]); i += 1 }
            return .ref(Int(n)!)
        }
        if ch == "." {
            i += 1
            var n = ""
            while c[i] != "." { n.append(c[i]); i += 1 }
            i += 1
            return .enumeration(n)
        }
        if ch == "$" { i += 1; return .null }
        if ch == "*" { i += 1; return .derived }
        var n = ""
        while i < c.count, c[i] != ",", c[i] != ")" { n.append(c[i]); i += 1 }
        return .number(Double(n) ?? .nan)
    }

    func all(_ name: String) -> [(Int, Entity)] {
        entities.filter { $0.value.name == name }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
