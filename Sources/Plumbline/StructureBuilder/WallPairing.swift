import Foundation
import PlumbKernel

/// Finds the walls seen from both sides: pairs of room wall faces that are parallel, face opposite ways,
/// stand a wall's thickness apart back to back (or cross by up to ``Gate/coincidence``: the same wall
/// with rooms that overlap a little, thickness not measurable) and overlap along the wall and in
/// height; and faces that are the same face captured twice (same facing, within ``Gate/coincidence``
/// of each other, overlapping; from two rooms or, as RoomPlan sometimes writes, twice in one room). Groups them into clusters (connected components of the link
/// graph), each one wall line seen from its sides.
enum WallPairing {
    /// Parameters of the pair test (from ``StructureBuilder/Options``).
    struct Gate {
        var maximumAngle: Double
        var gap: ClosedRange<Double>
        var minimumOverlap: Double
        /// Largest crossing of back-to-back faces, and largest distance of two captures of one face, metres.
        var coincidence: Double
    }

    /// How two faces are linked.
    enum Link: Equatable {
        /// Back to back, this far apart (negative: crossing).
        case backToBack(Double)
        /// The same face captured by two rooms.
        case sameFace
    }

    /// The link between two faces, or `nil`.
    /// - Complexity: O(1).
    static func link(_ a: WallFace, _ b: WallFace, gate: Gate) -> Link? {
        if let g = gap(a, b, gate: gate) { return .backToBack(g) }
        guard (a.inward * b.inward).sum() >= cos(gate.maximumAngle) else { return nil }
        guard overlap(a, b) >= min(gate.minimumOverlap, 0.5 * min(a.length, b.length)),
              min(a.top, b.top) - max(a.bottom, b.bottom) > 0.1 else { return nil }
        let pa = a.start + a.direction * (a.length / 2), pb = b.start + b.direction * (b.length / 2)
        return abs(a.signedDistance(pb)) <= gate.coincidence && abs(b.signedDistance(pa)) <= gate.coincidence ? .sameFace : nil
    }

    /// Length of b's projection onto a that lies within a, metres.
    static func overlap(_ a: WallFace, _ b: WallFace) -> Double {
        let u0 = a.along(b.start), u1 = a.along(b.end)
        return min(a.length, max(u0, u1)) - max(0, min(u0, u1))
    }

    /// The back-to-back gap between two faces if they pair, else `nil`: measured at the middle of their
    /// overlap as the mean of each face's distance behind the other.
    /// - Complexity: O(1).
    static func gap(_ a: WallFace, _ b: WallFace, gate: Gate) -> Double? {
        let cosine = abs((a.direction * b.direction).sum())
        guard cosine >= cos(gate.maximumAngle), (a.inward * b.inward).sum() < 0 else { return nil }
        guard min(a.top, b.top) - max(a.bottom, b.bottom) > 0.1 else { return nil }
        let u0 = a.along(b.start), u1 = a.along(b.end)
        let lo = max(0, min(u0, u1)), hi = min(a.length, max(u0, u1))
        guard hi - lo >= min(gate.minimumOverlap, 0.5 * min(a.length, b.length)) else { return nil }
        let pa = a.start + a.direction * ((lo + hi) / 2)
        // The same spot on b: project pa onto b's line.
        let pb = b.start + b.direction * b.along(pa)
        let g = (-b.signedDistance(pa) - a.signedDistance(pb)) / 2
        return g >= -gate.coincidence && g <= gate.gap.upperBound ? g : nil
    }

    /// Clusters of face indices (each sorted, clusters ordered by their first face) that belong to a
    /// wall seen from both sides; faces without a partner are in no cluster.
    /// - Complexity: O(n log n + k) for n faces and k pairs whose x-ranges overlap (O(n²) at worst).
    static func clusters(_ faces: [WallFace], gate: Gate) -> [[Int]] {
        var walls = DisjointSets(count: faces.count)
        var paired = [Bool](repeating: false, count: faces.count)
        // Sweep and prune along x: only faces whose plan x-ranges, widened by the largest gap, overlap.
        let reach = max(gate.gap.upperBound, gate.coincidence)
        let xr = faces.map { (min($0.start.x, $0.end.x) - reach, max($0.start.x, $0.end.x) + reach) }
        let order = faces.indices.sorted { xr[$0].0 != xr[$1].0 ? xr[$0].0 < xr[$1].0 : $0 < $1 }
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                if xr[j].0 > xr[i].1 { break }
                guard link(faces[min(i, j)], faces[max(i, j)], gate: gate) != nil else { continue }
                paired[i] = true
                paired[j] = true
                walls.union(i, j)
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in faces.indices where paired[i] { groups[walls.find(i), default: []].append(i) }
        return groups.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}
