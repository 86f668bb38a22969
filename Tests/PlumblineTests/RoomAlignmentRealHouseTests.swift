import Foundation
import PlumbKernel
import Plumbline
import Testing

/// The 11 real RoomPlan rooms of `../shared/data/roomplan-house/MyHome` (captured in one frame, so
/// their true relative poses are known) moved by seeded random rigid motions and re-aligned.
/// Skips when the shared data is absent, and unless `PLUMB_ALIGN_REAL=1` (it takes about 4 minutes on
/// two busy cores: the alignment search is slow on 11 real rooms). Prints what it measured; today the
/// alignment refuses (ambiguous) — see the align report.
@Suite struct RoomAlignmentRealHouseTests {
    @Test func scrambledMyHomeRealigns() throws {
        guard ProcessInfo.processInfo.environment["PLUMB_ALIGN_REAL"] == "1" else {
            print("skipped: set PLUMB_ALIGN_REAL=1 to run")
            return
        }
        guard let rooms = StructureRealHouseTests.rooms else {
            print("skipped: ../shared/data/roomplan-house absent")
            return
        }
        var g = SeededGenerator(seed: 17)
        var motions: [PlanarPose] = [.identity]
        for _ in rooms.dropFirst() {
            motions.append(PlanarPose(yaw: Double.random(in: -Double.pi...Double.pi, using: &g),
                                      translation: SIMD3(Double.random(in: -8...8, using: &g), Double.random(in: -1...1, using: &g), Double.random(in: -8...8, using: &g))))
        }
        let moved = zip(rooms, motions).map { $0.transformed(by: $1.transform) }
        let clock = ContinuousClock(), start = clock.now
        let outcome = Result { try RoomAligner().align(moved) }
        let d = clock.now - start
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        switch outcome {
        case let .failure(e):
            print("MyHome realign: failed after \(seconds) s: \(e)")
        case let .success(placements):
            var errors: [(Double, Double)] = []
            for k in rooms.indices {
                let c = SIMD2<Double>(rooms[k].floorPolygons.compactMap(\.centroid).first ?? .zero)
                let e = placements[k].pose * motions[k]
                let v = e.apply(plan: c) - c
                errors.append(((v * v).sum().squareRoot(), abs(e.yaw) * 180 / .pi))
            }
            print("MyHome realign in \(seconds) s: per-room plan error (m) / yaw error (°): \(errors.map { String(format: "%.3f/%.2f", $0.0, $0.1) })")
            let good = errors.filter { $0.0 < 0.1 && $0.1 < 1 }.count
            print("MyHome realign: \(good)/\(rooms.count) rooms within 10 cm and 1°")
        }
    }
}
