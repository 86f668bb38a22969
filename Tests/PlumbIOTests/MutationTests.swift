import Foundation
import PlumbKernel
import Testing
import PlumbIO

/// Deterministic fuzzing: every truncation and many seeded byte flips of valid files either parse
/// (to a valid cloud) or throw a typed error. A crash or hang would fail the whole run.
@Suite("Mutated inputs never crash")
struct MutationTests {
    static func samples() throws -> [(String, [UInt8])] {
        let cloud = Fixtures.randomCloud(count: 24, seed: 21)
        let xyz: [(name: String, type: String)] = [("x", "float"), ("y", "double"), ("z", "short"), ("red", "uchar"), ("green", "uchar"), ("blue", "uchar")]
        let rows: [[Double]] = (0..<12).map { i in [Double(i) * 0.5, Double(i) * 1.5, Double(i), 1, 2, 3] }
        let faces = [[0, 1, 2], [2, 3, 4, 5], [6, 7, 8]]
        return [
            ("ply-le", try PointCloudWriter.encode(cloud, format: .ply, encoding: .binaryLittleEndian)),
            ("ply-ascii", try PointCloudWriter.encode(cloud, format: .ply, encoding: .ascii)),
            ("ply-be-faces", Fixtures.ply(.binary_big_endian, properties: xyz, rows: rows, faces: faces, facesFirst: true)),
            ("ply-ascii-faces", Fixtures.ply(.ascii, properties: xyz, rows: rows, faces: faces)),
            ("pcd-binary", try PointCloudWriter.encode(cloud, format: .pcd, encoding: .binaryLittleEndian)),
            ("pcd-compressed", try PointCloudWriter.encode(cloud, format: .pcd, encoding: .binaryCompressed)),
            ("pcd-ascii", try PointCloudWriter.encode(cloud, format: .pcd, encoding: .ascii)),
            ("xyz", try PointCloudWriter.encode(cloud, format: .xyz)),
        ]
    }

    /// Parses and, on success, checks the result is self-consistent.
    func check(_ bytes: [UInt8], _ label: String) -> Bool {
        switch Fixtures.result(bytes) {
        case let .success(r):
            let ok = (try? r.cloud.validate()) != nil && r.report.pointCount == r.cloud.count
                && r.report.recordsRead == r.cloud.count + r.report.droppedCount
            if !ok { Issue.record("inconsistent result for \(label)") }
            return true
        case .failure:
            return false
        }
    }

    @Test("every truncation of every sample parses or throws", arguments: 0..<8)
    func truncations(sample: Int) throws {
        let (name, bytes) = try Self.samples()[sample]
        var parsed = 0
        for cut in 0..<bytes.count where check(Array(bytes[0..<cut]), "\(name) cut \(cut)") { parsed += 1 }
        #expect(check(bytes, name))
        // Most prefixes of a binary file must be rejected (the data is short); text may lose whole lines
        // only at line ends, which the count check catches too.
        #expect(parsed < bytes.count / 2, "\(name): \(parsed) of \(bytes.count) prefixes parsed")
    }

    @Test("seeded byte flips of every sample parse or throw", arguments: 0..<8)
    func flips(sample: Int) throws {
        let (name, bytes) = try Self.samples()[sample]
        var rng = SeededGenerator(seed: UInt64(100 + sample))
        var parsed = 0
        for trial in 0..<1500 {
            var m = bytes
            for _ in 0..<(1 + trial % 3) {
                let at = rng.nextIndex(below: m.count)
                m[at] ^= UInt8(1 + rng.nextIndex(below: 255))
            }
            if check(m, "\(name) trial \(trial)") { parsed += 1 }
        }
        #expect(parsed > 0 && parsed < 1500, "\(name): \(parsed) of 1500 mutants parsed")
    }
}
