import Foundation
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// Automatic alignment of rooms captured in different frames: truth rooms and rooms built from
/// simulated scans are moved by seeded random rigid motions (any yaw, several metres), aligned, and
/// the recovered poses compared with the inverse motions.
@Suite struct RoomAlignmentTests {
    /// `rooms` with every room but room 0 moved by a random yaw in (−π, π], a plan shift of up to ±8 m
    /// and a height shift of up to ±1.5 m; returns the moved rooms and the motions.
    static func scrambled(_ rooms: [CapturedRoom], seed: UInt64) -> ([CapturedRoom], [PlanarPose]) {
        var g = SeededGenerator(seed: seed)
        var motions: [PlanarPose] = [.identity]
        for _ in rooms.dropFirst() {
            motions.append(PlanarPose(yaw: Double.random(in: -Double.pi...Double.pi, using: &g),
                                      translation: SIMD3(Double.random(in: -8...8, using: &g), Double.random(in: -1.5...1.5, using: &g),
                                                         Double.random(in: -8...8, using: &g))))
        }
        return (zip(rooms, motions).map { $0.transformed(by: $1.transform) }, motions)
    }

    /// Plan error at the room centre (metres), height error (metres) and yaw error (degrees) of a
    /// found placement given the applied motion.
    static func error(_ placement: PlanarPose, motion: PlanarPose, centre: SIMD2<Double>) -> (plan: Double, height: Double, degrees: Double) {
        let e = placement * motion
        let d = e.apply(plan: centre) - centre
        return ((d * d).sum().squareRoot(), abs(e.translation.y), abs(e.yaw) * 180 / .pi)
    }

    static func centre(_ room: CapturedRoom) -> SIMD2<Double> {
        SIMD2<Double>(room.floorPolygons.compactMap(\.centroid).first ?? .zero)
    }

    static func clearedThickness(_ rooms: [CapturedRoom]) -> [CapturedRoom] {
        rooms.map { r in
            var r = r
            for k in r.walls.indices { r.walls[k].dimensions.z = 0 }
            return r
        }
    }

    /// Truth rooms store their walls' thickness (`dimensions.z`), so every offset is observable: poses
    /// within 2 cm and 0.5°, and the merged structure equals the merge of the rooms in their true frame.
    ///
    /// `apartment_6room` has two bedrooms of one size with one door each at the same place. Against
    /// bedroom 1 alone, bedroom 2 turned by 180° fits door-to-door in the hall's slot (score 8.79)
    /// better than in its own slot (4.78), so the greedy search (best-placed room next) prunes the true
    /// arrangement at step 1 and builds the flat around the wrong bedroom; the wider search over the
    /// order of placement, which checks every greedy result, finds the true arrangement (hall first)
    /// and it outscores every other complete arrangement found (the greedy one included) by at least
    /// ``RoomAligner/ambiguityMargin``.
    @Test(arguments: ["apartment_3room", "apartment_6room", "split_level"])
    func truthRoomsRealign(name: String) throws {
        let plan = try PlanFixtures.load(name)
        let rooms = try TruthModel.rooms(of: plan)
        var options = StructureBuilder.Options()
        options.alignment = .automatic
        let reference = try StructureBuilder().build(rooms)
        for seed in [UInt64(1), 2, 3] {
            let (moved, motions) = Self.scrambled(rooms, seed: seed)
            let clock = ContinuousClock(), start = clock.now
            let result = try StructureBuilder(options: options).build(moved)
            let seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
            var worst = (0.0, 0.0, 0.0)
            for k in rooms.indices {
                let e = Self.error(result.placements[k].pose, motion: motions[k], centre: Self.centre(rooms[k]))
                worst = (max(worst.0, e.plan), max(worst.1, e.height), max(worst.2, e.degrees))
                #expect(e.plan < 0.02 && e.height < 0.02 && e.degrees < 0.5, "\(name) seed \(seed) room \(k): \(e)")
            }
            print("align \(name) seed \(seed): placements \(result.placements.map { "\($0.order):\(String(format: "%.2f/%.2f", $0.score, $0.runnerUp ?? -1))" })")
            print("align \(name) seed \(seed): worst plan \(worst.0) m height \(worst.1) m yaw \(worst.2)° merge+align \(seconds) s")
            #expect(result.structure.walls.count == reference.structure.walls.count, "\(name) seed \(seed)")
            #expect(result.interiorWalls.count == reference.interiorWalls.count, "\(name) seed \(seed)")
            for (a, b) in zip(result.interiorWalls.map(\.thickness).sorted(), reference.interiorWalls.map(\.thickness).sorted()) {
                #expect(abs(a - b) < 0.01, "\(name) seed \(seed)")
            }
            #expect(result.structure.doors.count == reference.structure.doors.count, "\(name) seed \(seed)")
        }
    }

    /// RoomPlan-like truth rooms (no stored thickness): a wall that no other wall pins is assumed
    /// ``RoomAligner/assumedThickness`` thick, so the placement error across it is |true − assumed|;
    /// every room is still placed, and never collapsed onto its neighbour.
    @Test(arguments: ["apartment_3room", "apartment_6room", "split_level"])
    func roomPlanLikeRoomsRealign(name: String) throws {
        let plan = try PlanFixtures.load(name)
        let rooms = Self.clearedThickness(try TruthModel.rooms(of: plan))
        let interior = plan.walls.filter { $0.positiveRoom != nil && $0.negativeRoom != nil }.map(\.thickness)
        let bound = interior.map { abs($0 - 0.12) }.reduce(0, +) + 0.02
        let (moved, motions) = Self.scrambled(rooms, seed: 11)
        let placements = try RoomAligner().align(moved)
        var worst = (0.0, 0.0, 0.0)
        for k in rooms.indices {
            let e = Self.error(placements[k].pose, motion: motions[k], centre: Self.centre(rooms[k]))
            worst = (max(worst.0, e.plan), max(worst.1, e.height), max(worst.2, e.degrees))
            #expect(e.plan < bound && e.height < 0.02 && e.degrees < 0.5, "\(name) room \(k): \(e)")
        }
        print("align (no stored thickness) \(name): worst plan \(worst.0) m height \(worst.1) m yaw \(worst.2)°, bound \(bound)")
    }

    /// Rooms built by RoomBuilder from simulated phone scans of the three-room apartment, scrambled:
    /// each room is either placed within 5 cm and 1° of the frame it was built in, or the alignment
    /// refuses with ``StructureBuildError/cannotAlign(room:reason:)`` as ambiguous — it never misplaces
    /// a room silently. (Measured: the bedroom's 180° turn is now told apart by its openings, see
    /// `RoomTurnEvidenceTests`, so the old known issue of a bedroom turned by 180° is gone; the search
    /// refuses: two arrangements place the bedroom 5.66 m / 90° apart and score 12.19 and 11.75.)
    @Test func simulatedScanRoomsRealignOrRefuse() throws {
        let plan = try PlanFixtures.load("apartment_3room")
        let o = try ScanBuildEvaluation.runStructure(plan: plan, preset: .phone, seed: 1)
        let rooms = o.builtRooms.map(\.1)
        try #require(rooms.count == 3)
        let (moved, motions) = Self.scrambled(rooms, seed: 5)
        do {
            let placements = try RoomAligner().align(moved)
            for k in rooms.indices {
                let e = Self.error(placements[k].pose, motion: motions[k], centre: Self.centre(rooms[k]))
                print("align simulated apartment_3room room \(k) (\(o.builtRooms[k].0)): \(e), order \(placements[k].order) score \(placements[k].score) runner-up \(placements[k].runnerUp ?? -1)")
                #expect(e.plan < 0.05 && e.height < 0.05 && e.degrees < 1, "room \(k): \(e)")
            }
        } catch {
            print("align simulated apartment_3room refused: \(error)")
            guard case let .cannotAlign(_, reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("ambiguous"), "\(reason)")
        }
    }

    /// Storey 1 of the two-storey house shares no wall, door or opening with storey 0: the first
    /// upstairs room cannot be placed and the error names it.
    @Test func roomsSharingNothingCannotBeAligned() throws {
        let plan = try PlanFixtures.load("two_storey_house")
        let rooms = try TruthModel.rooms(of: plan)
        let (moved, _) = Self.scrambled(rooms, seed: 4)
        #expect(throws: StructureBuildError.self) { try RoomAligner().align(moved) }
        do {
            _ = try RoomAligner().align(moved)
        } catch {
            guard case let .cannotAlign(room, reason) = error else { Issue.record("\(error)"); return }
            #expect(room == 2 && plan.rooms[room].storey == 1, "\(room): \(reason)")
            #expect(reason.contains("no wall, door or opening shared"))
        }
    }

    /// Two equal rectangular rooms sharing one full-length wall without a door: turning the second
    /// room by 180° fits equally well, so the alignment refuses to guess.
    @Test func symmetricRoomsAreAmbiguous() throws {
        let json = """
            {"name":"twin","notes":"","storeys":[{"index":0,"floorElevation":0,"ceilingHeight":2.5}],
             "rooms":[{"id":"a","name":"A","type":"bedroom","storey":0,"polygon":[[0.06,0.06],[3.94,0.06],[3.94,2.94],[0.06,2.94]]},
                      {"id":"b","name":"B","type":"bedroom","storey":0,"polygon":[[4.06,0.06],[7.94,0.06],[7.94,2.94],[4.06,2.94]]}],
             "walls":[{"id":"w1","storey":0,"start":[0,0],"end":[4,0],"thickness":0.12,"positiveRoom":"a","kind":"exterior"},
                      {"id":"w2","storey":0,"start":[4,0],"end":[8,0],"thickness":0.12,"positiveRoom":"b","kind":"exterior"},
                      {"id":"w3","storey":0,"start":[8,0],"end":[8,3],"thickness":0.12,"positiveRoom":"b","kind":"exterior"},
                      {"id":"w4","storey":0,"start":[8,3],"end":[4,3],"thickness":0.12,"positiveRoom":"b","kind":"exterior"},
                      {"id":"w5","storey":0,"start":[4,3],"end":[0,3],"thickness":0.12,"positiveRoom":"a","kind":"exterior"},
                      {"id":"w6","storey":0,"start":[0,3],"end":[0,0],"thickness":0.12,"positiveRoom":"a","kind":"exterior"},
                      {"id":"w7","storey":0,"start":[4,0],"end":[4,3],"thickness":0.12,"positiveRoom":"a","negativeRoom":"b","kind":"interior"}],
             "openings":[],"furniture":[]}
            """
        let plan = try JSONDecoder().decode(FloorPlan.self, from: Data(json.utf8))
        let rooms = try TruthModel.rooms(of: plan)
        let (moved, _) = Self.scrambled(rooms, seed: 9)
        do {
            let p = try RoomAligner().align(moved)
            Issue.record("aligned an ambiguous pair: \(p)")
        } catch {
            guard case let .cannotAlign(room, reason) = error else { Issue.record("\(error)"); return }
            #expect(room == 1)
            #expect(reason.contains("ambiguous"), "\(reason)")
        }
    }

    /// Two 5 × 3 m rooms sharing a plain wall; each has two windows in its outside long wall, at the
    /// same x. Placing B south of A puts the windows face to face across a 0.12 m wall — a perfect
    /// "match" if windows could link rooms. Windows belong to outside walls, so that placement (and
    /// every one with a room behind a window) is penalised and B goes back north of A, within 2 cm and
    /// 0.5° of its true pose.
    @Test func facingWindowsDoNotJoinRooms() throws {
        let json = """
            {"name":"windows","notes":"","storeys":[{"index":0,"floorElevation":0,"ceilingHeight":2.5}],
             "rooms":[{"id":"a","name":"A","type":"bedroom","storey":0,"polygon":[[0.06,0.06],[4.94,0.06],[4.94,2.94],[0.06,2.94]]},
                      {"id":"b","name":"B","type":"bedroom","storey":0,"polygon":[[0.06,3.06],[4.94,3.06],[4.94,5.94],[0.06,5.94]]}],
             "walls":[{"id":"w1","storey":0,"start":[0,0],"end":[5,0],"thickness":0.12,"positiveRoom":"a","kind":"exterior"},
                      {"id":"w2","storey":0,"start":[5,0],"end":[5,3],"thickness":0.12,"positiveRoom":"a","kind":"exterior"},
                      {"id":"w3","storey":0,"start":[5,3],"end":[5,6],"thickness":0.12,"positiveRoom":"b","kind":"exterior"},
                      {"id":"w4","storey":0,"start":[5,6],"end":[0,6],"thickness":0.12,"positiveRoom":"b","kind":"exterior"},
                      {"id":"w5","storey":0,"start":[0,6],"end":[0,3],"thickness":0.12,"positiveRoom":"b","kind":"exterior"},
                      {"id":"w6","storey":0,"start":[0,3],"end":[0,0],"thickness":0.12,"positiveRoom":"a","kind":"exterior"},
                      {"id":"w7","storey":0,"start":[0,3],"end":[5,3],"thickness":0.12,"positiveRoom":"b","negativeRoom":"a","kind":"interior"}],
             "openings":[{"id":"a1","wall":"w1","type":"window","position":0.9,"width":1.0,"height":1.2,"sillHeight":0.9},
                         {"id":"a2","wall":"w1","type":"window","position":2.6,"width":1.0,"height":1.2,"sillHeight":0.9},
                         {"id":"b1","wall":"w4","type":"window","position":4.1,"width":1.0,"height":1.2,"sillHeight":0.9},
                         {"id":"b2","wall":"w4","type":"window","position":2.4,"width":1.0,"height":1.2,"sillHeight":0.9}],
             "furniture":[]}
            """
        let plan = try JSONDecoder().decode(FloorPlan.self, from: Data(json.utf8))
        let rooms = try TruthModel.rooms(of: plan)
        try #require(rooms.count == 2 && rooms.allSatisfy { $0.windows.count == 2 })
        for seed in [UInt64(9), 10] {
            let (moved, motions) = Self.scrambled(rooms, seed: seed)
            let placements = try RoomAligner().align(moved)
            let e = Self.error(placements[1].pose, motion: motions[1], centre: Self.centre(rooms[1]))
            #expect(e.plan < 0.02 && e.height < 0.02 && e.degrees < 0.5, "seed \(seed): \(e)")
        }
    }

    /// Same input, same placements, bit for bit.
    @Test func alignmentIsDeterministic() throws {
        let rooms = try TruthModel.rooms(of: try PlanFixtures.load("apartment_6room"))
        let (moved, _) = Self.scrambled(rooms, seed: 21)
        #expect(try RoomAligner().align(moved) == RoomAligner().align(moved))
    }
}
