import Foundation
import Testing
@testable import PlumbKernel

@Suite("Openings from wall point density")
struct WallOpeningDetectorTests {
    /// A 5 m x 2.6 m wall in the plane z = 0 (room on +z), x along the wall, y up, sampled every `step` m
    /// with Gaussian noise `sigma` along z. `hole(u, v)` removes wall samples; extra points are appended.
    func wall(step: Double = 0.015, sigma: Double = 0.004, seed: UInt64 = 1,
              hole: (Double, Double) -> Bool, extra: [SIMD3<Double>] = []) -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        var pts: [SIMD3<Double>] = []
        var u = 0.0
        while u < 5 {
            var v = 0.0
            while v < 2.6 {
                if !hole(u, v) { pts.append(SIMD3(u, v, rng.nextGaussian() * sigma)) }
                v += step
            }
            u += step
        }
        pts += extra
        var c = PointCloud()
        for p in pts { c.append(local: SIMD3<Float>(p)) }
        return c
    }

    let patch = WallPatch(start: [0, 0, 0], end: [5, 0, 0], up: [0, 1, 0], height: 2.6, roomSide: [2, 1, 2])

    func inRect(_ u: Double, _ v: Double, _ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double) -> Bool {
        u >= u0 && u <= u1 && v >= v0 && v <= v1
    }

    /// Points on a plane patch behind the wall at depth `d` (s = -d) covering the rectangle.
    func sheet(_ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double, depth: Double, step: Double = 0.02) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        var u = u0
        while u <= u1 {
            var v = v0
            while v <= v1 {
                out.append(SIMD3(u, v, -depth))
                v += step
            }
            u += step
        }
        return out
    }

    @Test("a doorway seen through, a glazed window and a closed door are found with their sizes")
    func openings() {
        let cloud = wall(hole: { u, v in
            inRect(u, v, 0.6, 1.5, 0, 2.05) || inRect(u, v, 2.2, 3.4, 0.9, 2.1) || inRect(u, v, 3.9, 4.7, 0, 2.0)
        }, extra: sheet(0.6, 1.5, 0.05, 2.05, depth: 2.0, step: 0.03)   // the next room through the doorway
            + sheet(2.2, 3.4, 0.9, 2.1, depth: 0.08, step: 0.05)         // sparse glass returns
            + sheet(3.9, 4.7, 0.05, 2.0, depth: 0.05))                    // closed door leaf set back 5 cm
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 3, "\(found)")
        guard found.count == 3 else { return }
        let door = found[0], window = found[1], closed = found[2]
        #expect(abs(door.uMin - 0.6) < 0.03 && abs(door.uMax - 1.5) < 0.03)
        #expect(door.vMin < 0.05 && abs(door.vMax - 2.05) < 0.03)
        #expect(door.filling == .none)
        #expect(abs(window.vMin - 0.9) < 0.03 && abs(window.vMax - 2.1) < 0.03)
        #expect(abs(window.width - 1.2) < 0.05)
        guard case let .recessed(depth) = closed.filling else {
            Issue.record("closed door leaf not seen as a recess: \(closed.filling)")
            return
        }
        #expect(abs(depth - 0.05) < 0.01)
    }

    @Test("furniture in front of the wall and a never-seen patch are not openings")
    func occludedAndUnseen() {
        var wardrobe: [SIMD3<Double>] = []
        for u in stride(from: 1.0, through: 2.0, by: 0.02) {
            for v in stride(from: 0.0, through: 2.0, by: 0.02) { wardrobe.append(SIMD3(u, v, 0.6)) }
        }
        let cloud = wall(hole: { u, v in inRect(u, v, 1.0, 2.0, 0, 2.0) || inRect(u, v, 3, 4, 1.8, 2.5) },
                         extra: wardrobe)
        #expect(WallOpeningDetector.detect(in: cloud, patch: patch).isEmpty)
    }

    @Test("an open door leaf at 60 degrees is found on its hinge side")
    func openLeaf() {
        var leaf: [SIMD3<Double>] = []
        let angle = 60.0 * .pi / 180
        for r in stride(from: 0.02, through: 0.85, by: 0.015) {
            for v in stride(from: 0.0, through: 2.0, by: 0.02) {
                leaf.append(SIMD3(1.5 - r * cos(angle), v, r * sin(angle)))  // hinge at u = 1.5, into the room
            }
        }
        let cloud = wall(hole: { u, v in inRect(u, v, 0.6, 1.5, 0, 2.05) },
                         extra: sheet(0.6, 1.5, 0.05, 2.05, depth: 2.0, step: 0.03) + leaf)
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1)
        guard let door = found.first, let l = door.leaf else {
            Issue.record("no leaf found")
            return
        }
        #expect(l.hingeSide == 1)
        #expect(l.intoRoom)
        #expect(abs(l.angle - angle) < 0.05)
    }
}
