import Foundation
import PlumbKernel
import Testing
import PlumbIO

@Suite("Write then read every format and encoding")
struct RoundTripTests {
    static let combos: [(PointCloudFormat, PointCloudEncoding)] = [
        (.ply, .ascii), (.ply, .binaryLittleEndian), (.ply, .binaryBigEndian),
        (.pcd, .ascii), (.pcd, .binaryLittleEndian), (.pcd, .binaryCompressed),
        (.xyz, .ascii),
    ]

    @Test("all attributes survive bit-exactly (PLY, PCD; XYZ to Float precision)", arguments: 0..<7)
    func roundTrip(combo: Int) throws {
        let (format, encoding) = Self.combos[combo]
        // XYZ has no frame-index column in the default rule, but the writer names its columns, so all survive.
        let cloud = Fixtures.randomCloud(count: 257, seed: UInt64(combo + 1))
        let bytes = try PointCloudWriter.encode(cloud, format: format, encoding: encoding)
        #expect(PointCloudReader.detectFormat(bytes: bytes) == format)
        let result = try PointCloudReader.read(bytes: bytes)
        let back = result.cloud
        #expect(result.report.format == format)
        #expect(result.report.encoding == encoding)
        #expect(result.report.recordsRead == 257)
        #expect(result.report.droppedCount == 0)
        #expect(back.count == cloud.count)
        #expect(back.origin == cloud.origin)
        #expect(back.x == cloud.x && back.y == cloud.y && back.z == cloud.z)
        #expect(back.normals == cloud.normals)
        #expect(back.colors == cloud.colors)
        #expect(back.intensity == cloud.intensity)
        #expect(back.frameIndex == cloud.frameIndex)
        #expect(result.report.skippedProperties.isEmpty)
    }

    @Test("a bare cloud has no attributes after the round trip", arguments: 0..<7)
    func bareCloud(combo: Int) throws {
        let (format, encoding) = Self.combos[combo]
        let cloud = Fixtures.randomCloud(count: 31, seed: 9, normals: false, colors: false, intensity: false, frames: false)
        let back = try PointCloudReader.read(bytes: PointCloudWriter.encode(cloud, format: format, encoding: encoding)).cloud
        #expect(back.x == cloud.x && back.y == cloud.y && back.z == cloud.z)
        #expect(back.normals == nil && back.colors == nil && back.intensity == nil && back.frameIndex == nil)
    }

    @Test("georeferenced cloud at a 1e6 m offset keeps sub-millimetre precision in every format", arguments: 0..<7)
    func georeferenced(combo: Int) throws {
        let (format, encoding) = Self.combos[combo]
        var rng = SeededGenerator(seed: 77)
        let truth = (0..<300).map { _ in
            SIMD3(512_345.678 + rng.nextUnitDouble() * 80, 5_401_234.321 + rng.nextUnitDouble() * 60, 123.456 + rng.nextUnitDouble() * 4)
        }
        let cloud = try PointCloud(worldPoints: truth)
        for coords in [PointCloudWriteOptions.Coordinates.localFloat32, .worldFloat64] {
            let bytes = try PointCloudWriter.encode(cloud, format: format, encoding: encoding, options: .init(coordinates: coords))
            let back = try PointCloudReader.read(bytes: bytes).cloud
            #expect(back.count == truth.count)
            var worst = 0.0
            for i in 0..<truth.count {
                let d = back.worldPoint(i) - truth[i]
                worst = max(worst, abs(d.x), abs(d.y), abs(d.z))
            }
            #expect(worst < 1e-3, "worst error \(worst) m for \(format) \(encoding) \(coords)")
            // Local offsets stay small: the origin was chosen near the data.
            #expect(back.x.allSatisfy { abs($0) < 200 })
        }
    }

    @Test("double-precision PLY at a 1e6 m offset read with millimetre precision and a nearby origin")
    func doublePLYPrecision() throws {
        var rng = SeededGenerator(seed: 5)
        let rows = (0..<100).map { _ in
            [1_000_000 + rng.nextUnitDouble() * 30, 2_000_000 + rng.nextUnitDouble() * 30, 50 + rng.nextUnitDouble()]
        }
        for enc in Fixtures.Encoding.allCases {
            let bytes = Fixtures.ply(enc, properties: [("x", "double"), ("y", "double"), ("z", "double")], rows: rows)
            let r = try PointCloudReader.read(bytes: bytes)
            #expect(r.cloud.origin == SIMD3(rows[0][0].rounded(), rows[0][1].rounded(), rows[0][2].rounded()))
            for (i, row) in rows.enumerated() {
                let w = r.cloud.worldPoint(i)
                #expect(abs(w.x - row[0]) < 1e-4 && abs(w.y - row[1]) < 1e-4 && abs(w.z - row[2]) < 1e-4)
            }
        }
    }

    @Test("file URLs: write, detect by extension and magic, read back; unwritable paths give a typed error")
    func files() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plumbio-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cloud = Fixtures.randomCloud(count: 100, seed: 3)
        for ext in ["ply", "pcd", "xyz"] {
            let url = dir.appendingPathComponent("c.\(ext)")
            try PointCloudWriter.write(cloud, to: url)
            let r = try PointCloudReader.read(contentsOf: url)
            #expect(r.report.format.rawValue == ext)
            #expect(r.cloud.x == cloud.x)
        }
        let bad = URL(fileURLWithPath: "/nonexistent-dir/x.ply")
        #expect(throws: PointCloudFormatError.self) { try PointCloudWriter.write(cloud, to: bad) }
        if case .cannotReadFile = Fixtures.readError(url: bad) {} else { Issue.record("expected cannotReadFile") }
        if case .cannotReadFile = Fixtures.readError(url: dir) {} else { Issue.record("expected cannotReadFile for a directory") }
        let empty = dir.appendingPathComponent("empty.ply")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(Fixtures.readError(url: empty) == .emptyInput)
        // In-memory Data gives the same cloud as the mapped file.
        let viaBytes = try PointCloudReader.read(bytes: Data(contentsOf: dir.appendingPathComponent("c.pcd"))).cloud
        #expect(viaBytes == cloud)
        // A FIFO cannot be mapped: the chunked fallback reads it (format from the extension and magic).
        let fifo = dir.appendingPathComponent("pipe.ply")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let image = try PointCloudWriter.encode(cloud, format: .ply, encoding: .binaryBigEndian)
        let writer = Thread {
            let fd = open(fifo.path, O_WRONLY)
            guard fd >= 0 else { return }
            image.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let n = write(fd, raw.baseAddress! + done, min(65536, raw.count - done))
                    if n <= 0 { break }
                    done += n
                }
            }
            close(fd)
        }
        writer.start()
        let piped = try PointCloudReader.read(contentsOf: fifo)
        #expect(piped.cloud == cloud)
    }

    @Test("unsupported writer combinations and invalid clouds are typed errors")
    func writerErrors() throws {
        let cloud = Fixtures.randomCloud(count: 3, seed: 1)
        #expect(throws: PointCloudFormatError.unsupportedEncoding(format: .xyz, encoding: "binaryLittleEndian")) {
            try PointCloudWriter.encode(cloud, format: .xyz, encoding: .binaryLittleEndian)
        }
        #expect(throws: PointCloudFormatError.unsupportedEncoding(format: .pcd, encoding: "binaryBigEndian")) {
            try PointCloudWriter.encode(cloud, format: .pcd, encoding: .binaryBigEndian)
        }
        var broken = cloud
        broken.x[1] = .nan
        #expect(throws: PointCloudFormatError.invalidCloud(.nonFiniteCoordinate(index: 1))) {
            try PointCloudWriter.encode(broken, format: .ply)
        }
    }
}

extension Fixtures {
    static func readError(url: URL) -> PointCloudFormatError? {
        do throws(PointCloudFormatError) {
            _ = try PointCloudReader.read(contentsOf: url)
            return nil
        } catch {
            return error
        }
    }
}
