import Testing
import PlumbKernel
@testable import Plumbline

/// Floor and ceiling found in the points no plane took: a closet seen by a phone held at 1.4 m has its floor
/// in slivers and a dense band of wall points at the phone's height.
@Suite("Floor and ceiling from the leftover points")
struct HorizontalLevelRecoveryTests {
    /// A 1.5 x 1.8 m closet, 2.6 m high: floor slivers (600 points), a ceiling patch (800), and 3,000 points
    /// on the walls between 1.3 and 1.5 m (the band the phone saw most), 5 mm noise, seeded.
    static func closet() throws -> (cloud: PointCloud, stations: [SIMD3<Double>]) {
        var rng = SeededGenerator(seed: 7)
        func noise() -> Float { Float.random(in: -0.005...0.005, using: &rng) }
        var xs: [Float] = [], ys: [Float] = [], zs: [Float] = []
        func add(_ x: Float, _ y: Float, _ z: Float) { xs.append(x); ys.append(y); zs.append(z) }
        for _ in 0..<600 {  // two slivers of floor between shelves
            let left = Bool.random(using: &rng)
            add(Float.random(in: left ? 0.2...0.5 : 1.0...1.3, using: &rng), noise(), Float.random(in: 0.3...1.5, using: &rng))
        }
        for _ in 0..<800 { add(Float.random(in: 0.2...1.3, using: &rng), 2.6 + noise(), Float.random(in: 0.3...1.5, using: &rng)) }
        for _ in 0..<3000 {  // the walls x = 0 and z = 0 in the phone's band
            let y = Float.random(in: 1.3...1.5, using: &rng)
            if Bool.random(using: &rng) { add(noise(), y, Float.random(in: 0...1.8, using: &rng)) }
            else { add(Float.random(in: 0...1.5, using: &rng), y, noise()) }
        }
        return (try PointCloud(x: xs, y: ys, z: zs), [SIMD3(0.75, 1.4, 0.6), SIMD3(0.75, 1.4, 1.2)])
    }

    @Test func floorAndCeilingComeOutAndThePhonesBandDoesNot() throws {
        let (cloud, stations) = try Self.closet()
        let all = (0..<Int32(cloud.count)).map { $0 }
        let levels = HorizontalLevelRecovery.recover(cloud: cloud, unassigned: all, planes: [], stations: stations, threshold: 0.03).planes
        #expect(levels.count == 2, "levels at \(levels.map(\.centroid.y))")
        let floor = try #require(levels.first { $0.normal.y > 0.985 })
        let ceiling = try #require(levels.first { $0.normal.y < -0.985 })
        #expect(abs(floor.centroid.y) < 0.01)
        #expect(abs(ceiling.centroid.y - 2.6) < 0.01)
        // The floor's inliers are floor points only, and ascending (as segmentation planes' are).
        #expect(floor.inliers.allSatisfy { abs(cloud.y[Int($0)]) < 0.03 })
        #expect(floor.inliers == floor.inliers.sorted())
        #expect(floor.area >= HorizontalLevelRecovery.minimumArea)
    }

    /// A level segmentation already found is not returned again; without stations the lowest level is the floor.
    @Test func knownLevelsAreNotRepeated() throws {
        let (cloud, _) = try Self.closet()
        let all = (0..<Int32(cloud.count)).map { $0 }
        let ceiling = DetectedPlane(normal: [0, -1, 0], offset: 2.6, inliers: [], centroid: [0.75, 2.6, 0.9], rms: 0.003,
                                    area: 1.2, gridCellSize: 0.05)
        let levels = HorizontalLevelRecovery.recover(cloud: cloud, unassigned: all, planes: [ceiling], stations: [], threshold: 0.03).planes
        #expect(levels.count == 1)
        #expect(levels.first.map { abs($0.centroid.y) < 0.01 && $0.normal.y > 0.985 } == true)
    }

    /// A level segmentation found only a piece of (a 0.2 m² floor piece, too small to count as a level by its
    /// area) is confirmed by the leftover points, not repeated: its index comes back in `confirmed`.
    @Test func aPieceOfALevelIsConfirmed() throws {
        let (cloud, stations) = try Self.closet()
        let all = (0..<Int32(cloud.count)).map { $0 }
        let piece = DetectedPlane(normal: [0, 1, 0], offset: -0.004, inliers: [], centroid: [0.35, 0.004, 0.9], rms: 0.003,
                                  area: 0.2, gridCellSize: 0.05)
        let wall = DetectedPlane(normal: [1, 0, 0], offset: 0, inliers: [], centroid: [0, 1.4, 0.9], rms: 0.003,
                                 area: 0.5, gridCellSize: 0.05)
        let recovery = HorizontalLevelRecovery.recover(cloud: cloud, unassigned: all, planes: [wall, piece], stations: stations,
                                                       threshold: 0.03)
        #expect(recovery.confirmed == [1])
        #expect(recovery.planes.count == 1 && recovery.planes.first.map { abs($0.centroid.y - 2.6) < 0.01 } == true,
                "only the ceiling is new: \(recovery.planes.map(\.centroid.y))")
    }

    /// The floor must lie 0.3-2.6 m under the stations: a level at the stations' height is not a floor.
    @Test func aFloorIsUnderTheSensor() throws {
        let (cloud, _) = try Self.closet()
        let all = (0..<Int32(cloud.count)).map { $0 }
        let levels = HorizontalLevelRecovery.recover(cloud: cloud, unassigned: all, planes: [], stations: [SIMD3(0.75, 0.1, 0.9)],
                                                     threshold: 0.03).planes
        #expect(levels.allSatisfy { $0.normal.y < 0 }, "no floor above the sensor: \(levels.map(\.centroid.y))")
        // The ceiling still comes out (2.6 m, above the sensor).
        #expect(levels.count == 1 && levels.first.map { abs($0.centroid.y - 2.6) < 0.01 } == true)
    }
}
