import Foundation
import PlumbKernel

/// Turns the room walls into the structure's walls: clusters of faces seen from both sides become
/// centred walls with a measured thickness, split where the rooms behind them change; every other wall
/// is kept as captured.
struct StructureWallMerger {
    let rooms: [CapturedRoom]
    let faces: [WallFace]
    /// Face index per (room, wall); `nil` for curved or non-upright walls (never merged).
    let faceIndex: [[Int?]]
    let clusters: [WallCluster]
    let absorbLength: Double
    /// Smallest thickness reported as measured; thinner (or crossing) faces give a centred wall of
    /// unknown thickness (0).
    let minimumThickness: Double

    init(rooms: [CapturedRoom], gate: WallPairing.Gate, absorbLength: Double) {
        self.rooms = rooms
        minimumThickness = gate.gap.lowerBound
        self.absorbLength = absorbLength
        var faces: [WallFace] = []
        var index: [[Int?]] = []
        for (r, room) in rooms.enumerated() {
            let floors = room.floorPolygons
            let centre = room.floors.isEmpty ? nil : floors.compactMap(\.centroid).first.map { SIMD2<Double>($0) }
            var row: [Int?] = []
            for (w, wall) in room.walls.enumerated() {
                if let f = WallFace(wall, room: r, wall: w, floors: floors, roomCentre: centre) {
                    row.append(faces.count)
                    faces.append(f)
                } else { row.append(nil) }
            }
            index.append(row)
        }
        self.faces = faces
        faceIndex = index
        clusters = WallPairing.clusters(faces, gate: gate).map { WallCluster(members: $0, faces: faces) }
    }

    /// The structure walls in a deterministic order: rooms in input order, walls in room order, a
    /// cluster's pieces (ordered along it) where its first face would be. Straight walls under 1 cm
    /// wide are left out.
    func pieces() -> [WallPiece] {
        var clusterOf = [Int?](repeating: nil, count: faces.count)
        for (c, cl) in clusters.enumerated() { for m in cl.members { clusterOf[m] = c } }
        var out: [WallPiece] = []
        var emitted = Set<Int>()
        for (r, room) in rooms.enumerated() {
            for (w, wall) in room.walls.enumerated() {
                guard let f = faceIndex[r][w], let c = clusterOf[f] else {
                    // Degenerate walls (under 1 cm wide, as a builder may leave at a corner) are left out.
                    if wall.dimensions.x >= 0.01 || wall.curve != nil {
                        out.append(WallPiece(surface: wall, faces: faceIndex[r][w].map { [$0] } ?? [], rooms: [r]))
                    }
                    continue
                }
                if emitted.insert(c).inserted { out += pieces(ofCluster: c) }
            }
        }
        return out
    }

    /// The pieces of cluster `c` (see ``WallRun/runs(of:lengths:absorbLength:)``).
    func pieces(ofCluster c: Int) -> [WallPiece] {
        let cl = clusters[c]
        let runs = WallRun.runs(of: cl, lengths: cl.members.map { faces[$0].length }, absorbLength: absorbLength)
        var out: [WallPiece] = []
        var pairOrdinal: [SIMD2<Int>: Int] = [:]
        var faceOrdinal: [Int: Int] = [:]
        for run in runs {
            if let p = run.positive, let n = run.negative {
                let key = SIMD2(p, n)
                let k = pairOrdinal[key, default: 0]
                pairOrdinal[key] = k + 1
                out.append(twoSided(cl, c, run, p, n, ordinal: k))
            } else if let m = run.positive ?? run.negative {
                let k = faceOrdinal[m, default: 0]
                faceOrdinal[m] = k + 1
                out.append(oneSided(cl, c, run, m, ordinal: k))
            }
        }
        return out
    }

    /// A centred wall between members `p` and `n` over `run`.
    func twoSided(_ cl: WallCluster, _ c: Int, _ run: WallRun, _ p: Int, _ n: Int, ordinal: Int) -> WallPiece {
        let fp = faces[cl.members[p]], fn = faces[cl.members[n]]
        let mid = (run.lo + run.hi) / 2
        // +normal-room face minus -normal-room face: the solid lies between them.
        let gap = cl.offset(p, at: mid) - cl.offset(n, at: mid)
        let thickness = gap >= minimumThickness ? gap : 0
        let centre = { (s: Double) in (cl.offset(p, at: s) + cl.offset(n, at: s)) / 2 }
        let a = cl.point(run.lo, centre(run.lo)), b = cl.point(run.hi, centre(run.hi))
        // Local z faces the room of the earlier face (input order), right-handed with y up.
        let first = min(cl.members[p], cl.members[n])
        let z = first == cl.members[p] ? cl.normal : -cl.normal
        let x = SIMD2(z.y, -z.x)
        let bottom = min(fp.bottom, fn.bottom), top = max(fp.top, fn.top)
        let m = (a + b) / 2
        let transform = Transform4x4(
            xAxis: SIMD3(Float(x.x), 0, Float(x.y)), yAxis: SIMD3(0, 1, 0), zAxis: SIMD3(Float(z.x), 0, Float(z.y)),
            translation: SIMD3(Float(m.x), Float((bottom + top) / 2), Float(m.y)))
        let sp = rooms[fp.room].walls[fp.wall], sn = rooms[fn.room].walls[fn.wall]
        let ids = first == cl.members[p] ? [sp.identifier, sn.identifier] : [sn.identifier, sp.identifier]
        var edges = sp.completedEdges.intersection(sn.completedEdges)
        if sp.completedEdges.contains(.top) || sn.completedEdges.contains(.top) { edges.insert(.top) }
        let surface = CapturedRoom.Surface(
            category: .wall, confidence: lowerConfidence(sp.confidence, sn.confidence),
            dimensions: SIMD3(Float(planLength(b - a)), Float(top - bottom), Float(thickness)), transform: transform,
            identifier: DerivedIdentifier.make(from: ids, salt: 0x5741_4c4c_0000 &+ UInt64(ordinal)), story: sp.story,
            completedEdges: edges)
        let contributors = run.contributors.union([p, n]).sorted().map { cl.members[$0] }
        return WallPiece(surface: surface, faces: contributors, cluster: c, interval: run.lo...run.hi,
                         thickness: gap >= minimumThickness ? gap : nil, rooms: [fp.room, fn.room].sorted())
    }

    /// The part of member `m`'s wall over `run` (the whole wall, unchanged, when the run covers it).
    /// Its sources are every face of the run (other captures of the same face included).
    func oneSided(_ cl: WallCluster, _ c: Int, _ run: WallRun, _ m: Int, ordinal: Int) -> WallPiece {
        let f = faces[cl.members[m]]
        let wall = rooms[f.room].walls[f.wall]
        let whole = cl.intervals[m]
        let contributors = run.contributors.union([m]).sorted().map { cl.members[$0] }
        let roomList = Set(contributors.map { faces[$0].room }).sorted()
        if abs(run.lo - whole.lowerBound) < 1e-3 && abs(run.hi - whole.upperBound) < 1e-3 {
            return WallPiece(surface: wall, faces: contributors, cluster: c, interval: run.lo...run.hi, rooms: roomList)
        }
        let a = cl.point(run.lo, cl.offset(m, at: run.lo)), b = cl.point(run.hi, cl.offset(m, at: run.hi))
        var s = wall
        let mid = (a + b) / 2
        s.transform.translation = SIMD3(Float(mid.x), wall.transform.translation.y, Float(mid.y))
        s.dimensions.x = Float(planLength(b - a))
        s.polygonCorners = []
        s.completedEdges.subtract([.left, .right])
        s.identifier = DerivedIdentifier.make(from: [wall.identifier], salt: 0x5049_4543_0000 &+ UInt64(ordinal))
        return WallPiece(surface: s, faces: contributors, cluster: c, interval: run.lo...run.hi, rooms: roomList)
    }
}

/// The lower of two confidences (low < medium < high).
func lowerConfidence(_ a: CapturedRoom.Confidence, _ b: CapturedRoom.Confidence) -> CapturedRoom.Confidence {
    func rank(_ c: CapturedRoom.Confidence) -> Int {
        switch c {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }
    return rank(a) <= rank(b) ? a : b
}
