import Foundation
import Testing
@testable import Plumbline

@Suite("CapturedRoom validation")
struct ValidationTests {
    static func room() -> CapturedRoom {
        let wall = CapturedRoom.Surface(
            category: .wall, dimensions: SIMD3(4, 2.5, 0.12), transform: Transform4x4(yaw: 0.3, translation: SIMD3(0, 1.25, 0)))
        let door = CapturedRoom.Surface(
            category: .door(isOpen: false), dimensions: SIMD3(0.9, 2, 0), transform: wall.transform,
            parentIdentifier: wall.identifier)
        let bed = CapturedRoom.Object(category: .bed, dimensions: SIMD3(2, 0.5, 1.6), transform: .identity)
        return CapturedRoom(walls: [wall], doors: [door], objects: [bed])
    }

    @Test func wellFormedRoomPasses() throws {
        try Self.room().validate()
    }

    @Test(.enabled(if: TestPaths.sharedData != nil), arguments: RealExports.rooms)
    func realExportsPass(room: String) throws {
        let (_, r) = try #require(try RealExports.load(room))
        #expect(throws: Never.self) { try r.validate() }
    }

    /// `walls[0] (identifier …)` for element `i` of list `list` of `room`.
    static func name(_ list: String, _ i: Int, _ id: UUID) -> String { "\(list)[\(i)] (identifier \(id.uuidString))" }

    @Test func eachDefectIsNamed() {
        let r0 = Self.room()
        let wall0 = Self.name("walls", 0, r0.walls[0].identifier), door0 = Self.name("doors", 0, r0.doors[0].identifier)
        let bed0 = Self.name("objects", 0, r0.objects[0].identifier)
        func error(_ edit: (inout CapturedRoom) -> Void) -> CapturedRoomValidationError? {
            var r = Self.room()
            r.walls[0].identifier = r0.walls[0].identifier
            r.doors[0].identifier = r0.doors[0].identifier
            r.doors[0].parentIdentifier = r0.walls[0].identifier
            r.objects[0].identifier = r0.objects[0].identifier
            edit(&r)
            do { try r.validate() } catch { return error }
            return nil
        }
        #expect(error { _ in } == nil)
        #expect(error { $0.walls[0].dimensions.y = .infinity } == .nonFinite(element: wall0, field: "dimensions"))
        #expect(error { $0.objects[0].transform.elements[13] = .nan } == .nonFinite(element: bed0, field: "transform"))
        #expect(error { $0.doors[0].dimensions.x = -0.1 }
                == .outOfRange(element: door0, field: "dimensions.x", value: -0.1, requirement: "> 0 and < 1000 m"))
        #expect(error { $0.walls[0].dimensions.x = 1e6 }
                == .outOfRange(element: wall0, field: "dimensions.x", value: 1e6, requirement: "> 0 and < 1000 m"))
        #expect(error { $0.objects[0].transform.elements[0] = 2 }
                == .notRigid(element: bed0, detail: "rotation columns are not orthonormal (scaled or sheared)"))
        #expect(error { $0.walls[0].polygonCorners = [.zero, .one] } == .degeneratePolygon(element: wall0, cornerCount: 2))
        if case .duplicateIdentifier(_, let a, let b)? = error({ $0.objects[0].identifier = $0.walls[0].identifier }) {
            #expect(a == wall0 && b == Self.name("objects", 0, r0.walls[0].identifier))
        } else { Issue.record("duplicate identifier not reported") }
        let stranger = UUID()
        #expect(error { $0.doors[0].parentIdentifier = stranger } == .danglingParent(element: door0, parent: stranger))
    }

    /// Issue 23: the physical bounds. Every one of these rooms passed `validate()` on main e6e5f67.
    @Test func physicalBoundsAreEnforced() {
        func error(_ edit: (inout CapturedRoom) -> Void) -> CapturedRoomValidationError? {
            var r = Self.room()
            edit(&r)
            do { try r.validate() } catch { return error }
            return nil
        }
        func field(_ edit: (inout CapturedRoom) -> Void) -> String? {
            switch error(edit) {
            case .outOfRange(_, let f, _, _)?: return f
            case .notRigid(_, let d)?: return "rigid: " + d
            case .selfIntersectingPolygon(_, let a, let b)?: return "polygon \(a) \(b)"
            case .some(let e): return "\(e)"
            case nil: return nil
            }
        }
        // Sizes > 0 and < 1 km; depth may be 0 (RoomPlan writes 0).
        #expect(field { $0.walls[0].dimensions.y = 0 } == "dimensions.y")
        #expect(field { $0.walls[0].dimensions.z = 0 } == nil)
        #expect(field { $0.walls[0].dimensions.x = 1000 } == "dimensions.x")
        #expect(field { $0.walls[0].dimensions.x = 999 } == nil)
        #expect(field { $0.objects[0].dimensions.z = 0 } == "dimensions.z")
        // Origins within 10 km of the model origin.
        #expect(field { $0.walls[0].transform.elements[12] = 9_999 } == nil)
        #expect(field { $0.walls[0].transform.elements[12] = 8_000; $0.walls[0].transform.elements[14] = 8_000 }
                == "transform.translation")
        #expect(field { $0.objects[0].transform.elements[13] = 1e17 } == "transform.translation")
        #expect(field { $0.sections = [.init(label: .bedroom, center: SIMD3(0, 0, 2e4))] } == "center")
        // Rigid: a mirror (determinant -1) is refused, as is a bottom row other than 0 0 0 1.
        #expect(field { $0.walls[0].transform.elements[8] *= -1; $0.walls[0].transform.elements[10] *= -1 }
                == "rigid: determinant is -1: a mirror, not a rotation")
        #expect(field { $0.walls[0].transform.elements[3] = 0.5 } == "rigid: bottom row is not (0, 0, 0, 1)")
        // Polygons: simple, corners within 1 km of the element.
        let square: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 1, 0), SIMD3(0, 1, 0)]
        #expect(field { $0.walls[0].polygonCorners = square } == nil)
        #expect(field { $0.walls[0].polygonCorners = [square[0], square[2], square[1], square[3]] } == "polygon 0 2")
        #expect(field { $0.walls[0].polygonCorners = [SIMD3(0, 0, 0), SIMD3(2, 0, 0), SIMD3(1, 0, 0)] } == "polygon 0 1")
        #expect(field { $0.walls[0].polygonCorners = square + [square[0]] } == nil)  // closing repeat
        #expect(field { $0.walls[0].polygonCorners = square.map { $0 * 2000 } } == "polygonCorners")
        // Curves: radius > 0, span ≤ 2π, start angle normalised.
        func curve(_ r: Float, _ a: Float, _ b: Float) -> (inout CapturedRoom) -> Void {
            { $0.walls[0].curve = .init(center: SIMD2(0, -2), radius: r, startAngle: a, endAngle: b) }
        }
        #expect(field(curve(2, 0.5, 2.5)) == nil)
        #expect(field(curve(2, 0.5, -2.6)) == nil)
        #expect(field(curve(0, 0.5, 2.5)) == "curve.radius")
        #expect(field(curve(-1, 0.5, 2.5)) == "curve.radius")
        #expect(field(curve(2, 0, 1e4)) == "curve.endAngle")
        #expect(field(curve(2, 0, 1e20)) == "curve.endAngle")
        #expect(field(curve(2, 100, 101)) == "curve.startAngle")
    }

    /// Issue 23: a room listed twice in a structure (so counted twice by `merge` / `eval`) and an element
    /// shared by two rooms are refused, naming both.
    @Test func duplicateRoomsInAStructureAreRefused() throws {
        let a = Self.room()
        #expect(throws: Never.self) { try CapturedStructure(rooms: [a]).validate() }
        #expect(throws: CapturedRoomValidationError.duplicateIdentifier(a.identifier, first: "rooms[0]", second: "rooms[1]")) {
            try CapturedStructure(rooms: [a, a]).validate()
        }
        var b = a
        b.identifier = UUID()
        #expect(throws: CapturedRoomValidationError.duplicateIdentifier(a.walls[0].identifier, first: "rooms[0]", second: "rooms[1]")) {
            try CapturedStructure(rooms: [a, b]).validate()
        }
        var bad = a
        bad.walls[0].dimensions.x = -1
        let e = #expect(throws: CapturedRoomValidationError.self) { try CapturedStructure(rooms: [bad]).validate() }
        #expect(e?.element == "rooms[0]." + Self.name("walls", 0, a.walls[0].identifier))
    }

    /// Issue 23: the library's decode entry point validates (it accepted all of these on main e6e5f67).
    @Test func decodeRefusesInvalidModels() throws {
        var bad = Self.room()
        bad.walls[0].dimensions.x = -3
        let data = try JSONEncoder().encode(bad)
        #expect(throws: RoomPlanJSONError.invalidModel(.outOfRange(
            element: Self.name("walls", 0, bad.walls[0].identifier), field: "dimensions.x", value: -3, requirement: "> 0 and < 1000 m"))) {
            try RoomPlanJSON.decode(CapturedRoom.self, from: data)
        }
        let good = Self.room()
        let dup = try JSONEncoder().encode(CapturedStructure(rooms: [good, good]))
        let e = #expect(throws: RoomPlanJSONError.self) { try RoomPlanJSON.decode(CapturedStructure.self, from: dup) }
        #expect(e?.description.contains("rooms[1]") == true)
        // A valid room round-trips.
        #expect(try RoomPlanJSON.decode(CapturedRoom.self, from: try RoomPlanJSON.encode(good)) == good)
    }

    /// The simplicity check is quadratic per polygon: one model's polygons together are bounded, so a
    /// file full of large polygons is refused quickly instead of being checked for minutes.
    @Test func polygonWorkIsBounded() {
        let n = CapturedRoom.maximumPolygonCorners
        let circle = (0..<n).map { k -> SIMD3<Float> in
            let a = 2 * Float.pi * Float(k) / Float(n)
            return SIMD3(5 * cos(a), 5 * sin(a), 0)
        }
        var r = Self.room()
        let floor = CapturedRoom.Surface(
            category: .floor, dimensions: SIMD3(10, 10, 0),
            transform: Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0), translation: .zero),
            polygonCorners: circle)
        r.floors = [floor]
        #expect(throws: Never.self) { try r.validate() }  // one polygon of the largest size: within the budget
        var second = floor
        second.identifier = UUID()
        r.floors.append(second)
        let start = ContinuousClock.now
        let e = #expect(throws: CapturedRoomValidationError.self) { try r.validate() }
        if case .outOfRange(_, "polygonCorners.count", _, _)? = e {} else { Issue.record("\(String(describing: e))") }
        #expect(ContinuousClock.now - start < .seconds(5))
        r.floors[0].polygonCorners.append(contentsOf: circle.prefix(1))  // one corner over the cap
        r.floors.removeLast()
        r.floors[0].polygonCorners = circle + [SIMD3(0, 0, 0)]
        if case .outOfRange(_, "polygonCorners.count", _, _)? = #expect(throws: CapturedRoomValidationError.self, performing: { try r.validate() }) {
        } else { Issue.record("more than maximumPolygonCorners corners accepted") }
    }

    @Test func polygonSimplicityCheck() {
        typealias P = SIMD2<Double>
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(4, 0), P(4, 3), P(2, 1), P(0, 3)]) == nil)  // concave
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(4, 0), P(0, 3), P(4, 3)]) != nil)  // bow tie
        // Touching itself at a point without crossing (a built floor's pocket) is accepted.
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(2, 0), P(2, 2), P(1, 0), P(0, 2)]) == nil)
        // A pocket joined to the outline at one corner: a hole (clockwise) touches; the same loop run
        // counter-clockwise covers its triangle twice (winding number 2), so the two visits cross there.
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(4, 0), P(4, 4), P(2, 2), P(3, 1.8), P(3, 1), P(2, 2), P(0, 4)]) == nil)
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(4, 0), P(4, 4), P(2, 2), P(3, 1), P(3, 1.8), P(2, 2), P(0, 4)]).map { [$0.0, $0.1] } == [3, 6])
        // Two edges overlapping along a stretch are refused.
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(4, 0), P(4, 2), P(3, 0), P(1, 0), P(0, 2)]) != nil)
        // Collinear corners along an edge are fine; a spike back along the edge is not.
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(1, 0), P(2, 0), P(2, 2), P(0, 2)]) == nil)
        #expect(PolygonSimplicity.firstIntersection([P(0, 0), P(2, 0), P(1, 0), P(1, 2)]) != nil)
    }

    /// Issue 23: an outline crossing itself exactly at a corner passed the check on main bac13bf (only
    /// crossings interior to both edges were looked for). Each refused polygon here has its touching twin
    /// accepted, so the test measures the crossing, not the touching.
    @Test func crossingAtACornerIsRefused() {
        typealias P = SIMD2<Double>
        func check(_ p: [P], tolerance: Double = 0) -> [Int]? {
            PolygonSimplicity.firstIntersection(p, tolerance: tolerance).map { [$0.0, $0.1] }
        }
        // Corner 3 at (2, 0) lies inside edge 0; its edges come from above and leave below: a crossing.
        #expect(check([P(0, 0), P(4, 0), P(4, 4), P(2, 0), P(2, -2), P(0, -2)]) == [0, 2])
        // The same corner with both edges above the edge touches it.
        #expect(check([P(0, 0), P(4, 0), P(4, 4), P(2, 0), P(1, 3), P(0, 3)]) == nil)
        // Two non-adjacent edges sharing a point: corners 1 and 4 are both (2, 1). A figure eight passing
        // straight through it crosses; two lobes meeting at it touch.
        #expect(check([P(0, 0), P(2, 1), P(4, 2), P(4, 0), P(2, 1), P(0, 2)]) == [1, 4])
        #expect(check([P(0, 0), P(2, 1), P(4, 0), P(4, 2), P(2, 1), P(0, 2)]) == nil)
        // The figure eight with its first pass straight: corner 3 at (2, 1) lies inside edge 0.
        #expect(check([P(0, 0), P(4, 2), P(4, 0), P(2, 1), P(0, 2)]) == [0, 2])
        // Orientation does not matter: the crossing reversed is still found.
        #expect(check([P(0, -2), P(2, -2), P(2, 0), P(4, 4), P(4, 0), P(0, 0)]) != nil)
        // Tolerance: a corner 1 nm below the edge it bends back from crosses it exactly (both its edges cross
        // edge 0); within a 1 µm tolerance it rests on the edge and touches.
        let nearTouch = [P(0, 0), P(2, 0), P(2, 2), P(1, -1e-9), P(0, 2)]
        #expect(check(nearTouch) != nil)
        #expect(check(nearTouch, tolerance: 1e-6) == nil)
        // ... and a corner 1 nm above an edge with its edges leaving on both sides crosses within tolerance.
        #expect(check([P(0, 0), P(4, 0), P(4, 4), P(2, 1e-9), P(2, -2), P(0, -2)], tolerance: 1e-6) == [0, 2])
    }

    /// Issue 23: the gate refuses a floor whose outline crosses itself at a shared corner (exit non-zero,
    /// element and edges named); on main bac13bf `validate()` accepted it.
    @Test func validateRefusesAFloorCrossingAtACorner() {
        var r = Self.room()
        let eight: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(2, 1, 0), SIMD3(4, 2, 0), SIMD3(4, 0, 0), SIMD3(2, 1, 0), SIMD3(0, 2, 0)]
        let floor = CapturedRoom.Surface(
            category: .floor, dimensions: SIMD3(4, 2, 0),
            transform: Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0), translation: .zero),
            polygonCorners: eight)
        r.floors = [floor]
        let e = #expect(throws: CapturedRoomValidationError.self) { try r.validate() }
        #expect(e == .selfIntersectingPolygon(element: Self.name("floors", 0, floor.identifier), firstEdge: 1, secondEdge: 4))
        // The two lobes touching at the same point are a valid floor.
        r.floors[0].polygonCorners = [SIMD3(0, 0, 0), SIMD3(2, 1, 0), SIMD3(4, 0, 0), SIMD3(4, 2, 0), SIMD3(2, 1, 0), SIMD3(0, 2, 0)]
        #expect(throws: Never.self) { try r.validate() }
    }
}
