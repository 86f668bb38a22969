import Foundation
import Testing
import PlumbKernel

/// Matching of detected planes against a ``SyntheticRoom``'s ground truth.
struct PlaneRecovery {
    /// For each true plane, the detected plane matched to it (nil when missed).
    var match: [Int?]
    var recovered: Int { match.compactMap { $0 }.count }

    /// A true plane is recovered by a detected plane whose normal is within `degrees` (either sign), whose
    /// plane passes within `distance` of the true plane's sample centroid, and whose inliers mostly carry
    /// the true plane's label.
    init(room: SyntheticRoom, result: PlaneSegmentationResult, degrees: Double = 2, distance: Double = 0.02) {
        match = room.planes.indices.map { t in
            let truth = room.planes[t]
            for (k, p) in result.planes.enumerated() {
                guard abs(dot(p.normal, truth.normal)) >= cos(degrees * .pi / 180),
                    abs(p.signedDistance(truth.centroid)) <= distance
                else { continue }
                let own = p.inliers.filter { room.labels[Int($0)] == Int32(t) }.count
                if 2 * own > p.inliers.count { return k }
            }
            return nil
        }
    }
}

@Suite("Multi-plane segmentation")
struct PlaneSegmentationTests {
    static let room = SyntheticRoom(points: 100_000, seed: 21)
    static let options = PlaneSegmentationOptions(minPoints: 100, minArea: 0.25, seed: 7)

    @Test("recovers every plane of a synthetic room within 2 degrees and 2 cm, with the right inlier counts")
    func recoversRoom() throws {
        let room = Self.room
        let result = try PlaneSegmenter.segment(room.cloud, options: Self.options)
        let rec = PlaneRecovery(room: room, result: result)
        #expect(rec.recovered == room.planes.count, "missed: \(room.planes.indices.filter { rec.match[$0] == nil }.map { room.planes[$0].name })")
        #expect(result.planes.count == room.planes.count)
        for (t, m) in rec.match.enumerated() {
            guard let m else { continue }
            let p = result.planes[m]
            let truth = room.planes[t]
            let correct = p.inliers.filter { room.labels[Int($0)] == Int32(t) }.count
            let recall = Double(correct) / Double(truth.count)
            let ratio = Double(p.inliers.count) / Double(truth.count)
            #expect(recall > 0.95, "\(truth.name): recall \(recall)")
            #expect(abs(ratio - 1) < 0.05, "\(truth.name): \(p.inliers.count) inliers for \(truth.count) true points")
            #expect(p.rms < 0.012, "\(truth.name): rms \(p.rms)")
            #expect(abs(length(p.normal) - 1) < 1e-9)
            // Normals of walls, floor and ceiling point into the room (towards the centroid).
            if t < 6 { #expect(dot(p.normal, truth.normal) > 0, "\(truth.name) normal sign") }
        }
        // Area estimates against the true patch areas of floor-less surfaces (walls, ceiling).
        let w = room.width, d = room.depth, h = room.height
        let trueAreas: [Double] = [w * d, w * h, w * h, d * h, d * h]
        for (k, t) in [1, 2, 3, 4, 5].enumerated() {
            guard let m = rec.match[t] else { continue }
            let a = result.planes[m].area
            #expect(abs(a - trueAreas[k]) < 0.06 * trueAreas[k], "\(room.planes[t].name): area \(a) vs \(trueAreas[k])")
        }
        // Inliers are ascending and disjoint from each other and from `unassigned`.
        var seen = [Bool](repeating: false, count: room.cloud.count)
        for p in result.planes + [DetectedPlane(normal: .zero, offset: 0, inliers: result.unassigned, centroid: .zero,
                                                rms: 0, area: 0, gridCellSize: 0)] {
            #expect(zip(p.inliers, p.inliers.dropFirst()).allSatisfy { $0 < $1 })
            for i in p.inliers {
                #expect(!seen[Int(i)])
                seen[Int(i)] = true
            }
        }
        #expect(seen.allSatisfy { $0 })
    }

    @Test("same seed gives identical output; parallel equals serial")
    func deterministic() throws {
        let cloud = SyntheticRoom(points: 30_000, seed: 3).cloud
        var o = Self.options
        o.minPoints = 40
        let a = try PlaneSegmenter.segment(cloud, options: o)
        let b = try PlaneSegmenter.segment(cloud, options: o)
        o.parallel = false
        let c = try PlaneSegmenter.segment(cloud, options: o)
        #expect(a == b)
        #expect(a == c)
        #expect(!a.planes.isEmpty)
    }

    @Test("coplanar but separate pieces become separate planes")
    func splitsCoplanarPieces() throws {
        var rng = SeededGenerator(seed: 9)
        var x = [Float](), y = [Float](), z = [Float]()
        for k in 0..<2 {
            for _ in 0..<3000 {
                x.append(Float(k) * 2.0 + rng.nextUnitFloat())  // [0,1] and [2,3]: 1 m gap
                y.append(rng.nextUnitFloat())
                z.append(0.75 + Float(0.003 * rng.nextGaussian()))
            }
        }
        let result = try PlaneSegmenter.segment(try PointCloud(x: x, y: y, z: z), options: Self.options)
        #expect(result.planes.count == 2)
        for p in result.planes {
            #expect(p.inliers.count == 3000)
            #expect(abs(p.area - 1) < 0.15)
            #expect(abs(p.normal.z) > 0.9999)
        }
    }

    @Test("empty and degenerate clouds give an empty result; bad input gives typed errors")
    func degenerate() throws {
        let empty = try PlaneSegmenter.segment(PointCloud())
        #expect(empty.planes.isEmpty && empty.unassigned.isEmpty)
        let line = try PointCloud(x: (0..<500).map { Float($0) * 0.01 }, y: .init(repeating: 0, count: 500),
                                  z: .init(repeating: 0, count: 500))
        let r = try PlaneSegmenter.segment(line)
        #expect(r.planes.isEmpty)
        #expect(r.unassigned.count == 500)
        var bad = PointCloud()
        bad.x = [0, .nan]
        bad.y = [0, 0]
        bad.z = [0, 0]
        #expect(throws: PlaneSegmentationError.invalidCloud(.nonFiniteCoordinate(index: 1))) {
            try PlaneSegmenter.segment(bad)
        }
        #expect(throws: PlaneSegmentationError.invalidOption(name: "distanceThreshold", value: "-1.0")) {
            try PlaneSegmenter.segment(PointCloud(), options: .init(distanceThreshold: -1))
        }
    }

    @Test("uses normals when the cloud has them")
    func withNormals() throws {
        let room = SyntheticRoom(points: 40_000, seed: 5)
        let cloud = try room.cloud.withEstimatedNormals(options: .init(k: 20))
        var o = Self.options
        o.minPoints = 40
        let result = try PlaneSegmenter.segment(cloud, options: o)
        let rec = PlaneRecovery(room: room, result: result)
        #expect(rec.recovered == room.planes.count, "missed: \(room.planes.indices.filter { rec.match[$0] == nil }.map { room.planes[$0].name })")
        for p in result.planes {
            let counts = Dictionary(grouping: p.inliers, by: { room.labels[Int($0)] }).mapValues(\.count)
            print("plane n=\(p.normal) d=\(p.offset) count=\(p.inliers.count) area=\(p.area) labels=\(counts)")
        }
        print(room.planes.map { "\($0.name) \($0.count)" })
    }
}
