import Foundation
import Plumbline
import PlumbKernel
import Testing

/// StructureBuilder on rooms whose floors overlap: open to each other in one frame (accepted) or misplaced
/// (refused with `invalidRoomLocation`).
@Suite struct OpenRoomOverlapTests {
    typealias F = StructureFixtures

    /// Room 0's capture took in the whole open kitchen-dining space (8 × 4 m, seen through the side with no
    /// wall); room 1 is the dining part (4 × 4 m), with no wall on its open side x = 4. Its three walls are
    /// room 0's faces captured twice.
    @Test func roomOpenToItsNeighbourIsAcceptedAndItsWallsAreNotDoubled() throws {
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(8, 4))
        var b = F.room(1, lo: SIMD2(4, 0), hi: SIMD2(8, 4))
        b.walls.remove(at: 3)
        let r = try StructureBuilder().build([a, b])
        #expect(r.openRoomPairs.map(\.rooms) == [[0, 1]])
        #expect(abs((r.openRoomPairs.first?.overlap ?? 0) - 1) < 0.03)
        // The structure's walls run round the open space once: 24 m of wall, none doubled.
        let length = r.structure.walls.reduce(0.0) { $0 + Double($1.dimensions.x) }
        #expect(abs(length - 24) < 0.02, "total wall length \(length)")
        #expect(r.structure.rooms.count == 2 && r.structure.floors.count == 2)
        // The same rooms are refused when open rooms are not accepted.
        var strict = StructureBuilder.Options()
        strict.acceptsOpenRooms = false
        #expect {
            try StructureBuilder(options: strict).build([a, b])
        } throws: { e in
            guard case let .invalidRoomLocation(room, other, _) = e as? StructureBuildError else { return false }
            return room == 1 && other == 0
        }
    }

    /// A room slid along one wall direction keeps its long walls on the other room's lines but not its
    /// short ones: one direction does not pin the placement, so the overlap is refused.
    @Test func roomSlidAlongItsWallsIsStillMisplaced() throws {
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3)), b = F.room(1, lo: SIMD2(0.3, 0), hi: SIMD2(4.3, 3))
        #expect {
            try StructureBuilder().build([a, b])
        } throws: { e in
            guard case let .invalidRoomLocation(room, other, fraction) = e as? StructureBuildError else { return false }
            return room == 1 && other == 0 && fraction > 0.9
        }
    }

    /// Faces within the 5 cm tolerance on both wall directions prove one frame; 7 cm off does not.
    @Test func sharedFrameNeedsFacesWithinTolerance() throws {
        let a = F.room(0, lo: SIMD2(0, 0), hi: SIMD2(4, 3))
        let near = F.room(1, lo: SIMD2(0.04, 0.04), hi: SIMD2(4.04, 3.04))
        let far = F.room(1, lo: SIMD2(0.07, 0.07), hi: SIMD2(4.07, 3.07))
        let r = try StructureBuilder().build([a, near])
        #expect(r.openRoomPairs.map(\.rooms) == [[0, 1]])
        #expect(throws: (any Error).self) { try StructureBuilder().build([a, far]) }
    }
}
