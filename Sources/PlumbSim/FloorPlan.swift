/// A ground-truth building: storeys, rooms, walls, openings and furniture boxes.
///
/// Coordinates: the world frame is ARKit-like (y up, right-handed, metres). Every 2D plan point is the
/// world `(x, z)` pair (a top view drawn with x to the right and z downwards, like SVG). Elevations
/// are world y. JSON form: see `Docs/floor-plan-format.md`. Call ``validate()`` before use.
public struct FloorPlan: Sendable, Equatable, Codable {
    /// Human-readable name.
    public var name: String
    /// Free-text notes (provenance, simplifications).
    public var notes: String?
    /// Storeys (levels) of the building.
    public var storeys: [Storey]
    /// Rooms with their floor polygons.
    public var rooms: [Room]
    /// Walls (straight or circular arcs) with thickness.
    public var walls: [Wall]
    /// Doors, windows and open passages, each in one wall.
    public var openings: [Opening]
    /// Furniture as oriented boxes.
    public var furniture: [Furniture]

    /// A plan from its parts (not validated).
    public init(
        name: String, notes: String? = nil, storeys: [Storey], rooms: [Room], walls: [Wall],
        openings: [Opening] = [], furniture: [Furniture] = []
    ) {
        self.name = name
        self.notes = notes
        self.storeys = storeys
        self.rooms = rooms
        self.walls = walls
        self.openings = openings
        self.furniture = furniture
    }

    private enum CodingKeys: String, CodingKey { case name, notes, storeys, rooms, walls, openings, furniture }

    /// Decodes a plan; `notes`, `openings` and `furniture` may be omitted.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        storeys = try c.decode([Storey].self, forKey: .storeys)
        rooms = try c.decode([Room].self, forKey: .rooms)
        walls = try c.decode([Wall].self, forKey: .walls)
        openings = try c.decodeIfPresent([Opening].self, forKey: .openings) ?? []
        furniture = try c.decodeIfPresent([Furniture].self, forKey: .furniture) ?? []
    }

    /// The storey with `index`, if any.
    public func storey(_ index: Int) -> Storey? { storeys.first { $0.index == index } }
    /// The room with `id`, if any.
    public func room(_ id: String) -> Room? { rooms.first { $0.id == id } }
    /// The wall with `id`, if any.
    public func wall(_ id: String) -> Wall? { walls.first { $0.id == id } }
    /// Openings hosted by the wall with `id`, sorted by position along it.
    public func openings(inWall id: String) -> [Opening] {
        openings.filter { $0.wallID == id }.sorted { $0.position < $1.position }
    }
}

/// One level of the building.
public struct Storey: Sendable, Equatable, Codable {
    /// Storey number (0 = ground floor), unique in the plan.
    public var index: Int
    /// World y of the finished floor, metres.
    public var floorElevation: Double
    /// Default ceiling height above ``floorElevation``, metres.
    public var ceilingHeight: Double
    /// Sloped ceiling parts; the ceiling is the lowest of the default height and every slope plane.
    public var slopedCeilings: [SlopedCeiling]

    /// A storey.
    public init(index: Int, floorElevation: Double, ceilingHeight: Double, slopedCeilings: [SlopedCeiling] = []) {
        self.index = index
        self.floorElevation = floorElevation
        self.ceilingHeight = ceilingHeight
        self.slopedCeilings = slopedCeilings
    }

    private enum CodingKeys: String, CodingKey { case index, floorElevation, ceilingHeight, slopedCeilings }

    /// Decodes a storey; `slopedCeilings` may be omitted.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        floorElevation = try c.decode(Double.self, forKey: .floorElevation)
        ceilingHeight = try c.decode(Double.self, forKey: .ceilingHeight)
        slopedCeilings = try c.decodeIfPresent([SlopedCeiling].self, forKey: .slopedCeilings) ?? []
    }

    /// Ceiling height above the storey floor at plan point `p` (metres): the minimum of
    /// ``ceilingHeight`` and every sloped part's plane.
    public func ceilingHeight(at p: SIMD2<Double>) -> Double {
        slopedCeilings.reduce(ceilingHeight) { min($0, $1.height(at: p)) }
    }
}

/// A sloped ceiling plane (e.g. under a roof): height `heightAtLine` above the storey floor along the
/// plan line `lineStart`→`lineEnd`, changing by `risePerMetre` per metre of perpendicular distance
/// towards the line's left side in plan coordinates (the side of the normal `(-dz, dx)` of the line
/// direction `(dx, dz)`). It only matters where it is below the storey's default ceiling: that region of
/// the plan has the sloped ceiling.
public struct SlopedCeiling: Sendable, Equatable, Codable {
    /// First point of the reference line, plan (x, z), metres.
    public var lineStart: SIMD2<Double>
    /// Second point of the reference line, plan (x, z), metres.
    public var lineEnd: SIMD2<Double>
    /// Ceiling height along the line, metres above the storey floor.
    public var heightAtLine: Double
    /// Height gained per metre of distance to the line's left, metres per metre (negative: falls).
    public var risePerMetre: Double

    /// A sloped ceiling part.
    public init(lineStart: SIMD2<Double>, lineEnd: SIMD2<Double>, heightAtLine: Double, risePerMetre: Double) {
        self.lineStart = lineStart
        self.lineEnd = lineEnd
        self.heightAtLine = heightAtLine
        self.risePerMetre = risePerMetre
    }

    /// Unit normal of the line towards the side where the height grows with positive ``risePerMetre``.
    public var leftNormal: SIMD2<Double> {
        let d = lineEnd - lineStart
        let l = (d * d).sum().squareRoot()
        return l > 0 ? SIMD2(-d.y, d.x) / l : .zero
    }

    /// Plane height above the storey floor at plan point `p`, metres.
    public func height(at p: SIMD2<Double>) -> Double {
        heightAtLine + risePerMetre * ((p - lineStart) * leftNormal).sum()
    }
}
