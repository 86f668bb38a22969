import PlumbKernel
import Foundation
import Testing
import PlumbSim

/// A 4 x 3 m room with 20 cm walls, a door, a window and a bed; every test below breaks one rule.
func baseRoomPlan() -> FloorPlan {
    let t = 0.2
    let c: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(4.2, 0), SIMD2(4.2, 3.2), SIMD2(0, 3.2)]
    let walls = (0..<4).map { i in
        Wall(id: "w\(i)", storey: 0, centerLine: .straight(start: c[i], end: c[(i + 1) % 4]), thickness: t, kind: .exterior, positiveRoom: "r")
    }
    let room = Room(id: "r", name: "Room", type: .bedroom, storey: 0,
                    polygon: [SIMD2(0.1, 0.1), SIMD2(4.1, 0.1), SIMD2(4.1, 3.1), SIMD2(0.1, 3.1)])
    return FloorPlan(
        name: "base", storeys: [Storey(index: 0, floorElevation: 0, ceilingHeight: 2.5)], rooms: [room], walls: walls,
        openings: [Opening(id: "d", wallID: "w0", type: .door, position: 1.0, width: 0.8, height: 2.0),
                   Opening(id: "win", wallID: "w1", type: .window, position: 1.6, width: 1.0, height: 1.2, sillHeight: 0.9)],
        furniture: [Furniture(id: "bed", category: .bed, roomID: "r", center: SIMD3(2, 0.25, 1.5), size: SIMD3(1.6, 0.5, 2.0))])
}

@Suite struct ValidationTests {
    @Test func basePlanIsValid() throws {
        try baseRoomPlan().validate()
    }

    private func expectError(_ expected: FloorPlanError, _ mutate: (inout FloorPlan) -> Void) {
        var p = baseRoomPlan()
        mutate(&p)
        #expect(throws: expected) { try p.validate() }
    }

    @Test func rejectsEachInconsistency() {
        expectError(.zeroLengthWall(wallID: "w2")) { $0.walls[2].centerLine = .straight(start: SIMD2(1, 1), end: SIMD2(1, 1)) }
        expectError(.unknownRoom(kind: "wall", id: "w1", roomID: "nowhere")) { $0.walls[1].negativeRoom = "nowhere" }
        expectError(.unknownRoom(kind: "furniture", id: "bed", roomID: "x")) { $0.furniture[0].roomID = "x" }
        expectError(.openingOutsideWall(openingID: "d", wallID: "w0")) { $0.openings[0].position = 4.0 }
        expectError(.openingOutsideWall(openingID: "win", wallID: "w1")) { $0.openings[1].height = 1.7 }
        expectError(.unknownWall(openingID: "d", wallID: "w9")) { $0.openings[0].wallID = "w9" }
        expectError(.overlappingOpenings(first: "d", second: "e")) {
            $0.openings.append(Opening(id: "e", wallID: "w0", type: .window, position: 1.5, width: 1.0, height: 1.0, sillHeight: 0.5))
        }
        expectError(.furnitureIntersectsWall(furnitureID: "bed", wallID: "w3")) { $0.furniture[0].center.x = 0.85 }
        expectError(.furnitureOutsideRoom(furnitureID: "bed", roomID: "r")) { $0.furniture[0].center.y = 0.2 }
        expectError(.furnitureOutsideRoom(furnitureID: "bed", roomID: "r")) { $0.furniture[0].size.y = 2.6; $0.furniture[0].center.y = 1.3 }
        expectError(.duplicateID(kind: "wall", id: "w0")) { $0.walls[1].id = "w0" }
        expectError(.nonFinite(kind: "wall", id: "w0", field: "centre line")) {
            $0.walls[0].centerLine = .straight(start: SIMD2(.nan, 0), end: SIMD2(4.2, 0))
        }
        expectError(.selfIntersectingPolygon(roomID: "r", edge: 0)) { $0.rooms[0].polygon[3] = SIMD2(2, -0.5) }
        expectError(.degeneratePolygon(roomID: "r")) { $0.rooms[0].polygon = [SIMD2(0, 0), SIMD2(1, 0)] }
        expectError(.unknownStorey(kind: "room", id: "r", storey: 3)) { $0.rooms[0].storey = 3 }
        expectError(.badDimension(kind: "wall", id: "w0", field: "thickness", value: 0)) { $0.walls[0].thickness = 0 }
        expectError(.arcTooTight(wallID: "w0")) {
            $0.walls[0].centerLine = .arc(center: SIMD2(2, 0), radius: 0.05, startAngle: 0, endAngle: 1)
        }
        expectError(.badWallRooms(wallID: "w0", reason: "same room on both sides")) { $0.walls[0].negativeRoom = "r" }
        expectError(.ceilingTooLow(roomID: "r", height: 0.5)) {
            $0.storeys[0].slopedCeilings = [SlopedCeiling(lineStart: SIMD2(0.1, 0), lineEnd: SIMD2(0.1, 1), heightAtLine: 0.5, risePerMetre: 0)]
        }
        expectError(.empty(what: "rooms")) { $0.rooms = [] }
    }

    @Test func planRoundTripsThroughJSON() throws {
        for (file, plan) in try PlanFixtures.all() {
            let enc = JSONEncoder()
            enc.outputFormatting = .sortedKeys
            let again = try JSONDecoder().decode(FloorPlan.self, from: enc.encode(plan))
            #expect(again == plan, "\(file)")
        }
    }

    @Test func arcThroughThreePointsDecodes() throws {
        let json = #"{"id":"a","storey":0,"arc":{"through":[[5,4],[2.5,5],[0,4]]},"thickness":0.2,"kind":"exterior","positiveRoom":"r"}"#
        let w = try JSONDecoder().decode(Wall.self, from: Data(json.utf8))
        guard case let .arc(c, r, a0, a1) = w.centerLine else { Issue.record("not an arc"); return }
        #expect(abs(c.x - 2.5) < 1e-12 && abs(c.y - 1.375) < 1e-12 && abs(r - 3.625) < 1e-12)
        #expect(a1 > a0)
        let mid = w.centerLine.point(at: w.length / 2)
        #expect(abs(mid.x - 2.5) < 1e-9 && abs(mid.y - 5) < 1e-9)
        // Positive side of a counter-clockwise arc is towards the centre.
        #expect(abs(w.centerLine.normal(at: w.length / 2).y + 1) < 1e-12)
    }

    @Test func geometryHelpers() throws {
        let p = baseRoomPlan()
        #expect(abs(p.rooms[0].area - 12.0) < 1e-12)
        let faces = p.faces(boundingRoom: "r")
        #expect(faces.count == 4 && faces.allSatisfy { $0.side == .positive })
        // The positive face of the bottom wall is the room's z = 0.1 edge.
        guard case let .straight(s, e) = p.walls[0].faceLine(.positive) else { Issue.record("expected straight"); return }
        #expect(abs(s.y - 0.1) < 1e-12 && abs(e.y - 0.1) < 1e-12)
        let corners = p.walls[0].cornerPoints
        #expect(corners.count == 4 && abs(corners[2].y + 0.1) < 1e-12)
        let ext = WallJoints.extensions(p)
        #expect(ext.allSatisfy { abs($0.0 - 0.1) < 1e-9 && abs($0.1 - 0.1) < 1e-9 }, "square corners extend by t/2: \(ext)")
    }

    @Test func tJointsAreNotExtended() throws {
        let plan = try PlanFixtures.load("apartment_3room")
        let ext = WallJoints.extensions(plan)
        for (w, e) in zip(plan.walls, ext) {
            let s = w.centerLine.startPoint, t = w.centerLine.endPoint
            // Ends lying on another wall's centre line (T joints or split pieces) stay put; free corners get t/2.
            func onT(_ p: SIMD2<Double>) -> Bool {
                plan.walls.filter { $0.id != w.id }.filter { o in
                    guard case let .straight(a, b) = o.centerLine else { return false }
                    return Plan2D.distance(p, segment: a, b) < 1e-6
                }.count >= 2
            }
            #expect(onT(s) ? e.0 == 0 : abs(e.0 - 0.15) < 1e-9, "\(w.id) start \(e.0)")
            #expect(onT(t) ? e.1 == 0 : abs(e.1 - 0.15) < 1e-9, "\(w.id) end \(e.1)")
        }
    }
}
