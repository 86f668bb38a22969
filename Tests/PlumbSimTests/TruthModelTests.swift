import PlumbKernel
import Foundation
import Plumbline
import Testing
@testable import PlumbSim

/// The truth model against hand-computed geometry.
@Suite struct TruthModelTests {
    private func plane(_ s: CapturedRoom.Surface) -> (center: SIMD2<Double>, normal: SIMD2<Double>) {
        (SIMD2(Double(s.center.x), Double(s.center.z)), SIMD2(Double(s.normal.x), Double(s.normal.z)))
    }

    @Test func twoRoomFacesHaveHandComputedExtents() throws {
        let plan = EvaluationSupport.twoRoomPlan()
        let a = try TruthModel.room("A", in: plan)
        // Room A: inner faces at x = 0.15, x = 3.94, z = 0.15, z = 4.85.
        let widths = a.walls.map { Double($0.dimensions.x) }.sorted()
        let expected = [3.79, 3.79, 4.7, 4.7]
        for (w, e) in zip(widths, expected) { #expect(abs(w - e) < 1e-5) }
        let centroid = SIMD2(2.045, 2.5)
        for w in a.walls {
            let p = plane(w)
            // Normal points into the room; the wall's dimensions carry the host's thickness.
            #expect(((centroid - p.center) * p.normal).sum() > 1)
            #expect(abs(Double(w.dimensions.y) - 2.6) < 1e-6 && abs(Double(w.center.y) - 1.3) < 1e-6)
            #expect(w.transform.isRigid())
        }
        let mid = try #require(a.walls.first { abs(Double($0.center.x) - 3.94) < 1e-5 })
        #expect(abs(Double(mid.dimensions.z) - 0.12) < 1e-6)
        // The door sits in the A-side face of the mid wall, centred 2.5 m along it, bottom on the floor.
        let door = try #require(a.doors.first)
        #expect(door.parentIdentifier == mid.identifier)
        #expect(abs(Double(door.center.x) - 3.94) < 1e-5 && abs(Double(door.center.z) - 2.5) < 1e-5)
        #expect(abs(Double(door.bottomElevation)) < 1e-6 && abs(Double(door.dimensions.x) - 0.9) < 1e-6)
        let window = try #require(a.windows.first)
        #expect(abs(Double(window.center.y) - 1.5) < 1e-6 && abs(Double(window.center.z) - 0.15) < 1e-6)
        // The passage is in B's east wall only.
        #expect(a.openings.isEmpty && a.objects.count == 1 && a.objects[0].category == .table)
        #expect(abs(a.floorArea - 3.79 * 4.7) < 1e-4)
        #expect(a.sections.map(\.label) == [.livingRoom])
    }

    @Test func structureHasCentredWallsWithThickness() throws {
        let plan = EvaluationSupport.twoRoomPlan()
        let s = try TruthModel.structure(of: plan)
        #expect(s.walls.count == plan.walls.count && s.rooms.count == 2)
        let mid = try #require(s.walls.first { abs(Double($0.center.x) - 4) < 1e-6 })
        #expect(abs(Double(mid.dimensions.z) - 0.12) < 1e-6 && abs(Double(mid.dimensions.x) - 5) < 1e-6)
        #expect(s.doors.count == 1 && s.windows.count == 1 && s.openings.count == 1 && s.objects.count == 2)
        #expect(s.doors[0].parentIdentifier == mid.identifier)
    }

    @Test func curvedFaceCarriesTheInnerRadiusAndWorldCentre() throws {
        let plan = try PlanFixtures.load("curved_wall_room")
        let room = try TruthModel.room("bay", in: plan)
        let arc = try #require(room.walls.first { $0.curve != nil })
        let c = try #require(arc.curve)
        #expect(abs(Double(c.radius) - 3.525) < 1e-5)
        let centre = arc.transform.apply(toPoint: SIMD3(c.center.x, 0, c.center.y))
        #expect(abs(Double(centre.x) - 2.5) < 1e-4 && abs(Double(centre.z) - 1.375) < 1e-4)
        // The arc's end points are room polygon vertices (the clipped face meets the side walls).
        let seg = arc.planCenterLine
        let poly = plan.room("bay")!.polygon
        for p in [seg.start, seg.end] {
            let d = poly.map { (($0 - SIMD2<Double>(p)) * ($0 - SIMD2<Double>(p))).sum().squareRoot() }.min()!
            #expect(d < 3e-3)
        }
        // Points of the curve at the start and end angles are the chord's end points.
        for (angle, end) in [(c.startAngle, seg.start), (c.endAngle, seg.end)] {
            let q = arc.transform.apply(toPoint: SIMD3(c.center.x + c.radius * cos(angle), 0, c.center.y + c.radius * sin(angle)))
            #expect(abs(q.x - end.x) < 1e-4 && abs(q.z - end.y) < 1e-4)
        }
        #expect(room.windows.contains { $0.parentIdentifier == arc.identifier })
    }

    /// Designed plans only: the RoomPlan-derived plan keeps RoomPlan's unjoined corners, so its faces
    /// need not end on polygon vertices.
    @Test func everyDesignedPlanRoomFaceEndsOnItsPolygon() throws {
        for (name, plan) in try PlanFixtures.all() where name != "roomplan_myhome.json" {
            for room in plan.rooms {
                let truth = try TruthModel.room(room.id, in: plan)
                #expect(truth.walls.count == plan.faces(boundingRoom: room.id).count, "\(name)/\(room.id)")
                #expect(abs(truth.floorArea - room.area) < 1e-3 * max(room.area, 1), "\(name)/\(room.id)")
                let faces = RoomWallFace.faces(boundingRoom: room.id, in: plan)
                for (f, w) in zip(faces, truth.walls) {
                    // Faces with no polygon edge on their line (free-standing partial walls in the
                    // RoomPlan-derived plan) keep their own extent; the others must end on the polygon.
                    let curve = FaceCurve(f.line)
                    let poly = room.polygon
                    let onLine = poly.indices.contains { i in
                        curve.distance(poly[i]) < 2e-3 && curve.distance(poly[(i + 1) % poly.count]) < 2e-3
                    }
                    guard onLine else { continue }
                    let seg = w.planCenterLine
                    for p in [seg.start, seg.end] {
                        let d = Plan2D.boundaryDistance(room.polygon, SIMD2<Double>(p))
                        #expect(d < 0.01, "\(name)/\(room.id): wall end \(p) is \(d) m off the polygon")
                    }
                }
            }
        }
    }

    @Test func facesUnderASlopedCeilingFollowIt() throws {
        // Ceiling = min(2.6, 1.1 + 0.6 z): the slope meets the flat part at z = 2.5.
        let plan = try PlanFixtures.load("sloped_ceiling_room")
        let room = try TruthModel.room("att", in: plan)
        let east = try #require(room.walls.first { abs(Double($0.center.x) - 4.875) < 1e-4 })
        #expect(east.polygonCorners.count == 5)
        let low = 1.1 + 0.6 * 0.125
        let expectedArea = (low + 2.6) / 2 * (2.5 - 0.125) + 2.6 * (4.275 - 2.5)
        #expect(abs(east.area - expectedArea) < 1e-4)
        #expect(abs(Double(east.topElevation) - 2.6) < 1e-5 && abs(Double(east.bottomElevation)) < 1e-5)
        // The outline's top edge is the ceiling at every corner.
        let storey = plan.storeys[0]
        for p in east.worldOutline where p.y > 0.01 {
            #expect(abs(Double(p.y) - storey.ceilingHeight(at: SIMD2(Double(p.x), Double(p.z)))) < 1e-4)
        }
        let south = try #require(room.walls.first { abs(Double($0.center.z) - 0.125) < 1e-4 })
        #expect(south.polygonCorners.isEmpty && abs(Double(south.topElevation) - low) < 1e-5)
    }

    @Test func splitLevelFacesStartAtTheirRoomsFloor() throws {
        let plan = try PlanFixtures.load("split_level")
        let high = try TruthModel.room("high", in: plan), low = try TruthModel.room("low", in: plan)
        for w in high.walls { #expect(abs(Double(w.bottomElevation) - 0.6) < 1e-5 && abs(Double(w.topElevation) - 3.2) < 1e-5) }
        for w in low.walls { #expect(abs(Double(w.bottomElevation)) < 1e-5) }
        // The passage's sill is the riser: it starts at the high room's floor.
        #expect(high.openings.allSatisfy { abs(Double($0.bottomElevation) - 0.6) < 1e-5 })
    }

    @Test func outputIsByteIdenticalAndIdentifiersUnique() throws {
        for (name, plan) in try PlanFixtures.all().prefix(4) {
            let a = try RoomPlanJSON.encode(try TruthModel.structure(of: plan))
            let b = try RoomPlanJSON.encode(try TruthModel.structure(of: plan))
            #expect(a == b, "\(name)")
            let s = try TruthModel.structure(of: plan)
            let ids = s.rooms.flatMap { $0.allSurfaces.map(\.identifier) + $0.objects.map(\.identifier) } + s.walls.map(\.identifier)
                + s.doors.map(\.identifier) + s.windows.map(\.identifier) + s.openings.map(\.identifier)
            #expect(Set(ids).count == ids.count, "\(name)")
        }
    }

    @Test func invalidPlanAndUnknownRoomAreTypedErrors() {
        var plan = EvaluationSupport.twoRoomPlan()
        #expect(throws: TruthModelError.unknownRoom("nope")) { try TruthModel.room("nope", in: plan) }
        plan.walls[0].thickness = .nan
        #expect(throws: TruthModelError.self) { try TruthModel.structure(of: plan) }
    }
}
