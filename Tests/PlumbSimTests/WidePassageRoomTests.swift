import Foundation
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// Halls scanned with a phone held close to their walls: the walls' tops are never in view, and the hall
/// opens onto the next room. A tall wall whose top the sensor never looked over bounds the hall
/// (``WallCandidates/lookedOver(ts:hull:top:line:behind:cloud:)``). Measured on the held-out generator seed
/// 7919, not the seed the change was developed on (2026).
@Suite(.serialized) struct WidePassageRoomTests {
    /// The first two hallways of seed 7919 (plans 1 and 7): floor IoU 0.857 and 0.578 (0.631 and 0.447
    /// before the change). Plan 7 stays poor: its hall still takes in part of the room beyond (a known issue).
    @Test func hallsStopAtWallsWhoseTopsWereNotSeen() {
        var ious: [Int: Double] = [:]
        for index in [1, 7] {
            var o = RandomEvaluation.Options()
            o.seed = 7919
            o.count = index + 1
            o.only = [index]
            let report = RandomEvaluation.run(o)
            #expect(report.rooms.first?.roomType == "hallway", "plan \(index) is a hallway")
            ious[index] = report.rooms.first?.floorIoU ?? 0
        }
        print("seed 7919 halls: floor IoU \(ious)")
        #expect((ious[1] ?? 0) >= 0.85, "plan 1: \(ious[1] ?? 0)")
        #expect((ious[7] ?? 0) >= 0.55, "plan 7: \(ious[7] ?? 0)")
    }

    /// Builds random plan `index` of generator `seed` and expects its room to be of `type` (when given) with
    /// a floor IoU of at least `minimum`.
    static func expectRoom(seed: UInt64, plan index: Int, type: String? = nil, atLeast minimum: Double,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let room = floorIoU(seed: seed, plan: index)
        if let type { #expect(room.type == type, "seed \(seed) plan \(index)", sourceLocation: sourceLocation) }
        #expect(room.iou >= minimum, "seed \(seed) plan \(index): \(room.iou)", sourceLocation: sourceLocation)
    }

    static func floorIoU(seed: UInt64, plan index: Int) -> (type: String?, iou: Double) {
        var o = RandomEvaluation.Options()
        o.seed = seed
        o.count = index + 1
        o.only = [index]
        let report = RandomEvaluation.run(o)
        return (report.rooms.first?.roomType, report.rooms.first?.floorIoU ?? 0)
    }

    /// A living room open to a hall and to a dining room through two full-height passages (2 m and 2.25 m,
    /// seed 7919 plan 82), scanned from inside only: the jambs beside each passage are pieces of one wall
    /// line, the scanner saw through the gap and did not walk through it, so the room stops there
    /// (``WallCandidates/closeRanges(_:stations:cloud:reach:wallEnds:)``). Floor IoU 1.000 (0.706 before: the
    /// dining room was taken in). A kitchen with a notch cut into it from the west (seed 2026 plan 77)
    /// keeps its notch: the notch's mouth lies between two pieces of the west wall but was never seen
    /// through (floor IoU 0.993; 0.826 when every such gap was closed).
    @Test func roomsStopAtPassagesSeenThroughAndKeepNotches() {
        Self.expectRoom(seed: 7919, plan: 82, type: "livingRoom", atLeast: 0.95)
        Self.expectRoom(seed: 2026, plan: 77, type: "kitchen", atLeast: 0.95)
    }

    /// A bathroom whose door leaf stands open into it at about 50 degrees (seed 5151 plan 11): the leaf is
    /// tall and its top was never looked over, and RANSAC's plane through it also takes furniture points on
    /// its line, so it looked longer than a leaf and closed the room by a diagonal wall. The scanner saw its
    /// far face, 4 cm behind, from the other side: a thin panel, not a wall
    /// (``WallCandidates/isThinPanel(hull:lo:hi:line:behind:cloud:)``). Floor IoU 0.991 (0.768 before).
    @Test func anOpenLeafSeenFromBothSidesIsNoWall() {
        Self.expectRoom(seed: 5151, plan: 11, atLeast: 0.95)
    }

    /// A bathroom with a door open into it in its east wall (seed 2026 plan 80): the leaf is a thin panel, no
    /// wall, and the short return beyond the doorway is too small to be found, so the room went out through
    /// the doorway into the room beyond (floor IoU 0.431). The leaf is hinged at the east wall's end, so the
    /// doorway lies along that wall's line, as wide as the leaf (``WallCandidates/hingeDoorways(_:leaves:)``):
    /// floor IoU 0.994.
    @Test func aDoorwayLiesWhereItsLeafIsHinged() {
        Self.expectRoom(seed: 2026, plan: 80, atLeast: 0.95)
    }

    /// Rooms opening onto a neighbour through a full-height passage almost as wide as the wall it is in (2.6 m
    /// of 3.2 m, seed 7919 plan 47; 2.05 m of 2.3 m, seed 5151 plan 77), scanned from inside only: the wall
    /// beside the passage is a 10-20 cm piece from floor to ceiling, too small to be a wall by its size, and
    /// there is no second piece of its line across the passage. It is the end of a wall where it meets one
    /// square (``WallCandidates/adjoinWallEnds(_:centre:)``), and the room stops across the passage it saw
    /// through (``WallCandidates/closeRanges(_:stations:cloud:reach:wallEnds:)``): floor IoU 0.999 and 0.999
    /// (0.505 and 0.369 before: the neighbour was taken in).
    @Test func roomsStopAcrossAPassageBesideAWallEnd() {
        Self.expectRoom(seed: 7919, plan: 47, atLeast: 0.95)
        Self.expectRoom(seed: 5151, plan: 77, atLeast: 0.95)
    }

    /// A bathroom opening onto a storage room through a 2.05 m passage under a lintel (seed 2026 plan 50):
    /// the jambs are 9 cm wide and the wall over the passage is a strip along the ceiling, too small to be
    /// a wall. Seen through below head height into the storage room beyond, it is the header of an
    /// opening, so the bathroom stops there: floor IoU 0.980 (0.358 before: it took in the storage room),
    /// and the passage is found. On the held-out seed 7919, plan 87 (a storage room): 0.905 (0.464). A
    /// bathroom whose phone stood right on the line of an open door leaf (seed 2026 plan 92) keeps its
    /// corner: sight lines from a sensor within 30 cm of a line do not count as seeing through it
    /// (0.995; 0.879 when they did).
    @Test func roomsStopUnderTheHeaderOfAnOpeningTheySawThrough() {
        Self.expectRoom(seed: 2026, plan: 50, type: "bathroom", atLeast: 0.95)
        Self.expectRoom(seed: 7919, plan: 87, atLeast: 0.85)
        Self.expectRoom(seed: 2026, plan: 92, atLeast: 0.95)
    }
}
