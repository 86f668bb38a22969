import Foundation

/// A reader for the USDA text PlumbExport writes (one `def` per line, `{` / `}` on their own lines,
/// prim metadata in `( … )` blocks): prim paths with their type, kind, custom identifier, transform,
/// scale, and mesh arrays. Enough to read numbers back from an export, not a general USDA parser.
struct USDAReader {
    struct Prim {
        var path: String
        var type: String
        var kind: String?
        var identifier: String?
        var customDataUUID: String?
        var transform: [Double] = []
        var scale: [Double] = []
        var translate: [Double] = []
        var points: [SIMD3<Double>] = []
        var faceVertexCounts: [Int] = []
        var faceVertexIndices: [Int] = []
        var references: [String] = []
    }

    var prims: [String: Prim] = [:]
    var order: [String] = []
    var defaultPrim: String?
    var upAxis: String?
    var metersPerUnit: Double?

    static func numbers(_ s: Substring) -> [Double] {
        var out: [Double] = []
        var cur = ""
        for ch in s {
            if ch.isNumber || ch == "-" || ch == "." || ch == "e" || ch == "E" || ch == "+" {
                cur.append(ch)
            } else {
                if let v = Double(cur) { out.append(v) }
                cur = ""
            }
        }
        if let v = Double(cur) { out.append(v) }
        return out
    }

    static func quoted(_ s: Substring) -> String? {
        guard let a = s.firstIndex(of: "\""), let b = s[s.index(after: a)...].firstIndex(of: "\"") else { return nil }
        return String(s[s.index(after: a)..<b])
    }

    init(_ text: String) {
        var stack: [String] = []
        var pending: Prim?
        var braceOwners: [String?] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.drop { $0 == " " }
            if line.hasPrefix("defaultPrim = ") { defaultPrim = Self.quoted(line) }
            if line.hasPrefix("upAxis = ") { upAxis = Self.quoted(line) }
            if line.hasPrefix("metersPerUnit = ") { metersPerUnit = Self.numbers(line).first }
            if line.hasPrefix("def ") {
                let parts = line.split(separator: " ")
                let name = Self.quoted(line) ?? "?"
                let path = (stack.last ?? "") + "/" + name
                pending = Prim(path: path, type: String(parts[1]))
                continue
            }
            if line == "{" {
                if let p = pending {
                    prims[p.path] = p
                    order.append(p.path)
                    stack.append(p.path)
                    braceOwners.append(p.path)
                    pending = nil
                } else {
                    braceOwners.append(nil)
                }
                continue
            }
            if line == "}" {
                if pending != nil { continue }  // end of a customData dictionary inside prim metadata
                if let owner = braceOwners.popLast(), owner != nil { stack.removeLast() }
                continue
            }
            if var p = pending {
                if line.hasPrefix("kind = ") { p.kind = Self.quoted(line) }
                if line.hasPrefix("string UUID = ") { p.customDataUUID = Self.quoted(line) }
                if line.contains("references = @") {
                    p.references.append(String(line.split(separator: "@")[1]))
                }
                pending = p
                continue
            }
            guard let path = stack.last, var p = prims[path] else { continue }
            if line.hasPrefix("custom string plumb:identifier") { p.identifier = Self.quoted(line) }
            if line.hasPrefix("matrix4d xformOp:transform") { p.transform = Self.numbers(line.drop { $0 != "=" }) }
            if line.hasPrefix("float3 xformOp:scale") { p.scale = Self.numbers(line.drop { $0 != "=" }) }
            if line.hasPrefix("double3 xformOp:translate") { p.translate = Self.numbers(line.drop { $0 != "=" }) }
            if line.hasPrefix("int[] faceVertexCounts") { p.faceVertexCounts = Self.numbers(line.drop { $0 != "=" }).map { Int($0) } }
            if line.hasPrefix("int[] faceVertexIndices") { p.faceVertexIndices = Self.numbers(line.drop { $0 != "=" }).map { Int($0) } }
            if line.hasPrefix("point3f[] points") {
                let v = Self.numbers(line.drop { $0 != "=" })
                p.points = stride(from: 0, to: v.count - 2, by: 3).map { SIMD3(v[$0], v[$0 + 1], v[$0 + 2]) }
            }
            prims[path] = p
        }
    }

    /// Volume of a prim's mesh (divergence theorem, fan triangulation), in its local frame.
    static func volume(_ p: Prim) -> Double {
        var v = 0.0, k = 0
        for n in p.faceVertexCounts {
            let a = p.points[p.faceVertexIndices[k]]
            for j in 1..<(n - 1) {
                let b = p.points[p.faceVertexIndices[k + j]], c = p.points[p.faceVertexIndices[k + j + 1]]
                v += a.x * (b.y * c.z - b.z * c.y) + a.y * (b.z * c.x - b.x * c.z) + a.z * (b.x * c.y - b.y * c.x)
            }
            k += n
        }
        return v / 6
    }

    /// Signed area of a mesh's faces projected on local x-y (floors): positive when they face +z.
    static func projectedArea(_ p: Prim) -> Double {
        var s = 0.0, k = 0
        for n in p.faceVertexCounts {
            for j in 0..<n {
                let a = p.points[p.faceVertexIndices[k + j]], b = p.points[p.faceVertexIndices[k + (j + 1) % n]]
                s += a.x * b.y - b.x * a.y
            }
            k += n
        }
        return s / 2
    }
}
