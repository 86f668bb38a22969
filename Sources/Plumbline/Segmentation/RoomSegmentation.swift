import Foundation
import PlumbKernel

/// Splits one registered cloud of a floor (or a building) into its rooms, builds every room with
/// ``RoomBuilder`` and merges them with ``StructureBuilder`` into a ``CapturedStructure``.
///
/// Pipeline, in the cloud's local frame turned y-up (``RoomBuilder``'s convention):
/// 1. Up axis: given, or detected like ``RoomBuilder`` does (``UpAxis``'s sensor and plane evidence) from the
///    planes of an evenly strided sample of at most ``Options/upAxisSample`` points. A cloud tilted off
///    gravity (its floors, ceilings and walls read 0.15-8° off the up axis, `GravityLevel`) is levelled
///    (``Segmentation/levelling``): storeys and rooms are found level, the rooms merged level and the
///    structure turned back into the cloud's frame.
/// 2. Storeys: the heights of all points in 2 cm bins; a run of empty bins (under 5 % of the median bin's
///    points) at least ``Options/storeyGap`` tall (a slab: nothing but strays is seen inside it) separates two
///    storeys. Runs of points under 1.5 m tall or
///    holding under 2 % of the points (strays) are no storey.
/// 3. Per storey, a plan grid of ``Options/cell`` cells, turned about the vertical to the storey's walls'
///    direction (modulo 90°, from where the points of wall evidence pile up most sharply; a turn that moves
///    no point by half a cell is none), so that a rigid motion of the cloud moves the rooms with it. Per cell, which 5 cm height slabs hold a surface
///    (two points and a tenth of the cell's fullest slab). **Wall evidence**: the cell's points run down without a gap at least ``Options/minimumWallRun``
///    from its top, and that top is within 10 cm of the highest top within 30 cm (the ceiling: walls, and the
///    lintels over doorways, reach it; furniture does not), or the points run ``Options/tallRun`` without a
///    gap anywhere (a wall whose top was not seen). **Free space**: every other cell holding points (floor,
///    ceiling, furniture tops), gaps up to two cells closed, never across wall evidence. Unseen cells are not
///    free.
/// 4. Rooms: 4-connected regions of free space. Gaps in wall lines are cut: along every row and column of the
///    grid, a run of free cells between two jambs (wall cells with free space on both sides across the line
///    within 50 cm, for at least 10 cm along it, and reaching the ceiling within ``Options/passageWidth`` of
///    the gap: a wall between two rooms ends there; an open door leaf, no longer than its doorway is wide and
///    stopping under the ceiling, is no jamb) is taken out of the free space, as is one up to
///    ``Options/passageWidth`` long between a jamb and any wall (an opening without lintel of any width
///    between two rooms, a doorway whose lintel was not seen); a wall crossing the run
///    (a corridor's T-junction) is no jamb, nor is an opening to the outside (no free space behind it).
///    Narrow passages without lintel are split too: the free space is
///    eroded by half of ``Options/passageWidth`` (distance transform); eroded pieces reaching at least
///    ``Options/seedDepth`` further from any wall are seeds, grown back over the free space breadth-first
///    (a region with one seed or none stays whole). The cut cells go back to the regions beside them; a
///    region at a cut that is not room-like (under ``Options/minimumSplitArea``, or, with sensor positions,
///    under 1 % of the stations) joins the neighbour it shares most boundary with. A region whose floor steps by more than
///    ``Options/floorStep`` (a split level) is split along the step when at least two of its pieces are
///    room-like (``Options/minimumSplitArea``, walls on half of their boundary); other pieces (beds, counters)
///    join the piece they share most boundary with. A room must cover ``Options/minimumRoomArea``; with sensor
///    positions, at least 1 % of the frames (and one) must have been taken standing in it (within 30 cm); without, walls must bound half of it (what is seen of a
///    neighbour through a doorway is not a room).
/// 5. Per room, its cloud: with sensor positions, every point of every frame whose sensor stood in the
///    room (what a room-by-room capture gives) except those over another room's region beyond the wall
///    margin (what was seen of a neighbour through a doorway would pull the floor into it; what was seen
///    outside through windows stays); without, the points over
///    the room's region widened by ``Options/wallMargin`` (its walls' inner faces, not the neighbour's
///    interior). Each is built by ``RoomBuilder`` with the identifier seed ``RoomBuilder/Options/seed``
///    mixed with a hash of the room cloud's content; rooms that cannot be built are skipped and reported.
///    ``StructureBuilder`` merges the rest; a room whose floor overlaps an earlier room's by more than
///    ``StructureBuilder/Options/maximumFloorOverlap`` (the same room built twice) is skipped and reported.
///
/// Deterministic: the same cloud and options give the same rooms and the same structure, byte for byte
/// (no hash-map order, seeded sampling only).
///
/// Complexity: O(n) over the points for storeys and grids plus O(cells) grid passes per storey, then one
/// ``RoomBuilder`` build per room (each about linear in its points) and the structure merge.
public struct RoomSegmentation: Sendable {
    /// Options of a segmentation.
    public struct Options: Sendable, Equatable {
        /// Which input axis is up.
        public var upAxis: UpAxis = .automatic
        /// Plan grid cell, metres.
        public var cell: Double = 0.05
        /// Smallest empty height band separating two storeys, metres.
        public var storeyGap: Double = 0.1
        /// Smallest unbroken height of points running down from a cell's top at the ceiling that makes it a
        /// wall (walls and the lintels over doors reach the ceiling), metres.
        public var minimumWallRun: Double = 0.2
        /// Unbroken height of points anywhere in a cell that makes it a wall even when its top was not seen,
        /// metres.
        public var tallRun: Double = 1.2
        /// Openings without lintel up to this wide split rooms (the erosion radius is half of it; a gap this
        /// wide needs a jamb at one end only, a wider one at both; a jamb reaches the ceiling within this of the
        /// gap, which an open door leaf, no wider than its doorway, does not), metres.
        public var passageWidth: Double = 1.0
        /// An eroded piece of free space seeds a room when it reaches this much farther from any wall than
        /// the erosion radius, metres (a corridor's narrowings do not split it).
        public var seedDepth: Double = 0.3
        /// A floor step higher than this between neighbouring cells is a split level's edge, metres.
        public var floorStep: Double = 0.15
        /// Smallest area of a piece split off at a floor step or at a gap in a wall line to count as a room, m².
        public var minimumSplitArea: Double = 3
        /// Smallest free-space area of a room, m².
        public var minimumRoomArea: Double = 1
        /// Without sensor positions, a room's cloud is the points over its region widened by this; with them,
        /// its frames' points except those over another room's region beyond this, metres.
        public var wallMargin: Double = 0.15
        /// Largest sample (points) on which the up axis is detected.
        public var upAxisSample: Int = 200_000
        /// Options of every room's build (``RoomBuilder/Options/upAxis`` is replaced by the one found and
        /// ``RoomBuilder/Options/seed`` is mixed with each room's content hash).
        public var room = RoomBuilder.Options()
        /// Options of the merge.
        public var structure = StructureBuilder.Options()
        /// Defaults.
        public init() {}
    }

    /// One room found in the cloud.
    public struct Room: Sendable, Equatable {
        /// Storey index (0 = lowest).
        public var storey: Int
        /// Area of its free-space region, m².
        public var area: Double
        /// Plan centre of its region (x, z of the y-up local frame, relative to the cloud's origin), metres.
        public var centre: SIMD2<Double>
        /// Number of sensor stations that stood in it (0 without sensor positions).
        public var stations: Int
        /// Indices into the input cloud of the points its build uses, ascending.
        public var pointIndices: [Int]
        /// Whether its cloud keeps the sensor positions (frames whose sensor stood in the room).
        public var keepsSensors: Bool
    }

    /// The rooms found, before building.
    public struct Segmentation: Sendable, Equatable {
        /// The up axis used.
        public var upAxis: UpAxis
        /// The rotation (y-up frame, about the local origin) that levelled a cloud tilted off gravity; nil when
        /// the cloud is level. ``storeys`` are heights in the levelled frame.
        public var levelling: RigidTransform? = nil
        /// Height range of every storey (local y after the up-axis rotation), metres, lowest first.
        public var storeys: [ClosedRange<Double>]
        /// The rooms, by storey, then in plan order of their regions.
        public var rooms: [Room]
    }

    /// A room that was found but left out of the structure.
    public struct SkippedRoom: Sendable, Equatable {
        /// Why.
        public enum Reason: Sendable, Equatable, CustomStringConvertible {
            /// ``RoomBuilder`` refused its cloud.
            case build(RoomBuildError)
            /// Its built floor overlaps room `room`'s (index into ``Segmentation/rooms``) by `fraction` of the
            /// smaller floor: the same room built twice.
            case overlaps(room: Int, fraction: Double)

            public var description: String {
                switch self {
                case let .build(e): "\(e)"
                case let .overlaps(r, f): "its floor overlaps room \(r)'s by \(Int((f * 100).rounded())) %"
                }
            }
        }
        /// The extra top-level key of a built structure (``Result/structure``) that lists the rooms left
        /// out, one object each: `room` (index into ``Segmentation/rooms``), `storey`, `area` (m², of its
        /// free-space region), `points` (of the cloud), `stations` (sensor stations that stood in it) and
        /// `reason` (text). Absent when every room found is in the structure.
        public static let key = "plumblineSkippedRooms"
        /// Index into ``Segmentation/rooms``.
        public var room: Int
        /// Why it was left out.
        public var reason: Reason

        /// The object recorded for it under ``key``; `found` is the room it indexes.
        func record(of found: Room) -> JSONValue {
            .object(["room": .integer(Int64(room)), "storey": .integer(Int64(found.storey)),
                     "area": .number((found.area * 100).rounded() / 100), "points": .integer(Int64(found.pointIndices.count)),
                     "stations": .integer(Int64(found.stations)), "reason": .string(reason.description)])
        }
    }

    /// Everything a segmentation and build produced.
    public struct Result: Sendable {
        /// The rooms found.
        public var segmentation: Segmentation
        /// The merged structure of the rooms that were built.
        public var structure: StructureBuilder.Result
        /// For every room of the structure (in order), its index in ``Segmentation/rooms``.
        public var roomIndices: [Int]
        /// Rooms found but not in the structure, with why.
        public var skipped: [SkippedRoom]
    }

    /// The options of this segmentation.
    public var options: Options

    /// A segmentation with the given options.
    public init(options: Options = Options()) { self.options = options }

    /// Finds the rooms of `cloud` (see the type's documentation, steps 1-5).
    /// - Throws: ``RoomSegmentationError`` naming what is wrong with the cloud.
    /// - Complexity: O(n + cells) plus the up-axis sample's plane segmentation when the axis is automatic.
    public func segment(_ cloud: PointCloud) throws(RoomSegmentationError) -> Segmentation {
        do { try cloud.validate() } catch { throw .invalidCloud(error) }
        guard cloud.count >= 1000 else { throw .invalidCloud(.tooFewPoints(required: 1000, actual: cloud.count)) }
        guard options.cell > 0.005, options.cell <= 0.5, options.cell.isFinite else {
            throw .invalidOption("cell must be in (0.005, 0.5] m, got \(options.cell)")
        }
        let (up, level) = try frame(of: cloud)
        var local = RoomBuilder.rotated(cloud, up)
        if let level { local = GravityLevel.rotated(local, by: level) }
        // Every frame's station in the y-up local frame; frames no point comes from (a room cut from a building's
        // capture keeps every frame's position) stand nowhere (NaN).
        var stationOf: [SIMD3<Double>] = []
        if let origins = local.sensorOrigins, let frames = local.frameIndex {
            var used = [Bool](repeating: false, count: origins.count)
            for f in frames { used[Int(f)] = true }
            stationOf = origins.indices.map { used[$0] ? origins[$0] - local.origin : SIMD3(repeating: .nan) }
        }
        let storeys = try Self.storeys(local.y, gap: options.storeyGap)
        var rooms: [Room] = []
        for (s, range) in storeys.enumerated() {
            rooms += try roomsOfStorey(s, range: range, cloud: local, stations: stationOf)
        }
        guard !rooms.isEmpty else { throw .noRoom }
        return Segmentation(upAxis: up, levelling: level, storeys: storeys, rooms: rooms)
    }

    /// Segments `cloud`, builds every room and merges them.
    /// - Throws: ``RoomSegmentationError``: the cloud's problem, no room built (with every room's reason), or
    ///   the merge's error.
    /// - Complexity: ``segment(_:)`` plus one ``RoomBuilder`` build per room and the merge.
    public func build(_ cloud: PointCloud) throws(RoomSegmentationError) -> Result {
        try build(segment(cloud), of: cloud)
    }

    /// Builds and merges the rooms of `seg`, a segmentation of `cloud` by ``segment(_:)`` with these options.
    /// Rooms left out (``Result/skipped``) are also listed in the structure under ``SkippedRoom/key``.
    /// - Throws: ``RoomSegmentationError/noRoomBuilt(_:)`` (every room's reason) or
    ///   ``RoomSegmentationError/structureFailed(_:)``.
    /// - Complexity: one ``RoomBuilder`` build per room and the merge.
    public func build(_ seg: Segmentation, of cloud: PointCloud) throws(RoomSegmentationError) -> Result {
        var built: [(index: Int, room: CapturedRoom)] = []
        var skipped: [SkippedRoom] = []
        for (k, r) in seg.rooms.enumerated() {
            do throws(RoomBuildError) {
                built.append((k, try buildRoom(r, of: cloud, upAxis: seg.upAxis)))
            } catch {
                skipped.append(SkippedRoom(room: k, reason: .build(error)))
            }
        }
        guard !built.isEmpty else { throw .noRoomBuilt(skipped.map { "room \($0.room): \($0.reason)" }) }
        // A tilted cloud's rooms (each built in the cloud's frame) are merged level, then turned back.
        let level = seg.levelling.map { Transform4x4(rigid: $0) }
        var merged = try Self.merge(built.map { r in level.map { r.room.transformed(by: $0) } ?? r.room }, options: options.structure)
        if let back = seg.levelling.map({ Transform4x4(rigid: $0.inverse) }) {
            merged.result.structure = merged.result.structure.transformed(by: back)
            ModelLevelling.record(seg.levelling!, into: &merged.result.structure.unknownFields)
        }
        skipped += merged.dropped.map { SkippedRoom(room: built[$0.room].index, reason: .overlaps(room: built[$0.other].index, fraction: $0.fraction)) }
        skipped.sort { $0.room < $1.room }
        // Nothing found is dropped silently: the written structure names every room left out, and why.
        if !skipped.isEmpty {
            merged.result.structure.unknownFields[SkippedRoom.key] = .array(skipped.map { $0.record(of: seg.rooms[$0.room]) })
        }
        return Result(segmentation: seg, structure: merged.result, roomIndices: merged.kept.map { built[$0].index }, skipped: skipped)
    }

    /// Builds one found room with ``RoomBuilder`` (the up axis found; identifiers seeded by the room cloud's
    /// content, so rooms of one cloud never share identifiers and their order does not matter).
    /// - Throws: ``RoomBuildError`` from the build.
    public func buildRoom(_ room: Room, of cloud: PointCloud, upAxis: UpAxis) throws(RoomBuildError) -> CapturedRoom {
        var part = cloud.subset(room.pointIndices)
        if !room.keepsSensors { part.sensorOrigins = nil }
        var o = options.room
        o.upAxis = upAxis
        o.seed = o.seed ^ Self.contentHash(part)
        return try RoomBuilder(options: o).build(part).room
    }

    /// Merges rooms of one cloud with ``StructureBuilder``; a room whose floor overlaps an earlier one's too
    /// much (``StructureBuildError/invalidRoomLocation(room:overlapping:fraction:)``) is dropped and the merge
    /// retried. `kept` lists the input indices in the structure, `dropped` the others with the room they overlap.
    /// - Throws: ``RoomSegmentationError/structureFailed(_:)`` for any other merge error.
    /// - Complexity: at most one merge per dropped room plus one.
    public static func merge(_ rooms: [CapturedRoom], options: StructureBuilder.Options) throws(RoomSegmentationError)
        -> (result: StructureBuilder.Result, kept: [Int], dropped: [(room: Int, other: Int, fraction: Double)]) {
        var kept = Array(rooms.indices)
        var dropped: [(room: Int, other: Int, fraction: Double)] = []
        while true {
            do throws(StructureBuildError) {
                let r = try StructureBuilder(options: options).build(kept.map { rooms[$0] })
                return (r, kept, dropped)
            } catch {
                guard case let .invalidRoomLocation(j, i, f) = error, kept.count > 1 else { throw .structureFailed(error) }
                dropped.append((kept[j], kept[i], f))
                kept.remove(at: j)
            }
        }
    }

    /// A 64-bit FNV-1a hash of a cloud's point count, origin and coordinates (every point's bits).
    /// - Complexity: O(n).
    static func contentHash(_ c: PointCloud) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: UInt64) {
            var v = v
            for _ in 0..<8 {
                h = (h ^ (v & 0xff)) &* 0x0000_0100_0000_01b3
                v >>= 8
            }
        }
        mix(UInt64(c.count))
        mix(c.origin.x.bitPattern)
        mix(c.origin.y.bitPattern)
        mix(c.origin.z.bitPattern)
        for i in 0..<c.count {
            mix(UInt64(c.x[i].bitPattern) | UInt64(c.y[i].bitPattern) << 32)
            mix(UInt64(c.z[i].bitPattern))
        }
        return h
    }

    /// The up axis: the option, or detected from a strided sample's planes and stations.
    func upAxis(of cloud: PointCloud) throws(RoomSegmentationError) -> UpAxis {
        guard options.upAxis == .automatic else { return options.upAxis }
        return try frame(of: cloud).up
    }

    /// The up axis (the option, or detected from a strided sample's planes and stations) and the levelling of
    /// a cloud tilted off gravity (from the same planes, `GravityLevel`).
    func frame(of cloud: PointCloud) throws(RoomSegmentationError) -> (up: UpAxis, levelling: RigidTransform?) {
        let step = Swift.max(1, (cloud.count + options.upAxisSample - 1) / Swift.max(1, options.upAxisSample))
        let sample = step == 1 ? cloud : cloud.subset(Array(stride(from: 0, to: cloud.count, by: step)))
        let planes: [DetectedPlane]
        do { planes = try PlaneSegmenter.segment(sample, options: options.room.segmentation).planes } catch {
            // With the axis given, a sample without planes only leaves the cloud as it is.
            guard options.upAxis == .automatic else { return (options.upAxis, nil) }
            throw .upAxisNotFound(error)
        }
        let up = options.upAxis != .automatic ? options.upAxis : UpAxis.detect(from: planes, stations: sample.sensorStations) ?? .y
        let turned = planes.map { p in
            var q = p
            q.normal = up.toYUp(p.normal)
            q.centroid = up.toYUp(p.centroid)
            return q
        }
        return (up, GravityLevel.rotation(planes: turned))
    }

    /// Height ranges of the storeys from the points' heights (type documentation, step 2).
    /// - Complexity: O(n + span / 2 cm).
    static func storeys(_ y: [Float], gap: Double) throws(RoomSegmentationError) -> [ClosedRange<Double>] {
        let bin = 0.02
        var lo = Float.infinity, hi = -Float.infinity
        for v in y {
            lo = Swift.min(lo, v)
            hi = Swift.max(hi, v)
        }
        guard Double(hi - lo) <= 2000 else { throw .tooLarge("the points span \(Int(hi - lo)) m of height") }
        var counts = [Int](repeating: 0, count: Int(Double(hi - lo) / bin) + 1)
        for v in y { counts[Int(Double(v - lo) / bin)] += 1 }
        // Strays are sparse: a bin with at most 20 points per million, or under 5 % of the median bin that holds
        // more, is empty (a phone's stray returns put a few hundred points per bin into a slab).
        let sparse = y.count / 50_000
        let held = counts.filter { $0 > sparse }.sorted()
        let empty = Swift.max(sparse, held.isEmpty ? 0 : held[held.count / 2] / 20)
        let gapBins = Swift.max(1, Int((gap / bin).rounded(.up)))
        var runs: [(first: Int, last: Int, points: Int)] = []
        var k = 0
        while k < counts.count {
            guard counts[k] > empty else { k += 1; continue }
            var last = k, points = 0, j = k
            while j < counts.count {
                if counts[j] > empty {
                    last = j
                    points += counts[j]
                    j += 1
                } else if j - last >= gapBins {
                    break
                } else {
                    points += counts[j]
                    j += 1
                }
            }
            runs.append((k, last, points))
            k = last + 1
        }
        let storeys = runs.filter { Double($0.last - $0.first + 1) * bin >= 1.5 && $0.points * 50 >= y.count }
            .map { (Double(lo) + Double($0.first) * bin)...(Double(lo) + Double($0.last + 1) * bin) }
        guard !storeys.isEmpty else { throw .noStorey }
        return storeys
    }
}

/// Why ``RoomSegmentation`` could not find or build the rooms of a cloud.
public enum RoomSegmentationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cloud is unusable (empty, too few points, non-finite, mismatched attributes).
    case invalidCloud(PointCloudError)
    /// An option is out of range (which and why).
    case invalidOption(String)
    /// The up axis could not be detected: plane segmentation of the sample refused it (its typed
    /// cause); pass the axis explicitly.
    case upAxisNotFound(PlaneSegmentationError)
    /// No storey: no run of points at least 1.5 m tall holding a good share of the cloud.
    case noStorey
    /// The cloud is too large for the segmentation grid (what).
    case tooLarge(String)
    /// No free-space region qualifies as a room.
    case noRoom
    /// Rooms were found but none could be built (each room's reason).
    case noRoomBuilt([String])
    /// The rooms were built but could not be merged.
    case structureFailed(StructureBuildError)

    public var description: String {
        switch self {
        case let .invalidCloud(e): "invalid point cloud: \(e)"
        case let .invalidOption(why): "invalid segmentation option: \(why)"
        case let .upAxisNotFound(why): "could not detect the up axis (\(why)); it must be given"
        case .noStorey: "no storey found: no run of points at least 1.5 m tall from floor to ceiling"
        case let .tooLarge(what): "the cloud is too large to segment: \(what)"
        case .noRoom: "no room found: no region of free space bounded by walls"
        case let .noRoomBuilt(why): "no room could be built: \(why.joined(separator: "; "))"
        case let .structureFailed(e): "the rooms could not be merged: \(e)"
        }
    }
}
