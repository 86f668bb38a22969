import Foundation
import PlumbKernel

/// Merges several rooms of one building, captured in one world frame, into a ``CapturedStructure``
/// (RoomPlan's `StructureBuilder`), measuring what RoomPlan cannot: the thickness of the walls
/// between rooms, and the storeys.
///
/// Pipeline (all plan geometry in `Double`, world metres, y up):
/// 0. With ``Options/alignment`` = ``Alignment/automatic``: every room is first moved into room 0's frame
///    (``RoomAligner``; ``StructureBuildError/cannotAlign(room:reason:)`` when one cannot be placed).
/// 1. Checks: finite elements, bounded list sizes, identifiers unique across rooms, and no two floors at about the same height
///    overlapping by more than ``Options/maximumFloorOverlap`` of the smaller one (else
///    ``StructureBuildError/invalidRoomLocation(room:overlapping:fraction:)``), unless their walls prove one
///    frame (``Options/acceptsOpenRooms``): then they are rooms open to each
///    other, listed in ``Result/openRoomPairs``, and both floors are kept.
/// 2. Storeys: floor elevations clustered with a gap of ``Options/storeyGap`` (lowest = storey 0);
///    split levels within a storey keep their heights. Every room and element gets its storey.
/// 3. Walls: straight upright room walls are turned to face into their room; two faces that are
///    parallel within ``Options/maximumWallAngle``, face opposite ways, stand back to back
///    ``Options/wallGap`` apart and overlap along the wall (``Options/minimumWallOverlap``) and in height
///    are one wall seen from both sides. Back-to-back faces closer than the smallest gap, or crossing
///    by up to ``Options/coincidence`` (rooms overlapping slightly), are one wall too but of unknown
///    thickness (`dimensions[2]` = 0); faces facing the same way within ``Options/coincidence`` and
///    overlapping are one face captured twice and are de-duplicated (the longer face wins
///    where both cover). Such faces are grouped per wall line and cut where the room
///    behind changes (T joints); each stretch with a face on both sides becomes one wall whose centre
///    line lies midway between the faces, whose `dimensions[2]` is the measured gap between them, whose
///    width spans the union of the two faces' extents (short one-sided stretches up to
///    ``Options/absorbLength`` at its ends or between stretches included) and whose height spans both.
///    Its local z faces the room listed first. Walls seen from one side only (exterior walls, walls
///    whose neighbour was not captured, curved walls) are kept as captured: their transform stays on
///    the room-side face and `dimensions[2]` stays as captured (0 from RoomPlan and ``RoomBuilder``:
///    thickness unknown). Degenerate straight walls under 1 cm wide are left out.
/// 4. Doors, windows and openings follow their host into the structure wall that covers them; the
///    same hole seen from both rooms becomes one element (see `EmbeddedSurfaceMerger`), placed in
///    the centre plane with the merged wall as parent.
/// 5. Objects of different rooms overlapping by ``Options/objectIoU`` (upright-box volume IoU) become
///    one. Floors and sections are kept, one per room.
///
/// Identifiers: an element kept as captured keeps its identifier; a merged or split element gets a
/// deterministic identifier derived from its sources' (``Result/sources`` maps each structure element
/// to them; the structure JSON carries the merged ones under the top-level key `plumblineSources`).
/// Same input, same output, byte for byte.
///
/// Complexity: pairwise tests pruned by a sweep along x (about O(W log W) walls and O(O log O)
/// objects for a building, O(n²) at worst) plus O(R²) floor-overlap tests with a bounded raster per
/// overlapping pair; input sizes are capped (``maximumRooms``, ``maximumElementsPerList``,
/// ``maximumTotalElements``).
public struct StructureBuilder: Sendable {
    /// Options of a merge.
    public struct Options: Sendable, Equatable {
        /// Floor elevations farther apart than this start a new storey, metres.
        public var storeyGap: Double = 1.5
        /// Largest angle between the two faces of one wall, radians (5°).
        public var maximumWallAngle: Double = 5 * Double.pi / 180
        /// Accepted back-to-back gap between the two faces of one wall (its thickness), metres.
        public var wallGap: ClosedRange<Double> = 0.04...0.5
        /// Smallest overlap along the wall of two faces (or half the shorter face, if less), metres.
        public var minimumWallOverlap: Double = 0.3
        /// Back-to-back faces crossing by up to this much (rooms overlapping a little) are still one wall,
        /// of unknown thickness; faces of two rooms this close and facing the same way are one face
        /// captured twice, metres.
        public var coincidence: Double = 0.15
        /// One-sided stretches of a wall line shorter than this, next to a stretch seen from both sides,
        /// are absorbed into it, metres.
        public var absorbLength: Double = 0.5
        /// Smallest rectangle IoU (along the wall × height) of a door, window or opening seen from both
        /// sides.
        public var openingIoU: Double = 0.3
        /// Smallest upright-box volume IoU of an object seen from two rooms.
        public var objectIoU: Double = 0.3
        /// Largest overlap of two floors at about the same height (within ``floorHeightTolerance``), as a
        /// fraction of the smaller floor, before the rooms are rejected as misplaced; 1 or more disables
        /// the check.
        public var maximumFloorOverlap: Double = 0.5
        /// Rooms whose floors overlap by more than ``maximumFloorOverlap`` are still accepted as two rooms
        /// open to each other (one capture taking in part of the other's floor through a side with no
        /// wall) when their walls prove one frame: faces of both captures on one line within 5 cm (parallel
        /// within 3°) over at least 0.5 m along each of two wall directions at least 30° apart (see
        /// ``Result/openRoomPairs``). `false` refuses every such overlap.
        public var acceptsOpenRooms: Bool = true
        /// Floors whose elevations differ by more than this are never compared for overlap, metres.
        public var floorHeightTolerance: Double = 1.0
        /// Whether the rooms share one coordinate frame (``Alignment/none``) or are placed into room 0's
        /// frame first (``Alignment/automatic``, see ``RoomAligner``).
        public var alignment: Alignment = .none
        /// With automatic alignment: thickness assumed for a wall between two rooms when neither stores
        /// one and no other wall pins it, metres.
        public var assumedWallThickness: Double = 0.12
        /// With automatic alignment: smallest lead of a room's best placement over any different one.
        public var alignmentMargin: Double = 1.0
        /// Defaults.
        public init() {}
    }

    /// How the rooms' coordinate frames relate.
    public enum Alignment: Sendable, Equatable {
        /// The rooms were captured in one frame (one ARKit session or a shared world map).
        case none
        /// Each room may have its own gravity-aligned frame; ``RoomAligner`` places them into room 0's.
        case automatic
    }

    /// Two rooms whose floors overlap by more than ``Options/maximumFloorOverlap`` but whose walls prove
    /// they share one frame: rooms open to each other (no wall between them), whose captures each take in
    /// part of the other's floor. Both floors are kept as captured; their walls, doors, windows and objects
    /// are merged like those of any two rooms.
    public struct OpenRoomPair: Sendable, Equatable, Codable {
        /// Indices (input order) of the two rooms, lower first.
        public var rooms: [Int]
        /// Their floor overlap as a fraction of the smaller floor.
        public var overlap: Double
    }

    /// A wall between two rooms with its measured thickness.
    public struct InteriorWall: Sendable, Equatable, Codable {
        /// Identifier of the structure wall.
        public var identifier: UUID
        /// Indices (input order) of the two rooms it separates (equal for a stub wall inside one room).
        public var rooms: [Int]
        /// Measured thickness (back-to-back gap of the two faces), metres.
        public var thickness: Double
        /// Length along the wall, metres.
        public var length: Double
    }

    /// Everything a merge produced.
    public struct Result: Sendable {
        /// The structure.
        public var structure: CapturedStructure
        /// For every structure wall, door, window, opening and object: the identifiers of the room
        /// elements it was made from (its own identifier alone when kept as captured).
        public var sources: [UUID: [UUID]]
        /// The walls seen from both sides, in structure order.
        public var interiorWalls: [InteriorWall]
        /// Per storey (index = storey number): the lowest floor elevation on it, metres.
        public var storeyElevations: [Double]
        /// With automatic alignment: each room's placement into room 0's frame (input order); empty otherwise.
        public var placements: [RoomAligner.Placement] = []
        /// Pairs of rooms accepted despite a large floor overlap because they are open to each other
        /// (see ``Options/acceptsOpenRooms``), in the order they were found.
        public var openRoomPairs: [OpenRoomPair] = []
    }

    /// Largest number of rooms, and of elements in one room's list.
    public static let maximumRooms = 1000
    /// Largest number of elements in one room's list (walls, doors, …). A built or RoomPlan room has tens;
    /// the open-room test compares every wall face of one room with every face of another, so two rooms of
    /// this many parallel walls make 4,000,000 face pairs.
    public static let maximumElementsPerList = 2_000
    /// Largest number of walls, doors, windows, openings and objects over all rooms together (a building
    /// of 100 rooms has a few thousand). Work between rooms grows with its square.
    public static let maximumTotalElements = 20_000

    /// The options of this builder.
    public var options: Options

    /// A builder with the given options.
    public init(options: Options = Options()) { self.options = options }

    /// The structure of `rooms` (see the type's documentation).
    /// - Throws: ``StructureBuildError`` naming the room and element at fault.
    public func capturedStructure(from rooms: [CapturedRoom]) async throws(StructureBuildError) -> CapturedStructure {
        try build(rooms).structure
    }

    /// Merges synchronously, with the provenance of every element (the async API calls this). Every input
    /// room must pass ``CapturedRoom/validate()`` and the merged structure must pass
    /// ``CapturedStructure/validate()`` (otherwise ``StructureBuildError/invalidRoom(room:_:)`` /
    /// ``StructureBuildError/invalidResult(_:)``).
    public func build(_ captured: [CapturedRoom]) throws(StructureBuildError) -> Result {
        try Self.validate(captured)
        var input = captured
        var placements: [RoomAligner.Placement] = []
        if options.alignment == .automatic {
            var aligner = RoomAligner()
            aligner.wallGap = options.wallGap
            aligner.assumedThickness = options.assumedWallThickness
            aligner.ambiguityMargin = options.alignmentMargin
            placements = try aligner.align(captured)
            input = zip(captured, placements).map { $0.transformed(by: $1.pose.transform) }
        }
        let elevations = input.map(StoreyAssignment.elevation)
        var openPairs: [OpenRoomPair] = []
        if options.maximumFloorOverlap < 1 {
            let evidence = options.openRoomEvidence
            var faces: [[WallFace]?] = Array(repeating: nil, count: input.count)
            func facesOf(_ r: Int) -> [WallFace] {
                if let f = faces[r] { return f }
                let f = SharedFrameEvidence.faces(of: input[r], index: r)
                faces[r] = f
                return f
            }
            if let (i, j, f) = RoomPlacementCheck.firstConflict(
                floors: input.map(\.floorPolygons), elevations: elevations, heightTolerance: options.floorHeightTolerance,
                maximumFraction: options.maximumFloorOverlap, excused: { i, j, f in
                    guard let evidence, evidence.shareFrame(facesOf(i), facesOf(j)) else { return false }
                    openPairs.append(OpenRoomPair(rooms: [i, j], overlap: f))
                    return true
                }) {
                throw .invalidRoomLocation(room: j, overlapping: i, fraction: f)
            }
        }
        let storeys = StoreyAssignment.storeys(elevations: elevations, gap: options.storeyGap)
        let rooms = zip(input, storeys).map { Self.onStorey($0, $1) }
        var storeyElevations: [Double] = []
        for (e, s) in zip(elevations, storeys) {
            guard let e else { continue }
            while storeyElevations.count <= s { storeyElevations.append(.infinity) }
            storeyElevations[s] = min(storeyElevations[s], e)
        }

        let gate = WallPairing.Gate(maximumAngle: options.maximumWallAngle, gap: options.wallGap, minimumOverlap: options.minimumWallOverlap, coincidence: options.coincidence)
        let merger = StructureWallMerger(rooms: rooms, gate: gate, absorbLength: options.absorbLength)
        let pieces = merger.pieces()
        var sources: [UUID: [UUID]] = [:]
        var interior: [InteriorWall] = []
        for p in pieces {
            let ids = p.faces.map { merger.faces[$0] }.map { rooms[$0.room].walls[$0.wall].identifier }
            sources[p.surface.identifier] = ids.isEmpty ? [p.surface.identifier] : ids
            if let t = p.thickness {
                interior.append(InteriorWall(identifier: p.surface.identifier, rooms: p.rooms, thickness: t, length: Double(p.surface.dimensions.x)))
            }
        }
        let embedded = EmbeddedSurfaceMerger(merger: merger, pieces: pieces, minimumIoU: options.openingIoU).merge()
        sources.merge(embedded.sources) { a, _ in a }
        let objects = ObjectMerger.merge(rooms, minimumIoU: options.objectIoU)
        sources.merge(objects.sources) { a, _ in a }

        var doors: [CapturedRoom.Surface] = [], windows: [CapturedRoom.Surface] = [], openings: [CapturedRoom.Surface] = []
        for s in embedded.surfaces {
            switch s.category {
            case .door: doors.append(s)
            case .window: windows.append(s)
            default: openings.append(s)
            }
        }
        var structure = CapturedStructure(
            rooms: rooms, walls: pieces.map(\.surface), doors: doors, windows: windows, openings: openings,
            objects: objects.objects, floors: rooms.flatMap(\.floors), sections: rooms.flatMap(\.sections),
            identifier: DerivedIdentifier.make(from: rooms.map(\.identifier), salt: 0x5354_5255_4354))
        var provenance: [String: JSONValue] = [:]
        for (id, src) in sources where src != [id] {
            provenance[id.uuidString] = .array(src.map { .string($0.uuidString) })
        }
        if !provenance.isEmpty { structure.unknownFields["plumblineSources"] = .object(provenance) }
        do throws(CapturedRoomValidationError) { try structure.validate() } catch { throw .invalidResult(error) }
        return Result(structure: structure, sources: sources, interiorWalls: interior, storeyElevations: storeyElevations,
                      placements: placements, openRoomPairs: openPairs)
    }

    /// Refuses, from a room document's element counts taken before it is parsed
    /// (``RoomPlanJSON/elementCounts(in:)``), what ``validate(_:)`` would refuse after parsing: a list
    /// longer than ``maximumElementsPerList``, or more than ``maximumTotalElements`` walls, doors, windows,
    /// openings and objects over the rooms counted so far (`total`, updated). The same errors, so a caller
    /// reading many files spends no parse on an input the builder cannot take.
    /// - Complexity: O(1).
    package static func precheck(_ counts: RoomPlanJSONElementCounts, roomIndex r: Int, total: inout Int) throws(StructureBuildError) {
        // The lists the builder bounds (not `sections`), in its order.
        for key in ["walls", "doors", "windows", "openings", "floors", "objects"] where counts.count(key) > maximumElementsPerList {
            throw .tooManyElements(path: "rooms[\(r)].\(key)", count: counts.count(key), limit: maximumElementsPerList)
        }
        total += ["walls", "doors", "windows", "openings", "objects"].reduce(0) { $0 + counts.count($1) }
        guard total <= maximumTotalElements else { throw .tooManyElements(path: "rooms (all elements)", count: total, limit: maximumTotalElements) }
    }

    /// Rejects empty input, oversized lists, non-finite elements, identifiers shared across rooms, and
    /// rooms that fail ``CapturedRoom/validate()``.
    static func validate(_ rooms: [CapturedRoom]) throws(StructureBuildError) {
        guard !rooms.isEmpty else { throw .noRooms }
        guard rooms.count <= maximumRooms else { throw .tooManyElements(path: "rooms", count: rooms.count, limit: maximumRooms) }
        let total = rooms.reduce(0) { $0 + $1.walls.count + $1.doors.count + $1.windows.count + $1.openings.count + $1.objects.count }
        guard total <= maximumTotalElements else { throw .tooManyElements(path: "rooms (all elements)", count: total, limit: maximumTotalElements) }
        var seen: [UUID: String] = [:]
        func claim(_ id: UUID, _ path: String) throws(StructureBuildError) {
            if let first = seen[id] { throw .duplicateIdentifier(path: path, first: first) }
            seen[id] = path
        }
        for (r, room) in rooms.enumerated() {
            try claim(room.identifier, "rooms[\(r)]")
            let lists: [(String, [CapturedRoom.Surface])] = [
                ("walls", room.walls), ("doors", room.doors), ("windows", room.windows), ("openings", room.openings), ("floors", room.floors),
            ]
            for (name, list) in lists {
                guard list.count <= maximumElementsPerList else {
                    throw .tooManyElements(path: "rooms[\(r)].\(name)", count: list.count, limit: maximumElementsPerList)
                }
                for (k, s) in list.enumerated() {
                    if !isFinite(s.transform, s.dimensions) || !s.polygonCorners.allSatisfy(isFinite) {
                        throw .nonFiniteElement(path: "rooms[\(r)].\(name)[\(k)]")
                    }
                    try claim(s.identifier, "rooms[\(r)].\(name)[\(k)]")
                }
            }
            guard room.objects.count <= maximumElementsPerList else {
                throw .tooManyElements(path: "rooms[\(r)].objects", count: room.objects.count, limit: maximumElementsPerList)
            }
            for (k, o) in room.objects.enumerated() {
                if !isFinite(o.transform, o.dimensions) { throw .nonFiniteElement(path: "rooms[\(r)].objects[\(k)]") }
                try claim(o.identifier, "rooms[\(r)].objects[\(k)]")
            }
        }
        for (r, room) in rooms.enumerated() {
            do throws(CapturedRoomValidationError) { try room.validate() } catch { throw .invalidRoom(room: r, error) }
        }
    }

    static func isFinite(_ t: Transform4x4, _ d: SIMD3<Float>) -> Bool { t.isFinite && isFinite(d) }
    static func isFinite(_ v: SIMD3<Float>) -> Bool { v.x.isFinite && v.y.isFinite && v.z.isFinite }

    /// `room` with `story` set on it and on every element.
    static func onStorey(_ room: CapturedRoom, _ story: Int) -> CapturedRoom {
        var r = room
        r.story = story
        func set(_ list: inout [CapturedRoom.Surface]) { for k in list.indices { list[k].story = story } }
        set(&r.walls)
        set(&r.doors)
        set(&r.windows)
        set(&r.openings)
        set(&r.floors)
        for k in r.objects.indices { r.objects[k].story = story }
        for k in r.sections.indices { r.sections[k].story = story }
        return r
    }
}
