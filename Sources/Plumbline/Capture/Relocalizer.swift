import Foundation
import PlumbKernel

/// Places a partial scan, given in the device's own frame, into a saved ``WorldMap``'s frame.
///
/// 1. **Planes.** The scan (decimated like the map) is segmented into planes; walls are the large
///    vertical ones, floors and ceilings the horizontal ones. Both frames are gravity-aligned (y up, as
///    ARKit's are), so the coarse pose is a heading plus a translation.
/// 2. **Coarse hypotheses.** Every (scan wall, map wall) pair, with either normal sign, gives a heading;
///    headings are clustered to 1°. For each heading, every pair of non-parallel scan walls matched to a
///    pair of map walls with the same turned normals fixes the horizontal translation (a 2 x 2 solve), and
///    every matched pair of horizontal planes fixes the height. Each hypothesis is scored by the area of
///    scan planes that land within 8 cm and 5° of a map plane; the best ones are scored again by the share
///    of scan points within 10 cm of map points.
/// 3. **Refinement.** Point-to-plane ICP (`PointToPlaneICP`, all six degrees of freedom) from the best
///    hypotheses; the alignment with the most inliers wins. It must leave at least
///    ``RelocalizationOptions/minimumInlierFraction`` of the scan within
///    ``RelocalizationOptions/inlierDistance`` of the map, otherwise relocalization fails.
public enum Relocalizer {
    /// A successful placement.
    public struct Result: Sendable, Equatable {
        /// Maps device-frame points into the map's frame.
        public var deviceToWorld: RigidTransform
        /// Share of scan points on the map after ICP.
        public var inlierFraction: Double
        /// RMS point-to-plane residual of the inliers, metres.
        public var rms: Double
        /// Coarse hypotheses tried.
        public var hypotheses: Int
    }

    /// Fewest scan points needed.
    public static let minimumScanPoints = 500

    /// Places `scan` (device frame, decimated about like the map) into `map`.
    /// - Throws: ``RelocalizationError`` naming what was missing or how poor the best alignment was.
    /// - Complexity: O(hypotheses × planes² + ICP iterations × scan points × log map points).
    public static func relocalize(scan: PointCloud, map: WorldMap, options: RelocalizationOptions = .init(),
                                  seed: UInt64 = 0) throws(RelocalizationError) -> Result {
        guard scan.count >= minimumScanPoints else { throw .tooFewScanPoints(points: scan.count, required: minimumScanPoints) }
        let target: PointCloud
        do { target = try map.pointCloud() } catch { throw .invalidMap(error) }
        let scanPlanes: [MapPlane]
        do { scanPlanes = try WorldMap.findPlanes(scan, cellSize: map.cellSize, seed: seed) } catch { throw .invalidMap(error) }
        let hyps = try hypotheses(scanPlanes: scanPlanes, mapPlanes: map.planes)
        let icp = try PointToPlaneICP(target: target)
        let sample = subsample(scan, max: 4000, seed: seed)
        var ranked: [(Double, RigidTransform)] = hyps.prefix(24).map { h in (icp.inlierFraction(sample, h.t, distance: 0.1), h.t) }
        ranked.sort { $0.0 > $1.0 }
        var best: PointToPlaneICP.Alignment?
        for (_, t) in ranked.prefix(3) {
            let a = icp.align(source: sample, initial: t, inlierDistance: options.inlierDistance)
            if best == nil || a.inlierFraction > best!.inlierFraction + 1e-9 { best = a }
        }
        guard var b = best else { throw .noConsistentHypothesis }
        // Polish the winner with the whole scan at short pairing distances (the coarse pose is gravity-only,
        // so a tilted device frame leaves a small rotation for ICP to remove).
        let all = subsample(scan, max: 16000, seed: seed)
        let polished = icp.align(source: all, initial: b.transform, startDistance: 0.1, endDistance: 0.03,
                                 inlierDistance: options.inlierDistance)
        if polished.inlierFraction >= b.inlierFraction - 0.02 { b = polished }
        guard b.inlierFraction >= options.minimumInlierFraction else {
            throw .poorAlignment(inlierFraction: b.inlierFraction, required: options.minimumInlierFraction)
        }
        return Result(deviceToWorld: b.transform, inlierFraction: b.inlierFraction, rms: b.rms, hypotheses: hyps.count)
    }

    /// Coarse placements of a gravity-aligned scan onto a gravity-aligned map from their planes (type
    /// documentation, step 2), best plane score first.
    /// - Throws: ``RelocalizationError/tooFewPlanes(scanWalls:mapWalls:)`` or
    ///   ``RelocalizationError/noConsistentHypothesis``.
    /// - Complexity: O(headings × scan walls² × matches² × (scan planes × map planes)).
    static func hypotheses(scanPlanes: [MapPlane], mapPlanes: [MapPlane]) throws(RelocalizationError) -> [(score: Double, t: RigidTransform)] {
        let sWalls = walls(scanPlanes), mWalls = walls(mapPlanes)
        guard sWalls.count >= 2, mWalls.count >= 2 else { throw .tooFewPlanes(scanWalls: sWalls.count, mapWalls: mWalls.count) }
        let sFlats = scanPlanes.filter { abs($0.normal.y) > 0.95 }.prefix(4)
        let mFlats = mapPlanes.filter { abs($0.normal.y) > 0.95 }.prefix(12)

        // Headings.
        var headingVotes: [Int: Double] = [:]
        for s in sWalls {
            for m in mWalls {
                for sign in [1.0, -1.0] {
                    let a = heading(of: m.normal * sign) - heading(of: s.normal)
                    let deg = Int((a * 180 / .pi).rounded())
                    headingVotes[((deg % 360) + 360) % 360, default: 0] += min(s.area, m.area)
                }
            }
        }
        let headings = headingVotes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8).map(\.key)

        // Hypotheses.
        var hyps: [(score: Double, t: RigidTransform)] = []
        for hd in headings {
            let R = RigidTransform(axis: SIMD3(0, 1, 0), angle: Double(hd) * .pi / 180)
            let turned = sWalls.map { $0.transformed(by: R) }
            var horizontal: [SIMD2<Double>] = []
            for i in 0..<turned.count {
                for j in (i + 1)..<turned.count {
                    let a = turned[i], b = turned[j]
                    let na = SIMD2(a.normal.x, a.normal.z), nb = SIMD2(b.normal.x, b.normal.z)
                    let det = na.x * nb.y - na.y * nb.x
                    guard abs(det) > 0.5 else { continue }  // more than 30° apart
                    for ma in matches(a, mWalls) {
                        for mb in matches(b, mWalls) {
                            // n·t = target distance − scan distance, per wall.
                            let ra = ma - a.distance, rb = mb - b.distance
                            let t = SIMD2((ra * nb.y - na.y * rb) / det, (na.x * rb - ra * nb.x) / det)
                            horizontal.append(t)
                        }
                    }
                    if horizontal.count > 400 { break }
                }
            }
            var heights: [Double] = []
            for s in sFlats {
                let sn = R.applyToDirection(s.normal)
                for m in mFlats {
                    let sign: Double = dot(sn, m.normal) > 0 ? 1 : -1
                    // Moved plane: n·p = d_s + n_y t_y; it must equal ±d_m.
                    heights.append((sign * m.distance - s.distance) / sn.y)
                }
            }
            if heights.isEmpty { heights = [0] }
            for t in dedupe(horizontal) {
                for ty in dedupe1(heights) {
                    let T = RigidTransform(column0: R.column0, column1: R.column1, column2: R.column2, translation: SIMD3(t.x, ty, t.y))
                    hyps.append((planeScore(scanPlanes, T, mapPlanes), T))
                }
            }
        }
        guard !hyps.isEmpty else { throw .noConsistentHypothesis }
        hyps.sort { $0.score > $1.score }
        return hyps
    }

    /// Large vertical planes, largest first (at most 12).
    static func walls(_ planes: [MapPlane]) -> [MapPlane] {
        Array(planes.filter { abs($0.normal.y) < 0.2 && $0.area >= 0.5 }.prefix(12))
    }

    /// Heading of a horizontal direction (angle about +y taking +x to it), radians.
    static func heading(of n: SIMD3<Double>) -> Double { PlanarPose.heading(of: SIMD2(n.x, n.z)) }

    /// Distances (along `a`'s normal) of the map walls parallel to `a` within 5°, either sign.
    static func matches(_ a: MapPlane, _ walls: [MapPlane]) -> [Double] {
        var out: [Double] = []
        for m in walls {
            let c = dot(a.normal, m.normal)
            if c > 0.996 { out.append(m.distance) } else if c < -0.996 { out.append(-m.distance) }
        }
        return out
    }

    /// Area of scan planes that `t` puts within 8 cm and 5° of a map plane (plus a small tie-break on the
    /// summed offset error).
    static func planeScore(_ scan: [MapPlane], _ t: RigidTransform, _ map: [MapPlane]) -> Double {
        var score = 0.0
        for s in scan {
            let p = s.transformed(by: t)
            var bestErr = Double.infinity
            for m in map {
                let c = dot(p.normal, m.normal)
                guard abs(c) > 0.996 else { continue }
                // Distance of the moved centroid from the map plane.
                let e = abs(dot(m.normal, p.centroid) - m.distance)
                bestErr = min(bestErr, e)
            }
            if bestErr < 0.08 { score += s.area * (1 - bestErr) }
        }
        return score
    }

    static func dedupe(_ v: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var out: [SIMD2<Double>] = []
        for p in v where !out.contains(where: { length(SIMD3($0.x - p.x, 0, $0.y - p.y)) < 0.05 }) {
            out.append(p)
            if out.count >= 64 { break }
        }
        return out
    }

    /// Distinct heights (5 cm apart), in order. All of them are kept: at most 4 scan × 12 map horizontal
    /// planes. (Keeping only the first few let the first scan plane, e.g. a bed top, crowd out the floor's
    /// pairings, and the room was placed at a wrong height.)
    static func dedupe1(_ v: [Double]) -> [Double] {
        var out: [Double] = []
        for p in v where !out.contains(where: { abs($0 - p) < 0.05 }) { out.append(p) }
        return out
    }

    /// At most `max` world points of `cloud`, evenly strided (deterministic; `seed` picks the phase).
    static func subsample(_ cloud: PointCloud, max m: Int, seed: UInt64) -> [SIMD3<Double>] {
        let n = cloud.count
        guard n > m else { return (0..<n).map(cloud.worldPoint) }
        let step = Double(n) / Double(m)
        let phase = Double(seed % 97) / 97 * step
        return (0..<m).map { cloud.worldPoint(min(n - 1, Int(phase + Double($0) * step))) }
    }
}
