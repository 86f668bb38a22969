import Foundation
import PlumbIO
import PlumbKernel
import PlumbSim

/// A simulated room scan of a chosen size with its true planes: the deterministic input of the benchmarks
/// and of the Open3D comparison.
///
/// Made by ``ScanSimulator`` (preset `phone`: range-dependent noise, outliers, dropouts) on one room of a
/// floor plan, then subsampled uniformly at random (seeded) to exactly the requested number of points,
/// kept in capture order. The cloud has origin zero, so its local `Float` coordinates are the plan's
/// world coordinates (rooms lie within metres of zero, where `Float` resolves a micrometre).
public struct BenchmarkRoom: Sendable {
    /// The points (origin zero, world metres, y up).
    public var cloud: PointCloud
    /// Every plane of the scene that has at least one (non-outlier) point of `cloud`, largest first.
    public var allPlanes: [TruthPlane]
    /// Name of the plan and room, e.g. `plain_bedroom/bedroom`.
    public var name: String
    /// Number of points the full simulated capture had before subsampling.
    public var capturedPoints: Int

    /// The planes a whole-room plane extraction should find: at least `minPoints` points and `minArea` m².
    public func truthPlanes(minPoints: Int, minArea: Double = 0.25) -> [TruthPlane] {
        allPlanes.filter { $0.count >= minPoints && $0.area >= minArea }
    }

    /// Simulates `plan` and keeps `points` points of one room.
    /// - Parameters:
    ///   - planURL: floor plan JSON (Docs/floor-plan-format.md).
    ///   - roomID: the room to keep; `nil` takes the first room.
    ///   - points: exact number of points of the result (1...50 million).
    ///   - resolutionScale: multiplies the simulated depth-image width and height (default sensor
    ///     256 x 192); raise it when a room has too few points.
    ///   - seed: seeds both the simulation and the subsampling.
    /// - Throws: ``BenchmarkRoomError``.
    /// - Complexity: dominated by the simulation, O(frames x pixels x log triangles).
    public static func make(
        planURL: URL, roomID: String? = nil, points: Int, resolutionScale: Double = 1, seed: UInt64 = 1
    ) throws(BenchmarkRoomError) -> BenchmarkRoom {
        guard points >= 1, points <= 50_000_000 else { throw .invalidParameter("points \(points) outside 1...50000000") }
        guard resolutionScale.isFinite, resolutionScale >= 0.1, resolutionScale <= 8 else {
            throw .invalidParameter("resolution scale \(resolutionScale) outside 0.1...8")
        }
        let plan: FloorPlan
        do { plan = try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: planURL)) } catch {
            throw .unreadablePlan(path: planURL.path, reason: "\(error)")
        }
        guard let room = roomID.map({ id in plan.rooms.first { $0.id == id } }) ?? plan.rooms.first else {
            throw .noSuchRoom(id: roomID)
        }
        var options = ScanOptions()
        options.width = Int((Double(options.width) * resolutionScale).rounded())
        options.height = Int((Double(options.height) * resolutionScale).rounded())
        options.intrinsics = CameraIntrinsics(
            fx: options.intrinsics.fx * resolutionScale, fy: options.intrinsics.fy * resolutionScale,
            cx: options.intrinsics.cx * resolutionScale, cy: options.intrinsics.cy * resolutionScale)
        let simulator: ScanSimulator
        do { simulator = try ScanSimulator(plan: plan, options: options) } catch {
            throw .simulationFailed("\(error)")
        }
        let scan = simulator.simulate(preset: .phone, seed: seed)
        let surfacePlanes = SurfacePlanes(mesh: simulator.mesh)

        // Every measured point of the room's frames, with the plane its noise-free position lies on.
        var world: [SIMD3<Double>] = []
        var truePoint: [SIMD3<Double>] = []
        var label: [Int32] = []
        for f in scan.frames where f.roomID == room.id {
            let frame = f.frame
            f.frame.forEachPoint { pixel, p in
                world.append(p)
                let col = pixel % frame.width, row = pixel / frame.width
                let q = frame.cameraToWorld.apply(
                    frame.intrinsics.direction(column: col, row: row) * Double(f.trueDepth[pixel]))
                truePoint.append(q)
                var plane: Int32 = -1
                if f.status[pixel] == .measured, let j = surfacePlanes.plane(ofSurface: Int(f.hitSurface[pixel]), containing: q) {
                    plane = Int32(j)
                }
                label.append(plane)
            }
        }
        guard world.count >= points else { throw .tooFewPoints(requested: points, available: world.count) }

        // Seeded uniform subsample (partial Fisher-Yates), kept in capture order.
        var order = Array(0..<world.count)
        var rng = SeededGenerator(seed: seed ^ 0x5EED_0F_BE7C)
        for i in 0..<points {
            let j = i + rng.nextIndex(below: world.count - i)
            order.swapAt(i, j)
        }
        let chosen = order[0..<points].sorted()

        var cloud = PointCloud(origin: .zero)
        cloud.reserveCapacity(points)
        var count = [Int](repeating: 0, count: surfacePlanes.planes.count)
        var sum = [SIMD3<Double>](repeating: .zero, count: surfacePlanes.planes.count)
        var cells = [Set<SIMD2<Int32>>](repeating: [], count: surfacePlanes.planes.count)
        let bases = surfacePlanes.planes.map { Self.basis($0.normal) }
        for i in chosen {
            cloud.append(local: SIMD3<Float>(world[i]))
            let j = Int(label[i])
            guard j >= 0 else { continue }
            let q = truePoint[i]
            count[j] += 1
            sum[j] += q
            let cell = SIMD2<Int32>(Int32((dot(q, bases[j].0) / 0.05).rounded(.down)),
                                    Int32((dot(q, bases[j].1) / 0.05).rounded(.down)))
            cells[j].insert(cell)
        }
        var planes: [TruthPlane] = []
        for (j, pl) in surfacePlanes.planes.enumerated() where count[j] > 0 {
            let s = simulator.mesh.surfaces[pl.surface]
            planes.append(TruthPlane(
                name: "\(s.kind.rawValue):\(s.ownerID)" + (s.side.map { ":\($0)" } ?? ""), normal: pl.normal, d: pl.d,
                centroid: sum[j] / Double(count[j]), count: count[j], area: Double(cells[j].count) * 0.0025))
        }
        planes.sort { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        return BenchmarkRoom(cloud: cloud, allPlanes: planes, name: "\(plan.name)/\(room.id)", capturedPoints: world.count)
    }

    /// A unit basis of the plane with normal `n`, deterministic in `n`.
    static func basis(_ n: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
        let helper: SIMD3<Double> = abs(n.x) < 0.6 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0)
        let u = normalize(cross(helper, n))
        return (u, cross(n, u))
    }

    /// Writes the cloud as binary little-endian PLY (float32 x, y, z; origin zero).
    /// - Throws: ``PointCloudFormatError`` when the file cannot be written.
    public func writePLY(to url: URL) throws(PointCloudFormatError) {
        try PointCloudWriter.write(cloud, to: url, format: .ply, encoding: .binaryLittleEndian)
    }

    /// The truth file read by `Peers/compare_open3d.py`: `{"room", "points", "min_points", "min_area",
    /// "planes": [...], "all_planes": [...]}` with planes filtered by ``truthPlanes(minPoints:minArea:)``.
    public func truthJSON(minPoints: Int, minArea: Double = 0.25) throws -> Data {
        struct File: Codable {
            var room: String
            var points: Int
            var captured_points: Int
            var min_points: Int
            var min_area: Double
            var planes: [TruthPlane]
            var all_planes: [TruthPlane]
        }
        let file = File(room: name, points: cloud.count, captured_points: capturedPoints, min_points: minPoints,
                        min_area: minArea, planes: truthPlanes(minPoints: minPoints, minArea: minArea), all_planes: allPlanes)
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try enc.encode(file)
    }
}
