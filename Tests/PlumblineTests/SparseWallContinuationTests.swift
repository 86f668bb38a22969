import Testing
import PlumbKernel
@testable import Plumbline

/// A straight wall whose plane fit stopped at its dense near part is continued over the sparse columns a
/// laser leaves on its far part, and only there (`SparseWallContinuation`). Plan frame (x, z), y up; the
/// floor at y 0, the ceiling at 2.5 m; the wall runs along z = 0 from x 0 to 4 (its fitted range).
@Suite("Sparse wall continuation")
struct SparseWallContinuationTests {
    static let wall = BarrierFill.Barrier(wall: .line(point: [0, 0], direction: [1, 0]), range: 0...4)

    /// Columns of points every `step` metres from `from` to `to` at plan offset `off` from the wall line,
    /// `perColumn` points from `bottom` to `top` metres high.
    static func columns(from: Double, to: Double, step: Double, off: Double = 0, bottom: Double = 0.3,
                        top: Double = 2.3, perColumn: Int = 12) -> [SIMD3<Float>] {
        var out: [SIMD3<Float>] = []
        var x = from
        while x <= to + 1e-9 {
            for k in 0..<perColumn {
                let y = bottom + (top - bottom) * Double(k) / Double(perColumn - 1)
                out.append(SIMD3(Float(x), Float(y), Float(off)))
            }
            x += step
        }
        return out
    }

    /// The wall's continued far end (x) when `points` are the points no plane took.
    static func continuedEnd(_ points: [SIMD3<Float>], stations: [SIMD2<Double>] = []) throws -> Double {
        let cloud = try PointCloud(x: points.map(\.x), y: points.map(\.y), z: points.map(\.z))
        let out = SparseWallContinuation.continued([wall], cloud: cloud, unassigned: (0..<Int32(points.count)).map { $0 },
                                                   floorY: 0, ceilingY: { _, _ in 2.5 }, threshold: 0.02,
                                                   stations: stations, reach: 40)
        #expect(out[0].range.lowerBound == 0)
        return out[0].range.upperBound
    }

    @Test("columns 40 cm apart on the wall's plane continue it to the last column")
    func sparseColumnsContinueTheWall() throws {
        let end = try Self.continuedEnd(Self.columns(from: 4.4, to: 8.0, step: 0.4))
        #expect(abs(end - 8.1) < 0.11, "\(end)")
    }

    @Test("what is not a wall's evidence does not continue it")
    func otherEvidenceDoesNot() throws {
        // A row of low furniture in line with the wall (0.3-0.9 m of a 2.5 m room).
        #expect(try Self.continuedEnd(Self.columns(from: 4.4, to: 8.0, step: 0.4, top: 0.9)) == 4)
        // Columns 5 cm off the wall's plane (more than the 2 cm threshold): another surface.
        #expect(try Self.continuedEnd(Self.columns(from: 4.4, to: 8.0, step: 0.4, off: 0.05)) == 4)
        // Columns beyond a 3 m gap (longer than the 2.5 m a wall's stretches may skip).
        #expect(try Self.continuedEnd(Self.columns(from: 7.1, to: 9.0, step: 0.4)) == 4)
        // One or two points per column: not backed (3 per 10 cm bin).
        #expect(try Self.continuedEnd(Self.columns(from: 4.4, to: 8.0, step: 0.4, perColumn: 2)) == 4)
        // The continuation would cut the free space the scanner stood in (stations on both sides of it).
        #expect(try Self.continuedEnd(Self.columns(from: 4.4, to: 8.0, step: 0.4), stations: [[6, 1], [6, -1]]) == 4)
    }

    @Test("a shorter plane just in front of a wall does not continue along the stretch the wall continues over")
    func aLayerInFrontFollowsTheWall() throws {
        let front = BarrierFill.Barrier(wall: .line(point: [0, 0.15], direction: [1, 0]), range: 1...3)
        let points = Self.columns(from: 4.4, to: 8.0, step: 0.4) + Self.columns(from: 3.4, to: 8.0, step: 0.4, off: 0.15)
        let cloud = try PointCloud(x: points.map(\.x), y: points.map(\.y), z: points.map(\.z))
        let out = SparseWallContinuation.continued([front, Self.wall], cloud: cloud, unassigned: (0..<Int32(points.count)).map { $0 },
                                                   floorY: 0, ceilingY: { _, _ in 2.5 }, threshold: 0.02, stations: [], reach: 40)
        #expect(abs(out[1].range.upperBound - 8.1) < 0.11)
        #expect(out[0].range == 1...3, "\(out[0].range)")
    }
}
