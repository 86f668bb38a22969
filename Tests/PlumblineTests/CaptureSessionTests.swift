import Foundation
import PlumbKernel
import Testing
import Plumbline

@Suite("Capture session")
struct CaptureSessionTests {
    typealias F = CaptureFixtures

    /// Collects the events of a session until it is finished.
    static func collect(_ session: CaptureSession) -> Task<[CaptureEvent], Never> {
        Task { var out: [CaptureEvent] = []; for await e in session.events { out.append(e) }; return out }
    }

    @Test func runIngestStopBuildsTheBox() async throws {
        let session = CaptureSession()
        let events = Self.collect(session)
        var config = CaptureConfiguration()
        config.liveUpdateInterval = 0.5
        try await session.run(configuration: config)
        for f in F.slowWalk(count: 90) { try await session.ingest(f) }
        let data = try await session.stop()
        await session.finish()
        let ev = await events.value
        guard case .started(0, _)? = ev.first else { Issue.record("first event \(String(describing: ev.first))"); return }
        guard case .ended? = ev.last else { Issue.record("last event \(String(describing: ev.last))"); return }
        #expect(data.frameCount == 90)
        #expect(data.points.count > 10_000)
        // Live rooms: added once, then updates with the same room identifier.
        let live = ev.compactMap { e -> CapturedRoom? in
            switch e { case let .roomAdded(r), let .roomUpdated(r), let .roomChanged(r): r; default: nil }
        }
        #expect(!live.isEmpty)
        #expect(Set(live.map(\.identifier)) == [data.roomIdentifier])
        #expect(ev.filter { if case .roomAdded = $0 { true } else { false } }.count == 1)
        // Final build: as accurate as building the merged cloud of the same frames (wall lengths within 1 cm).
        let room = try RoomBuilder().build(data).room
        var merged = PointCloud(origin: SIMD3(2, 1, 1))
        for f in F.slowWalk(count: 90) {
            f.forEachPoint { _, p in merged.append(local: SIMD3<Float>(p - merged.origin)) }
        }
        var o = RoomBuilder.Options()
        o.upAxis = .y
        let reference = try RoomBuilder(options: o).build(merged).room
        let lengths = room.walls.map { Double($0.dimensions.x) }.sorted()
        let refLengths = reference.walls.map { Double($0.dimensions.x) }.sorted()
        #expect(lengths.count == 4 && refLengths.count == 4, "\(lengths) vs \(refLengths)")
        for (l, r) in zip(lengths, refLengths) { #expect(abs(l - r) < 0.01, "\(lengths) vs \(refLengths)") }
        // And both match the true box (4 m x 3 m).
        for (l, t) in zip(lengths, [3.0, 3, 4, 4]) { #expect(abs(l - t) < 0.01, "capture \(lengths)") }
    }

    /// Live snapshots keep element identifiers while elements stay put.
    @Test func liveIdentifiersAreStable() async throws {
        let session = CaptureSession()
        let events = Self.collect(session)
        var config = CaptureConfiguration()
        config.liveUpdateInterval = 0.3
        try await session.run(configuration: config)
        for f in F.slowWalk(count: 90) { try await session.ingest(f) }
        try await session.stop()
        await session.finish()
        let rooms = await events.value.compactMap { e -> CapturedRoom? in if case let .roomUpdated(r) = e { r } else { nil } }
        let full = rooms.filter { $0.walls.count == 4 }
        #expect(full.count >= 3)
        if let a = full.dropLast().last, let b = full.last {
            #expect(Set(a.walls.map(\.identifier)) == Set(b.walls.map(\.identifier)))
        }
    }

    @Test func misuseGivesTypedErrors() async throws {
        let session = CaptureSession()
        let f = F.slowWalk(count: 2)
        await #expect(throws: CaptureSessionError.notRunning) { try await session.ingest(f[0]) }
        await #expect(throws: CaptureSessionError.notRunning) { try await session.stop() }
        var bad = CaptureConfiguration()
        bad.voxelSize = -1
        await #expect(throws: CaptureSessionError.badConfiguration(name: "voxelSize", value: -1)) {
            try await session.run(configuration: bad)
        }
        try await session.run(configuration: CaptureConfiguration())
        await #expect(throws: CaptureSessionError.alreadyRunning) { try await session.run(configuration: CaptureConfiguration()) }
        try await session.ingest(f[1])
        await #expect(throws: CaptureSessionError.timestampWentBackwards(frame: 1, previous: 0.1, timestamp: 0)) {
            try await session.ingest(f[0])
        }
        var broken = f[1]
        broken.depth[7] = .nan
        broken.timestamp = 0.2
        await #expect(throws: CaptureSessionError.invalidFrame(frame: 1, error: .badDepth(index: 7))) {
            try await session.ingest(broken)
        }
        try await session.stop()
    }

    /// CapturedRoomData survives JSON and builds the same room on "another machine".
    @Test func capturedRoomDataRoundTrips() async throws {
        let session = CaptureSession()
        var config = CaptureConfiguration()
        config.liveUpdates = false
        try await session.run(configuration: config)
        for f in F.slowWalk(count: 60) { try await session.ingest(f) }
        let data = try await session.stop()
        let json = try JSONEncoder().encode(data)
        let back = try JSONDecoder().decode(CapturedRoomData.self, from: json)
        #expect(back == data)
        // Packed floats: 16 bytes per point, base64 → 21.3 bytes (the default encoder also escapes '/').
        #expect(json.count < 24 * data.points.count + 20_000)
        let a = try RoomPlanJSON.encode(RoomBuilder().build(data).room)
        let b = try RoomPlanJSON.encode(RoomBuilder().build(back).room)
        #expect(a == b)
        // Corrupt packed floats are rejected with a decoding error, not a crash.
        var text = String(decoding: json, as: UTF8.self)
        if let r = text.range(of: "\"x\":\"") { text.replaceSubrange(r, with: "\"x\":\"!!") }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CapturedRoomData.self, from: Data(text.utf8)) }
    }

    /// World maps save and load compactly; corrupt ones give a typed error.
    @Test func worldMapRoundTrips() async throws {
        let session = CaptureSession()
        var config = CaptureConfiguration()
        config.liveUpdates = false
        try await session.run(configuration: config)
        for f in F.slowWalk(count: 60) { try await session.ingest(f) }
        try await session.stop(pauseSession: false)
        let map = try await session.worldMap()
        #expect(map.planes.count >= 5)
        let data = try map.encoded()
        #expect(try WorldMap.decode(data) == map)
        // 7 packed floats per point (position, weight, normal): 37.3 bytes.
        #expect(data.count < 38 * map.points.count + 10_000)
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"version\":1", with: "\"version\":7")
        #expect(throws: WorldMapError.corrupt("unsupported version 7")) { try WorldMap.decode(Data(text.utf8)) }
    }
}
