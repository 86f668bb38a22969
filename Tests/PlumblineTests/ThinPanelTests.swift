import Foundation
import PlumbKernel
import Testing
@testable import Plumbline

/// An open door leaf or a glass screen stands free in the room: the scanner walks round it and sees it from
/// both sides, so it bounds no room, however tall it is and however hidden its top
/// (``WallCandidates/isThinPanel(hull:lo:hi:line:behind:cloud:)``). A wall is opaque: its far face lies its
/// thickness behind and is seen, if at all, from beyond it. Such a leaf, hinged at a wall's end, says where the
/// doorway is (``WallCandidates/hingeDoorways(_:leaves:)``).
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

    /// A straight wall candidate through plan point `p` along unit `d`, over `range` (metres along it).
    static func wall(along d: SIMD2<Double>, from p: SIMD2<Double>, range: ClosedRange<Double>) -> WallCandidates.Candidate {
        WallCandidates.Candidate(plane: 0, members: [0], wall: .line(point: p, direction: d), range: range)
    }

    /// A 0.9 m leaf hinged at `hinge`, opened `degrees` from the +x direction.
    static func leaf(hinge: SIMD2<Double>, degrees: Double) -> WallCandidates.DoorLeaf {
        let a = degrees * .pi / 180, d = SIMD2(cos(a), sin(a))
        return WallCandidates.DoorLeaf(ends: (hinge, hinge + d * 0.9), direction: d)
    }

    /// A leaf hinged at a wall's free end says where the doorway is: the wall goes on through it, as far as
    /// the leaf is long (``WallCandidates/hingeDoorways(_:leaves:)``), at either end and whichever way the
    /// leaf's ends are listed.
    @Test func aLeafHingedAtAWallsEndCarriesTheWallThroughItsDoorway() {
        var walls = [Self.wall(along: SIMD2(1, 0), from: .zero, range: 0...2)]
        WallCandidates.hingeDoorways(&walls, leaves: [Self.leaf(hinge: SIMD2(2.05, 0.02), degrees: 60)])
        #expect(abs(walls[0].range.upperBound - 2.95) < 1e-9 && walls[0].range.lowerBound == 0, "\(walls[0].range)")
        // The lower end, the leaf listed free end first.
        walls = [Self.wall(along: SIMD2(1, 0), from: .zero, range: 0...2)]
        let l = Self.leaf(hinge: SIMD2(-0.03, -0.04), degrees: 110)
        WallCandidates.hingeDoorways(&walls, leaves: [.init(ends: (l.ends.1, l.ends.0), direction: -l.direction)])
        #expect(abs(walls[0].range.lowerBound + 0.93) < 1e-9 && walls[0].range.upperBound == 2, "\(walls[0].range)")
    }

    /// A door beside a corner is hinged on its own wall, off the line of the wall it meets: only its own wall
    /// goes on through the doorway. A leaf along the wall (within 15°), off the wall's line or away from its
    /// ends changes nothing.
    @Test func onlyTheDoorsOwnWallGoesOnThroughIt() {
        // W1 along x ends at the corner (2, 0); W2 along z at x = 2 from z = 1.05 on; the doorway 0.15...1.05.
        var walls = [Self.wall(along: SIMD2(1, 0), from: .zero, range: 0...2),
                     Self.wall(along: SIMD2(0, 1), from: SIMD2(2, 0), range: 1.05...3)]
        WallCandidates.hingeDoorways(&walls, leaves: [Self.leaf(hinge: SIMD2(2, 1.05), degrees: 200)])
        #expect(walls[0].range == 0...2)
        #expect(abs(walls[1].range.lowerBound - 0.15) < 1e-9 && walls[1].range.upperBound == 3, "\(walls[1].range)")
        for leaf in [Self.leaf(hinge: SIMD2(2.05, 0), degrees: 10), Self.leaf(hinge: SIMD2(2.05, 0.3), degrees: 60),
                     Self.leaf(hinge: SIMD2(2.4, 0), degrees: 60), Self.leaf(hinge: SIMD2(1.0, 0), degrees: 60)] {
            var one = [Self.wall(along: SIMD2(1, 0), from: .zero, range: 0...2)]
            WallCandidates.hingeDoorways(&one, leaves: [leaf])
            #expect(one[0].range == 0...2, "\(leaf)")
        }
    }
}
