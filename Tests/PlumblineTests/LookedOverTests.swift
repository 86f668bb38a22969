import Testing
import PlumbKernel
@testable import Plumbline

/// Whether the sensor looked over a tall plane's top: furniture has the room seen above it, a wall whose top
/// the sensor never faced has nothing behind it, and a plane the rays pass through is not solid.
@Suite("Looked over a plane's top")
struct LookedOverTests {
    /// A plane on z = 0 along x in [0, 2] (its points from `bottom` to `top`, 20 per 10 cm column), points
    /// `behind` it (z > 0), all seen from one sensor at (1, 1.4, -1.5).
    static func scene(top: Float, bottom: Float = 0, behind: [SIMD3<Float>]) throws -> (cloud: PointCloud, ts: [Double]) {
        var xs: [Float] = [], ys: [Float] = [], zs: [Float] = []
        var ts: [Double] = []
        for c in 0..<20 {
            for k in 0..<20 {
                let x = (Float(c) + 0.5) * 0.1, y = bottom + (top - bottom) * Float(k) / 19
                xs.append(x); ys.append(y); zs.append(0)
                ts.append(Double(x))
            }
        }
        for p in behind { xs.append(p.x); ys.append(p.y); zs.append(p.z) }
        var cloud = try PointCloud(x: xs, y: ys, z: zs)
        cloud.sensorOrigins = [SIMD3(1, 1.4, -1.5)]
        cloud.frameIndex = [UInt32](repeating: 0, count: cloud.count)
        return (cloud, ts)
    }

    static let line = (point: SIMD2<Double>(0, 0), direction: SIMD2<Double>(1, 0))

    /// A 1.8 m cabinet front with the wall 0.6 m behind it seen above it: looked over along its whole length.
    @Test func furnitureIsLookedOver() throws {
        let wallAbove = (0..<800).map { k in SIMD3<Float>(Float(k % 40) * 0.1 - 0.95, 1.9 + Float(k / 40) * 0.03, 0.6) }
        let (cloud, ts) = try Self.scene(top: 1.8, behind: wallAbove)
        let share = try #require(WallCandidates.lookedOver(ts: ts, hull: 0...2, top: 1.8, line: Self.line, behind: 1, cloud: cloud))
        #expect(share > 0.9)
    }

    /// A wall seen from 0.5 to 2.0 m (the sensor never faced its top) with nothing behind it: not looked over.
    @Test func aWallWhoseTopWasNotFacedIsNot() throws {
        let (cloud, ts) = try Self.scene(top: 2.0, bottom: 0.5, behind: [])
        #expect(WallCandidates.lookedOver(ts: ts, hull: 0...2, top: 2.0, line: Self.line, behind: 1, cloud: cloud) == 0)
    }

    /// Rays through the plane below its top in every column: not solid, counted as looked over.
    @Test func aPlaneSeenThroughIsNotSolid() throws {
        let beyond = (0..<800).map { k in SIMD3<Float>(Float(k % 20) * 0.1 + 0.05, 0.6 + Float(k / 20) * 0.01, 1.0) }
        let (cloud, ts) = try Self.scene(top: 2.0, bottom: 0.5, behind: beyond)
        #expect(WallCandidates.lookedOver(ts: ts, hull: 0...2, top: 2.0, line: Self.line, behind: 1, cloud: cloud) == 1)
    }

    /// Without sensor positions there is no evidence either way.
    @Test func withoutSensorsThereIsNoAnswer() throws {
        var (cloud, ts) = try Self.scene(top: 2.0, behind: [])
        cloud.sensorOrigins = nil
        cloud.frameIndex = nil
        #expect(WallCandidates.lookedOver(ts: ts, hull: 0...2, top: 2.0, line: Self.line, behind: 1, cloud: cloud) == nil)
    }
}
