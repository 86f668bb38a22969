import Foundation

/// Why a ``CapturedRoom`` is not a well-formed parametric model. Every case names the element as
/// `walls[3]`, `objects[0]`, `sections[1]`, … (index into the room's arrays).
public enum CapturedRoomValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A transform, dimension, corner or centre is NaN or infinite.
    case nonFinite(element: String, field: String)
    /// A dimension is negative.
    case negativeDimension(element: String, value: Float)
    /// A dimension or coordinate exceeds ``CapturedRoom/maximumExtent`` metres.
    case absurdSize(element: String, field: String, value: Float)
    /// The transform's rotation part is not orthonormal and right-handed (tolerance 1e-2).
    case notRigid(element: String)
    /// `polygonCorners` has 1 or 2 corners (it must be empty or a polygon).
    case degeneratePolygon(element: String, cornerCount: Int)
    /// Two elements share one identifier.
    case duplicateIdentifier(UUID, first: String, second: String)
    /// A door, window or opening names a parent that is not a wall of the room.
    case danglingParent(element: String, parent: UUID)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case .nonFinite(let e, let f): return "\(e).\(f) is not finite"
        case .negativeDimension(let e, let v): return "\(e).dimensions has a negative value \(v)"
        case .absurdSize(let e, let f, let v): return "\(e).\(f) = \(v) m exceeds \(CapturedRoom.maximumExtent) m"
        case .notRigid(let e): return "\(e).transform is not a rigid transform"
        case .degeneratePolygon(let e, let n): return "\(e).polygonCorners has \(n) corners (need 0 or ≥ 3)"
        case .duplicateIdentifier(let id, let a, let b): return "identifier \(id.uuidString) used by \(a) and \(b)"
        case .danglingParent(let e, let p): return "\(e).parentIdentifier \(p.uuidString) is not a wall of the room"
        }
    }
}

extension CapturedRoom {
    /// Largest dimension or absolute coordinate ``validate()`` accepts, metres (a building, not a city).
    public static let maximumExtent: Float = 10_000

    /// Checks that the room is a well-formed parametric model: finite rigid transforms, finite
    /// non-negative dimensions below ``maximumExtent``, polygons with 0 or ≥ 3 corners, unique
    /// identifiers, and door/window/opening parents that are walls of this room.
    /// - Complexity: O(number of elements + polygon corners).
    public func validate() throws(CapturedRoomValidationError) {
        var seen: [UUID: String] = [:]
        func note(_ id: UUID, _ name: String) throws(CapturedRoomValidationError) {
            if let first = seen[id] { throw .duplicateIdentifier(id, first: first, second: name) }
            seen[id] = name
        }
        func checkBox(_ name: String, _ d: SIMD3<Float>, _ t: Transform4x4) throws(CapturedRoomValidationError) {
            guard d.x.isFinite, d.y.isFinite, d.z.isFinite else { throw .nonFinite(element: name, field: "dimensions") }
            guard t.isFinite else { throw .nonFinite(element: name, field: "transform") }
            for v in [d.x, d.y, d.z] {
                if v < 0 { throw .negativeDimension(element: name, value: v) }
                if v > Self.maximumExtent { throw .absurdSize(element: name, field: "dimensions", value: v) }
            }
            for v in [t.translation.x, t.translation.y, t.translation.z] where abs(v) > Self.maximumExtent {
                throw .absurdSize(element: name, field: "transform", value: v)
            }
            guard t.isRigid(tolerance: 1e-2) else { throw .notRigid(element: name) }
        }
        let lists: [(String, [Surface])] = [
            ("walls", walls), ("doors", doors), ("windows", windows), ("openings", openings), ("floors", floors),
        ]
        for (listName, list) in lists {
            for (i, s) in list.enumerated() {
                let name = "\(listName)[\(i)]"
                try note(s.identifier, name)
                try checkBox(name, s.dimensions, s.transform)
                if s.polygonCorners.count == 1 || s.polygonCorners.count == 2 {
                    throw .degeneratePolygon(element: name, cornerCount: s.polygonCorners.count)
                }
                for p in s.polygonCorners {
                    guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { throw .nonFinite(element: name, field: "polygonCorners") }
                    if max(abs(p.x), abs(p.y), abs(p.z)) > Self.maximumExtent {
                        throw .absurdSize(element: name, field: "polygonCorners", value: max(abs(p.x), abs(p.y), abs(p.z)))
                    }
                }
                if let c = s.curve, !(c.center.x.isFinite && c.center.y.isFinite && c.radius.isFinite
                    && c.startAngle.isFinite && c.endAngle.isFinite)
                {
                    throw .nonFinite(element: name, field: "curve")
                }
            }
        }
        let wallIDs = Set(walls.map(\.identifier))
        for (listName, list) in lists[1...3] {
            for (i, s) in list.enumerated() {
                if let p = s.parentIdentifier, !wallIDs.contains(p) {
                    throw .danglingParent(element: "\(listName)[\(i)]", parent: p)
                }
            }
        }
        for (i, o) in objects.enumerated() {
            let name = "objects[\(i)]"
            try note(o.identifier, name)
            try checkBox(name, o.dimensions, o.transform)
        }
        for (i, s) in sections.enumerated() {
            guard s.center.x.isFinite, s.center.y.isFinite, s.center.z.isFinite else {
                throw .nonFinite(element: "sections[\(i)]", field: "center")
            }
        }
    }
}
