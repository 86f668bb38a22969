import PlumbKernel
import Testing
@testable import Plumbline

/// An open door leaf or a glass screen stands free in the room: the scanner walks round it and sees it from
/// both sides, so it bounds no room, however tall it is and however hidden its top
/// (``WallCandidates/isThinPanel(hull:lo:hi:line:behind:cloud:)``). A wall is opaque: its far face lies its
/// thickness behind and is seen, if at all, from beyond it.
@Suite("Thin panels seen from both sides")
struct ThinPanelTests {
    /// A 0.9 m x 2 m vertical sheet along x (0...0.9) at z = 1 seen from the sensor at z = 0 (frame 0), and
    /// its far face, `depth` metres behind (z = 1 + depth), seen from the sensor at z = 2.5 (frame 1) when
    /// `seenFromBehind`. The cloud is y-up; points every 5 cm.
    /// With `squareEnd`, instead of the far face, a wall meets the sheet's east end square (x = 0.88,
    /// z 1.0...1.5), seen from the same sensor behind.
    static func sheet(depth: Float, seenFromBehind: Bool, squareEnd: Bool = false) throws -> PointCloud {
        var xs: [Float] = [], ys: [Float] = [], zs: [Float] = [], frames: [UInt32] = []
        for (z, frame) in [(Float(1), UInt32(0))] + (seenFromBehind && !squareEnd ? [(1 + depth, UInt32(1))] : []) {
            for x in stride(from: Float(0), through: 0.9, by: 0.05) {
                for y in stride(from: Float(0.02), through: 2.0, by: 0.05) {
                    xs.append(x); ys.append(y); zs.append(z); frames.append(frame)
                }
            }
        }
        if squareEnd {
            for z in stride(from: Float(1), through: 1.5, by: 0.01) {
                for y in stride(from: Float(0.02), through: 2.0, by: 0.05) {
                    xs.append(0.88); ys.append(y); zs.append(z); frames.append(1)
                }
            }
        }
        var cloud = try PointCloud(x: xs, y: ys, z: zs)
        cloud.sensorOrigins = [[0.45, 1.4, 0], [0.45, 1.4, 2.5]]
        cloud.frameIndex = frames
        return cloud
    }

    static func isPanel(_ cloud: PointCloud) -> Bool {
        WallCandidates.isThinPanel(hull: 0...0.9, lo: 0.02, hi: 2.0, line: ([0, 1], [1, 0]), behind: 1, cloud: cloud)
    }

    /// A 4 cm leaf seen from both sides is a panel; so is a 1 cm screen (both faces in one band).
    @Test func aLeafSeenFromBothSidesIsAPanel() throws {
        #expect(Self.isPanel(try Self.sheet(depth: 0.04, seenFromBehind: true)))
        #expect(Self.isPanel(try Self.sheet(depth: 0.01, seenFromBehind: true)))
    }

    /// A wall seen from one side, whose far face (12 cm behind) was seen from beyond it, or at whose end
    /// another wall, seen from behind, meets it square, is no panel; nor is anything without sensor positions.
    @Test func aWallIsNoPanel() throws {
        #expect(!Self.isPanel(try Self.sheet(depth: 0.04, seenFromBehind: false)))
        #expect(!Self.isPanel(try Self.sheet(depth: 0.12, seenFromBehind: true)))
        #expect(!Self.isPanel(try Self.sheet(depth: 0.04, seenFromBehind: true, squareEnd: true)))
        var blind = try Self.sheet(depth: 0.04, seenFromBehind: true)
        blind.sensorOrigins = nil
        blind.frameIndex = nil
        #expect(!Self.isPanel(blind))
    }
}
