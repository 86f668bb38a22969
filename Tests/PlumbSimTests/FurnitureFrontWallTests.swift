import Foundation
import PlumbIO
import PlumbKernel
import Testing
@testable import Plumbline
@testable import PlumbSim

/// A tall cabinet standing against a wall must not replace that wall. In the simulated phone scan of
/// `non_orthogonal_room` (seed 1) plane segmentation joins the storage unit's front with other furniture
/// into one plane 5° off the wall behind it, with a few stray points up at the ceiling; before the
/// front veto accepted such near-parallel planes, the room's west wall was built through the cabinet
/// (floor IoU 0.93, door lost). Scored against the plan: every wall within 0.5° and 2 cm, the door found.
@Suite struct FurnitureFrontWallTests {
    @Test func tiltedCabinetPlaneDoesNotReplaceTheWall() throws {
        let plan = try PlanFixtures.load("non_orthogonal_room")
        let o = try #require(ScanBuildEvaluation.run(plan: plan, preset: .phone, seed: 1).first)
        let a = try #require(o.report, "\(o.failure ?? "")").aggregate
        #expect(a.walls.truePositives == 4 && a.walls.falsePositives == 0, "walls \(a.walls)")
        #expect(a.wallAngleError.max < 0.5, "largest wall angle error \(a.wallAngleError.max)°")
        #expect(a.wallOffsetError.max < 0.02, "largest wall offset error \(a.wallOffsetError.max) m")
        #expect(a.floorIoU.min > 0.99, "floor IoU \(a.floorIoU.min)")
        #expect(a.doors.detection.truePositives == 1, "doors \(a.doors.detection)")
    }

    /// Scans that used to break one wall (simulator seed 2, phone preset): in `non_orthogonal_room` a
    /// RANSAC plane crossing the west wall at the door, 5° off (a separate wall through the doorway); in
    /// `sloped_ceiling_room` the 1.1 m knee wall under the roof slope (too low for a wall), a gable wall
    /// judged by the flat ceiling's height, and strips of the two opposite walls taken for one 2.4 m arc;
    /// in `plain_bedroom` sparse tilted planes near the ceiling taken for a roof slope (which lowered
    /// the ceiling and made the wardrobe front a wall). Each must now build every wall of the plan.
    @Test(arguments: ["non_orthogonal_room", "sloped_ceiling_room", "plain_bedroom"])
    func fragileScansBuildEveryWall(planName: String) throws {
        let plan = try PlanFixtures.load(planName)
        let o = try #require(ScanBuildEvaluation.run(plan: plan, preset: .phone, seed: 2).first)
        let room = try #require(o.room, "\(planName): \(o.failure ?? "")")
        let a = try #require(o.report, "\(planName): \(o.failure ?? "")").aggregate
        #expect(a.walls.falsePositives == 0 && a.walls.falseNegatives == 0, "\(planName): walls \(a.walls)")
        #expect(room.walls.allSatisfy { $0.curve == nil }, "\(planName): a straight-walled room got an arc")
        #expect(a.floorIoU.min > 0.99, "\(planName): floor IoU \(a.floorIoU.min)")
        #expect(a.wallLengthError.median < 0.01, "\(planName): median wall length error \(a.wallLengthError.median) m")
        #expect(a.ceilingHeightError.max < 0.05, "\(planName): ceiling height error \(a.ceilingHeightError.max) m")
    }

    /// The simulator's room clouds keep world coordinates near the origin, so a room written by
    /// `plumb simulate` as a `Float` PLY and read back is the same cloud, bit for bit, and builds the
    /// same room; far from the origin (georeferenced plans) the clouds get a whole-metre offset.
    @Test func simulatedCloudRoundTripsThroughPLY() throws {
        let plan = try PlanFixtures.load("small_bathroom")
        let scan = try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 3)
        let rc = try #require(scan.roomClouds.first)
        #expect(rc.cloud.origin == .zero)
        let bytes = try PointCloudWriter.encode(rc.cloud, format: .ply)
        let back = try PointCloudReader.read(bytes: bytes, format: .ply).cloud
        #expect(back.origin == rc.cloud.origin)
        #expect(back.x == rc.cloud.x && back.y == rc.cloud.y && back.z == rc.cloud.z)
        #expect(back.frameIndex == rc.cloud.frameIndex)
        #expect(ScanSimulator.cloudOrigin(near: SIMD3(812.3, 2.0, -40.6)) == .zero)
        #expect(ScanSimulator.cloudOrigin(near: SIMD3(5_000_812.4, 2.0, -40.6)) == SIMD3(5_000_812, 2, -41))
    }
}
