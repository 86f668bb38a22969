import Foundation
import PlumbKernel

/// Re-hosts doors, windows and openings on the structure's walls and merges the ones seen from both
/// rooms of a shared wall into one.
///
/// Each element goes to the structure wall made from its host face that covers the element's centre.
/// On a wall seen from both sides (or one face captured by two rooms), elements from the two sides
/// (or from two rooms on one side) whose rectangles (along the wall × in height) overlap with IoU ≥ `minimumIoU` and whose kinds agree (window with window; door or opening
/// with door or opening: the same hole can look like a passage from the side without the leaf) are
/// merged greedily, best IoU first: the result spans the mean of the two rectangles, is a door when
/// either is (open when either is), and gets an identifier derived from both. Every element on a wall
/// seen from both sides is moved into the wall's centre plane, as a centred wall's openings are.
struct EmbeddedSurfaceMerger {
    let merger: StructureWallMerger
    let pieces: [WallPiece]
    let minimumIoU: Double

    /// An element with its host and its rectangle along the host's cluster.
    struct Placed {
        var surface: CapturedRoom.Surface
        var piece: Int?
        var positiveSide: Bool
        var room: Int
        var along: ClosedRange<Double>
        var vertical: ClosedRange<Double>
    }

    /// The structure's doors, windows and openings (input order, merged pairs where the first of them
    /// was) and the source identifiers of each.
    func merge() -> (surfaces: [CapturedRoom.Surface], sources: [UUID: [UUID]]) {
        var piecesOfFace: [Int: [Int]] = [:]
        for (k, p) in pieces.enumerated() { for f in p.faces { piecesOfFace[f, default: []].append(k) } }
        var placed: [Placed] = []
        for (r, room) in merger.rooms.enumerated() {
            var wallIndex: [UUID: Int] = [:]
            for (k, w) in room.walls.enumerated() where wallIndex[w.identifier] == nil { wallIndex[w.identifier] = k }
            for e in room.doors + room.windows + room.openings {
                placed.append(place(e, room: r, wallIndex, piecesOfFace))
            }
        }
        // Pair across the two sides of each wall seen from both sides.
        var partner = [Int?](repeating: nil, count: placed.count)
        var byPiece: [Int: [Int]] = [:]
        for (i, p) in placed.enumerated() { if let k = p.piece, pieces[k].cluster != nil { byPiece[k, default: []].append(i) } }
        for k in byPiece.keys.sorted() {
            let list = byPiece[k]!
            var candidates: [(Double, Int, Int)] = []
            for i in list {
                for j in list where j > i && (placed[i].positiveSide != placed[j].positiveSide || placed[i].room != placed[j].room)
                    && compatible(placed[i].surface.category, placed[j].surface.category) {
                    let iou = rectangleIoU(placed[i], placed[j])
                    if iou >= minimumIoU { candidates.append((iou, min(i, j), max(i, j))) }
                }
            }
            candidates.sort { $0.0 != $1.0 ? $0.0 > $1.0 : ($0.1, $0.2) < ($1.1, $1.2) }
            for (_, i, j) in candidates where partner[i] == nil && partner[j] == nil {
                partner[i] = j
                partner[j] = i
            }
        }
        var out: [CapturedRoom.Surface] = []
        var sources: [UUID: [UUID]] = [:]
        for (i, p) in placed.enumerated() {
            if let j = partner[i] {
                guard j > i else { continue }
                let s = merged(p, placed[j])
                out.append(s)
                sources[s.identifier] = [p.surface.identifier, placed[j].surface.identifier]
            } else {
                let s = centred(p)
                out.append(s)
                sources[s.identifier] = [p.surface.identifier]
            }
        }
        return (out, sources)
    }

    /// The element's host piece and its rectangle along the host's cluster.
    func place(_ e: CapturedRoom.Surface, room r: Int, _ wallIndex: [UUID: Int], _ piecesOfFace: [Int: [Int]]) -> Placed {
        let ys = e.worldCorners.map { Double($0.y) }
        let yLo = ys.min() ?? 0, yHi = ys.max() ?? 0
        let vertical = yLo <= yHi ? yLo...yHi : 0...0  // NaN corners (unvalidated input) must not trap
        guard let parent = e.parentIdentifier, let w = wallIndex[parent],
              let f = merger.faceIndex[r][w], let candidates = piecesOfFace[f], !candidates.isEmpty else {
            return Placed(surface: e, piece: nil, positiveSide: true, room: r, along: 0...0, vertical: vertical)
        }
        let c = SIMD2<Double>(Double(e.center.x), Double(e.center.z))
        guard let cid = pieces[candidates[0]].cluster else {
            return Placed(surface: e, piece: candidates[0], positiveSide: true, room: r, along: 0...0, vertical: vertical)
        }
        let cl = merger.clusters[cid]
        let s = cl.along(c)
        func distance(_ k: Int) -> Double {
            guard let iv = pieces[k].interval else { return .infinity }
            return max(iv.lowerBound - s, s - iv.upperBound, 0)
        }
        let best = candidates.min { distance($0) < distance($1) }!
        let m = cl.members.firstIndex(of: f)!
        let half = Double(e.dimensions.x) / 2
        return Placed(surface: e, piece: best, positiveSide: cl.facesPositive[m], room: r, along: (s - half)...(s + half), vertical: vertical)
    }

    func compatible(_ a: CapturedRoom.Surface.Category, _ b: CapturedRoom.Surface.Category) -> Bool {
        (a == .window) == (b == .window)
    }

    func rectangleIoU(_ a: Placed, _ b: Placed) -> Double {
        let ix = min(a.along.upperBound, b.along.upperBound) - max(a.along.lowerBound, b.along.lowerBound)
        let iy = min(a.vertical.upperBound, b.vertical.upperBound) - max(a.vertical.lowerBound, b.vertical.lowerBound)
        let inter = max(ix, 0) * max(iy, 0)
        func area(_ p: Placed) -> Double { (p.along.upperBound - p.along.lowerBound) * (p.vertical.upperBound - p.vertical.lowerBound) }
        let union = area(a) + area(b) - inter
        return union > 0 ? inter / union : 0
    }

    /// The element placed on its host: unchanged on a wall seen from one side, moved into the centre
    /// plane (same extent along the wall and in height) on a wall seen from both sides.
    func centred(_ p: Placed) -> CapturedRoom.Surface {
        guard let k = p.piece else { return p.surface }
        var s = p.surface
        s.parentIdentifier = pieces[k].surface.identifier
        guard pieces[k].cluster != nil else { return s }
        s.transform = frame(piece: k, along: (p.along.lowerBound + p.along.upperBound) / 2,
                            y: (p.vertical.lowerBound + p.vertical.upperBound) / 2)
        return s
    }

    /// Two elements seen from the two sides as one (see the type's documentation).
    func merged(_ a: Placed, _ b: Placed) -> CapturedRoom.Surface {
        let k = a.piece!
        let lo = (a.along.lowerBound + b.along.lowerBound) / 2, hi = (a.along.upperBound + b.along.upperBound) / 2
        let bottom = (a.vertical.lowerBound + b.vertical.lowerBound) / 2, top = (a.vertical.upperBound + b.vertical.upperBound) / 2
        var category = a.surface.category
        switch (a.surface.category, b.surface.category) {
        case let (.door(o1), .door(o2)): category = .door(isOpen: o1 || o2)
        case (.door, _): category = a.surface.category
        case (_, .door): category = b.surface.category
        default: break
        }
        let edges = a.surface.completedEdges.union(b.surface.completedEdges)
        return CapturedRoom.Surface(
            category: category, confidence: lowerConfidence(a.surface.confidence, b.surface.confidence),
            dimensions: SIMD3(Float(hi - lo), Float(top - bottom), 0),
            transform: frame(piece: k, along: (lo + hi) / 2, y: (bottom + top) / 2),
            identifier: DerivedIdentifier.make(from: [a.surface.identifier, b.surface.identifier], salt: 0x4f50_454e),
            story: a.surface.story, completedEdges: edges, parentIdentifier: pieces[k].surface.identifier)
    }

    /// The pose of an element centred at `along` on piece `k`'s centre line at height `y`, oriented as
    /// the piece.
    func frame(piece k: Int, along s: Double, y: Double) -> Transform4x4 {
        let piece = pieces[k]
        let cl = merger.clusters[piece.cluster!]
        let w = piece.surface.transform
        // The piece's centre line: offset of its plan midpoint plus the slope of its direction.
        let mid = SIMD2<Double>(Double(w.translation.x), Double(w.translation.z))
        let x = SIMD2<Double>(Double(w.xAxis.x), Double(w.xAxis.z))
        let t = (s - cl.along(mid)) / max(abs((x * cl.direction).sum()), 1e-6) * ((x * cl.direction).sum() >= 0 ? 1 : -1)
        let p = mid + x * t
        var out = w
        out.translation = SIMD3(Float(p.x), Float(y), Float(p.y))
        return out
    }
}
