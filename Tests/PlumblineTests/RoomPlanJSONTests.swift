import Foundation
import Testing
import Plumbline

/// Encoding details of RoomPlan's JSON on synthetic values, and typed errors on bad input.
@Suite("RoomPlan JSON encoding")
struct RoomPlanJSONTests {
    static let wallID = UUID(uuidString: "839162BA-CD3E-498F-8B42-9260ADE7373F")!
    static let doorID = UUID(uuidString: "10a2a02e-d0bd-465b-a893-2e7095137efb")!

    static func door() -> CapturedRoom.Surface {
        CapturedRoom.Surface(
            category: .door(isOpen: true), confidence: .medium, dimensions: SIMD3(0.7594657, 2.0635905, 0),
            transform: Transform4x4(yaw: 0.5, translation: SIMD3(0.3555906, -0.43418968, 13.05761)),
            identifier: doorID, completedEdges: [.left, .top], parentIdentifier: wallID)
    }

    /// The door's host wall (a door whose parent is not a wall of its room fails `CapturedRoom.validate()`,
    /// which `RoomPlanJSON.decode` runs).
    static func wall() -> CapturedRoom.Surface {
        CapturedRoom.Surface(
            category: .wall, dimensions: SIMD3(3, 2.5, 0), transform: Transform4x4(yaw: 0.5, translation: SIMD3(0.3, 0.8, 13)),
            identifier: wallID)
    }

    static func string(_ v: some Encodable) throws -> String {
        String(decoding: try RoomPlanJSON.encode(v), as: UTF8.self)
    }

    @Test func enumsAreSingleKeyObjects() throws {
        #expect(try Self.string(CapturedRoom.Surface.Category.wall) == "{\n  \"wall\" : {\n\n  }\n}")
        #expect(try Self.string(CapturedRoom.Surface.Category.door(isOpen: false))
            == "{\n  \"door\" : {\n    \"isOpen\" : false\n  }\n}")
        #expect(try Self.string(CapturedRoom.Confidence.low) == "{\n  \"low\" : {\n\n  }\n}")
        #expect(try Self.string(CapturedRoom.Object.Category.washerDryer) == "{\n  \"washerDryer\" : {\n\n  }\n}")
        #expect(try Self.string(CapturedRoom.Section.Label.livingRoom) == "\"livingRoom\"")
        #expect(CapturedRoom.Object.Category.allCases.count == 16)
        #expect(CapturedRoom.Surface.Category.door(isOpen: true).name == "door" && CapturedRoom.Surface.Category.door(isOpen: true).isWallEmbedded)
        #expect(!CapturedRoom.Surface.Category.floor.isWallEmbedded && CapturedRoom.Surface.Category.floor.name == "floor")
        #expect(CapturedRoom.Object.Category.allCases.map(\.name).first == "storage")
        #expect(CapturedRoom.Object.Category.allCases.map(\.name).last == "stairs")
    }

    @Test func surfaceWritesEveryKeyInOrder() throws {
        let s = try Self.string(Self.door())
        let keys = ["category", "completedEdges", "confidence", "curve", "dimensions", "identifier",
                    "parentIdentifier", "polygonCorners", "story", "transform"]
        var last = s.startIndex
        for k in keys {
            let r = try #require(s.range(of: "\n  \"\(k)\" : "), "missing \(k)")
            #expect(r.lowerBound >= last)
            last = r.lowerBound
        }
        #expect(s.contains("\"curve\" : null"))
        #expect(s.contains("\"identifier\" : \"10A2A02E-D0BD-465B-A893-2E7095137EFB\""))  // upper-cased
        #expect(s.contains("\"polygonCorners\" : [\n\n  ]"))
        // Edges: canonical order top, right, bottom, left, each a single-key object.
        #expect(s.contains("\"completedEdges\" : [\n    {\n      \"top\" : {\n\n      }\n    },\n    {\n      \"left\" : {\n\n      }\n    }\n  ]"))
        #expect(s.contains("0.7594657,\n    2.0635905,\n    0\n"))  // shortest Float32 digits, 0 not 0.0
    }

    @Test func surfaceRoundTrips() throws {
        var s = Self.door()
        s.curve = .init(center: SIMD2(0.25, -1.5), radius: 2, startAngle: 0, endAngle: .pi / 2)
        s.polygonCorners = [SIMD3(-0.5, -1, 0), SIMD3(0.5, -1, 0), SIMD3(0, 1.25, 0)]
        s.story = 1
        let data = try RoomPlanJSON.encode(s)
        let back = try RoomPlanJSON.decode(CapturedRoom.Surface.self, from: data)
        #expect(back == s)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"curve\" : {\n    \"center\" : [\n      0.25,\n      -1.5\n    ],\n    \"endAngle\" : 1.5707963,\n    \"radius\" : 2,\n    \"startAngle\" : 0\n  }"))
        #expect(s.curve!.arcLength == 2 * Float.pi / 2)
    }

    @Test func curveAcceptsMeasurementAngles() throws {
        let json = #"{"center":[1,2],"radius":3,"startAngle":{"value":90,"unit":{"symbol":"°","converter":{"coefficient":1,"constant":0}}},"endAngle":{"value":3.14159,"unit":{"symbol":"rad"}}}"#
        let c = try RoomPlanJSON.decode(CapturedRoom.Surface.Curve.self, from: Data(json.utf8))
        #expect(abs(c.startAngle - .pi / 2) < 1e-6 && abs(c.endAngle - 3.14159) < 1e-6 && c.center == SIMD2(1, 2))
        let bad = #"{"center":[1,2],"radius":3,"startAngle":{"value":1,"unit":{"symbol":"grad"}},"endAngle":0}"#
        #expect(throws: RoomPlanJSONError.self) { try RoomPlanJSON.decode(CapturedRoom.Surface.Curve.self, from: Data(bad.utf8)) }
    }

    @Test func roomKeepsUnknownKeysAndIdentifierChoice() throws {
        let json = #"""
        {"coreModel":"a\/b/c","doors":[],"walls":[],"windows":[],"openings":[],"objects":[],
         "referenceOriginTransform":[1,0,0,0,0,1,0,0,0,0,1,0,0.5,-1.25,1e-07,1],
         "future":{"nested":[true,null,{"x":"y"}],"big":9007199254740993},"story":0,"version":2}
        """#
        let room = try RoomPlanJSON.decode(CapturedRoom.self, from: Data(json.utf8))
        #expect(room.unknownFields["coreModel"] == .string("a/b/c"))
        #expect(room.unknownFields["future"] == .object([
            "nested": .array([.bool(true), .null, .object(["x": .string("y")])]), "big": .integer(9007199254740993),
        ]))
        #expect(room.floors.isEmpty && room.sections.isEmpty && !room.encodesIdentifier)
        let out = try RoomPlanJSON.encode(room)
        let text = String(decoding: out, as: UTF8.self)
        #expect(!text.contains("\"identifier\""))
        #expect(text.contains("\"coreModel\" : \"a\\/b\\/c\""))
        #expect(text.contains("9007199254740993"))
        #expect(text.contains("1e-07"))
        #expect(JSONTree.firstDifference(try JSONTree.parse(Data(json.utf8)).addingEmpty(["floors", "sections"]), try JSONTree.parse(out)) == nil)
        // A room built by Plumbline writes its identifier and reads it back.
        var built = room
        built.encodesIdentifier = true
        let back = try RoomPlanJSON.decode(CapturedRoom.self, from: try RoomPlanJSON.encode(built))
        #expect(back.identifier == room.identifier && back.encodesIdentifier)
    }

    @Test func structureRoundTrips() throws {
        let room = CapturedRoom(walls: [Self.wall()], doors: [Self.door()], sections: [.init(label: .kitchen, center: SIMD3(1, 0, 2))])
        let other = CapturedRoom(identifier: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, sections: room.sections)
        let s = CapturedStructure(rooms: [room, other], walls: [Self.wall()], doors: [Self.door()], sections: room.sections)
        let back = try RoomPlanJSON.decode(CapturedStructure.self, from: try RoomPlanJSON.encode(s))
        #expect(back == s)
        #expect(back.rooms.count == 2 && back.rooms[0].identifier == room.identifier)
    }

    @Test func typedErrorsNameThePath() throws {
        func error(_ json: String) -> RoomPlanJSONError? {
            do {
                _ = try RoomPlanJSON.decode(CapturedRoom.self, from: Data(json.utf8))
                return nil
            } catch { return error }
        }
        let base = #"{"doors":[],"windows":[],"openings":[],"objects":[],"walls":[WALL]}"#
        let wall = #"{"category":{"wall":{}},"confidence":{"high":{}},"dimensions":[1,2,0],"identifier":"839162BA-CD3E-498F-8B42-9260ADE7373F","transform":TRANSFORM}"#
        let good = "[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]"
        func doc(_ w: String) -> String { base.replacingOccurrences(of: "WALL", with: w) }

        #expect(error(doc(wall.replacingOccurrences(of: "TRANSFORM", with: good))) == nil)
        #expect(error("") == .emptyInput)
        if case .malformedJSON? = error("{\"doors\": [") {} else { Issue.record("truncated JSON not reported as malformed") }
        #expect(error(#"{"doors":[],"windows":[],"openings":[],"objects":[]}"#) == .missingKey(key: "walls", path: "$"))
        if case .invalidValue(let path, _)? = error(doc(wall.replacingOccurrences(of: "TRANSFORM", with: "[1,0,0,0,0,1,0,0,0,0,1,0,0,0,1]"))) {
            #expect(path == "walls[0].transform")
        } else { Issue.record("15-element transform not reported") }
        if case .invalidValue(let path, _)? = error(doc(wall.replacingOccurrences(of: "[1,2,0]", with: "[1,2]").replacingOccurrences(of: "TRANSFORM", with: good))) {
            #expect(path == "walls[0].dimensions")
        } else { Issue.record("2-element dimensions not reported") }
        if case .typeMismatch(let path, _, _)? = error(doc(wall.replacingOccurrences(of: "TRANSFORM", with: #"[1,0,0,0,0,1,0,0,0,0,1,0,0,0,"x",1]"#))) {
            #expect(path == "walls[0].transform[14]")
        } else { Issue.record("string in transform not reported") }
        let badCategory = wall.replacingOccurrences(of: #"{"wall":{}}"#, with: #"{"ceiling":{}}"#).replacingOccurrences(of: "TRANSFORM", with: good)
        if case nil = error(doc(badCategory)) { Issue.record("unknown category accepted") }
        let badUUID = wall.replacingOccurrences(of: "839162BA", with: "NOTAUUID").replacingOccurrences(of: "TRANSFORM", with: good)
        if case nil = error(doc(badUUID)) { Issue.record("bad UUID accepted") }
        // Out-of-Float32 number and syntax errors: located by byte offset and line.
        let overflow = doc(wall.replacingOccurrences(of: "TRANSFORM", with: "[1,0,0,0,0,1,0,0,0,0,1,0,0,0,1e60,1]"))
        if case .malformedJSON(let d)? = error(overflow) {
            let offset = overflow.utf8.count - overflow.utf8.count(after: "1e60")
            #expect(d.contains("number 1e60") && d.contains("byte offset \(offset), line 1"), "\(d)")
        } else { Issue.record("Float overflow not reported") }
        if case .malformedJSON(let d)? = error("{\"doors\": [\n  1,\n  x]}") {
            #expect(d.contains("line 3, column 3"), "\(d)")
        } else { Issue.record("syntax error not reported") }
    }

    @Test func hostileInputGivesTypedErrors() throws {
        // 100 000 nested arrays in an unknown key: refused by the parser's depth limit, no stack overflow.
        let deep = #"{"doors":[],"windows":[],"openings":[],"objects":[],"walls":[],"x":"#
            + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: RoomPlanJSONError.self) { try RoomPlanJSON.decode(CapturedRoom.self, from: Data(deep.utf8)) }
        // Wrong top-level kind.
        #expect(throws: RoomPlanJSONError.self) { try RoomPlanJSON.decode(CapturedRoom.self, from: Data("[1,2]".utf8)) }
        // Missing file.
        let missing = URL(fileURLWithPath: "/nonexistent/plumbline/room.json")
        do {
            _ = try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: missing)
            Issue.record("missing file accepted")
        } catch {
            if case .fileError(let path, _) = error { #expect(path == missing.path) } else { Issue.record("\(error)") }
        }
    }

    @Test func writeThenReadFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumbline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let room = CapturedRoom(walls: [Self.wall()], doors: [Self.door()], sections: [.init(label: .bathroom, center: SIMD3(1, 0, -2))])
        try RoomPlanJSON.write(room, to: url)
        #expect(try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: url) == room)
    }

    @Test func nonFiniteValuesAreRefusedOnEncode() {
        var s = Self.door()
        s.dimensions.y = .nan
        #expect(throws: RoomPlanJSONError.self) { try RoomPlanJSON.encode(s) }
        do {
            _ = try RoomPlanJSON.encode(s)
        } catch {
            if case .unencodableValue(let path, _) = error { #expect(path == "dimensions[1]") } else { Issue.record("\(error)") }
        }
    }
}

extension String.UTF8View {
    /// Number of bytes from the first occurrence of `needle` to the end (the whole count if absent).
    func count(after needle: String) -> Int {
        let s = String(self)
        guard let r = s.range(of: needle) else { return count }
        return s.utf8.distance(from: r.lowerBound, to: s.utf8.endIndex)
    }
}

extension JSONTree {
    /// The object with empty arrays added under the given keys (what a decoder defaults them to).
    func addingEmpty(_ keys: [String]) -> JSONTree {
        guard case .object(var o) = self else { return self }
        for k in keys where o[k] == nil { o[k] = .array([]) }
        return .object(o)
    }
}
