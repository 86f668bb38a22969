import Foundation
import PlumbKernel
import Testing
import PlumbIO

@Suite("PCD fields, types, COUNT > 1, packed colour and organised clouds")
struct PCDVariantTests {
    typealias Field = (name: String, size: Int, type: String, count: Int)

    @Test("every PCD type as coordinates, ascii and binary")
    func types() throws {
        let rows: [[Double]] = [[1, 2, 3], [4, 5, 6], [120, 7, 0]]
        for (t, s) in [("I", 1), ("I", 2), ("I", 4), ("U", 1), ("U", 2), ("U", 4), ("F", 4), ("F", 8)] {
            for data in ["ascii", "binary"] {
                let bytes = Fixtures.pcd(fields: ["x", "y", "z"].map { ($0, s, t, 1) }, rows: rows, data: data)
                let r = try PointCloudReader.read(bytes: bytes)
                #expect(r.report.encoding == (data == "ascii" ? .ascii : .binaryLittleEndian))
                for (i, row) in rows.enumerated() { #expect(r.cloud.worldPoint(i) == SIMD3(row[0], row[1], row[2]), "\(t)\(s) \(data)") }
            }
        }
    }

    @Test("COUNT > 1 fields are skipped in place; packed rgb and normals decode; curvature skipped")
    func countAndAttributes() throws {
        let fields: [Field] = [("x", 4, "F", 1), ("fpfh", 4, "F", 3), ("y", 4, "F", 1), ("rgb", 4, "U", 1),
                               ("z", 8, "F", 1), ("normal_x", 4, "F", 1), ("normal_y", 4, "F", 1), ("normal_z", 4, "F", 1),
                               ("curvature", 4, "F", 1), ("intensity", 2, "U", 1), ("_", 1, "U", 4)]
        let packed = Double(0x00_12_34_56)
        var rows: [[Double]] = []
        for i in 0..<5 {
            let d = Double(i)
            let head: [Double] = [d, 9, 9, 9, 2 * d, packed, -d]
            let tail: [Double] = [0, 1, 0, 0.5, 100 + d, 0, 0, 0, 0]
            rows.append(head + tail)
        }
        for data in ["ascii", "binary"] {
            let r = try PointCloudReader.read(bytes: Fixtures.pcd(fields: fields, rows: rows, data: data))
            let c = r.cloud
            #expect(r.report.skippedProperties == ["fpfh", "curvature", "_"])
            #expect(c.count == 5)
            for i in 0..<5 {
                #expect(c.worldPoint(i) == SIMD3(Double(i), Double(2 * i), Double(-i)))
                #expect(c.normals![i] == SIMD3<Float>(0, 1, 0))
                #expect(c.colors!.r[i] == 0x12 && c.colors!.g[i] == 0x34 && c.colors!.b[i] == 0x56)
                #expect(c.intensity![i] == Float(100 + i))
            }
        }
    }

    @Test("organised ascii cloud: NaN cells are dropped and counted; the grid size is reported")
    func organised() throws {
        let rows: [[Double]] = [[0, 0, 1], [.nan, .nan, .nan], [1, 0, 1], [0, 1, 1], [1, 1, .nan], [2, 2, 2]]
        let bytes = Fixtures.pcd(fields: ["x", "y", "z"].map { ($0, 4, "F", 1) }, rows: rows, width: 3, height: 2, data: "ascii")
        let r = try PointCloudReader.read(bytes: bytes)
        #expect(r.cloud.count == 4)
        #expect(r.report.recordsRead == 6)
        #expect(r.report.drops == [PointDrop(reason: .noReturnInOrganisedCloud, count: 2)])
        #expect(r.report.gridWidth == 3 && r.report.gridHeight == 2)
        #expect(r.cloud.worldPoint(3) == SIMD3(2, 2, 2))
        // The same grid as an unorganised cloud is an error at the first NaN.
        let flat = Fixtures.pcd(fields: ["x", "y", "z"].map { ($0, 4, "F", 1) }, rows: rows, data: "ascii")
        #expect(Fixtures.error(flat) == .nonFiniteCoordinate(pointIndex: 1, at: .line(13)))  // 11 header lines
    }

    @Test("bundled fixture: old-style header (no COUNT, no VIEWPOINT) with an organised binary grid")
    func bundledOldHeader() throws {
        let r = try PointCloudReader.read(contentsOf: TestPaths.data.appendingPathComponent("fixtures/organised_v06.pcd"))
        #expect(r.report.gridWidth == 4 && r.report.gridHeight == 3)
        #expect(r.report.recordsRead == 12)
        #expect(r.cloud.count == 9)
        #expect(r.report.drops.first?.count == 3)
        #expect(r.cloud.colors != nil)
    }

    @Test("ascii rgb written as a float bit pattern or as an integer decodes the same")
    func asciiRGBForms() throws {
        let value: UInt32 = 0x00_FF_80_01
        let asFloat = Float(bitPattern: value)
        let head = "VERSION 0.7\nFIELDS x y z rgb\nSIZE 4 4 4 4\nTYPE F F F F\nCOUNT 1 1 1 1\nWIDTH 2\nHEIGHT 1\nPOINTS 2\nDATA ascii\n"
        let text = head + "0 0 0 \(asFloat)\n1 1 1 \(value)\n"
        let c = try PointCloudReader.read(bytes: Array(text.utf8)).cloud
        #expect(c.colors!.r == [255, 255] && c.colors!.g == [128, 128] && c.colors!.b == [1, 1])
    }
}

@Suite("XYZ column rules")
struct XYZTests {
    @Test("3, 4, 6, 7 and 9 columns follow the documented rule; commas and comments allowed")
    func columnRule() throws {
        let c3 = try PointCloudReader.read(bytes: Array("# pts\n1 2 3\n4,5,6\n".utf8), format: .xyz)
        #expect(c3.cloud.count == 2 && c3.cloud.colors == nil)
        let c4 = try PointCloudReader.read(bytes: Array("1 2 3 0.5\n".utf8), format: .xyz).cloud
        #expect(c4.intensity == [0.5])
        let c6 = try PointCloudReader.read(bytes: Array("1 2 3 10 20 30\n".utf8), format: .xyz).cloud
        #expect(c6.colors == ColorField(r: [10], g: [20], b: [30]) && c6.normals == nil)
        let c7 = try PointCloudReader.read(bytes: Array("1 2 3 -5 10 20 30\n".utf8), format: .xyz).cloud
        #expect(c7.intensity == [-5] && c7.colors == ColorField(r: [10], g: [20], b: [30]))
        let c9 = try PointCloudReader.read(bytes: Array("1 2 3 10 20 30 0 0 1\n".utf8), format: .xyz).cloud
        #expect(c9.colors == ColorField(r: [10], g: [20], b: [30]) && c9.normals == NormalField(x: [0], y: [0], z: [1]))
        let c5 = try PointCloudReader.read(bytes: Array("1 2 3 7 8\n".utf8), format: .xyz)
        #expect(c5.report.skippedProperties == ["column4", "column5"])
    }

    @Test("PTS: a leading point-count line is reported as the declared count")
    func ptsCount() throws {
        let r = try PointCloudReader.read(bytes: Array("2\n1 2 3 -5 10 20 30\n4 5 6 -7 1 2 3\n".utf8), format: .xyz)
        #expect(r.report.declaredPointCount == 2 && r.cloud.count == 2)
        #expect(r.cloud.intensity == [-5, -7])
    }

    @Test("a names line (CSV header) or a columns comment overrides the count rule")
    func namedColumns() throws {
        let csv = try PointCloudReader.read(bytes: Array("nx,ny,nz,x,y,z\n0,0,1,5,6,7\n".utf8), format: .xyz).cloud
        #expect(csv.worldPoint(0) == SIMD3(5, 6, 7) && csv.normals![0] == SIMD3<Float>(0, 0, 1))
        let comment = try PointCloudReader.read(bytes: Array("# columns: x y z nx ny nz\n1 2 3 1 0 0\n".utf8), format: .xyz).cloud
        #expect(comment.normals![0] == SIMD3<Float>(1, 0, 0) && comment.colors == nil)
    }
}
