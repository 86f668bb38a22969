// plumb-peer-run: runs Plumbline's kernel on one point-cloud file the way Peers/compare_open3d.py runs
// Open3D, and prints the timings, planes and box volumes as JSON (see PeerReport).
//
// Operations, each timed --repeat times (median reported, wall and process CPU):
//   read      PointCloudReader.read (PLY/PCD/XYZ)
//   segment   PlaneSegmenter.segment: threshold 0.02 m, min points max(100, n/1000), min area 0.25 m², seed 1
//   normals   NormalEstimation.estimate, k = 30, unoriented (k-d tree build included)
//   obb       OrientedBoxFit.pca
//   upright_obb  OrientedBoxFit.upright with y up
//   min_obb   OrientedBoxFit.minimumVolume
// --threads 1 (default) keeps everything on one thread; --threads all lets segmentation and normals use
// every core (their output is identical either way).
import Foundation
import BenchmarkSupport
import PlumbIO
import PlumbKernel

func run() throws {
    let args = try PeerRunArguments(Array(CommandLine.arguments.dropFirst()))
    let url = URL(fileURLWithPath: args.path)
    var wall: [String: [Double]] = [:], cpu: [String: [Double]] = [:]
    func timed<R>(_ key: String, _ body: () throws -> R) rethrows -> R {
        let (r, t) = try Stopwatch.measure(body)
        wall[key, default: []].append(t.wall * 1000)
        cpu[key, default: []].append(t.cpu * 1000)
        return r
    }
    var cloud = PointCloud()
    var planes: PlaneSegmentationResult?
    var pca: OrientedBox?, upright: OrientedBox?, tight: OrientedBox?
    let minPoints = 100
    var segOptions = PlaneSegmentationOptions(distanceThreshold: 0.02, minPoints: minPoints, minArea: 0.25, seed: 1)
    segOptions.parallel = args.parallel
    for _ in 0..<args.repeats {
        do {
            cloud = try timed("read") { try PointCloudReader.read(contentsOf: url).cloud }
            segOptions.minPoints = max(minPoints, cloud.count / 1000)
            planes = try timed("segment") { try PlaneSegmenter.segment(cloud, options: segOptions) }
            let est = try timed("normals") {
                try NormalEstimation.estimate(cloud, options: .init(k: 30, parallel: args.parallel))
            }
            guard est.normals.count == cloud.count else { throw PeerRunError.failed("normal count mismatch") }
            pca = try timed("obb") { try OrientedBoxFit.pca(cloud) }
            upright = try timed("upright_obb") { try OrientedBoxFit.upright(cloud, up: SIMD3(0, 1, 0)) }
            tight = try timed("min_obb") { try OrientedBoxFit.minimumVolume(cloud) }
        } catch let e as PeerRunError {
            throw e
        } catch {
            throw PeerRunError.failed("\(args.path): \(error)")
        }
    }
    let origin = cloud.origin
    let report = PeerReport(
        points: cloud.count,
        threads: args.parallel ? ProcessInfo.processInfo.activeProcessorCount : 1,
        repeats: args.repeats,
        ms: wall.mapValues(median), cpu_ms: cpu.mapValues(median),
        planes: (planes?.planes ?? []).map { p in
            .init(normal: [p.normal.x, p.normal.y, p.normal.z], d: p.worldOffset(origin: origin),
                  inliers: p.inliers.count, area: p.area)
        },
        min_plane_inliers: segOptions.minPoints,
        obb_volume: pca?.volume ?? .nan, upright_obb_volume: upright?.volume ?? .nan,
        min_obb_volume: tight?.volume ?? .nan)
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys]
    FileHandle.standardOutput.write(try enc.encode(report))
    FileHandle.standardOutput.write(Data("\n".utf8))
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("plumb-peer-run: \(error)\n".utf8))
    exit(error is PeerRunError ? 2 : 1)
}
