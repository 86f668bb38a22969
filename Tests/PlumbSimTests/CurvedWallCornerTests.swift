import Foundation
import Testing
import Plumbline
import PlumbSim

/// Corners where curved_wall_room's arc meets its straight walls, on simulated phone scans (seeds 1–3).
/// A wall surface's plan ends are local x = ±width/2 (`planCenterLine`), so a curved wall's width must be its
/// chord: with the arc length there (the model's old convention, not the truth's) the arc's ends lay 0.29 m
/// past the corners along the chord and corner F1 at 5 cm was 0.8.
@Suite struct CurvedWallCornerTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func arcEndsMeetTheStraightWalls(seed: UInt64) throws {
        let plan = try PlanFixtures.load("curved_wall_room")
        let o = try #require(ScanBuildEvaluation.run(plan: plan, preset: .phone, seed: seed).first)
        let room = try #require(o.room, "seed \(seed): \(o.failure ?? "")")
        let report = try #require(o.report)
        let c = report.aggregate.corners5cm
        #expect(c.falsePositives == 0 && c.falseNegatives == 0, "seed \(seed): corners \(c)")
        let arc = try #require(room.walls.first { $0.curve != nil }, "seed \(seed): no curved wall")
        let curve = try #require(arc.curve)
        // Width = chord of the arc (2 r sin(sweep / 2)), and both plan ends within 5 cm of a straight wall's end.
        let chord = 2 * curve.radius * sin(abs(curve.endAngle - curve.startAngle) / 2)
        #expect(abs(arc.dimensions.x - chord) < 1e-3, "seed \(seed): width \(arc.dimensions.x), chord \(chord)")
        func dist(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { ((a - b) * (a - b)).sum().squareRoot() }
        let line = arc.planCenterLine
        let straightEnds = room.walls.filter { $0.curve == nil }.flatMap { w -> [SIMD2<Float>] in
            let l = w.planCenterLine
            return [l.start, l.end]
        }
        for end in [line.start, line.end] {
            let d = straightEnds.map { dist($0, end) }.min() ?? .infinity
            #expect(d < 0.05, "seed \(seed): arc end \(end) is \(d) m from the nearest straight wall end")
        }
        // The arc's end points (centre ± radius at its angles, local frame) are the same two corners.
        for angle in [curve.startAngle, curve.endAngle] {
            let local = SIMD3(curve.center.x + curve.radius * cos(angle), 0, curve.center.y + curve.radius * sin(angle))
            let p = arc.transform.apply(toPoint: local)
            let d = min(dist(SIMD2(p.x, p.z), line.start), dist(SIMD2(p.x, p.z), line.end))
            #expect(d < 0.005, "seed \(seed): arc point at \(angle) rad is \(d) m from the wall's plan ends")
        }
    }
}
