import Foundation
import PlumbKernel
import Testing
@testable import PlumbIO

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

    @Test("real files survive a write/read round trip in every PCD and PLY encoding")
    func rewrite() throws {
        let original = try read("open3d-fragments/cloud_bin_0.pcd").cloud
        for (f, e) in [(PointCloudFormat.pcd, PointCloudEncoding.binaryCompressed), (.pcd, .ascii), (.ply, .binaryBigEndian), (.ply, .ascii)] {
            let back = try PointCloudReader.read(bytes: PointCloudWriter.encode(original, format: f, encoding: e)).cloud
            #expect(back == original, "\(f) \(e)")
        }
    }
}
