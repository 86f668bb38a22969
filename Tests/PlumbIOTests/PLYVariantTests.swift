import Foundation
import PlumbKernel
import Testing
import PlumbIO

@Suite("PLY scalar types, property order and extra elements")
struct PLYVariantTests {
    static let typeNames = ["char", "int8", "uchar", "uint8", "short", "int16", "ushort", "uint16",
                            "int", "int32", "uint", "uint32", "float", "float32", "double", "float64"]

    /// Values representable in every type, including the signed 8-bit range.
    static let rows: [[Double]] = [[1, 2, 3], [-7, 100, 0], [127, -128, 42], [0, 5, -9]]

    @Test("every scalar type and alias, as coordinates, in all three encodings", arguments: typeNames)
    func scalarType(type: String) throws {
        let unsigned = type.hasPrefix("u")
        let rows = Self.rows.map { $0.map { unsigned ? abs($0) : $0 } }
        for enc in Fixtures.Encoding.allCases {
            let bytes = Fixtures.ply(enc, properties: [("x", type), ("y", type), ("z", type)], rows: rows)
            let r = try PointCloudReader.read(bytes: bytes)
            #expect(r.cloud.count == rows.count)
            for (i, row) in rows.enumerated() {
                #expect(r.cloud.worldPoint(i) == SIMD3(row[0], row[1], row[2]), "\(type) \(enc) row \(i)")
            }
        }
    }

    @Test("attributes decode from any type; shuffled order; faces before and after; unknown props skipped")
    func shuffledWithFaces() throws {
        var rng = SeededGenerator(seed: 11)
        let base: [(name: String, type: String)] = [
            ("x", "float"), ("y", "double"), ("z", "int"), ("nx", "float"), ("ny", "float"), ("nz", "double"),
            ("red", "uchar"), ("green", "uchar"), ("blue", "uchar"), ("intensity", "ushort"), ("frame_index", "uint"),
            ("confidence", "float"), ("label", "short"),
        ]
        let n = 40
        var truth: [[Double]] = []
        for i in 0..<n {
            let x = Double(Float(rng.nextUnitFloat() * 4))
            let y: Double = rng.nextUnitDouble()
            let z = Double(i - 20)
            let rest: [Double] = [0.6, 0.0, 0.8, Double(i * 6), 255, 3, Double(i * 1000), Double(i / 4), 0.5, -3]
            truth.append([x, y, z] + rest)
        }
        let faces = (0..<15).map { k in [k, k + 1, k + 2, k + 3].prefix(3 + k % 2).map { $0 } }
        for trial in 0..<6 {
            var order = Array(base.indices)
            order.shuffle(using: &rng)
            let props = order.map { base[$0] }
            let rows = truth.map { row in order.map { row[$0] } }
            for enc in Fixtures.Encoding.allCases {
                let bytes = Fixtures.ply(enc, properties: props, rows: rows, faces: faces, facesFirst: trial % 2 == 0)
                let r = try PointCloudReader.read(bytes: bytes)
                let c = r.cloud
                #expect(c.count == n)
                #expect(Set(r.report.skippedProperties) == ["confidence", "label"])
                #expect(r.report.skippedElements == ["face"])
                #expect(r.report.trailingByteCount == 0)
                for i in 0..<n {
                    let w = c.worldPoint(i)
                    #expect(abs(w.x - truth[i][0]) < 1e-6 && abs(w.y - truth[i][1]) < 1e-6 && w.z == truth[i][2])
                    #expect(c.normals![i] == SIMD3<Float>(0.6, 0, 0.8))
                    #expect(c.colors!.r[i] == UInt8(i * 6) && c.colors!.g[i] == 255 && c.colors!.b[i] == 3)
                    #expect(c.intensity![i] == Float(i * 1000))
                    #expect(c.frameIndex![i] == UInt32(i / 4))
                }
            }
        }
    }

    @Test("float colours 0..1 scale to bytes; scalar_intensity and scan_index are recognised")
    func floatColours() throws {
        let props: [(name: String, type: String)] = [("x", "float"), ("y", "float"), ("z", "float"), ("red", "float"),
                                                     ("green", "double"), ("blue", "float"), ("scalar_intensity", "float"), ("scan_index", "uchar")]
        let rows: [[Double]] = [[0, 0, 0, 1, 0.5, 0, 0.25, 7], [1, 1, 1, 0.2, 2.0, -1, 3, 9]]
        for enc in Fixtures.Encoding.allCases {
            let c = try PointCloudReader.read(bytes: Fixtures.ply(enc, properties: props, rows: rows)).cloud
            #expect(c.colors!.r == [255, 51] && c.colors!.g == [128, 255] && c.colors!.b == [0, 0])
            #expect(c.intensity! == [0.25, 3])
            #expect(c.frameIndex! == [7, 9])
        }
    }

    @Test("a frame property with a floating type is skipped, not misread")
    func floatFrameSkipped() throws {
        let props: [(name: String, type: String)] = [("x", "float"), ("y", "float"), ("z", "float"), ("frame", "float")]
        let r = try PointCloudReader.read(bytes: Fixtures.ply(.ascii, properties: props, rows: [[1, 2, 3, 4.5]]))
        #expect(r.cloud.frameIndex == nil)
        #expect(r.report.skippedProperties == ["frame"])
    }

    @Test("a list property inside the vertex element is walked and skipped in all encodings")
    func vertexWithList() throws {
        let lists: [[Int]] = [[], [5, 6, 7], [9]]
        let points: [SIMD3<Float>] = [SIMD3(1, 2, 3), SIMD3(-4, 5.5, 6), SIMD3(7, 8, -9.25)]
        for enc in Fixtures.Encoding.allCases {
            var bytes = Array(("ply\nformat \(enc.rawValue) 1.0\nelement vertex 3\nproperty float x\n"
                + "property list uchar int neighbours\nproperty float y\nproperty float z\nend_header\n").utf8)
            let big = enc == .binary_big_endian
            for (p, l) in zip(points, lists) {
                if enc == .ascii {
                    bytes += Array("\(p.x) \(l.count)\(l.map { " \($0)" }.joined()) \(p.y) \(p.z)\n".utf8)
                } else {
                    bytes += Fixtures.binaryValue(Double(p.x), type: "float", bigEndian: big)
                    bytes.append(UInt8(l.count))
                    for v in l { bytes += Fixtures.binaryValue(Double(v), type: "int", bigEndian: big) }
                    bytes += Fixtures.binaryValue(Double(p.y), type: "float", bigEndian: big)
                    bytes += Fixtures.binaryValue(Double(p.z), type: "float", bigEndian: big)
                }
            }
            let r = try PointCloudReader.read(bytes: bytes)
            #expect(r.report.skippedProperties == ["neighbours"])
            #expect((0..<3).map { r.cloud.localPoint($0) } == points, "\(enc)")
            #expect(r.report.trailingByteCount == 0)
        }
    }

    @Test("bundled fixture: ascii cube with faces and CRLF line ends")
    func bundledFixture() throws {
        let url = TestPaths.data.appendingPathComponent("fixtures/cube_faces_crlf.ply")
        let r = try PointCloudReader.read(contentsOf: url)
        #expect(r.cloud.count == 8)
        #expect(r.report.skippedElements == ["face"])
        let b = try #require(r.cloud.localBounds)
        #expect(b.min == SIMD3(0, 0, 0) && b.max == SIMD3(1, 1, 1))
        #expect(r.cloud.colors?.r.first == 255)
    }
}
