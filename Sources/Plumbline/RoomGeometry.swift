import Foundation

extension CapturedRoom {
    /// Every surface: walls, then doors, windows, openings, floors.
    public var allSurfaces: [Surface] { walls + doors + windows + openings + floors }

    /// Total floor area in square metres: the sum of the floors' outline areas (``Surface/area``).
    public var floorArea: Double { floors.reduce(0) { $0 + $1.area } }

    /// The floors' footprints in plan (x, z).
    public var floorPolygons: [PlanPolygon] { floors.map(\.planOutline) }

    /// Mean world y of the floors' outlines, metres; `nil` when the room has no floor.
    public var floorElevation: Float? { floors.meanOutlineElevation }

    /// The surface with this identifier (any category), or `nil`.
    public func surface(withIdentifier id: UUID) -> Surface? {
        for list in [walls, doors, windows, openings, floors] {
            if let s = list.first(where: { $0.identifier == id }) { return s }
        }
        return nil
    }

    /// The object with this identifier, or `nil`.
    public func object(withIdentifier id: UUID) -> Object? { objects.first { $0.identifier == id } }

    /// The wall a door, window or opening sits in (via `parentIdentifier`), or `nil`.
    public func hostWall(of surface: Surface) -> Surface? {
        guard let p = surface.parentIdentifier else { return nil }
        return walls.first { $0.identifier == p }
    }

    /// The doors, windows and openings whose `parentIdentifier` is this wall.
    public func embeddedSurfaces(inWall wall: Surface) -> [Surface] {
        (doors + windows + openings).filter { $0.parentIdentifier == wall.identifier }
    }

    /// World axis-aligned bounds of every surface outline and object box, metres; `nil` for an empty room.
    public var worldBounds: (min: SIMD3<Float>, max: SIMD3<Float>)? {
        var pts = allSurfaces.flatMap(\.worldOutline)
        pts += objects.flatMap(\.worldCorners)
        guard var lo = pts.first else { return nil }
        var hi = lo
        for p in pts {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return (lo, hi)
    }
}

extension CapturedStructure {
    /// Total floor area of the structure's merged floors, square metres.
    public var floorArea: Double { floors.reduce(0) { $0 + $1.area } }
}

extension Sequence where Element == CapturedRoom.Surface {
    /// Mean world y of all the surfaces' outline corners (``CapturedRoom/Surface/worldOutline``), metres
    /// (accumulated in `Double`); `nil` when there are no corners. For floors: the floor elevation.
    /// - Complexity: O(total corners).
    public var meanOutlineElevation: Float? {
        var s = 0.0, n = 0
        for f in self {
            for p in f.worldOutline {
                s += Double(p.y)
                n += 1
            }
        }
        return n > 0 ? Float(s / Double(n)) : nil
    }
}
