import Foundation
import PlumbIO
import PlumbKernel
import PlumbSim

/// Every room of a simulated multi-room plan, each subsampled to the same number of points: the input of the
/// structure benchmark (issue 5: a 10-room, 10 M-point apartment, `Plans/apartment_10room.json`).
///
/// One ``ScanSimulator`` capture (preset `phone`) of the whole plan; each room's merged cloud (world
/// coordinates, origin near the room, as `plumb simulate` writes it) is subsampled uniformly at random
/// (seeded partial Fisher–Yates) to `pointsPerRoom` points kept in capture order; a room with fewer points
/// keeps them all. Deterministic: same plan, size and seed give the same clouds.
public struct BenchmarkApartment: Sendable {
    /// One room's cloud.
    public struct Room: Sendable {
        /// Plan room identifier.
        public var id: String
        /// The subsampled cloud.
        public var cloud: PointCloud
        /// Points of the room before subsampling.
        public var capturedPoints: Int
    }

    /// The rooms in plan order (rooms the simulator did not visit are left out).
    public var rooms: [Room]
    /// Plan name.
    public var name: String

    /// Total number of points over all rooms.
    public var pointCount: Int { rooms.reduce(0) { $0 + $1.cloud.count } }

    /// Simulates `planURL` once and subsamples every room to `pointsPerRoom` points.
    /// - Throws: ``BenchmarkRoomError``.
    /// - Complexity: dominated by the simulation, O(frames x pixels x log triangles).
    public static func make(planURL: URL, pointsPerRoom: Int, seed: UInt64 = 1) throws(BenchmarkRoomError) -> BenchmarkApartment {
        guard pointsPerRoom >= 1, pointsPerRoom <= 50_000_000 else {
            throw .invalidParameter("points per room \(pointsPerRoom) outside 1...50000000")
        }
        let plan: FloorPlan
        do { plan = try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: planURL)) } catch {
            throw .unreadablePlan(path: planURL.path, reason: "\(error)")
        }
        let simulator: ScanSimulator
        do { simulator = try ScanSimulator(plan: plan) } catch { throw .simulationFailed("\(error)") }
        let scan = simulator.simulate(preset: .phone, seed: seed)
        var rooms: [Room] = []
        for (k, rc) in scan.roomClouds.enumerated() {
            let n = rc.cloud.count
            var cloud = rc.cloud
            if n > pointsPerRoom {
                var order = Array(0..<n)
                var rng = SeededGenerator(seed: (seed ^ 0x5EED_0F_BE7C) &+ UInt64(k))
                for i in 0..<pointsPerRoom { order.swapAt(i, i + rng.nextIndex(below: n - i)) }
                cloud = rc.cloud.subset(order[0..<pointsPerRoom].sorted())
            }
            rooms.append(Room(id: rc.roomID, cloud: cloud, capturedPoints: n))
        }
        return BenchmarkApartment(rooms: rooms, name: plan.name)
    }

    /// Writes every room as binary little-endian PLY to `<stem>-<room id>.ply` (float32 coordinates relative
    /// to the room cloud's origin, recorded in the header comment `plumbline_origin`); returns the files.
    /// - Throws: ``PointCloudFormatError`` when a file cannot be written.
    public func writePLYs(stem: String) throws(PointCloudFormatError) -> [URL] {
        var urls: [URL] = []
        for r in rooms {
            let url = URL(fileURLWithPath: stem + "-" + r.id + ".ply")
            try PointCloudWriter.write(r.cloud, to: url, format: .ply, encoding: .binaryLittleEndian)
            urls.append(url)
        }
        return urls
    }
}
