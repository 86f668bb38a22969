import Foundation
import PlumbKernel
import Testing
import Plumbline

/// Plan helpers and element geometry on synthetic elements with analytic answers.
@Suite("Plan and element geometry")
struct PlanGeometryTests {
    @Test func polygonAreaOrientationCentroid() {
        // 4 × 3 rectangle listed +x → +z (clockwise from above, positive shoelace in (x, z)).
        let r = PlanPolygon([SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 3), SIMD2(0, 3)])
        #expect(r.signedArea == 12 && !r.isCounterClockwiseFromAbove)
        #expect(r.reversed.signedArea == -12 && r.reversed.isCounterClockwiseFromAbove)
        #expect(r.perimeter == 14)
        #expect(r.centroid == SIMD2(2, 1.5))
        #expect(r.contains(SIMD2(1, 1)) && !r.contains(SIMD2(5, 1)) && !r.contains(SIMD2(2, -0.1)))
        // L-shape: 4×4 minus a 2×2 corner = 12, centroid by decomposition.
        let l = PlanPolygon([SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 2), SIMD2(2, 2), SIMD2(2, 4), SIMD2(0, 4)])
        #expect(abs(l.area - 12) < 1e-9)
        let c = l.centroid!
        // (8·(2,1) + 4·(1,3)) / 12 = (5/3, 5/3)
        #expect(abs(c.x - 5.0 / 3) < 1e-6 && abs(c.y - 5.0 / 3) < 1e-6)
        #expect(!l.contains(SIMD2(3, 3)) && l.contains(SIMD2(1, 3)))
        // Far from the origin, accumulated about the first vertex: still exact.
        let far = PlanPolygon(r.vertices.map { $0 + SIMD2(1000, -2000) })
        #expect(abs(far.area - 12) < 1e-3)
        #expect(PlanPolygon([SIMD2(0, 0), SIMD2(1, 1)]).area == 0 && PlanPolygon([]).centroid == nil)
    }

    @Test func segmentHelpers() {
        let s = PlanSegment(start: SIMD2(0, 0), end: SIMD2(3, 4))
        #expect(s.length == 5 && s.midpoint == SIMD2(1.5, 2) && s.direction == SIMD2(0.6, 0.8))
        #expect(abs(s.distance(to: SIMD2(4, -3)) - 5) < 1e-6)  // perpendicular at the start
        #expect(abs(s.distance(to: SIMD2(6, 8)) - 5) < 1e-6)   // beyond the end
        #expect(abs(s.parameter(ofProjection: SIMD2(3, 4)) - 1) < 1e-6)
        #expect(PlanSegment(start: .zero, end: .zero).direction == .zero)
    }

    @Test func wallGeometry() {
        // 4 m × 2.5 m wall, 0.2 m thick, centre (1, 1.25, 2), yaw 30°, floor at y = 0.
        let yaw = Float.pi / 6
        let wall = CapturedRoom.Surface(
            category: .wall, dimensions: SIMD3(4, 2.5, 0.2), transform: Transform4x4(yaw: yaw, translation: SIMD3(1, 1.25, 2)))
        let dir = SIMD2<Float>(cos(yaw), -sin(yaw))
        let line = wall.planCenterLine
        #expect(length(SIMD3(line.start - (SIMD2(1, 2) - 2 * dir), 0)) < 1e-6)
        #expect(length(SIMD3(line.end - (SIMD2(1, 2) + 2 * dir), 0)) < 1e-6)
        #expect(abs(wall.bottomElevation) < 1e-6 && abs(wall.topElevation - 2.5) < 1e-6)
        #expect(abs(wall.area - 10) < 1e-6)
        #expect(abs(wall.planFootprint.area - 0.8) < 1e-5 && wall.planFootprint.isCounterClockwiseFromAbove)
        #expect(wall.isUpright() && !wall.isHorizontal())
        #expect(length(wall.normal - SIMD3(sin(yaw), 0, cos(yaw))) < 1e-6)
        #expect(abs(wall.signedDistance(to: SIMD3(1, 0, 2) + 0.3 * wall.normal) - 0.3) < 1e-6)
        let c = wall.worldCorners
        #expect(abs(length(c[2] - c[0]) - (16 + 6.25 as Float).squareRoot()) < 1e-5)
        // Sloped wall: polygon corners replace the rectangle (trapezoid 4 wide, 2.5 and 1.5 high).
        var sloped = wall
        sloped.polygonCorners = [SIMD3(-2, -1.25, 0), SIMD3(2, -1.25, 0), SIMD3(2, 0.25, 0), SIMD3(-2, 1.25, 0)]
        #expect(abs(sloped.area - 8) < 1e-6)
        #expect(sloped.worldOutline.count == 4 && abs(sloped.topElevation - 2.5) < 1e-6)
    }

    @Test func floorGeometry() {
        // Floor like RoomPlan's: local z = world +Y, polygon in local x-y, at y = -1.4.
        let t = Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0), translation: SIMD3(5, -1.4, 5))
        let floor = CapturedRoom.Surface(
            category: .floor, dimensions: SIMD3(4, 4, 0), transform: t,
            polygonCorners: [SIMD3(-2, -2, 0), SIMD3(2, -2, 0), SIMD3(2, 0, 0), SIMD3(0, 0, 0), SIMD3(0, 2, 0), SIMD3(-2, 2, 0)])
        #expect(floor.isHorizontal() && t.isRigid())
        #expect(floor.worldOutline.allSatisfy { abs($0.y + 1.4) < 1e-6 })
        #expect(abs(floor.area - 12) < 1e-6 && abs(floor.planOutline.area - 12) < 1e-5)
        // Local (2, -2) → world (7, -1.4, 7): local y maps to world -Z.
        #expect(length(floor.worldOutline[1] - SIMD3(7, -1.4, 7)) < 1e-6)
        let room = CapturedRoom(floors: [floor, floor])
        #expect(abs(room.floorArea - 24) < 1e-6 && abs(room.floorElevation! + 1.4) < 1e-6)
    }

    @Test func objectGeometry() {
        // 2 × 0.5 × 1 box standing on y = 0, yaw 90°.
        let o = CapturedRoom.Object(
            category: .bed, dimensions: SIMD3(2, 0.5, 1), transform: Transform4x4(yaw: .pi / 2, translation: SIMD3(3, 0.25, 4)))
        let c = o.worldCorners
        #expect(c.count == 8 && abs(o.volume - 1) < 1e-6)
        // Corner 0 = local (-1, -0.25, -0.5) → world (3 - 0.5, 0, 4 + 1).
        #expect(length(c[0] - SIMD3(2.5, 0, 5)) < 1e-6)
        #expect(length(c[7] - SIMD3(3.5, 0.5, 3)) < 1e-6)
        #expect(abs(o.bottomElevation) < 1e-6 && abs(o.topElevation - 0.5) < 1e-6)
        let b = o.worldBounds
        #expect(length(b.min - SIMD3(2.5, 0, 3)) < 1e-6 && length(b.max - SIMD3(3.5, 0.5, 5)) < 1e-6)
        #expect(abs(o.footprint.area - 2) < 1e-6 && o.footprint.isCounterClockwiseFromAbove)
        #expect(o.contains(SIMD3(3, 0.1, 4.9)) && !o.contains(SIMD3(3.6, 0.1, 4)))
        let room = CapturedRoom(objects: [o])
        #expect(room.object(withIdentifier: o.identifier) == o && room.worldBounds!.max.z == b.max.z)
    }

    @Test func roomLookups() {
        let wall = CapturedRoom.Surface(category: .wall, dimensions: SIMD3(4, 2.5, 0), transform: .identity)
        let door = CapturedRoom.Surface(
            category: .door(isOpen: false), dimensions: SIMD3(0.9, 2, 0), transform: .identity, parentIdentifier: wall.identifier)
        let window = CapturedRoom.Surface(category: .window, dimensions: SIMD3(1, 1, 0), transform: .identity)
        let room = CapturedRoom(walls: [wall], doors: [door], windows: [window])
        #expect(room.hostWall(of: door) == wall && room.hostWall(of: window) == nil)
        #expect(room.embeddedSurfaces(inWall: wall) == [door])
        #expect(room.surface(withIdentifier: window.identifier) == window && room.allSurfaces.count == 3)
        #expect(CapturedRoom().worldBounds == nil && CapturedRoom().floorElevation == nil)
    }
}
