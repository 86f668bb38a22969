import Foundation
import PlumbKernel
import Testing
import Plumbline
import PlumbSim

/// The real RoomPlan house `roomplan_myhome` (simulated phone scan, seed 2): the kitchen is open to the
/// dining room. Until the pieces of one wall face counted together (WallCandidates.facePieces), the kitchen
/// saw the dining room's 5 cm wall from behind through the gap, fitted its wall to that far face and took in
/// part of the dining room (kitchen floor IoU 0.654 in `plumb eval --all --build --max-rooms 20 --seed 2`);
/// StructureBuilder then needed the two faces of that thin wall to place the rooms (coinciding faces alone
/// pinned one direction and it refused them as misplaced, "room 9 overlaps room 6 by 58 %"). Now the kitchen
/// stops at its own walls (floor IoU 0.977).
///
/// Known issue: the dining room's walls do not close it, and since such a room is the space its sensor saw
/// across (SeenFreeSpace) it takes in the kitchen seen through the open side, so the two rooms overlap (91 %
/// of the smaller). Nothing marks yet where one room's free space ends and an open neighbour's begins.
@Suite struct OpenPlanThinWallTests {
    @Test func kitchenAndDiningRoomMergeWithoutOverlapping() throws {
        let rooms = try SimulatedHouseRooms.inputs(["kitchen", "diningroom"], seed: 2).map {
            try RoomBuilder(options: $0.options).build($0.cloud).room
        }
        let r = try StructureBuilder().build(rooms)
        #expect(r.structure.rooms.count == 2)
        withKnownIssue("the dining room takes in the kitchen it saw through the open side") {
            #expect(r.openRoomPairs.isEmpty, "\(r.openRoomPairs)")
        }
    }
}
