import Foundation
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// Rooms scanned with a phone but built without the sensor positions (a PLY or PCD that carries none): the
/// walls are all the builder has. Random plans of generator seed 2026 (phone preset), sensor positions
/// dropped as `plumb eval --no-sensors` drops them.
@Suite(.serialized) struct NoSensorRoomTests {
    static func floorIoU(seed: UInt64, plan index: Int) -> Double {
        var o = RandomEvaluation.Options()
        o.seed = seed
        o.count = index + 1
        o.only = [index]
        o.keepsSensorPositions = false
        return RandomEvaluation.run(o).rooms.first?.floorIoU ?? 0
    }

    /// A T-shaped bathroom (plan 89): the wall its stem opens from is two pieces 1.15 m apart, and the walls
    /// at both ends of the gap run 1.6 m on to the same side, the stem's sides. The gap is the stem's mouth
    /// (``WallCandidates/armMouth(from:to:line:uprights:)``), not a door in one wall: floor IoU 0.977 (0.336
    /// when the pieces were joined over it and the bar was cut off). A bedroom (plan 19) whose walls' planes
    /// took in the floor points along their foot across the room (``WallCandidates/bodyParameters(ys:ts:line:structure:)``):
    /// 0.998 (0.292). A living room (plan 24) whose wall took a plane 3 degrees off it into its range
    /// (``WallCandidates/Measured/rangeOnFace(_:tolerance:)``): 0.807 (0.245; the room still takes in part
    /// of the hall seen through its door, which only sensor positions tell).
    @Test func wallsWithoutSensorPositions() {
        for (plan, minimum) in [(89, 0.95), (19, 0.95), (24, 0.75)] {
            let iou = Self.floorIoU(seed: 2026, plan: plan)
            #expect(iou >= minimum, "seed 2026 plan \(plan) without sensor positions: \(iou)")
        }
    }
}
