import PlumbKernel

/// The structural planes of one room scan in the y-up local frame: floor, ceiling parts and wall candidates.
struct RoomStructure: Sendable {
    /// Smallest |normal.y| of a level (floor or ceiling) plane: horizontal within about 10°.
    static let levelCosine = 0.985

    /// Indices of the level planes of `planes` (``levelCosine``), ascending.
    /// - Complexity: O(planes).
    static func levelPlanes(_ planes: [DetectedPlane]) -> [Int] {
        planes.indices.filter { abs(planes[$0].normal.y) > levelCosine }
    }

    /// A ceiling plane `n · p + offset = 0` (flat or sloped).
    struct CeilingPlane: Sendable {
        var normal: SIMD3<Double>
        var offset: Double
        /// Height of the plane above (x, z).
        func y(x: Double, z: Double) -> Double { -(offset + normal.x * x + normal.z * z) / normal.y }
    }

    /// Floor height (local y), metres.
    var floorY: Double
    /// Ceiling parts; the ceiling at (x, z) is the lowest of them there.
    var ceilings: [CeilingPlane]
    /// Planes (indices into the segmentation) of the floor.
    var floorPlanes: [Int]
    /// Planes of the ceiling.
    var ceilingPlanes: [Int]
    /// Vertical planes that may be walls, grouped by the wall surface they lie on.
    var wallCandidates: [WallCandidates.Candidate]

    /// Ceiling height (local y) above plan point (x, z); the floor plus 2.5 m when no ceiling was seen.
    func ceilingY(x: Double, z: Double) -> Double {
        guard !ceilings.isEmpty else { return floorY + 2.5 }
        // The lowest part (a loop, not map/min: called per point, so no allocation).
        var lowest = ceilings[0].y(x: x, z: z)
        for c in ceilings.dropFirst() { lowest = Swift.min(lowest, c.y(x: x, z: z)) }
        return lowest
    }

    /// Finds floor, ceiling and wall candidates among `planes` (normals and offsets in the y-up frame).
    /// Floor: the lowest level of horizontal planes (pieces within 5 cm of one height) holding a good share
    /// of the horizontal area. Ceiling: the highest such level, plus sloped planes above it that face down;
    /// without a flat level 1.5 m above the floor, the sloped planes alone. Walls: vertical planes whose points
    /// span at least `minimumWallSpan` metres of height. `stations` are the sensor positions in the cloud's
    /// local y-up frame (``PointCloud/sensorStations``; empty without them). Levels holding a plane of
    /// `recovered` (``HorizontalLevelRecovery``) count whatever their area.
    static func find(planes: [DetectedPlane], cloud: PointCloud, stations: [SIMD3<Double>],
                     minimumWallSpan: Double, recovered: Set<Int> = []) throws(RoomBuildError) -> RoomStructure {
        func density(_ k: Int) -> Double { Double(planes[k].inliers.count) / Swift.max(planes[k].area, 1e-9) }
        // A horizontal plane with under 1 % of the points per m² of the best-supported one (the horizontal
        // plane with the most points, the floor or the ceiling) is a thin layer of noise that one sample
        // happened to span, not a level: its area estimate can exceed the floor's (random plan 12 of seed
        // 2026 under realism tilt: 193 points over 9.9 m², 0.2 m under a floor of 24,000 points per m², was
        // taken for the floor).
        let level = levelPlanes(planes)
        let best = level.max { planes[$0].inliers.count != planes[$1].inliers.count ? planes[$0].inliers.count < planes[$1].inliers.count : $0 > $1 }
        let horizontal = level.filter { k in recovered.contains(k) || best.map { density(k) >= 0.01 * density($0) } ?? true }
        // A floor seen between a bathtub, a toilet and cabinets is several small planes at one height: the
        // horizontal planes are grouped into levels (heights within 5 cm) and a level's area is their sum.
        // A level counts when its pieces together hold a good share of the largest single horizontal plane.
        let levels = Self.levels(horizontal, planes: planes)
        let largest = horizontal.map { planes[$0].area }.max() ?? 0
        let big = levels.filter { $0.area >= Swift.max(0.4, 0.15 * largest) || $0.members.contains(where: recovered.contains) }
        guard let lowestLevel = big.first else { throw .noFloorOrCeiling }
        // Where the sensor positions are known, the floor is the level the sensor stood over: a split-level
        // neighbour's lower floor seen through a wide opening is not this room's floor.
        let lowest = Self.levelUnderSensors(big, planes: planes, cloud: cloud, stations: stations) ?? lowestLevel
        let floorY = lowest.y
        // The ceiling: the highest such level 1.5 m above the floor; where there is none (a ceiling sloped
        // everywhere), the sloped planes alone.
        var flat = big.last.flatMap { $0.y - floorY > 1.5 ? $0 : nil }
        // Sloped ceiling parts: tilted 10-70 degrees, facing down into the room, large, reaching up to the
        // flat ceiling (or, without one, to within 15 cm of the highest slope), staying 0.8 m above the floor
        // (a roof slope starts on a knee wall, typically 0.8-1.5 m high) and at least 0.4 times as dense
        // (points per m²) as the flat ceiling, or without one as the densest such slope: tilted planes found
        // through clutter or the scattered points near edges are sparse (measured 0.18-0.26 of the ceiling's
        // density on simulated phone scans, 0.07-0.25 of a roof slope's; a real slope, nearer the scanner, is
        // 3 times denser than a flat ceiling). A slope seen in pieces (segmentation split it where furniture or
        // the sensor's reach cut it) is large when its pieces on one plane (normals within 3°, each centroid
        // within 5 cm of the other's plane) are together.
        let facingDown = planes.indices.filter { k in
            let tilt = abs(planes[k].normal.y)
            return tilt < levelCosine && tilt > 0.34 && planes[k].normal.y < 0
        }
        var spans: [Int: (lo: Float, hi: Float)] = [:]
        let candidates = facingDown.filter { k in
            let p = planes[k]
            var area = 0.0
            for q in facingDown where q == k || (dot(p.normal, planes[q].normal) > 0.9986
                                                 && abs(dot(p.normal, planes[q].centroid) + p.offset) < 0.05
                                                 && abs(dot(planes[q].normal, p.centroid) + planes[q].offset) < 0.05) {
                area += planes[q].area
            }
            guard area > 1.0 else { return false }
            var lo = Float.infinity, hi = -Float.infinity
            for i in p.inliers {
                lo = Swift.min(lo, cloud.y[Int(i)])
                hi = Swift.max(hi, cloud.y[Int(i)])
            }
            spans[k] = (lo, hi)
            return Double(lo) > floorY + 0.8
        }
        // A level with a dense ceiling slope seen more than 15 cm above it is not the ceiling (nothing above
        // the ceiling can be seen from the room): a slab of junk fitted under a roof slope.
        if let f = flat, candidates.contains(where: { Double(spans[$0]!.hi) > f.y + 0.15 && density($0) >= 0.4 * density(f.largest) }) {
            flat = nil
        }
        let referenceDensity = flat.map { density($0.largest) } ?? candidates.map(density).max() ?? 0
        let tilted = candidates.filter { density($0) >= 0.4 * referenceDensity }
        let topY = flat?.y ?? tilted.compactMap { spans[$0].map { Double($0.hi) } }.max() ?? floorY
        guard topY - floorY > 1.5 else { throw .noFloorOrCeiling }
        let sloped = tilted.filter { Double(spans[$0]!.hi) > topY - 0.15 }
        // Every horizontal piece at the floor's or ceiling's height belongs to it (coplanar components).
        let floorPlanes = horizontal.filter { abs(planes[$0].centroid.y - floorY) < 0.05 }
        var ceilingPlanes = flat.map { f in horizontal.filter { abs(planes[$0].centroid.y - f.y) < 0.05 } } ?? []
        // Without a flat ceiling the sloped planes are the ceiling.
        let ceilingIndices = (flat.map { [$0.largest] } ?? []) + sloped
        let ceilings = ceilingIndices.map { k in
            CeilingPlane(normal: planes[k].normal, offset: planes[k].offset)
        }
        ceilingPlanes += sloped
        let partial = RoomStructure(floorY: floorY, ceilings: ceilings, floorPlanes: floorPlanes,
                                    ceilingPlanes: ceilingPlanes, wallCandidates: [])
        let walls = WallCandidates.find(planes: planes, cloud: cloud, stations: stations.map { SIMD2($0.x, $0.z) }, structure: partial,
                                         minimumSpan: minimumWallSpan)
        return RoomStructure(floorY: floorY, ceilings: ceilings, floorPlanes: floorPlanes,
                             ceilingPlanes: ceilingPlanes, wallCandidates: walls)
    }

    /// Horizontal planes grouped by height: consecutive planes (sorted by centroid height) within 5 cm of
    /// the previous one form a level. A level's height is its members' heights weighted by their points, its
    /// area the sum. (Not the height of the plane with the largest area: phone noise splits a floor into slabs
    /// 2 cm above and below it whose area estimates match the floor's; random plans 9 and 87 of seed 2026
    /// under realism tilt took a slab and put the floor 2.5 cm high. Nor of the plane with the most points
    /// alone: a ceiling seen in pieces loses to a slab, 2 cm high on plan 17's r1 of `--multi-room`.)
    /// - Complexity: O(h log h) for h horizontal planes.
    static func levels(_ horizontal: [Int], planes: [DetectedPlane]) -> [Level] {
        let sorted = horizontal.sorted { planes[$0].centroid.y != planes[$1].centroid.y ? planes[$0].centroid.y < planes[$1].centroid.y : $0 < $1 }
        var out: [Level] = []
        var last = -Double.infinity
        for k in sorted {
            let y = planes[k].centroid.y
            if y - last < 0.05, !out.isEmpty {
                out[out.count - 1].members.append(k)
                out[out.count - 1].area += planes[k].area
                if planes[k].inliers.count > planes[out[out.count - 1].largest].inliers.count { out[out.count - 1].largest = k }
            } else {
                out.append(Level(members: [k], largest: k, area: planes[k].area))
            }
            last = y
        }
        for i in out.indices {
            var sum = 0.0, weight = 0.0
            for k in out[i].members {
                sum += Double(planes[k].inliers.count) * planes[k].centroid.y
                weight += Double(planes[k].inliers.count)
            }
            out[i].y = weight > 0 ? sum / weight : planes[out[i].largest].centroid.y
        }
        return out
    }

    /// Horizontal planes at one height.
    struct Level: Sendable {
        var members: [Int]
        /// The member with the most points.
        var largest: Int
        var area: Double
        var y = 0.0
    }

    /// The big level the sensor stood over: among the levels at least 1 m below the sensor stations (a
    /// hand-held phone or a tripod scanner is 1-2 m above its floor), the one with points in the 25 cm
    /// plan cell (or the 8 around it) of the most stations, the lower on a tie, when that is at least twice
    /// as many as the lowest level's. A floor runs under the whole walk; a bed or a sofa under part of it, a
    /// split-level neighbour's floor seen through an opening only near that opening. Nil (the lowest level
    /// is the floor) without sensor positions or without such a level.
    /// - Complexity: O(points of the levels below the stations + stations × levels).
    static func levelUnderSensors(_ big: [Level], planes: [DetectedPlane], cloud: PointCloud,
                                  stations: [SIMD3<Double>]) -> Level? {
        guard big.count > 1 else { return nil }
        // Only levels 1 m below some station can get a vote; unless one besides the lowest can, the lowest
        // stays the floor and no level's points need be looked at (the usual room: floor, furniture, ceiling).
        guard let highestStation = stations.map(\.y).max() else { return nil }
        let votable = big.indices.map { big[$0].y < highestStation - 1.0 }
        guard votable.dropFirst().contains(true) else { return nil }
        // Plan cells (25 cm) each votable level covers.
        func cell(_ x: Double, _ z: Double) -> SIMD2<Int> {
            let bound = { (v: Double) in Int(Swift.min(Swift.max((v / 0.25).rounded(.down), -1e9), 1e9)) }
            return SIMD2(bound(x), bound(z))
        }
        let covered: [Set<SIMD2<Int>>] = big.indices.map { j in
            var cells = Set<SIMD2<Int>>()
            guard votable[j] else { return cells }
            for k in big[j].members {
                for i in planes[k].inliers { cells.insert(cell(Double(cloud.x[Int(i)]), Double(cloud.z[Int(i)]))) }
            }
            return cells
        }
        var seen = [Int](repeating: 0, count: big.count)
        for local in stations {
            let c = cell(local.x, local.z)
            for (j, level) in big.enumerated() where level.y < local.y - 1.0 {
                var hit = false
                for dx in -1...1 { for dz in -1...1 where covered[j].contains(c &+ SIMD2(dx, dz)) { hit = true } }
                if hit { seen[j] += 1 }
            }
        }
        // The lowest level stays the floor unless another is under at least twice as many stations.
        guard let best = seen.indices.max(by: { seen[$0] != seen[$1] ? seen[$0] < seen[$1] : $0 > $1 }),
              seen[best] > 0, best != 0, seen[best] >= 2 * seen[0] else { return nil }
        return big[best]
    }
}
