import Foundation
import Plumbline
import PlumbKernel
import Testing

/// StructureBuilder on hand-made rooms whose true walls, thicknesses and storeys are known exactly.
@Suite struct StructureBuilderTests {
    typealias F = StructureFixtures

    /// Plan (x, z) of a surface's centre.
    func plan(_ s: CapturedRoom.Surface) -> SIMD2<Float> { SIMD2(s.center.x, s.center.z) }

    @Test func twoRoomsShareOneWallWithMeasuredThickness() throws {
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))
        let r = try StructureBuilder().build([a, b])
        #expect(r.structure.walls.count == 7)
        #expect(r.interiorWalls.count == 1)
        let w = try #require(r.structure.walls.first { $0.identifier == r.interiorWalls[0].identifier })
        #expect(abs(w.dimensions.z - 0.12) < 1e-4)
        #expect(abs(r.interiorWalls[0].thickness - 0.12) < 1e-4)
        #expect(abs(w.center.x - 4.06) < 1e-4 && abs(w.center.z - 1.5) < 1e-4)
        #expect(abs(w.dimensions.x - 3) < 1e-4)
        #expect(r.interiorWalls[0].rooms == [0, 1])
        #expect(r.sources[w.identifier] == [a.walls[1].identifier, b.walls[3].identifier])
        // Exterior walls are kept as captured: same identifier, on the face, thickness 0 (unknown).
        for k in [0, 2, 3] { #expect(r.structure.walls.contains(a.walls[k])) }
        for k in [0, 1, 2] { #expect(r.structure.walls.contains(b.walls[k])) }
        // The merged wall's local z faces the first room (A lies at x < 4.06).
        #expect(w.normal.x < -0.999)
        #expect(r.structure.floors.count == 2 && r.structure.rooms.count == 2)
    }

    @Test func wallsTooFarApartOrUnscannedStayApart() throws {
        // A 70 cm corridor between the rooms was not captured: no wall is that thick.
        let r = try StructureBuilder().build([F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), F.room(1, lo: SIMD2(4.7, 0), hi: SIMD2(7, 3))])
        #expect(r.structure.walls.count == 8)
        #expect(r.interiorWalls.isEmpty)
    }

    @Test func slightlyOverlappingRoomsGiveOneWallOfUnknownThickness() throws {
        // Registration error: B's west face lies 3 cm inside A.
        let r = try StructureBuilder().build([F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), F.room(1, lo: SIMD2(3.97, 0), hi: SIMD2(7, 3))])
        #expect(r.structure.walls.count == 7)
        #expect(r.interiorWalls.isEmpty)
        let merged = try #require(r.structure.walls.first { r.sources[$0.identifier]?.count == 2 })
        #expect(merged.dimensions.z == 0)
        #expect(abs(merged.center.x - 3.985) < 1e-4)
    }

    @Test func tJunctionSplitsTheLongWallWhereTheRoomsBehindChange() throws {
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 6))
        let b = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 2.94)), c = F.room(2, lo: SIMD2(4.12, 3.06), hi: SIMD2(7, 6))
        let r = try StructureBuilder().build([a, b, c])
        #expect(r.structure.walls.count == 10)
        #expect(r.interiorWalls.count == 3)
        for w in r.interiorWalls { #expect(abs(w.thickness - 0.12) < 1e-4) }
        let ab = try #require(r.interiorWalls.first { $0.rooms == [0, 1] }), ac = try #require(r.interiorWalls.first { $0.rooms == [0, 2] })
        let bc = try #require(r.interiorWalls.first { $0.rooms == [1, 2] })
        let sab = r.structure.walls.first { $0.identifier == ab.identifier }!, sac = r.structure.walls.first { $0.identifier == ac.identifier }!
        // Split at the middle of the crossing wall (z = 3), each piece reaching the room corners.
        #expect(abs(ab.length - 3) < 1e-3 && abs(ac.length - 3) < 1e-3)
        #expect(abs(sab.center.z - 1.5) < 1e-3 && abs(sac.center.z - 4.5) < 1e-3)
        #expect(abs(bc.length - 2.88) < 1e-3)
        // The long face of A is in both pieces' sources; nothing of it is left over as a wall.
        #expect(r.sources[sab.identifier]!.contains(a.walls[1].identifier) && r.sources[sac.identifier]!.contains(a.walls[1].identifier))
        #expect(!r.structure.walls.contains { $0.identifier == a.walls[1].identifier })
    }

    @Test func doorSeenFromBothRoomsBecomesOneDoorInTheMergedWall() throws {
        var a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))
        // A's east wall runs +z, B's west wall runs -z: the same door is at +0.5 in A and -0.5 in B.
        a.doors = [F.embedded(.door(isOpen: false), in: a.walls[1], along: 0.5, bottom: 0, width: 0.90, height: 2.05, id: F.id(0, 200))]
        b.doors = [F.embedded(.door(isOpen: true), in: b.walls[3], along: -0.52, bottom: 0, width: 0.86, height: 2.03, id: F.id(1, 200))]
        a.windows = [F.embedded(.window, in: a.walls[0], along: 0, bottom: 0.9, width: 1.2, height: 1.2, id: F.id(0, 300))]
        let r = try StructureBuilder().build([a, b])
        #expect(r.structure.doors.count == 1)
        let d = r.structure.doors[0]
        let host = try #require(r.structure.walls.first { $0.identifier == d.parentIdentifier })
        #expect(host.identifier == r.interiorWalls[0].identifier)
        #expect(abs(d.center.x - 4.06) < 1e-4)
        #expect(abs(d.center.z - 2.01) < 1e-3)  // mean of 2.0 and 2.02
        #expect(abs(d.dimensions.x - 0.88) < 1e-4 && abs(d.dimensions.y - 2.04) < 1e-4)
        #expect(d.category == .door(isOpen: true))
        #expect(r.sources[d.identifier] == [a.doors[0].identifier, b.doors[0].identifier])
        // The window in an exterior wall keeps its host and pose.
        #expect(r.structure.windows == a.windows)
    }

    @Test func differentHolesInOneWallStaySeparate() throws {
        var a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))
        a.doors = [F.embedded(.door(isOpen: false), in: a.walls[1], along: -0.8, bottom: 0, width: 0.9, height: 2.05, id: F.id(0, 200))]
        b.doors = [F.embedded(.door(isOpen: false), in: b.walls[3], along: -0.8, bottom: 0, width: 0.9, height: 2.05, id: F.id(1, 200))]
        let r = try StructureBuilder().build([a, b])
        #expect(r.structure.doors.count == 2)
        #expect(r.structure.doors.allSatisfy { $0.parentIdentifier == r.interiorWalls[0].identifier })
    }

    @Test func faceCapturedByTwoRoomsIsOneWallWithOneWindow() throws {
        // Two captures overlapping by 1 m (25 % of a floor): their south walls are one face.
        var a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b = F.room(1, lo: SIMD2(3, 0.02), hi: SIMD2(7, 3))
        a.windows = [F.embedded(.window, in: a.walls[0], along: 1.5, bottom: 1, width: 0.8, height: 1, id: F.id(0, 300))]
        b.windows = [F.embedded(.window, in: b.walls[0], along: -1.48, bottom: 1, width: 0.8, height: 1, id: F.id(1, 300))]
        let r = try StructureBuilder().build([a, b])
        let south = r.structure.walls.filter { abs($0.center.z) < 0.05 }
        #expect(south.count == 2)  // A's whole face and the rest of B's
        #expect(abs(south.map(\.dimensions.x).reduce(0, +) - 7) < 0.01)
        #expect(r.structure.windows.count == 1)
        #expect(r.sources[r.structure.windows[0].identifier] == [a.windows[0].identifier, b.windows[0].identifier])
        #expect(south.contains { $0.identifier == r.structure.windows[0].parentIdentifier })
    }

    @Test func storeysFromFloorElevationsKeepSplitLevels() throws {
        let ground = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3))
        let study = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3), floorY: 0.6)
        let upper = F.room(2, lo: SIMD2(0, 0), hi: SIMD2(4, 3), floorY: 3.0)
        let r = try StructureBuilder().build([ground, study, upper])
        #expect(r.structure.rooms.map(\.story) == [0, 0, 1])
        #expect(r.storeyElevations == [0, 3])
        #expect(r.structure.rooms[1].floorElevation == 0.6)
        for room in r.structure.rooms {
            #expect(room.walls.allSatisfy { $0.story == room.story } && room.floors.allSatisfy { $0.story == room.story })
        }
        #expect(r.structure.walls.filter { $0.center.y > 3 }.allSatisfy { $0.story == 1 })
        // Split levels still share their wall (its height spans both rooms' faces).
        #expect(r.interiorWalls.count == 1)
        let w = r.structure.walls.first { $0.identifier == r.interiorWalls[0].identifier }!
        #expect(abs(w.bottomElevation - 0) < 1e-4 && abs(w.topElevation - 3.1) < 1e-4)
    }

    @Test func objectSeenFromTwoRoomsIsMergedOnce() throws {
        var a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))
        let t = Transform4x4(yaw: 0, translation: SIMD3(2, 0.4, 1.5))
        a.objects = [CapturedRoom.Object(category: .table, dimensions: SIMD3(1.2, 0.8, 0.8), transform: t, identifier: F.id(0, 400))]
        b.objects = [
            CapturedRoom.Object(category: .table, confidence: .medium, dimensions: SIMD3(1.1, 0.8, 0.8),
                                transform: Transform4x4(yaw: 0.05, translation: SIMD3(2.03, 0.4, 1.5)), identifier: F.id(1, 400)),
            CapturedRoom.Object(category: .bed, dimensions: SIMD3(1.6, 0.5, 2), transform: Transform4x4(yaw: 0, translation: SIMD3(5.5, 0.25, 1.5)), identifier: F.id(1, 401)),
        ]
        let r = try StructureBuilder().build([a, b])
        #expect(r.structure.objects.count == 2)
        let table = try #require(r.structure.objects.first { $0.category == .table })
        #expect(table.transform == t)  // the high-confidence capture wins
        #expect(r.sources[table.identifier] == [F.id(0, 400), F.id(1, 400)])
        #expect(r.structure.objects.contains(b.objects[1]))
    }

    @Test func misplacedRoomIsATypedError() throws {
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b = F.room(1, lo: SIMD2(0.2, 0.1), hi: SIMD2(4.2, 3.1))
        #expect {
            try StructureBuilder().build([a, b])
        } throws: { e in
            guard case let .invalidRoomLocation(room, other, fraction) = e as? StructureBuildError else { return false }
            return room == 1 && other == 0 && fraction > 0.85
        }
    }

    @Test func badInputIsATypedError() async throws {
        await #expect(throws: StructureBuildError.noRooms) { try await StructureBuilder().capturedStructure(from: []) }
        var b = F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))
        b.walls[2].dimensions.x = .nan
        #expect(throws: StructureBuildError.nonFiniteElement(path: "rooms[1].walls[2]")) {
            try StructureBuilder().build([F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b])
        }
        #expect(throws: StructureBuildError.duplicateIdentifier(path: "rooms[1]", first: "rooms[0]")) {
            try StructureBuilder().build([F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), F.room(0, lo: SIMD2(4.12, 0), hi: SIMD2(7, 3))])
        }
    }

    @Test func oversizedInputIsRejectedBeforeAnyWork() throws {
        var a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3))
        let n = StructureBuilder.maximumElementsPerList + 1
        a.walls = (0..<n).map { k in F.wall(SIMD2(0, Float(k) * 0.01), SIMD2(1, Float(k) * 0.01), floorY: 0, height: 2.5, id: F.id(0, 1000 + k)) }
        #expect(throws: StructureBuildError.tooManyElements(path: "rooms[0].walls", count: n, limit: StructureBuilder.maximumElementsPerList)) {
            try StructureBuilder().build([a])
        }
    }

    @Test func randomRoomsNeverCrashAndMergeDeterministically() throws {
        // Seeded random rooms: random rectangles (some overlapping, some degenerate, some far away) with
        // random doors; every run either merges or throws a typed error, and repeats byte for byte.
        var g = SeededGenerator(seed: 42)
        var merged = 0
        for trial in 0..<200 {
            var rooms: [CapturedRoom] = []
            for k in 0..<Int(g.next() % 6 + 1) {
                let lo = SIMD2<Float>(Float(g.next() % 2000) / 100, Float(g.next() % 2000) / 100)
                let size = SIMD2<Float>(Float(g.next() % 600) / 100, Float(g.next() % 600) / 100)
                var r = F.room(trial * 10 + k, lo: lo, hi: lo + size, floorY: Float(g.next() % 3) * 1.4)
                if size.x > 1 {
                    r.doors = [F.embedded(.door(isOpen: false), in: r.walls[0], along: 0, bottom: 0, width: 0.8, height: 2, id: F.id(trial * 10 + k, 200))]
                }
                rooms.append(r)
            }
            do {
                let one = try RoomPlanJSON.encode(try StructureBuilder().build(rooms).structure)
                let two = try RoomPlanJSON.encode(try StructureBuilder().build(rooms).structure)
                #expect(one == two)
                merged += 1
            } catch is StructureBuildError {
                // misplaced (overlapping) rooms
            }
        }
        #expect(merged > 50)
    }

    @Test func sameInputSameBytes() throws {
        let rooms = [F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 6)), F.room(1, lo: SIMD2(4.12, 0), hi: SIMD2(7, 2.94)),
                     F.room(2, lo: SIMD2(4.12, 3.06), hi: SIMD2(7, 6))]
        let one = try RoomPlanJSON.encode(try StructureBuilder().build(rooms).structure)
        let two = try RoomPlanJSON.encode(try StructureBuilder().build(rooms).structure)
        #expect(one == two)
        let back = try RoomPlanJSON.decode(CapturedStructure.self, from: one)
        #expect(back.walls.count == 10)
        #expect(back.unknownFields["plumblineSources"] != nil)
    }
}

