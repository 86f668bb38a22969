import Foundation
import Testing
import PlumbKernel

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

    /// A window (sparse glass returns 7.5 cm behind the face) next to a wall patch the scanner never saw.
    func windowBesideUnscanned(window w: (u0: Double, u1: Double, v0: Double, v1: Double),
                               unscanned x: (u0: Double, u1: Double, v0: Double, v1: Double)) -> [WallOpeningDetector.Opening] {
        let cloud = wall(hole: { u, v in inRect(u, v, w.u0, w.u1, w.v0, w.v1) || inRect(u, v, x.u0, x.u1, x.v0, x.v1) },
                         extra: sheet(w.u0, w.u1, w.v0, w.v1, depth: 0.075, step: 0.05))
        return WallOpeningDetector.detect(in: cloud, patch: patch)
    }

    @Test("a window touching an unscanned wall area keeps its own size",
          arguments: [
            // Small high window; the wall above it and to the right was never seen, up to the ceiling and the
            // wall's end, and the unseen area touches the window's top right corner.
            ((2.0, 2.6, 1.4, 2.0), (2.56, 5.0, 1.96, 2.6)),
            // Large window with an enclosed unseen patch overlapping its bottom right corner.
            ((0.5, 2.1, 0.8, 2.3), (2.0, 3.0, 0.6, 1.1)),
          ])
    func windowBesideUnscannedArea(window: (Double, Double, Double, Double), unscanned: (Double, Double, Double, Double)) {
        let found = windowBesideUnscanned(window: window, unscanned: unscanned)
        #expect(found.count == 1, "\(found)")
        guard let o = found.first else { return }
        #expect(abs(o.uMin - window.0) < 0.04 && abs(o.uMax - window.1) < 0.04, "\(o)")
        #expect(abs(o.vMin - window.2) < 0.04 && abs(o.vMax - window.3) < 0.04, "\(o)")
    }

    @Test("single stray returns behind a wall-hung TV are no window")
    func straysBehindTV() {
        // TV 1.2 x 0.7 m, 5 cm in front of the wall, hiding it; one return per 4 cm cell 30 cm behind the wall
        // over 0.6 x 0.6 m of the hidden area (rays that slipped past the TV's edge).
        var extra: [SIMD3<Double>] = []
        for u in stride(from: 1.5, through: 2.7, by: 0.02) {
            for v in stride(from: 1.2, through: 1.9, by: 0.02) { extra.append(SIMD3(u, v, 0.05)) }
        }
        for u in stride(from: 1.82, to: 2.4, by: 0.04) {
            for v in stride(from: 1.30, to: 1.9, by: 0.04) { extra.append(SIMD3(u, v, -0.3)) }
        }
        let cloud = wall(hole: { u, v in inRect(u, v, 1.5, 2.7, 1.2, 1.9) }, extra: extra)
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.isEmpty, "\(found)")
    }

    @Test("wall seen under furniture at the floor is no door, a doorway beside it is")
    func lowFloorHole() {
        // A 1.2 m wide, 0.6 m high floor-level patch seen through (the next room under a low cabinet) and a
        // 0.9 x 2.05 m doorway.
        let cloud = wall(hole: { u, v in inRect(u, v, 0.8, 2.0, 0, 0.6) || inRect(u, v, 3.0, 3.9, 0, 2.05) },
                         extra: sheet(0.8, 2.0, 0.05, 0.6, depth: 1.0, step: 0.03)
                            + sheet(3.0, 3.9, 0.05, 2.05, depth: 2.0, step: 0.03))
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let door = found.first else { return }
        #expect(abs(door.uMin - 3.0) < 0.04 && abs(door.uMax - 3.9) < 0.04, "\(door)")
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
    @Test("furniture beside a doorway with strays in front is no leaf: a leafless doorway is an opening")
    func furnitureBesideDoorwayIsNoLeaf() {
        var rng = SeededGenerator(seed: 7)
        var extra = sheet(0.6, 1.5, 0.05, 2.05, depth: 2.0, step: 0.03)  // the next room through the doorway
        // A cabinet front 75 cm out beside the doorway (u 1.6...2.4, up to 1.8 m): seen from the jamb at u = 1.5
        // it crosses every direction at one distance.
        for u in stride(from: 1.6, through: 2.4, by: 0.015) {
            for v in stride(from: 0.3, through: 1.8, by: 0.015) { extra.append(SIMD3(u, v, 0.75)) }
        }
        // Stray returns scattered in the air between the jamb and the cabinet (mixed pixels, noise).
        for _ in 0..<200 {
            extra.append(SIMD3(1.5 + 0.9 * rng.nextUnitDouble(), 0.3 + 1.5 * rng.nextUnitDouble(), 0.08 + 0.6 * rng.nextUnitDouble()))
        }
        let cloud = wall(hole: { u, v in inRect(u, v, 0.6, 1.5, 0, 2.05) }, extra: extra)
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let o = found.first else { return }
        #expect(abs(o.uMin - 0.6) < 0.03 && abs(o.uMax - 1.5) < 0.03)
        #expect(o.leaf == nil, "a leaf was read from the cabinet front: \(String(describing: o.leaf))")
    }

    @Test("a leaf partly hidden near its free edge is still a leaf", arguments: [0.0, 0.25])
    func partlyHiddenLeaf(hiddenFraction: Double) {
        var leaf: [SIMD3<Double>] = []
        let angle = 100.0 * .pi / 180, width = 0.9
        for r in stride(from: 0.02, through: width * (1 - hiddenFraction), by: 0.015) {
            for v in stride(from: 0.0, through: 2.0, by: 0.02) {
                leaf.append(SIMD3(0.6 + r * cos(angle), v, r * sin(angle)))  // hinge at u = 0.6, into the room
            }
        }
        let cloud = wall(hole: { u, v in inRect(u, v, 0.6, 1.5, 0, 2.05) },
                         extra: sheet(0.6, 1.5, 0.05, 2.05, depth: 2.0, step: 0.03) + leaf)
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1)
        guard let l = found.first?.leaf else {
            Issue.record("no leaf found")
            return
        }
        #expect(l.hingeSide == 0 && l.intoRoom)
        #expect(abs(l.angle - angle) < 0.05)
    }

    /// A scan of the 5 m x 2.6 m wall (z = 0, room on +z) from `sensor`, ray-cast over a grid of directions:
    /// a ray crossing the wall plane inside `hole` (u0, u1, v0, v1) goes on to the space behind (floor v = 0,
    /// ceiling v = 2.6, back wall 3 m behind), any other one hits the wall; points carry the sensor's frame.
    /// `beyond` adds vertical panels behind the wall, each at x = `x` from z = `z.0` to `z.1` (negative), up to `top`.
    func rayCastScan(sensor: SIMD3<Double>, hole: (Double, Double, Double, Double), withSensor: Bool = true,
                     beyond panels: [(x: Double, z: (Double, Double), top: Double)] = []) -> PointCloud {
        var c = PointCloud()
        var frames: [UInt32] = []
        for a in stride(from: -1.4, through: 1.4, by: 0.004) {
            for b in stride(from: -0.9, through: 0.8, by: 0.004) {
                let d = SIMD3(sin(a) * cos(b), sin(b), -cos(a) * cos(b))  // towards the wall (-z)
                let t = -sensor.z / d.z
                let x = sensor + t * d
                guard x.x >= 0, x.x <= 5, x.y >= 0, x.y <= 2.6 else { continue }
                var hit = x
                if x.x >= hole.0, x.x <= hole.1, x.y >= hole.2, x.y <= hole.3 {
                    // Beyond: the nearest of back wall, floor and ceiling along the ray.
                    var tt = (-3 - sensor.z) / d.z
                    if d.y < 0 { tt = Swift.min(tt, -sensor.y / d.y) }
                    if d.y > 0 { tt = Swift.min(tt, (2.6 - sensor.y) / d.y) }
                    for panel in panels where d.x != 0 {
                        let tp = (panel.x - sensor.x) / d.x
                        let q = sensor + tp * d
                        if tp > t, tp < tt, q.z >= panel.z.0, q.z <= panel.z.1, q.y >= 0, q.y <= panel.top { tt = tp }
                    }
                    hit = sensor + tt * d
                }
                c.append(local: SIMD3<Float>(hit))
                frames.append(0)
            }
        }
        if withSensor {
            c.frameIndex = frames
            c.sensorOrigins = [sensor]
        }
        return c
    }

    @Test("seen through from a known sensor, a doorway is found whole: floor to head, though its foot only grazes the floor beyond")
    func doorwayFromSensorRays() {
        let cloud = rayCastScan(sensor: SIMD3(2.0, 1.4, 2.2), hole: (0.6, 1.5, 0, 2.05))
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let o = found.first else { return }
        #expect(abs(o.uMin - 0.6) < 0.04 && abs(o.uMax - 1.5) < 0.04, "\(o)")
        #expect(o.vMin == 0, "a doorway reaches the floor: \(o)")
        #expect(abs(o.vMax - 2.05) < 0.05, "\(o)")
        #expect(o.leaf == nil)
    }

    @Test("a wall beyond flush with a jamb, seen through a doorway as deep as a leaf is wide, is no leaf; a leaf swung away is one")
    func wallFlushWithJambIsNoLeaf() {
        let sensor = SIMD3(2.3, 1.4, 1.8), hole = (0.6, 1.5, 0.0, 2.05)
        // The space beyond is a corridor whose wall continues the jamb at u = 0.6, floor to ceiling.
        let corridor = rayCastScan(sensor: sensor, hole: hole, beyond: [(x: 0.6, z: (-3, 0), top: 2.6)])
        let passage = WallOpeningDetector.detect(in: corridor, patch: patch)
        #expect(passage.count == 1, "\(passage)")
        #expect(passage.first?.leaf == nil, "the corridor wall was read as a leaf: \(String(describing: passage.first?.leaf))")
        // A leaf 0.9 m wide hung on the same jamb, swung away to 90 degrees: it ends under the head.
        let door = rayCastScan(sensor: sensor, hole: hole, beyond: [(x: 0.6, z: (-0.9, -0.01), top: 2.03)])
        let found = WallOpeningDetector.detect(in: door, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let l = found.first?.leaf else {
            Issue.record("no leaf found: \(found)")
            return
        }
        #expect(l.hingeSide == 0 && !l.intoRoom)
        #expect(abs(l.angle - .pi / 2) < 0.1)
    }

    @Test("under a passage to the ceiling (no head to hang a leaf under), a wall flush with a jamb is no leaf")
    func fullHeightPassageWallIsNoLeaf() {
        let sensor = SIMD3(2.3, 1.4, 1.8), hole = (0.6, 1.5, 0.0, 2.6)
        // The corridor's wall continues the jamb at u = 0.6, floor to ceiling: its end is never seen.
        let corridor = rayCastScan(sensor: sensor, hole: hole, beyond: [(x: 0.6, z: (-3, 0), top: 2.6)])
        let passage = WallOpeningDetector.detect(in: corridor, patch: patch)
        #expect(passage.count == 1, "\(passage)")
        #expect(passage.first?.leaf == nil, "the corridor wall was read as a leaf: \(String(describing: passage.first?.leaf))")
    }

    @Test("seen through from a known sensor, a window keeps its sill: the wall under it was seen")
    func windowFromSensorRays() {
        let cloud = rayCastScan(sensor: SIMD3(2.0, 1.4, 2.2), hole: (2.2, 3.4, 0.9, 2.1))
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let o = found.first else { return }
        #expect(abs(o.uMin - 2.2) < 0.04 && abs(o.uMax - 3.4) < 0.04, "\(o)")
        #expect(abs(o.vMin - 0.9) < 0.05 && abs(o.vMax - 2.1) < 0.05, "\(o)")
    }

    // MARK: doors framed by casings (phone-like noise: σ 8 mm along the normal, 1 % outliers, 5 % dropout)

    /// Where the framed door of these tests lies: hole u 1.5…2.35, v 0…2.05; casings 7 cm wide, 1.8 cm proud.
    static let hole = (u0: 1.5, u1: 2.35, v1: 2.05)

    /// What fills the door hole in a test.
    enum Inside { case leafAtFace, leafFarSide, open }

    /// A 5 m x 2.6 m wall sampled about every 1.5 cm with noisy depth `surface(u, v)` (nil = nothing there); 5 %
    /// of samples dropped, 1 % moved 10…60 cm along the normal; `extra` points appended (noise added to them too).
    func noisyWall(seed: UInt64, surface: (Double, Double) -> Double?,
                   extra: [(point: SIMD3<Double>, normal: SIMD3<Double>)] = [], sigma: Double = 0.008) -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        var c = PointCloud()
        func emit(_ p: SIMD3<Double>, normal: SIMD3<Double>) {
            if Double.random(in: 0..<1, using: &rng) < 0.05 { return }
            var q = p + normal * (rng.nextGaussian() * sigma)
            if Double.random(in: 0..<1, using: &rng) < 0.01 {
                q += normal * (Double.random(in: 0.1...0.6, using: &rng) * (Bool.random(using: &rng) ? 1 : -1))
            }
            c.append(local: SIMD3<Float>(q))
        }
        // Samples every 1.5 cm, each jittered within its cell as a scanner's footprints are.
        for u0 in stride(from: 0.0, to: 5, by: 0.015) {
            for v0 in stride(from: 0.0, to: 2.6, by: 0.015) {
                let u = u0 + Double.random(in: 0..<0.015, using: &rng), v = v0 + Double.random(in: 0..<0.015, using: &rng)
                if let d = surface(u, v) { emit(SIMD3(u, v, d), normal: [0, 0, 1]) }
            }
        }
        for e in extra { emit(e.point, normal: e.normal) }
        return c
    }

    /// Depth of the door wall: casings proud round the hole's sides and head, `inside` in the hole.
    func doorSurface(_ inside: Inside, hole: (u0: Double, u1: Double, v1: Double) = hole) -> (Double, Double) -> Double? {
        let h = hole, cw = 0.07
        return { u, v in
            let inHole = u >= h.u0 && u < h.u1 && v < h.v1
            if inHole {
                // 3 mm gaps at the jambs and head, 1 cm undercut: nothing returns from them.
                guard u > h.u0 + 0.003, u < h.u1 - 0.003, v > 0.01, v < h.v1 - 0.003 else { return nil }
                switch inside {
                case .leafAtFace: return -0.006
                case .leafFarSide: return -(0.2 - 0.04 - 0.006)
                case .open: return nil
                }
            }
            if u >= h.u0 - cw && u < h.u1 + cw && v < h.v1 + cw { return 0.018 }
            return 0
        }
    }

    @Test("a closed door framed by casings, seen from its swing side (no hole, leaf 6 mm back), is found with its size")
    func closedDoorSwingSide() {
        let cloud = noisyWall(seed: 11, surface: doorSurface(.leafAtFace))
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let d = found.first else { return }
        #expect(d.frame != nil)
        #expect(d.vMin < 0.05)
        #expect(abs(d.uMin - Self.hole.u0) < 0.02 && abs(d.uMax - Self.hole.u1) < 0.02, "\(d.uMin) \(d.uMax)")
        #expect(abs(d.vMax - Self.hole.v1) < 0.02, "\(d.vMax)")
        guard case let .recessed(depth) = d.filling else {
            Issue.record("leaf not seen: \(d.filling)")
            return
        }
        #expect(depth < 0.02, "\(depth)")
    }

    @Test("a closed patio door 2.6 m wide, seen from its swing side, is found by its frame with its size")
    func wideClosedDoorSwingSide() {
        let hole = (u0: 1.0, u1: 3.6, v1: 2.1)
        let cloud = noisyWall(seed: 16, surface: doorSurface(.leafAtFace, hole: hole))
        let frames = DoorFrameDetector.detect(in: cloud, patch: patch)
        #expect(frames.count == 1, "\(frames)")
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let d = found.first else { return }
        #expect(d.frame != nil && d.vMin < 0.05)
        #expect(abs(d.uMin - hole.u0) < 0.02 && abs(d.uMax - hole.u1) < 0.02, "\(d.uMin) \(d.uMax)")
        #expect(abs(d.vMax - hole.v1) < 0.02, "\(d.vMax)")
        // Turned off, the frame is too wide for a door.
        var narrow = DoorFrameDetector.Options()
        narrow.maximumWideWidth = narrow.widthRange.upperBound
        #expect(DoorFrameDetector.detect(in: cloud, patch: patch, options: narrow).isEmpty)
    }

    @Test("two floor-to-ceiling pilasters 2.5 m apart under a 2.4 m ceiling are no wide door: the 'head' is the ceiling")
    func pilastersUnderTheCeilingAreNoWideDoor() {
        let top = 2.4
        let low = WallPatch(start: [0, 0, 0], end: [5, 0, 0], up: [0, 1, 0], height: top, roomSide: [2, 1, 2])
        // Ceiling points along the wall's top edge, reaching 6 cm out into the room.
        var extra: [(point: SIMD3<Double>, normal: SIMD3<Double>)] = []
        for u in stride(from: 0.0, to: 5, by: 0.015) {
            for s in stride(from: 0.0, through: 0.3, by: 0.015) { extra.append((SIMD3(u, top, s), [0, 1, 0])) }
        }
        let surface: (Double, Double) -> Double? = { u, v in
            guard v < top else { return nil }
            return (u >= 1.0 && u < 1.07) || (u >= 3.57 && u < 3.64) ? 0.018 : 0
        }
        let cloud = noisyWall(seed: 17, surface: surface, extra: extra)
        #expect(DoorFrameDetector.detect(in: cloud, patch: low).isEmpty)
        #expect(WallOpeningDetector.detect(in: cloud, patch: low).isEmpty)
        // Under a higher wall top the same rows would be a head casing: the wall top is what rules them out.
        let high = WallPatch(start: [0, 0, 0], end: [5, 0, 0], up: [0, 1, 0], height: 3.0, roomSide: [2, 1, 2])
        #expect(DoorFrameDetector.detect(in: cloud, patch: high).count == 1)
    }

    @Test("the same door seen from the side away from its swing (leaf 15 cm back) is a framed recess")
    func closedDoorFarSide() {
        let cloud = noisyWall(seed: 12, surface: doorSurface(.leafFarSide))
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let d = found.first else { return }
        #expect(d.frame != nil)
        #expect(abs(d.uMin - Self.hole.u0) < 0.03 && abs(d.uMax - Self.hole.u1) < 0.03, "\(d.uMin) \(d.uMax)")
        #expect(abs(d.vMax - Self.hole.v1) < 0.03, "\(d.vMax)")
        guard case let .recessed(depth) = d.filling else {
            Issue.record("leaf not seen as a recess: \(d.filling)")
            return
        }
        #expect(abs(depth - 0.154) < 0.02, "\(depth)")
    }

    @Test("an open framed door: the hole, its frame and the leaf at 70 degrees")
    func openFramedDoor() {
        let angle = 70.0 * .pi / 180
        var extra: [(point: SIMD3<Double>, normal: SIMD3<Double>)] = []
        let n = SIMD3<Double>(sin(angle), 0, -cos(angle))  // the leaf's normal
        for r in stride(from: 0.02, through: 0.84, by: 0.015) {
            for v in stride(from: 0.01, through: 2.04, by: 0.015) {
                extra.append((SIMD3(Self.hole.u0 + r * cos(angle), v, r * sin(angle)), n))
            }
        }
        for u in stride(from: Self.hole.u0, to: Self.hole.u1, by: 0.03) {
            for v in stride(from: 0.0, to: 2.05, by: 0.03) { extra.append((SIMD3(u, v, -2.0), [0, 0, 1])) }  // the next room
        }
        let cloud = noisyWall(seed: 13, surface: doorSurface(.open), extra: extra)
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.count == 1, "\(found)")
        guard let d = found.first else { return }
        #expect(abs(d.width - 0.85) < 0.04 && abs(d.vMax - Self.hole.v1) < 0.04, "width \(d.width) top \(d.vMax) frame \(String(describing: d.frame))")
        #expect(d.frame != nil)
        guard let leaf = d.leaf else {
            Issue.record("no leaf")
            return
        }
        #expect(leaf.hingeSide == 0 && leaf.intoRoom)
        #expect(abs(leaf.angle - angle) < 0.08, "\(leaf.angle)")
    }

    @Test("skirting, a wall-hung cabinet and a wardrobe against a plain wall give no door")
    func noDoorOnFurnishedWall() {
        var extra: [(point: SIMD3<Double>, normal: SIMD3<Double>)] = []
        let front = SIMD3<Double>(0, 0, 1), side = SIMD3<Double>(1, 0, 0), bottom = SIMD3<Double>(0, 1, 0)
        // Wall cabinet 1.0…2.0 m along, 1.4…2.1 m up, 35 cm deep: front, bottom and both sides.
        for u in stride(from: 1.0, through: 2.0, by: 0.015) {
            for v in stride(from: 1.4, through: 2.1, by: 0.015) { extra.append((SIMD3(u, v, 0.35), front)) }
            for s in stride(from: 0.0, through: 0.35, by: 0.015) { extra.append((SIMD3(u, 1.4, s), bottom)) }
        }
        for v in stride(from: 1.4, through: 2.1, by: 0.015) {
            for s in stride(from: 0.0, through: 0.35, by: 0.015) {
                extra.append((SIMD3(1.0, v, s), side)); extra.append((SIMD3(2.0, v, s), side))
            }
        }
        // Wardrobe 0.9 m wide (a door's width), floor to 2.0 m, 60 cm deep, its back against the wall.
        for v in stride(from: 0.0, through: 2.0, by: 0.015) {
            for u in stride(from: 3.0, through: 3.9, by: 0.015) { extra.append((SIMD3(u, v, 0.6), front)) }
            for s in stride(from: 0.0, through: 0.6, by: 0.015) {
                extra.append((SIMD3(3.0, v, s), side)); extra.append((SIMD3(3.9, v, s), side))
            }
        }
        let surface: (Double, Double) -> Double? = { u, v in
            if u >= 1.0 && u <= 2.0 && v >= 1.4 && v <= 2.1 { return nil }  // hidden behind the cabinet
            if u >= 3.0 && u <= 3.9 && v <= 2.0 { return nil }               // hidden behind the wardrobe
            return v < 0.08 ? 0.015 : 0                                      // skirting 8 cm high, 1.5 cm proud
        }
        let cloud = noisyWall(seed: 14, surface: surface, extra: extra)
        let found = WallOpeningDetector.detect(in: cloud, patch: patch)
        #expect(found.isEmpty, "\(found)")
        #expect(DoorFrameDetector.detect(in: cloud, patch: patch).allSatisfy { $0.insideDepth == nil })
        // And a plain wall.
        let plain = noisyWall(seed: 15, surface: { _, _ in 0 })
        #expect(WallOpeningDetector.detect(in: plain, patch: patch).isEmpty)
        #expect(DoorFrameDetector.detect(in: plain, patch: patch).isEmpty)
    }
}
