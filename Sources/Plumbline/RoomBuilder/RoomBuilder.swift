import Foundation
import PlumbKernel

/// Builds a parametric room (RoomPlan's ``CapturedRoom``) from the point cloud of one room.
///
/// Pipeline, all in the cloud's local frame turned y-up:
/// 1. Multi-plane segmentation (`PlaneSegmenter`); the up axis is given, or detected from where the
///    sensor stood (about one height above the floor while it moved) and otherwise from the planes.
/// 2. Floor (lowest large horizontal plane), ceiling (highest, plus sloped parts), wall candidates
///    (tall vertical planes; with sensor positions also those whose top the sensor never looked over) and
///    curved walls (vertical strips that lie on one circle). When segmentation found neither floor nor
///    ceiling, they are looked for in the points no plane took (`HorizontalLevelRecovery`).
/// 3. The room outline: free space flooded from the sensor's stations (without sensor positions, from the
///    densest floor/ceiling area) and stopped by the walls (`BarrierFill`) gives the topology. The sensor
///    is evidence throughout: a plane's room side is where the sensor that saw it stood; a stretch of a
///    plane's line the scanner walked around, a wall lengthened or a gap bridged across its stations is not
///    a boundary; the fitted walls give the exact geometry: corners are the
///    intersections of neighbouring walls, at whatever angle they meet (`RoomOutlineBuilder`). Two sides
///    that run back along each other around something thin reaching into the room (a `RoomOutline.Fold`)
///    are one wall. Where the walls found do not close the room even with their free ends joined (a knee
///    wall under a sloped ceiling or a short wall behind furniture never found as a plane), the room is the
///    space the sensor saw across (`SeenFreeSpace`: sight lines reach the real walls over furniture, but
///    not past a door's or window's lintel) and the floor and ceiling it saw.
/// 4. Per wall, openings from holes and recesses in its point density (`WallOpeningDetector`): a hole or
///    recess reaching the floor with a leaf is a door (recessed leaf: closed; swung leaf: open), without a
///    leaf an opening; with a sill a window.
/// 5. Objects: what is left inside the room after removing structure, clustered by voxel connectivity,
///    boxed upright (minimum-area rectangle), categorised from size (`ObjectClassifier`).
///
/// A scan that is not level (its floors, ceilings and walls tilted from the up axis by 0.15-8°,
/// `GravityLevel`) is levelled for steps 2-5 and the model turned back (``Result/levelling``).
///
/// Output is in metres, y up, in the frame of the input cloud after the up-axis rotation (identity for y-up
/// input; `(x, y, z) -> (x, z, -y)` for z-up); a levelled scan's model is tilted with its scan. When the cloud's origin is within ``worldFrameLimit`` of zero
/// the model is in world coordinates; farther away (georeferenced scans), `Float` cannot hold world
/// positions to a millimetre, so the model stays relative to the (rotated) origin, recorded under the extra
/// top-level key `plumblineOrigin` ([x, y, z], metres): world position = model position + origin. Identifiers are derived from the options' seed and element order, so the
/// same cloud and options give the same JSON byte for byte.
public struct RoomBuilder: Sendable {
    /// Options of a build.
    public struct Options: Sendable, Equatable {
        /// Which input axis is up.
        public var upAxis: UpAxis = .automatic
        /// Plane segmentation parameters (threshold, minimum area, seed, …).
        public var segmentation = PlaneSegmentationOptions(distanceThreshold: 0.03, minArea: 0.2)
        /// Smallest vertical extent of a wall's points, metres (furniture sides are shorter).
        public var minimumWallSpan: Double = 1.2
        /// Largest horizontal extent accepted for one room, metres.
        public var maximumRoomSpan: Double = 40
        /// Turn each object's box to be parallel to the nearest wall when within 15 degrees of it.
        public var beautifyObjects: Bool = true
        /// Seed for identifiers (and, through ``segmentation``, for sampling).
        public var seed: UInt64 = 0
        /// Smallest number of points for an object cluster.
        public var minimumObjectPoints: Int = 150
        /// Two outline sides running back along each other closer than this (see `RoomOutline.Fold`) give
        /// one wall, metres, measured at the shorter side's far end: the footprint wrapped something one
        /// raster cell (4 cm) thin, plus half a cell for a traced side leaning off the fitted one (2° over a
        /// 1.2 m return is 4.2 cm). The faces of a wall seen from both sides stand its thickness apart and
        /// are never consecutive sides (StructureBuilder takes back-to-back faces closer than 4 cm for one wall).
        public var maximumFoldWidth: Double = 0.06
        /// Stray returns far outside the scan are dropped before fitting (see ``Result/droppedFarPoints``):
        /// per axis, the points between this quantile and its complement bound the bulk of the scan, and a
        /// point farther outside that box than the box's extent on that axis (at least 10 m) is dropped.
        /// 0 keeps every point.
        public var farPointQuantile: Double = 0.005
        /// How a hole found in a wall is named, by where its bottom is (metres above the floor): within
        /// this of the floor it reaches the floor and is a door (with a leaf, a frame or a closed leaf
        /// recessed in it) or an opening (nothing in it); higher, it is a window.
        public var floorReachTolerance: Double = 0.1
        /// A hole reaching the floor with a surface recessed in it but no frame is a closed door when its top
        /// stays at least this far below the ceiling (metres): a leaf under a lintel. Reaching the ceiling,
        /// it is an opening onto a recess (an alcove, a wardrobe's front).
        public var closedDoorLintel: Double = 0.05
        /// Defaults.
        public init() {}
    }

    /// Largest origin distance (metres) for which the model is written in world coordinates.
    public static let worldFrameLimit = 1000.0

    /// The options of this builder.
    public var options: Options

    /// A builder with the given options.
    public init(options: Options = Options()) { self.options = options }

    /// Builds the room from a point cloud of one room.
    /// - Throws: ``RoomBuildError`` naming what is missing or wrong in the scan.
    /// - Complexity: dominated by plane segmentation, about linear in the number of points.
    public func capturedRoom(from input: PointCloud) async throws(RoomBuildError) -> CapturedRoom {
        try build(input).room
    }

    /// Everything a build produced, for callers that want the intermediate results too.
    public struct Result: Sendable {
        /// The room.
        public var room: CapturedRoom
        /// The up axis used.
        public var upAxis: UpAxis
        /// The plan-view outline (local y-up frame, plan (x, z)).
        public var outline: RoomOutline
        /// Floor and ceiling heights (local y), metres.
        public var floorY: Double, ceilingY: Double
        /// Time per stage of this build.
        public var timings = BuildTimings()
        /// Number of stray points dropped before fitting because they lay far outside the scan's bulk
        /// (see ``Options/farPointQuantile``); callers should report it.
        public var droppedFarPoints = 0
        /// The rotation (about the cloud's local origin, in the y-up frame) that levelled a scan whose floors,
        /// ceilings and walls showed it tilted by at least 0.15° (see ``tiltDegrees``); nil for a level scan.
        /// ``outline``, ``floorY`` and ``ceilingY`` are in the levelled frame; ``room`` is turned back into
        /// the scan's frame.
        public var levelling: RigidTransform? = nil
        /// The scan's tilt from gravity that the build levelled, degrees (0 when ``levelling`` is nil).
        public var tiltDegrees: Double {
            guard let l = levelling else { return 0 }
            return acos(Swift.min(1, Swift.max(-1, l.column1.y))) * 180 / .pi
        }
    }

    /// Builds synchronously (the async API calls this).
    public func build(_ scan: PointCloud) throws(RoomBuildError) -> Result {
        var clock = StageClock()
        do { try scan.validate() } catch { throw .invalidCloud(error) }
        var input = scan
        var droppedFarPoints = 0
        if let keep = FarPointFilter.keptIndices(scan, quantile: options.farPointQuantile) {
            input = scan.subset(keep)
            droppedFarPoints = scan.count - keep.count
        }
        clock.lap("validate")
        guard input.count >= 1000 else { throw .invalidCloud(.tooFewPoints(required: 1000, actual: input.count)) }
        var seg: PlaneSegmentationResult
        do { seg = try PlaneSegmenter.segment(input, options: options.segmentation) } catch {
            throw .segmentationFailed(error)
        }
        clock.lap("segmentation")
        var up = options.upAxis
        // The sensor stations (local frame), found once: one pass over the points' frame indices.
        let inputStations = input.sensorStations
        if up == .automatic { up = UpAxis.detect(from: seg.planes, stations: inputStations) ?? .y }
        var cloud = Self.rotated(input, up)
        // The same stations in the y-up frame (the rotation is linear, so it commutes with the origin shift).
        var stations = inputStations.map(up.toYUp)
        if up == .z {
            for k in seg.planes.indices {
                seg.planes[k].normal = up.toYUp(seg.planes[k].normal)
                seg.planes[k].centroid = up.toYUp(seg.planes[k].centroid)
            }
        }
        // A scan not levelled (gravity read from its floors, ceilings and walls) is turned level for the
        // build and the model turned back into the scan's frame.
        let level = GravityLevel.rotation(planes: seg.planes)
        if let level {
            cloud = GravityLevel.rotated(cloud, by: level)
            stations = stations.map(level.applyToDirection)
            seg.planes = seg.planes.map { GravityLevel.rotated($0, by: level) }
        }
        if let b = cloud.localBounds {
            let span = Double(Swift.max(b.max.x - b.min.x, b.max.z - b.min.z))
            guard span <= options.maximumRoomSpan else { throw .roomTooLarge(span: span, limit: options.maximumRoomSpan) }
        }
        clock.lap("up axis")
        let structure: RoomStructure
        do {
            structure = try RoomStructure.find(planes: seg.planes, cloud: cloud, stations: stations, minimumWallSpan: options.minimumWallSpan)
        } catch .noFloorOrCeiling {
            // The segmentation missed the floor or the ceiling (a closet, a narrow hall), or found only a
            // piece of it too small to count: look for them in the points no plane took and those of the
            // horizontal planes.
            var pool = seg.unassigned
            for k in RoomStructure.levelPlanes(seg.planes) { pool += seg.planes[k].inliers }
            pool.sort()
            let recovery = HorizontalLevelRecovery.recover(cloud: cloud, unassigned: pool, planes: seg.planes, stations: stations,
                                                           threshold: Double(options.segmentation.distanceThreshold))
            guard !recovery.isEmpty else { throw .noFloorOrCeiling }
            let first = seg.planes.count
            seg.planes += recovery.planes
            structure = try RoomStructure.find(planes: seg.planes, cloud: cloud, stations: stations, minimumWallSpan: options.minimumWallSpan,
                                               recovered: Set(first..<seg.planes.count).union(recovery.confirmed))
        } catch {
            throw error
        }
        clock.lap("structure")
        let topY = structure.ceilings.map { $0.y(x: 0, z: 0) }.max() ?? structure.floorY + 2.5
        let band = Float(structure.floorY + 1.0)...Float(Swift.max(structure.floorY + 1.2, topY - 0.2))
        let arcs = CurvedWallFinder.find(planes: seg.planes, candidates: structure.wallCandidates.flatMap(\.members), cloud: cloud, band: band, seed: options.seed)
        clock.lap("curved walls")
        let absorbed = Set(arcs.flatMap(\.planes))
        var walls: [PlanWall] = []
        var wallMembers: [[Int]] = []
        var barriers: [BarrierFill.Barrier] = []
        var wallEnds = Set<Int>()
        for c in structure.wallCandidates where !absorbed.contains(c.plane) {
            if c.isWallEnd { wallEnds.insert(barriers.count) }
            walls.append(c.wall)
            wallMembers.append(c.members.filter { !absorbed.contains($0) })
            barriers.append(.init(wall: c.wall, range: c.range))
        }
        for a in arcs {
            let wall = PlanWall.arc(center: a.circle.centre, radius: a.circle.radius)
            walls.append(wall)
            wallMembers.append(a.planes)
            barriers.append(.init(wall: wall, range: a.angles))
        }
        barriers = WallCandidates.closeRanges(barriers, stations: stations.map { SIMD2($0.x, $0.z) }, cloud: cloud,
                                              wallEnds: wallEnds)
        var outline = try Self.outline(walls: walls, barriers: barriers, structure: structure, planes: seg.planes, cloud: cloud,
                                       stations: stations)
        // Two pieces of one wall face that follow each other around the room are one wall.
        for m in outline.mergeCollinearEdges() {
            if let kept = m.kept, let absorbed = m.absorbed, kept != absorbed { wallMembers[kept] += wallMembers[absorbed] }
        }
        outline.removeShortEdges(shorterThan: RoomOutlineBuilder.Options().minimumEdge)
        outline = outline.untangled()
        // A room whose ceiling meets or dips under the floor at a corner cannot stand: never write it.
        for (k, c) in outline.corners.enumerated() {
            let h = structure.ceilingY(x: c.x, z: c.y) - structure.floorY
            guard h > 0.1 else {
                throw .implausibleGeometry(String(format: "the ceiling is %.2f m above the floor at outline corner %d", h, k))
            }
        }
        clock.lap("outline")
        var room = assemble(outline: outline, structure: structure, cloud: cloud, planes: seg.planes,
                            wallMembers: wallMembers, clock: &clock)
        if let level {
            room = room.transformed(by: Transform4x4(rigid: level.inverse))
            ModelLevelling.record(level, into: &room.unknownFields)
        }
        if PlumbKernel.length(cloud.origin) <= Self.worldFrameLimit {
            room = room.translated(by: cloud.origin)
        } else {
            room.unknownFields[ModelOrigin.key] = .array([.number(cloud.origin.x), .number(cloud.origin.y), .number(cloud.origin.z)])
        }
        let ceilingY = structure.ceilings.isEmpty ? structure.floorY + 2.5 : structure.ceilingY(x: 0, z: 0)
        clock.lap("finish")
        do throws(CapturedRoomValidationError) { try room.validate() } catch { throw .invalidModel(error) }
        return Result(room: room, upAxis: up, outline: outline, floorY: structure.floorY, ceilingY: ceilingY,
                      timings: clock.timings, droppedFarPoints: droppedFarPoints, levelling: level)
    }

    /// The room outline: flood the plan from the densest part of the floor and ceiling, stopped by the walls,
    /// then snap the flooded region's boundary to the walls.
    static func outline(walls: [PlanWall], barriers: [BarrierFill.Barrier], structure: RoomStructure,
                        planes: [DetectedPlane], cloud: PointCloud,
                        stations allStations: [SIMD3<Double>]) throws(RoomBuildError) -> RoomOutline {
        // Seed: where the sensor stood (the room is the free space it stood in), the most central station
        // first; then the 25 cm cells with the most floor and ceiling points (without sensor positions the
        // scanner walked there), the next best when a wall's raster line crosses one.
        let ranked = seedCells(planes: (structure.floorPlanes + structure.ceilingPlanes).map { planes[$0] }, cloud: cloud)
        guard !ranked.cells.isEmpty else { throw .noFloorOrCeiling }
        var (lo, hi) = (ranked.lo, ranked.hi)
        let stations = Self.stationSeeds(allStations, within: (lo - 0.5, hi + 0.5))
        for s in stations {
            lo = pointwiseMin(lo, s)
            hi = pointwiseMax(hi, s)
        }
        let seeds = stations + ranked.cells.prefix(16).map { (SIMD2<Double>($0) + 0.5) * 0.25 }
        // With sensor positions the flood starts at every station: the room is all the free space the scanner
        // stood in, even where a spurious barrier cuts it.
        func flood(_ bs: [BarrierFill.Barrier]) throws -> FootprintGrid {
            if !stations.isEmpty,
               let g = try? BarrierFill.fill(seeds: stations, barriers: bs, bounds: (lo - 0.5, hi + 0.5), fromEvery: true) {
                return g
            }
            return try BarrierFill.fill(seeds: seeds, barriers: bs, bounds: (lo - 0.5, hi + 0.5))
        }
        do {
            var grid = try flood(barriers)
            let unbridged = grid
            if grid.touchesBorder {
                // The flood escaped: join the walls' free ends across the gaps and flood again.
                let bridges = OpenSideClosure.bridges(barriers, stations: stations)
                if !bridges.isEmpty {
                    grid = try flood(barriers + bridges)
                }
            }
            if grid.touchesBorder {
                // Still open: the bridges did not close the room, so they are no evidence; keep only the
                // flooded cells where floor or ceiling was seen, gaps up to 20 cm closed.
                grid = unbridged
                var seen = grid
                seen.cells = [UInt8](repeating: 0, count: grid.cells.count)
                for k in structure.floorPlanes + structure.ceilingPlanes {
                    for i in planes[k].inliers {
                        if let c = grid.cellIndex(of: SIMD2(Double(cloud.x[Int(i)]), Double(cloud.z[Int(i)]))) { seen.cells[c] = 1 }
                    }
                }
                // The space the sensor saw across reaches the real walls over furniture and under ceiling
                // it never looked at, where the floor and ceiling points stop short.
                if let free = SeenFreeSpace.cells(in: grid, cloud: cloud,
                                                     ceilingY: structure.ceilings.isEmpty ? nil : { structure.ceilingY(x: $0, z: $1) }) {
                    for c in seen.cells.indices where free[c] != 0 { seen.cells[c] = 1 }
                }
                seen.close(radius: 5)
                for c in grid.cells.indices { grid.cells[c] &= seen.cells[c] }
                // The room is the piece around the scanner's best-seen spot, not whatever piece is largest.
                grid.keepComponent(containingFirstOf: seeds)
            }
            if !stations.isEmpty {
                // The pieces where a good share of the stations stood (a station or two through a doorway do
                // not bring the next room in), joined across the barriers that split them.
                if grid.keepComponents(holdingAtLeast: Swift.max(2, stations.count / 10), of: stations) > 1 {
                    grid.close(radius: 2)
                }
            }
            grid.keepLargestComponentFilled()
            return try RoomOutlineBuilder.build(region: grid, walls: walls)
        } catch {
            throw .noClosedOutline(String(describing: error))
        }
    }

    /// Plan positions (x, z) of the sensor stations that stand within `bounds` (the floor and ceiling seen,
    /// plus a margin), the most central first: by distance to the stations' per-axis median, ties by position.
    /// - Complexity: O(s log s).
    static func stationSeeds(_ stations: [SIMD3<Double>], within bounds: (SIMD2<Double>, SIMD2<Double>)) -> [SIMD2<Double>] {
        let plan = stations.map { SIMD2($0.x, $0.z) }.filter {
            all($0 .>= bounds.0) && all($0 .<= bounds.1)
        }
        guard !plan.isEmpty else { return [] }
        let xs = plan.map(\.x).sorted(), zs = plan.map(\.y).sorted()
        let centre = SIMD2(xs[xs.count / 2], zs[zs.count / 2])
        return plan.sorted {
            let (a, b) = (planLength($0 - centre), planLength($1 - centre))
            return a != b ? a < b : ($0.x, $0.y) < ($1.x, $1.y)
        }
    }

    /// The cloud in the y-up frame (same origin convention, origin rotated too).
    static func rotated(_ c: PointCloud, _ up: UpAxis) -> PointCloud {
        guard up == .z else { return c }
        var out = c
        out.origin = up.toYUp(c.origin)
        out.y = c.z
        out.z = c.y.map { -$0 }
        if let n = c.normals { out.normals = NormalField(x: n.x, y: n.z, z: n.y.map { -$0 }) }
        if let s = c.sensorOrigins { out.sensorOrigins = s.map(up.toYUp) }
        return out
    }
}
