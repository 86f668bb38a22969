import Foundation
import Plumbline
import Testing

/// The 11 real RoomPlan rooms of `../shared/data/roomplan-house/MyHome` (one shared frame) merged into
/// one structure. Skips when the shared data is absent.
@Suite struct StructureRealHouseTests {
    static var rooms: [CapturedRoom]? {
        guard let dir = TestPaths.sharedData?.appendingPathComponent("roomplan-house/MyHome"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), !names.isEmpty else { return nil }
        return try? names.map { try RoomPlanJSON.decode(CapturedRoom.self, contentsOf: dir.appendingPathComponent("\($0)/capturedRoom.json")) }
    }

    /// Walls that coincide with another: parallel within 5°, the shorter one's plan midpoint within
    /// 10 cm of the longer one's line, more than half of it overlapping the longer one, heights
    /// overlapping (the criteria of PlumbSim's DuplicateWallDetector).
    static func duplicates(_ walls: [CapturedRoom.Surface]) -> Int {
        func coincide(_ a: CapturedRoom.Surface, _ b: CapturedRoom.Surface) -> Bool {
            let (s, l) = a.dimensions.x <= b.dimensions.x ? (a, b) : (b, a)
            let ls = l.planCenterLine, ss = s.planCenterLine
            let d = ls.direction, e = ss.direction
            guard abs((d * e).sum()) >= cos(5 * Float.pi / 180) else { return false }
            guard min(a.topElevation, b.topElevation) > max(a.bottomElevation, b.bottomElevation) else { return false }
            let n = SIMD2(-d.y, d.x)
            guard abs(((ss.midpoint - ls.start) * n).sum()) <= 0.10 else { return false }
            let u0 = ((ss.start - ls.start) * d).sum(), u1 = ((ss.end - ls.start) * d).sum()
            return min(ls.length, max(u0, u1)) - max(0, min(u0, u1)) > 0.5 * ss.length
        }
        return walls.indices.filter { i in walls.indices.contains { $0 != i && coincide(walls[i], walls[$0]) } }.count
    }

    @Test func myHomeMergesWithoutDuplicatedWalls() throws {
        guard let rooms = Self.rooms else {
            print("skipped: ../shared/data/roomplan-house absent")
            return
        }
        #expect(rooms.count == 11)
        let before = Self.duplicates(rooms.flatMap(\.walls))
        let r = try StructureBuilder().build(rooms)
        let after = Self.duplicates(r.structure.walls)
        let t = r.interiorWalls.map(\.thickness).sorted()
        print("MyHome: walls \(rooms.flatMap(\.walls).count) -> \(r.structure.walls.count), duplicated \(before) -> \(after), interior \(t.count), thickness min \(t.first ?? 0) median \(t.isEmpty ? 0 : t[t.count / 2]) max \(t.last ?? 0), doors \(rooms.flatMap(\.doors).count) -> \(r.structure.doors.count), storeys \(r.storeyElevations.count)")
        #expect(before > 10)
        #expect(after == 0)
        #expect(t.count >= 10)
        #expect(t.allSatisfy { (0.04...0.25).contains($0) })
        #expect(r.storeyElevations.count == 1)
        #expect(r.structure.doors.count < rooms.flatMap(\.doors).count)
    }
}
