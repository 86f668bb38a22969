import Foundation
import PlumbKernel
import Testing
import Plumbline

/// Guidance from synthetic box-room frames: each bad condition fires its instruction, good frames don't.
@Suite("Capture instructions")
struct CaptureInstructionTests {
    typealias F = CaptureFixtures

    /// Feeds frames through a fusion map and an advisor; returns the instruction after each frame.
    static func instructions(_ frames: [DepthFrame]) -> [CaptureInstruction] {
        var map = FusedVoxelMap(voxelSize: 0.02, capacity: 1_000_000, origin: SIMD3(2, 1, 1))
        var advisor = InstructionAdvisor(thresholds: InstructionThresholds())
        return frames.enumerated().map { i, f in
            let s = map.integrate(f, frameNumber: UInt32(i + 1), minimumConfidence: 1, depthRange: 0.1...5)
            return advisor.update(frame: f, statistics: s)
        }
    }

    @Test func goodFramesStayNormal() {
        let got = Self.instructions(F.slowWalk(count: 25))
        #expect(got.allSatisfy { $0 == .normal }, "\(got)")
    }

    @Test func tooCloseAsksToMoveAway() {
        // Camera 0.25 m from the x = 4 wall, looking at it.
        let frames = (0..<8).map { i in
            F.frame(pose: F.pose(SIMD3(3.75, 1.4, 1.5), yaw: -.pi / 2 + 0.01 * Double(i)), timestamp: Double(i) * 0.1)
        }
        let got = Self.instructions(frames)
        #expect(got.prefix(2).allSatisfy { $0 == .normal }, "needs 3 frames in a row: \(got)")
        #expect(got.suffix(6).allSatisfy { $0 == .moveAwayFromWall }, "\(got)")
    }

    @Test func tooFarAsksToMoveCloser() {
        // A hall 16 m wide and 10 m high: the whole view is the end wall, 9 m away (this fixture's sensor
        // reaches 12 m).
        let hall = F.BoxRoom(width: 16, height: 10, depth: 16)
        let frames = (0..<8).map { i in
            F.frame(room: hall, pose: F.pose(SIMD3(8, 5, 9), yaw: 0.01 * Double(i)), timestamp: Double(i) * 0.1, maxRange: 12)
        }
        let got = Self.instructions(frames)
        #expect(got.suffix(5).allSatisfy { $0 == .moveCloseToWall }, "\(got)")
    }

    @Test func tooFastAsksToSlowDown() {
        // 2 m/s sideways.
        let fast = (0..<8).map { i in
            F.frame(pose: F.pose(SIMD3(0.8 + 0.2 * Double(i), 1.4, 1.5), yaw: 0), timestamp: Double(i) * 0.1)
        }
        #expect(Self.instructions(fast).suffix(4).allSatisfy { $0 == .slowDown })
        // Turning 180°/s in place.
        let spin = (0..<8).map { i in
            F.frame(pose: F.pose(SIMD3(2, 1.4, 1.5), yaw: Double(i) * 0.1 * .pi), timestamp: Double(i) * 0.1)
        }
        #expect(Self.instructions(spin).suffix(4).allSatisfy { $0 == .slowDown })
    }

    @Test func darkAsksForLight() {
        let got = Self.instructions(F.slowWalk(count: 8, lux: 20))
        #expect(got.suffix(6).allSatisfy { $0 == .turnOnLight }, "\(got)")
    }

    @Test func fewReturnsIsLowTexture() {
        let frames = (0..<8).map { i in
            F.frame(pose: F.pose(SIMD3(2, 1.4, 1.5), yaw: 0.01 * Double(i)), timestamp: Double(i) * 0.1, dropout: 0.8)
        }
        #expect(Self.instructions(frames).suffix(5).allSatisfy { $0 == .lowTexture })
    }

    /// Hysteresis: after the light comes back to 60 lux (between the 50 lux enter and 80 lux leave
    /// thresholds) the instruction stays; at 200 lux it clears after 5 frames.
    @Test func hysteresisHoldsAndClears() {
        let dark = F.slowWalk(count: 6, lux: 20)
        let dim = F.slowWalk(count: 6, first: 6, lux: 60)
        let lit = F.slowWalk(count: 8, first: 12, lux: 200)
        let got = Self.instructions(dark + dim + lit)
        #expect(got[5...11].allSatisfy { $0 == .turnOnLight }, "\(got)")
        #expect(got[12...15].allSatisfy { $0 == .turnOnLight }, "\(got)")
        #expect(got[16...].allSatisfy { $0 == .normal }, "\(got)")
    }

    /// Jittery timestamps with a slow motion do not fire slowDown (the motion window averages).
    @Test func timestampJitterDoesNotFireSlowDown() {
        var frames = F.slowWalk(count: 20)
        for i in frames.indices { frames[i].timestamp += (i % 2 == 0 ? 0.03 : -0.03) }
        #expect(Self.instructions(frames).allSatisfy { $0 == .normal })
    }
}
