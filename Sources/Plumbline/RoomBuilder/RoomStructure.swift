import PlumbKernel

/// The structural planes of one room scan in the y-up local frame: floor, ceiling parts and wall candidates.
struct RoomStructure: Sendable {
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
    /// Floor: the lowest horizontal plane holding a good share of the horizontal area. Ceiling: the highest
    /// such plane, plus sloped planes above it that face down. Walls: vertical planes whose points span at
    /// least `minimumWallSpan` metres of height.
    static func find(planes: [DetectedPlane], cloud: PointCloud, minimumWallSpan: Double) throws(RoomBuildError) -> RoomStructure {
        let horizontal = planes.indices.filter { abs(planes[$0].normal.y) > 0.985 }
        let largest = horizontal.map { planes[$0].area }.max() ?? 0
        let big = horizontal.filter { planes[$0].area >= Swift.max(0.4, 0.15 * largest) }
            .sorted { planes[$0].centroid.y < planes[$1].centroid.y }
        guard let lowest = big.first, let highest = big.last, planes[highest].centroid.y - planes[lowest].centroid.y > 1.5 else {
            throw .noFloorOrCeiling
        }
        let floorY = planes[lowest].centroid.y
        let topY = planes[highest].centroid.y
        // Every horizontal piece at the floor's or ceiling's height belongs to it (coplanar components).
        let floorPlanes = horizontal.filter { abs(planes[$0].centroid.y - floorY) < 0.05 }
        var ceilingPlanes = horizontal.filter { abs(planes[$0].centroid.y - topY) < 0.05 }
        // Sloped ceiling parts: tilted 10-70 degrees, facing down into the room, large, reaching up to the
        // flat ceiling, staying 0.8 m above the floor (a roof slope starts on a knee wall, typically
        // 0.8-1.5 m high) and at least 0.4 times as dense (points per m²) as the flat ceiling: tilted planes
        // found through clutter or the scattered points near edges are sparse (measured 0.18-0.26 of the
        // ceiling's density on simulated phone scans; a real slope, nearer the scanner, 3 times denser).
        let ceilingDensity = Double(planes[highest].inliers.count) / Swift.max(planes[highest].area, 1e-9)
        let sloped = planes.indices.filter { k in
            let p = planes[k]
            let tilt = abs(p.normal.y)
            guard tilt < 0.985, tilt > 0.34, p.normal.y < 0, p.area > 1.0,
                  Double(p.inliers.count) >= 0.4 * p.area * ceilingDensity else { return false }
            var lo = Float.infinity, hi = -Float.infinity
            for i in p.inliers {
                lo = Swift.min(lo, cloud.y[Int(i)])
                hi = Swift.max(hi, cloud.y[Int(i)])
            }
            return Double(hi) > topY - 0.15 && Double(lo) > floorY + 0.8
        }
        ceilingPlanes += sloped
        let ceilings = ([highest] + sloped).map { k in
            CeilingPlane(normal: planes[k].normal, offset: planes[k].offset)
        }
        let partial = RoomStructure(floorY: floorY, ceilings: ceilings, floorPlanes: floorPlanes,
                                    ceilingPlanes: ceilingPlanes, wallCandidates: [])
        let walls = WallCandidates.find(planes: planes, cloud: cloud, structure: partial, minimumSpan: minimumWallSpan)
        return RoomStructure(floorY: floorY, ceilings: ceilings, floorPlanes: floorPlanes,
                             ceilingPlanes: ceilingPlanes, wallCandidates: walls)
    }
}
