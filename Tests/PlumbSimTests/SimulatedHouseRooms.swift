import PlumbKernel
import Testing
import Plumbline
import PlumbSim

/// Rooms of the real RoomPlan house `roomplan_myhome` from one simulated phone scan, each with the
/// `RoomBuilder` options `ScanBuildEvaluation.runStructure` builds it with (y up, seed = the room's index).
enum SimulatedHouseRooms {
    /// The clouds of the rooms named `ids` (plan room ids) in the scan simulated at `seed`, and their options.
    static func inputs(_ ids: [String], seed: UInt64) throws -> [(cloud: PointCloud, options: RoomBuilder.Options)] {
        let plan = try PlanFixtures.load("roomplan_myhome")
        let scan = try ScanSimulator(plan: plan).simulate(preset: .phone, seed: seed)
        return try ids.map { id in
            let k = try #require(scan.roomClouds.firstIndex { $0.roomID == id }, "no room \(id)")
            var o = RoomBuilder.Options()
            o.upAxis = .y
            o.seed = UInt64(k)
            return (scan.roomClouds[k].cloud, o)
        }
    }
}
