import Foundation
import PlumbKernel
import Testing
import PlumbIO

@Suite("Sensor positions in clouds and files")
struct SensorOriginTests {
    /// 50 sensors (one per frame of ``Fixtures/randomCloud``) with awkward doubles, some far from zero.
    static func sensors(seed: UInt64, offset: Double = 0) -> [SIMD3<Double>] {
        var g = SeededGenerator(seed: seed)
        return (0..<50).map { _ in
            SIMD3(offset + g.nextGaussian() * 7.3, offset / 3 + g.nextGaussian() / 3, 1.4 + g.nextUnitDouble() / 7)
        }
    }

    static let combos: [(PointCloudFormat, PointCloudEncoding)] = [
        (.ply, .ascii), (.ply, .binaryLittleEndian), (.ply, .binaryBigEndian),
        (.pcd, .ascii), (.pcd, .binaryLittleEndian), (.pcd, .binaryCompressed),
    ]

    @Test("PLY and PCD round trips keep every sensor position bit-exactly", arguments: 0..<6)
    func roundTrip(combo: Int) throws {
        let (format, encoding) = Self.combos[combo]
        for (origin, offset) in [(SIMD3<Double>.zero, 0.0), (SIMD3(500_000, 500_000, 0), 500_000.0)] {
            let cloud = try Fixtures.randomCloud(count: 300, seed: UInt64(combo + 11), origin: origin)
                .withSensors(Self.sensors(seed: UInt64(combo), offset: offset))
            for coords in [PointCloudWriteOptions.Coordinates.localFloat32, .worldFloat64] {
                let bytes = try PointCloudWriter.encode(cloud, format: format, encoding: encoding, options: .init(coordinates: coords))
                let r = try PointCloudReader.read(bytes: bytes)
                #expect(r.report.sensorCount == 50)
                #expect(r.cloud.sensorOrigins == cloud.sensorOrigins)
                #expect(r.cloud.frameIndex == cloud.frameIndex)
                #expect(r.cloud.sensorPosition(ofPoint: 7) == cloud.sensorOrigins![Int(cloud.frameIndex![7])])
                let ignored = try PointCloudReader.read(bytes: bytes, options: .init(sensorOrigins: .ignore))
                #expect(ignored.cloud.sensorOrigins == nil && ignored.report.sensorCount == 0)
                #expect(ignored.cloud.frameIndex == cloud.frameIndex)
            }
        }
    }

    @Test("a cloud without sensors writes the same bytes as before and reads back without sensors")
    func noSensors() throws {
        let cloud = Fixtures.randomCloud(count: 40, seed: 3)
        for (format, encoding) in Self.combos {
            let bytes = try PointCloudWriter.encode(cloud, format: format, encoding: encoding)
            let text = String(decoding: bytes.prefix(400), as: UTF8.self)
            #expect(!text.contains("plumbline_sensor"))
            if format == .pcd { #expect(text.contains("VIEWPOINT 0 0 0 1 0 0 0\n")) }
            let r = try PointCloudReader.read(bytes: bytes)
            #expect(r.cloud.sensorOrigins == nil && r.report.sensorCount == 0)
            #expect(r.cloud == cloud)
        }
    }

    @Test("PCD: one sensor is also the VIEWPOINT (file coordinates); a bare VIEWPOINT reads as one sensor")
    func viewpoint() throws {
        var cloud = Fixtures.randomCloud(count: 20, seed: 5, origin: SIMD3(1000, 2000, 0), frames: false)
        cloud.frameIndex = [UInt32](repeating: 0, count: 20)
        cloud.sensorOrigins = [SIMD3(1001.25, 2002.5, 1.5)]
        let bytes = try PointCloudWriter.encode(cloud, format: .pcd, encoding: .ascii)
        let text = String(decoding: bytes.prefix(600), as: UTF8.self)
        #expect(text.contains("VIEWPOINT 1.25 2.5 1.5 1 0 0 0\n"))
        #expect(try PointCloudReader.read(bytes: bytes).cloud.sensorOrigins == cloud.sensorOrigins)

        let pcd = """
            VERSION 0.7
            FIELDS x y z
            SIZE 4 4 4
            TYPE F F F
            COUNT 1 1 1
            WIDTH 3
            HEIGHT 1
            VIEWPOINT 4.5 -2 1.25 1 0 0 0
            POINTS 3
            DATA ascii
            0 0 0
            1 0 0
            0 1 0

            """
        let r = try PointCloudReader.read(bytes: Array(pcd.utf8))
        #expect(r.cloud.sensorOrigins == [SIMD3(4.5, -2, 1.25)])
        #expect(r.cloud.frameIndex == [0, 0, 0])
        #expect(r.report.sensorCount == 1)
        let ignored = try PointCloudReader.read(bytes: Array(pcd.utf8), options: .init(sensorOrigins: .ignore))
        #expect(ignored.cloud.sensorOrigins == nil && ignored.cloud.frameIndex == nil)
        let plain = try PointCloudReader.read(bytes: Array(pcd.replacingOccurrences(of: "4.5 -2 1.25", with: "0 0 0").utf8))
        #expect(plain.cloud.sensorOrigins == nil && plain.cloud.frameIndex == nil)
    }

    /// An ascii PLY with `n` points (frame column `scanner` when `frames` is given) and extra header lines.
    static func ply(_ extra: [String], frames: [Int]? = nil) -> [UInt8] {
        let n = frames?.count ?? 3
        var s = "ply\nformat ascii 1.0\n" + extra.map { $0 + "\n" }.joined()
        s += "element vertex \(n)\nproperty float x\nproperty float y\nproperty float z\n"
        if frames != nil { s += "property int scanner\n" }
        s += "end_header\n"
        for i in 0..<n { s += "\(i) 0 0" + (frames.map { " \($0[i])" } ?? "") + "\n" }
        return Array(s.utf8)
    }

    @Test("the 'scanner' column is the frame index and sensors attach to it")
    func scannerColumn() throws {
        let bytes = Self.ply(["comment plumbline_sensor 1 0.5 0.25 3", "comment plumbline_sensor 0 -1e-7 2 1e5"], frames: [0, 1, 1, 0])
        let r = try PointCloudReader.read(bytes: bytes)
        #expect(r.cloud.frameIndex == [0, 1, 1, 0])
        #expect(r.cloud.sensorOrigins == [SIMD3(-1e-7, 2, 1e5), SIMD3(0.5, 0.25, 3)])
        #expect(r.cloud.sensorPosition(ofPoint: 2) == SIMD3(0.5, 0.25, 3))
        // One sensor and no frame column: every point is frame 0.
        let one = try PointCloudReader.read(bytes: Self.ply(["comment plumbline_sensor 0 1 2 3"]))
        #expect(one.cloud.frameIndex == [0, 0, 0] && one.cloud.sensorOrigins == [SIMD3(1, 2, 3)])
    }

    @Test("malformed sensor comments give typed errors naming the line")
    func malformed() throws {
        func error(_ bytes: [UInt8]) -> PointCloudFormatError? {
            do { _ = try PointCloudReader.read(bytes: bytes); return nil } catch { return error }
        }
        let f: [Int] = [0, 1, 0]
        func isSensorError(_ e: PointCloudFormatError?, line: Int, mentioning word: String) -> Bool {
            guard case let .malformedSensor(detail, at) = e else { return false }
            return at == .line(line) && detail.contains(word)
        }
        // Line 3 is the first extra header line.
        #expect(isSensorError(error(Self.ply(["comment plumbline_sensor 0 1 2"], frames: f)), line: 3, mentioning: "found 3 values"))
        #expect(isSensorError(error(Self.ply(["comment plumbline_sensor x 1 2 3"], frames: f)), line: 3, mentioning: "'x'"))
        #expect(isSensorError(error(Self.ply(["comment plumbline_sensor -1 1 2 3"], frames: f)), line: 3, mentioning: "'-1'"))
        #expect(isSensorError(error(Self.ply(["comment plumbline_sensor 0 1 nan 3"], frames: f)), line: 3, mentioning: "'nan'"))
        #expect(isSensorError(error(Self.ply(["comment plumbline_sensor 0 1 2 3", "comment plumbline_sensor 0 1 2 3"], frames: f)),
                              line: 4, mentioning: "twice"))
        #expect(isSensorError(error(Self.ply(["comment plumbline_sensor 0 1 2 3", "comment plumbline_sensor 2 1 2 3"], frames: f)),
                              line: 4, mentioning: "0..<2"))
        #expect(isSensorError(error(Self.ply(["comment plumbline_sensor 20000000 1 2 3"], frames: f)), line: 3, mentioning: "more than"))
        let many = (0..<4).map { "comment plumbline_sensor \($0) 1 2 3" }
        #expect(isSensorError(error(Self.ply(many, frames: f)), line: 3, mentioning: "4 sensors for 3 points"))
        #expect(isSensorError(error(Self.ply(Array(many.prefix(2)))), line: 3, mentioning: "no frame index"))
        #expect(error(Self.ply(Array(many.prefix(2)), frames: [0, 2, 1])) == .sensorIndexOutOfRange(pointIndex: 1, frameIndex: 2, sensorCount: 2))
        // PCD comments go through the same checks.
        let pcd = "# plumbline_sensor 0 1 2\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nWIDTH 1\nPOINTS 1\nDATA ascii\n0 0 0\n"
        #expect(isSensorError(error(Array(pcd.utf8)), line: 1, mentioning: "found 3 values"))
    }

    @Test("PointCloud validates sensors: needs frame indices, finite positions, every frame covered")
    func validation() throws {
        var c = Fixtures.randomCloud(count: 10, seed: 9, frames: false)
        #expect(throws: PointCloudError.sensorOriginsWithoutFrameIndex) { try c.withSensors([.zero]) }
        c.frameIndex = [0, 1, 2, 0, 1, 2, 0, 1, 2, 3]
        #expect(throws: PointCloudError.frameIndexOutOfRange(point: 9, frame: 3, sensorCount: 3)) {
            try c.withSensors([.zero, .one, .zero])
        }
        #expect(throws: PointCloudError.nonFiniteSensorOrigin(index: 1)) {
            try c.withSensors([.zero, SIMD3(0, .nan, 0), .zero, .zero])
        }
        let ok = try c.withSensors([.zero, .one, SIMD3(2, 2, 2), SIMD3(3, 3, 3)])
        #expect(ok.sensorPosition(ofPoint: 2) == SIMD3(2, 2, 2))
        let sub = ok.subset([9, 2])
        #expect(sub.sensorOrigins == ok.sensorOrigins && sub.sensorPosition(ofPoint: 0) == SIMD3(3, 3, 3))
        #expect(ok.recentred().sensorOrigins == ok.sensorOrigins)
        // Codable: the field round-trips, and JSON written before it existed still decodes.
        let json = try JSONEncoder().encode(ok)
        #expect(try JSONDecoder().decode(PointCloud.self, from: json) == ok)
        var old = c
        old.frameIndex = nil
        let oldJSON = try JSONEncoder().encode(old)
        #expect(!String(decoding: oldJSON, as: UTF8.self).contains("sensorOrigins"))
        #expect(try JSONDecoder().decode(PointCloud.self, from: oldJSON).sensorOrigins == nil)
    }

    @Test("real data: the corridor's scanner column plus sensors.json gives each point its scanner")
    func corridor() throws {
        guard let shared = TestPaths.sharedData else { return }
        let dir = shared.appendingPathComponent("realdata/3dtk_osnabrueck_corridor")
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("cloud.ply").path) else { return }
        let r = try PointCloudReader.read(contentsOf: dir.appendingPathComponent("cloud.ply"))
        let frames = try #require(r.cloud.frameIndex)
        #expect(Set(frames) == [0, 1, 2])
        struct Sensors: Decodable { let positions: [[Double]] }
        let s = try JSONDecoder().decode(Sensors.self, from: Data(contentsOf: dir.appendingPathComponent("sensors.json")))
        let cloud = try r.cloud.withSensors(s.positions.map { SIMD3($0[0], $0[1], $0[2]) })
        // Every scan covers the half-space in front of its scanner (+x), so points lie ahead of their sensor.
        var ahead = 0
        for i in stride(from: 0, to: cloud.count, by: 97) {
            if cloud.worldPoint(i).x > cloud.sensorPosition(ofPoint: i)!.x - 0.5 { ahead += 1 }
        }
        #expect(Double(ahead) / Double((cloud.count + 96) / 97) > 0.95)
    }
}
