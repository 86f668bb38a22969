import Foundation
import PlumbKernel
import Testing
import Plumbline

@Suite("Transform4x4")
struct Transform4x4Tests {
    /// Random rigid transforms from a seeded generator: yaw/pitch/roll rotations plus a translation.
    static func randomRigid(_ g: inout SeededGenerator) -> Transform4x4 {
        func angle() -> Float { (g.nextUnitFloat() * 2 - 1) * .pi }
        let yaw = Transform4x4(yaw: angle(), translation: .zero)
        let (a, b) = (angle(), angle())
        let rx = Transform4x4(
            xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, cos(a), sin(a)), zAxis: SIMD3(0, -sin(a), cos(a)), translation: .zero)
        let rz = Transform4x4(
            xAxis: SIMD3(cos(b), sin(b), 0), yAxis: SIMD3(-sin(b), cos(b), 0), zAxis: SIMD3(0, 0, 1), translation: .zero)
        var t = yaw * rx * rz
        t.translation = SIMD3(g.nextUnitFloat() * 20 - 10, g.nextUnitFloat() * 4 - 2, g.nextUnitFloat() * 20 - 10)
        return t
    }

    @Test func layoutIsColumnMajorLikeRoomPlan() throws {
        // Bedroom3 door: columns are local x, y, z, then the centre.
        let values: [Float] = [0.99007684, 0, 0.14052735, 0, 0, 1, 0, 0, -0.14052735, 0, 0.99007684, 0,
                               0.3555906, -0.43418968, 13.05761, 1]
        let t = try #require(Transform4x4(values))
        #expect(t.translation == SIMD3(0.3555906, -0.43418968, 13.05761))
        #expect(t.xAxis == SIMD3(0.99007684, 0, 0.14052735) && t.zAxis == SIMD3(-0.14052735, 0, 0.99007684))
        #expect(t.array == values)
        #expect(t.isRigid())
        // Local (w/2, 0, 0) lands at centre + w/2 · x axis.
        let p = t.apply(toPoint: SIMD3(0.5, 0, 0))
        #expect(length(p - (t.translation + 0.5 * t.xAxis)) < 1e-6)
        // yaw = atan2(-x.z, x.x) = -0.141 rad, and init(yaw:) reproduces the axes.
        #expect(abs(t.yaw - atan2(-0.14052735, 0.99007684)) < 1e-7)
        let r = Transform4x4(yaw: t.yaw, translation: t.translation)
        #expect(length(r.xAxis - t.xAxis) < 1e-6 && length(r.zAxis - t.zAxis) < 1e-6)
        #expect(Transform4x4([1, 2, 3]) == nil)
    }

    @Test func yawTurnsCounterClockwiseSeenFromAbove() {
        // +90° about +Y maps +X to -Z (right-handed, Y up).
        let t = Transform4x4(yaw: .pi / 2, translation: .zero)
        #expect(length(t.apply(toDirection: SIMD3(1, 0, 0)) - SIMD3(0, 0, -1)) < 1e-6)
        #expect(abs(t.yaw - .pi / 2) < 1e-6)
        #expect(length(cross(t.xAxis, t.yAxis) - t.zAxis) < 1e-6)
    }

    @Test func composeAndInverse() {
        var g = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let a = Self.randomRigid(&g), b = Self.randomRigid(&g)
            #expect(a.isRigid() && b.isRigid())
            let p = SIMD3<Float>(g.nextUnitFloat() * 6 - 3, g.nextUnitFloat() * 3, g.nextUnitFloat() * 6 - 3)
            // (a * b) p == a (b p)
            #expect(length((a * b).apply(toPoint: p) - a.apply(toPoint: b.apply(toPoint: p))) < 1e-4)
            // rigid inverse and general inverse agree and undo the transform
            let ri = a.rigidInverse
            #expect(length(ri.apply(toPoint: a.apply(toPoint: p)) - p) < 1e-4)
            let gi = a.inverse!
            for i in 0..<16 { #expect(abs(gi.elements[i] - ri.elements[i]) < 1e-4) }
            let id = a * ri
            for i in 0..<16 { #expect(abs(id.elements[i] - Transform4x4.identity.elements[i]) < 1e-5) }
        }
    }

    @Test func generalInverseOfScaledAndSingular() {
        let s = Transform4x4(xAxis: SIMD3(2, 0, 0), yAxis: SIMD3(0, 3, 0), zAxis: SIMD3(0, 0, 0.5), translation: SIMD3(1, 2, 3))
        #expect(!s.isRigid())
        let inv = s.inverse!
        #expect(length(inv.apply(toPoint: s.apply(toPoint: SIMD3(0.3, -0.7, 1.1))) - SIMD3(0.3, -0.7, 1.1)) < 1e-5)
        let flat = Transform4x4(xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, 0), zAxis: SIMD3(0, 0, 1), translation: .zero)
        #expect(flat.inverse == nil)
        var nan = Transform4x4.identity
        nan.elements[5] = .nan
        #expect(nan.inverse == nil && !nan.isFinite && !nan.isRigid())
    }

    @Test func codableIsSixteenNumbers() throws {
        let t = Transform4x4(yaw: 1, translation: SIMD3(1, 2, 3))
        let data = try JSONEncoder().encode(t)
        let arr = try JSONDecoder().decode([Float].self, from: data)
        #expect(arr == t.array)
        #expect(try JSONDecoder().decode(Transform4x4.self, from: data) == t)
    }
}
