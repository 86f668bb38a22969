import Foundation
import PlumbKernel
import Testing
import Plumbline

/// Euclidean length of a plan vector.
func length(_ v: SIMD2<Float>) -> Float { (v * v).sum().squareRoot() }

/// Geometry helpers checked against the real exports: values hand-computed (NumPy, float64) from the
/// numbers in the files, and the structural facts of RoomPlan's encoding (schema note).
@Suite("Geometry on real RoomPlan exports")
struct RealExportGeometryTests {
    @Test(.enabled(if: TestPaths.sharedData != nil))
    func bedroom3HandComputedValues() throws {
        let (_, room) = try #require(try RealExports.load("Bedroom3"))
        // Floor: 4 corners, all at y = -1.465985, area by shoelace 11.812993 m².
        let floor = try #require(room.floors.first)
        #expect(floor.isHorizontal())
        let fw = floor.worldOutline
        #expect(fw.count == 4)
        let expectedFloor: [SIMD3<Float>] = [
            SIMD3(2.32313737, -1.465985, 16.70335749), SIMD3(-1.18586629, -1.465985, 16.2053004),
            SIMD3(-0.71747535, -1.465985, 12.90530199), SIMD3(2.79152814, -1.465985, 13.40335815),
        ]
        for (p, q) in zip(fw, expectedFloor) { #expect(length(p - q) < 2e-5) }
        #expect(abs(room.floorArea - 11.812993) < 1e-4)
        #expect(abs(Double(room.floorElevation!) - -1.465985) < 1e-6)

        // Door 10A2A02E: plan end points, host wall, centre y = floor y + height / 2.
        let door = try #require(room.doors.first { $0.identifier.uuidString.hasPrefix("10A2A02E") })
        let line = door.planCenterLine
        #expect(length(line.start - SIMD2(-0.0203741, 13.00424715)) < 1e-5)
        #expect(length(line.end - SIMD2(0.7315553, 13.11097285)) < 1e-5)
        #expect(abs(line.length - 0.7594657) < 1e-5)
        #expect(room.hostWall(of: door)?.identifier.uuidString == "839162BA-CD3E-498F-8B42-9260ADE7373F")
        #expect(abs(door.center.y - (-1.465985 + 2.0635905 / 2)) < 1e-5)
        #expect(abs(door.bottomElevation - -1.465985) < 1e-5)
        #expect(door.category == .door(isOpen: false))

        // Bed: corners 0 and 7, bottom on the floor, footprint area = width × depth.
        let bed = try #require(room.objects.first { $0.category == .bed })
        let c = bed.worldCorners
        #expect(length(c[0] - SIMD3(2.62844491, -1.4659849, 14.55234356)) < 2e-5)
        #expect(length(c[7] - SIMD3(0.24001509, -0.8211821, 15.90295644)) < 2e-5)
        #expect(abs(bed.bottomElevation - -1.465985) < 1e-5)
        #expect(abs(bed.footprint.area - 3.63833576620512) < 1e-4)
        #expect(bed.footprint.isCounterClockwiseFromAbove)
        #expect(bed.contains(bed.center) && !bed.contains(bed.center + SIMD3(0, 1, 0)))

        // The 4 walls close into a loop whose plan area equals the floor's.
        let loop = try #require(orderedWallLoop(room.walls))
        #expect(abs(PlanPolygon(loop).area - room.floorArea) < 1e-3)
    }

    /// Properties the schema note states, checked on every element of every file.
    @Test(.enabled(if: TestPaths.sharedData != nil), arguments: RealExports.rooms)
    func structuralFacts(room name: String) throws {
        let (_, room) = try #require(try RealExports.load(name))
        let floorY = try #require(room.floorElevation)
        for f in room.floors {
            let ys = f.worldOutline.map(\.y)
            #expect(ys.max()! - ys.min()! < 1e-5, "\(name): floor corners not on one y")
            #expect(f.transform.isRigid())
            #expect(abs(f.area - f.planOutline.area) < 1e-3 * max(1, f.area))
        }
        for s in room.walls + room.doors {
            // Centre y = floor y + height / 2 (walls and doors stand on the floor).
            #expect(abs(s.center.y - (floorY + s.height / 2)) < 1e-5, "\(name) \(s.identifier)")
            #expect(s.isUpright() && s.transform.isRigid())
            #expect(abs(s.planCenterLine.length - s.width) < 1e-4)
            // The 4 world corners span exactly width × height.
            let c = s.worldCorners
            #expect(abs(length(c[1] - c[0]) - s.width) < 1e-4 && abs(length(c[3] - c[0]) - s.height) < 1e-4)
            #expect(abs(s.area - Double(s.width * s.height)) < 1e-4)
        }
        for s in room.doors + room.windows + room.openings {
            // Embedded in the host wall: on its plane, within its width.
            let wall = try #require(room.hostWall(of: s), "\(name): \(s.identifier) has no host wall")
            #expect(abs(wall.signedDistance(to: s.center)) < 1e-3)
            let local = wall.localPoint(s.center)
            #expect(abs(local.x) + s.width / 2 <= wall.width / 2 + 2e-3)
            #expect(room.embeddedSurfaces(inWall: wall).contains(s))
        }
        for o in room.objects {
            #expect(o.transform.isRigid(tolerance: 1e-3))
            #expect(o.bottomElevation >= floorY - 0.05, "\(name): \(o.category) below the floor")
            #expect(abs(o.footprint.area - Double(o.dimensions.x * o.dimensions.z)) < 1e-3)
        }
        let b = try #require(room.worldBounds)
        #expect(abs(b.min.y - floorY) < 0.05)
    }

    /// Bed (floor-standing): centre y = floor y + height / 2 in every room that has one.
    @Test(.enabled(if: TestPaths.sharedData != nil))
    func bedsStandOnTheFloor() throws {
        var beds = 0
        for name in RealExports.rooms {
            let (_, room) = try #require(try RealExports.load(name))
            for bed in room.objects where bed.category == .bed {
                beds += 1
                #expect(abs(bed.center.y - (room.floorElevation! + bed.dimensions.y / 2)) < 1e-3, "\(name)")
            }
        }
        #expect(beds == 3)
    }
}

/// Chains walls whose plan end points meet (within 1 cm) into one closed loop of corner points,
/// or `nil` when they do not form a single loop.
func orderedWallLoop(_ walls: [CapturedRoom.Surface]) -> [SIMD2<Float>]? {
    var segments = walls.map(\.planCenterLine)
    guard var current = segments.first else { return nil }
    segments.removeFirst()
    var loop = [current.start]
    while !segments.isEmpty {
        let tip = current.end
        guard let i = segments.firstIndex(where: { length($0.start - tip) < 0.01 || length($0.end - tip) < 0.01 })
        else { return nil }
        var next = segments.remove(at: i)
        if length(next.start - tip) >= 0.01 { next = PlanSegment(start: next.end, end: next.start) }
        loop.append(next.start)
        current = next
    }
    return length(current.end - loop[0]) < 0.01 ? loop : nil
}
