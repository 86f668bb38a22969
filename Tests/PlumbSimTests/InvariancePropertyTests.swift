import Foundation
import PlumbKernel
import Plumbline
import Testing
@testable import PlumbSim

/// Invariants of the room builder over random plans of the measuring stick: a rigid motion of the input
/// moves the model by that motion; 50 % random subsampling changes walls by less than 1 cm; a 0.1 %
/// sprinkle of far outliers changes nothing; a single-room scan gives the same room with and without its
/// sensor positions. Cases the builder fails today are declared known issues, each named in
/// ``InvarianceCases/known``; a known case that starts passing fails the test, so the list stays true.
@Suite(.serialized) struct InvariancePropertyTests {
    @Test(arguments: InvarianceCases.indices)
    func rigidMotionMovesTheModel(index: Int) throws {
        let c = try #require(InvarianceCases.scan(index))
        let base = try #require(InvarianceCases.build(c.cloud), "plan \(index) builds unmoved")
        var g = SeededGenerator(seed: 0x51DE ^ UInt64(index))
        let motion = RigidTransform(axis: SIMD3(0, 1, 0), angle: 2 * .pi * g.nextUnitDouble(),
                                    translation: SIMD3(40 * g.nextUnitDouble() - 20, 2 * g.nextUnitDouble() - 1, 40 * g.nextUnitDouble() - 20))
        let movedCloud = InvarianceCases.moved(c.cloud, by: motion)
        let moved = InvarianceCases.build(movedCloud).map { RandomEvaluation.inPlanFrame($0, upAxis: .y, outputToPlan: motion.inverse) }
        let d = moved.flatMap { InvarianceCases.wallDeviation(base, $0) }
        InvarianceCases.expect(property: "rigid", index: index,
                               d != nil && d! <= 0.001 && InvarianceCases.openingCount(base) == moved.map(InvarianceCases.openingCount),
                               "plan \(index): walls moved by \(d.map { String(format: "%.4f m", $0) } ?? "a different wall count or a refusal") after a rigid motion")
    }

    @Test(arguments: InvarianceCases.indices)
    func subsamplingKeepsTheWalls(index: Int) throws {
        let c = try #require(InvarianceCases.scan(index))
        let base = try #require(InvarianceCases.build(c.cloud))
        var g = SeededGenerator(seed: 0x5AB5 ^ UInt64(index))
        let half = c.cloud.subset((0..<c.cloud.count).filter { _ in g.next() & 1 == 0 })
        let sub = InvarianceCases.build(half)
        let d = sub.flatMap { InvarianceCases.wallDeviation(base, $0) }
        InvarianceCases.expect(property: "subsample", index: index, d != nil && d! < 0.01,
                               "plan \(index): 50 % subsampling moved walls by \(d.map { String(format: "%.4f m", $0) } ?? "a different wall count or a refusal")")
    }

    @Test(arguments: InvarianceCases.indices)
    func farOutliersChangeNothing(index: Int) throws {
        let c = try #require(InvarianceCases.scan(index))
        let base = try #require(InvarianceCases.build(c.cloud))
        var cloud = c.cloud
        var g = SeededGenerator(seed: 0x0FA2 ^ UInt64(index))
        let n = max(1, cloud.count / 1000)
        let centre = SIMD3<Double>(cloud.localBounds.map { ($0.min + $0.max) * 0.5 } ?? .zero)
        for _ in 0..<n {
            // A direction uniform on the sphere, 100-600 m out: stray returns from far beyond the room.
            let z = 2 * g.nextUnitDouble() - 1, a = 2 * .pi * g.nextUnitDouble(), r = 100 + 500 * g.nextUnitDouble()
            let s = (1 - z * z).squareRoot()
            cloud.append(local: SIMD3<Float>(centre + r * SIMD3(s * _cos(a), z, s * _sin(a))))
        }
        if let f = cloud.frameIndex { cloud.frameIndex = f + [UInt32](repeating: f.last ?? 0, count: n) }
        if let i = cloud.intensity { cloud.intensity = i + [Float](repeating: 0, count: n) }
        let noisy = InvarianceCases.build(cloud)
        let d = noisy.flatMap { InvarianceCases.wallDeviation(base, $0) }
        InvarianceCases.expect(property: "outliers", index: index, d != nil && d! <= 0.001,
                               "plan \(index): \(n) far outliers moved walls by \(d.map { String(format: "%.4f m", $0) } ?? "a different wall count or a refusal")")
    }

    /// A scan tilted 1-3° off gravity (a registration without its inclinometer) is levelled from its own floors,
    /// ceilings and walls: the tilt is read within 0.1°, and the model, turned back, lies where the level
    /// scan's does (floor overlap ≥ 0.98, floor level within 1 cm, the same wall count).
    @Test(arguments: InvarianceCases.indices)
    func tiltIsLevelled(index: Int) throws {
        let c = try #require(InvarianceCases.scan(index))
        let base = try #require(InvarianceCases.build(c.cloud))
        var g = SeededGenerator(seed: 0x7117 ^ UInt64(index))
        // 1-3°: well above the phone scans' plane scatter (tenths of a degree), under which a tilt is noise.
        let degrees = 1 + 2 * g.nextUnitDouble(), a = 2 * .pi * g.nextUnitDouble()
        let tilt = RigidTransform(axis: SIMD3(_cos(a), 0, _sin(a)), angle: degrees * .pi / 180)
        var o = RoomBuilder.Options()
        o.upAxis = .y
        let result = try RoomBuilder(options: o).build(InvarianceCases.moved(c.cloud, by: tilt))
        #expect(abs(result.tiltDegrees - degrees) <= 0.1, "plan \(index): tilt \(degrees)° read as \(result.tiltDegrees)°")
        let back = RandomEvaluation.inPlanFrame(result.room, upAxis: .y, outputToPlan: tilt.inverse)
        let iou = PolygonOverlap.iou(RoomComparison.footprint(base), RoomComparison.footprint(back))
        let level = RoomComparison.floorElevation(base).flatMap { b in RoomComparison.floorElevation(back).map { abs($0 - b) } }
        InvarianceCases.expect(property: "tilt", index: index, iou >= 0.98 && back.walls.count == base.walls.count,
                "plan \(index): tilted \(String(format: "%.2f", degrees))°, the floors overlap at IoU \(String(format: "%.3f", iou)), walls \(back.walls.count) vs \(base.walls.count)")
        #expect(level.map { $0 <= 0.01 } == true, "plan \(index): floor level moved by \(level.map { String(format: "%.3f m", $0) } ?? "?")")
    }

    /// A level scan is not turned: the builder reports no levelling.
    @Test func levelScanIsNotTurned() throws {
        for index in InvarianceCases.indices.prefix(3) {
            let c = try #require(InvarianceCases.scan(index))
            var o = RoomBuilder.Options()
            o.upAxis = .y
            #expect(try RoomBuilder(options: o).build(c.cloud).levelling == nil, "plan \(index)")
        }
    }

    @Test(arguments: InvarianceCases.indices)
    func sensorPositionsGiveTheSameSingleRoom(index: Int) throws {
        let c = try #require(InvarianceCases.scan(index))
        #expect(c.cloud.sensorOrigins != nil, "the simulator records sensor positions")
        let with = try #require(InvarianceCases.build(c.cloud))
        var bare = c.cloud
        bare.sensorOrigins = nil
        let without = InvarianceCases.build(bare)
        let iou = without.map { PolygonOverlap.iou(RoomComparison.footprint(with), RoomComparison.footprint($0)) } ?? 0
        InvarianceCases.expect(property: "sensors", index: index, iou >= 0.98 && without?.walls.count == with.walls.count,
                               "plan \(index): with and without sensor positions the floors overlap at IoU \(String(format: "%.3f", iou))")
    }
}

/// The random plans the invariance tests run on, their scans, and model comparison.
enum InvarianceCases {
    /// Generator seed of the property plans (single rooms).
    static let seed: UInt64 = 2718
    /// Plan indices tested.
    static let indices = [0, 1, 2, 3, 4, 5]
    /// `property/index` pairs the builder fails today (the room-builder issue; causes not yet isolated): a
    /// rigid motion changes plan 0's wall count and moves plans 3 and 5's walls by millimetres (the builder's
    /// plan rasters are laid on the scan's axes, a suspected cause); 50 % subsampling changes the wall
    /// count of plans 0, 4 and 5. (Plan 4 holds under a rigid motion since d59a3bc's looked-over walls; plan 0
    /// holds under a tilt since the hall stops at the passage it saw through.) Plan 0 (a hall with a passage
    /// onto another hall) with sensor positions stops at the passage (floor IoU 1.000 against the plan); without
    /// them there is no sight line to show the gap was seen through, and it still takes in the hall beyond (0.646).
    static let known: Set<String> = ["rigid/0", "rigid/3", "rigid/5", "subsample/0", "subsample/4", "subsample/5", "sensors/0"]

    /// Records `ok` as an expectation, declared a known issue for the listed cases.
    static func expect(property: String, index: Int, _ ok: Bool, _ message: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        if known.contains("\(property)/\(index)") {
            withKnownIssue("\(property)/\(index) fails on today's builder") {
                #expect(ok, Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        } else {
            #expect(ok, Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// The phone-preset scan of plan `index`'s scanned room (cached across tests).
    static func scan(_ index: Int) -> (plan: GeneratedPlan, cloud: PointCloud)? {
        cache.value(index) {
            let g = RandomPlanGenerator.plan(kind: .singleRoom, seed: seed, index: index)
            guard let id = g.scannedRoomIDs.first,
                  let s = try? ScanSimulator(plan: g.plan).simulate(preset: .phone, seed: 1, rooms: [id]),
                  let c = s.roomClouds.first(where: { $0.roomID == id })?.cloud else { return nil }
            return (g, c)
        }
    }
    private static let cache = Cache<Int, (plan: GeneratedPlan, cloud: PointCloud)?>()

    /// RoomBuilder's room (y up, as the measuring stick builds), or nil when refused.
    static func build(_ cloud: PointCloud) -> CapturedRoom? {
        var o = RoomBuilder.Options()
        o.upAxis = .y
        return try? RoomBuilder(options: o).build(cloud).room
    }

    /// `cloud` moved rigidly by `m` (points, origin and sensor positions), in `Double`.
    static func moved(_ cloud: PointCloud, by m: RigidTransform) -> PointCloud {
        var out = cloud
        out.origin = m.apply(cloud.origin)
        for i in 0..<cloud.count {
            let p = m.applyToDirection(SIMD3<Double>(cloud.localPoint(i)))
            out.x[i] = Float(p.x); out.y[i] = Float(p.y); out.z[i] = Float(p.z)
        }
        if let n = cloud.normals {
            for i in 0..<cloud.count {
                let v = m.applyToDirection(SIMD3(Double(n.x[i]), Double(n.y[i]), Double(n.z[i])))
                out.normals!.x[i] = Float(v.x); out.normals!.y[i] = Float(v.y); out.normals!.z[i] = Float(v.z)
            }
        }
        out.sensorOrigins = cloud.sensorOrigins?.map(m.apply)
        return out
    }

    /// Largest distance from a wall of `a` to its nearest wall of `b` (both end points, either order), or
    /// nil when the wall counts differ.
    static func wallDeviation(_ a: CapturedRoom, _ b: CapturedRoom) -> Double? {
        guard a.walls.count == b.walls.count else { return nil }
        let ga = a.walls.map(UprightSurfaceGeometry.init), gb = b.walls.map(UprightSurfaceGeometry.init)
        func len(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
        var worst = 0.0
        for x in ga {
            let best = gb.map { y in min(max(len(x.start - y.start), len(x.end - y.end)), max(len(x.start - y.end), len(x.end - y.start))) }.min() ?? .infinity
            worst = max(worst, best)
        }
        return worst
    }

    /// Doors, windows and openings of a room.
    static func openingCount(_ r: CapturedRoom) -> Int { r.doors.count + r.windows.count + r.openings.count }
}

/// A small thread-safe memo table (tests of one suite run serially, but Swift Testing may run suites in parallel).
final class Cache<K: Hashable & Sendable, V: Sendable>: @unchecked Sendable {
    private var store: [K: V] = [:]
    private let lock = NSLock()
    func value(_ k: K, _ make: () -> V) -> V {
        lock.lock()
        defer { lock.unlock() }
        if let v = store[k] { return v }
        let v = make()
        store[k] = v
        return v
    }
}
