import Testing
import PlumbKernel
@testable import Plumbline

/// The plan cells a sensor saw across (``SeenFreeSpace/cells(in:cloud:ceilingY:)``): where the walls do not
/// close the room, the space the sight lines crossed reaches the real walls, over furniture, and a window
/// in a wall is no way out when the wall above it was seen.
@Suite("Free space seen along sight lines")
struct SeenFreeSpaceTests {
    /// A 4 x 3 room (x 0...4, z 0...3, ceiling at 2.5 m) seen from (2, 1.4, 1.5): its walls as columns of
    /// points every 5 cm from the floor to 2.45 m, a 1 m box standing against the south wall (x 1...2,
    /// z 0...0.6, top at 0.8 m, so the south wall behind it is seen over its top), and in the east wall
    /// (x = 4) a window, z 1...2, 0.9-2.0 m high, through which a wall 1.5 m beyond (x = 5.5) was seen.
    static func scene() throws -> PointCloud {
        var xs: [Float] = [], ys: [Float] = [], zs: [Float] = []
        func column(_ x: Float, _ z: Float, from: Float = 0, to: Float = 2.45, skip: ClosedRange<Float>? = nil) {
            for y in stride(from: from, through: to, by: 0.05) where !(skip?.contains(y) ?? false) {
                xs.append(x); ys.append(y); zs.append(z)
            }
        }
        for x in stride(from: Float(0.025), to: 4, by: 0.05) {
            column(x, 0, from: x > 1 && x < 2 ? 0.85 : 0)
            column(x, 3)
        }
        for z in stride(from: Float(0.025), to: 3, by: 0.05) {
            column(0, z)
            column(4, z, skip: z > 1 && z < 2 ? 0.9...2.0 : nil)
            if z > 1.1 && z < 1.9 { column(5.5, z, from: 1.0, to: 1.9) }
        }
        // The box's top (0.8 m) and front (z = 0.6).
        for x in stride(from: Float(1.025), to: 2, by: 0.05) {
            for z in stride(from: Float(0.025), to: 0.6, by: 0.05) { xs.append(x); ys.append(0.8); zs.append(z) }
            column(x, 0.6, to: 0.8)
        }
        var cloud = try PointCloud(x: xs, y: ys, z: zs)
        cloud.sensorOrigins = [SIMD3(2, 1.5, 1.4)]
        cloud.frameIndex = [UInt32](repeating: 0, count: cloud.count)
        return cloud
    }

    /// A flood that escaped everywhere (no wall was found): every cell of the plan is reached.
    static func openRegion() throws -> FootprintGrid {
        var grid = try FootprintGrid(covering: [-1, -1], [7, 4], cell: 0.04)
        grid.cells = [UInt8](repeating: 1, count: grid.cells.count)
        return grid
    }

    static func seen(_ free: [UInt8], _ grid: FootprintGrid, _ p: SIMD2<Double>) -> Bool {
        guard let k = grid.cellIndex(of: p) else { return false }
        return free[k] != 0
    }

    /// The room's interior is seen free up to its walls, over the box (the sight lines to the south wall
    /// pass above it), but not behind the walls.
    @Test func theRoomIsSeenUpToItsWallsAndOverFurniture() throws {
        let cloud = try Self.scene(), grid = try Self.openRegion()
        let free = try #require(SeenFreeSpace.cells(in: grid, cloud: cloud, ceilingY: { _, _ in 2.5 }))
        for p: SIMD2<Double> in [[2, 1.5], [0.3, 0.3], [3.7, 2.7], [0.3, 2.7], [3.7, 0.3], [1.5, 0.3], [1.5, 0.1]] {
            #expect(Self.seen(free, grid, p), "\(p) should be seen free")
        }
        for p: SIMD2<Double> in [[-0.3, 1.5], [2, -0.3], [2, 3.3], [4.3, 0.5]] {
            #expect(!Self.seen(free, grid, p), "\(p) lies behind a wall")
        }
        // Area: the 12 m² room, give or take the cells the walls' own points stand in.
        let area = Double(free.reduce(0) { $0 + Int($1) }) * grid.cell * grid.cell
        #expect(area > 11 && area < 12.5, "\(area) m²")
    }

    /// The window's lintel (the east wall above it, seen under the ceiling) stops the sight lines that went
    /// through the window: the space beyond is not the room's. Without the ceiling's height there is no
    /// lintel to see, and the space beyond the window counts as seen.
    @Test func aWindowIsNoWayOutWhenTheWallAboveItWasSeen() throws {
        let cloud = try Self.scene(), grid = try Self.openRegion()
        let free = try #require(SeenFreeSpace.cells(in: grid, cloud: cloud, ceilingY: { _, _ in 2.5 }))
        #expect(!Self.seen(free, grid, [4.8, 1.5]))
        let unblocked = try #require(SeenFreeSpace.cells(in: grid, cloud: cloud, ceilingY: nil))
        #expect(Self.seen(unblocked, grid, [4.8, 1.5]))
    }

    /// Without sensor positions there are no sight lines: nil, and the caller keeps the floor and ceiling
    /// it saw.
    @Test func noSensorsNoSightLines() throws {
        var cloud = try Self.scene()
        cloud.sensorOrigins = nil
        cloud.frameIndex = nil
        #expect(SeenFreeSpace.cells(in: try Self.openRegion(), cloud: cloud, ceilingY: { _, _ in 2.5 }) == nil)
    }
}
