import Foundation
import PlumbKernel
import Testing
import PlumbIO

/// Real files from ../shared/data; counts are the ones their SOURCE.txt files state. Skipped when absent.
@Suite("Real PCD files from ../shared/data", .enabled(if: TestPaths.sharedData != nil))
struct RealFileTests {
    func read(_ path: String) throws -> PointCloudReadResult {
        try PointCloudReader.read(contentsOf: TestPaths.sharedData!.appendingPathComponent(path))
    }

    func extent(_ c: PointCloud) -> SIMD3<Float> {
        let b = c.localBounds!
        return b.max - b.min
    }

    func unitNormals(_ c: PointCloud) -> Bool {
        let n = c.normals!
        return (0..<c.count).allSatisfy { i in abs(length(n[i]) - 1) < 1e-3 || length(n[i]) == 0 }
    }

    @Test("Open3D fragment.pcd: binary, 113,662 points with rgb and normals")
    func fragment() throws {
        let r = try read("open3d-fragments/fragment.pcd")
        #expect(r.report.encoding == .binaryLittleEndian)
        #expect(r.report.declaredPointCount == 113_662)
        #expect(r.cloud.count == 113_662)
        #expect(r.cloud.colors != nil && r.cloud.normals != nil)
        #expect(r.report.skippedProperties == ["curvature"])
        #expect(unitNormals(r.cloud))
        // ~2.4 x 2 m wall fragment: a few metres at most, and not all one colour.
        let e = extent(r.cloud)
        #expect(e.max() < 6 && e.max() > 1.5)
        #expect(Set(r.cloud.colors!.r).count > 20)
    }

    @Test("Open3D cloud_bin_0/1.pcd: 3,903 and 3,458 points with normals and rgb")
    func cloudBins() throws {
        for (file, n) in [("cloud_bin_0.pcd", 3903), ("cloud_bin_1.pcd", 3458)] {
            let r = try read("open3d-fragments/" + file)
            #expect(r.cloud.count == n)
            #expect(r.report.trailingByteCount == 0)
            #expect(r.cloud.normals != nil && r.cloud.colors != nil)
            #expect(unitNormals(r.cloud))
        }
    }

    @Test("PCL room_scan1.pcd: binary_compressed, 112,586 points, z extent about 3.1 m")
    func roomScan() throws {
        let r = try read("pcl-room/room_scan1.pcd")
        #expect(r.report.encoding == .binaryCompressed)
        #expect(r.cloud.count == 112_586)
        #expect(r.report.droppedCount == 0)
        let e = extent(r.cloud)
        #expect(abs(e.z - 3.1) < 0.2, "z extent \(e.z)")
    }

    @Test("PCL office1.pcd: organised 640x480 binary_compressed, 254,456 finite points")
    func office() throws {
        let r = try read("pcl-room/office1.pcd")
        #expect(r.report.encoding == .binaryCompressed)
        #expect(r.report.gridWidth == 640 && r.report.gridHeight == 480)
        #expect(r.report.recordsRead == 307_200)
        #expect(r.cloud.count == 254_456)
        #expect(r.report.drops == [PointDrop(reason: .noReturnInOrganisedCloud, count: 307_200 - 254_456)])
        // Camera frame, Z forward about 1.8 to 5.4 m.
        let b = r.cloud.localBounds!
        #expect(b.min.z > 1 && b.max.z < 7)
        #expect(r.cloud.colors != nil)
    }

    @Test("room_scan1 rewritten as binary_compressed: our LZF compresses real data about as well as PCL's")
    func recompress() throws {
        let url = TestPaths.sharedData!.appendingPathComponent("pcl-room/room_scan1.pcd")
        let originalSize = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        let cloud = try PointCloudReader.read(contentsOf: url).cloud
        let bytes = try PointCloudWriter.encode(cloud, format: .pcd, encoding: .binaryCompressed)
        let raw = cloud.count * 12
        print("room_scan1: raw \(raw) B, PCL's file \(originalSize) B, ours \(bytes.count) B")
        #expect(bytes.count < raw * 9 / 10)
        #expect(Double(bytes.count) < Double(originalSize) * 1.25)
        #expect(try PointCloudReader.read(bytes: bytes).cloud == cloud)
    }

    @Test("seeded byte flips inside a real LZF stream parse or throw, never crash")
    func flipsInRealStream() throws {
        let url = TestPaths.sharedData!.appendingPathComponent("pcl-room/room_scan1.pcd")
        let good = try [UInt8](Data(contentsOf: url))
        var rng = SeededGenerator(seed: 31)
        var failures = 0
        for _ in 0..<40 {
            var m = good
            let at = 300 + rng.nextIndex(below: good.count - 300)
            m[at] ^= UInt8(1 + rng.nextIndex(below: 255))
            if case .failure = Fixtures.result(m) { failures += 1 }
        }
        // Most flips in an LZF stream break it (bad reference or wrong length); some only change values.
        #expect(failures > 0)
    }

    @Test("real files survive a write/read round trip in every PCD and PLY encoding")
    func rewrite() throws {
        let original = try read("open3d-fragments/cloud_bin_0.pcd").cloud
        for (f, e) in [(PointCloudFormat.pcd, PointCloudEncoding.binaryCompressed), (.pcd, .ascii), (.ply, .binaryBigEndian), (.ply, .ascii)] {
            let back = try PointCloudReader.read(bytes: PointCloudWriter.encode(original, format: f, encoding: e)).cloud
            #expect(back == original, "\(f) \(e)")
        }
    }
}
