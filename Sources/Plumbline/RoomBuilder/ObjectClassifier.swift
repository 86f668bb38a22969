import PlumbKernel

/// Assigns a RoomPlan object category from an upright box's geometry alone (no colour, no learning).
///
/// Rules on width (longer horizontal side), depth (shorter side), height, elevation of the box's bottom above
/// the floor, the height of its top surface (the median top of its plan cells: a table's top, a sofa's seat,
/// not the tallest stray point or a chair back leaning over it), how flat that top is, how far it stands from
/// the nearest wall and which way it faces it, all metres, from common furniture dimensions (beds and tables
/// are low flat tops, a toilet sticks out from the wall, a washing machine is a 60 cm cube at counter height).
/// The room's other objects refine two cases (``Context``): a tall unit beside a kitchen counter is a
/// refrigerator, a counter-height cabinet in a room with a toilet or bathtub is a sink (a vanity). Geometry
/// cannot tell apart appliances built into one counter (stove, oven, dishwasher, sink under one worktop): a
/// counter run is cut into its modules by ``counterModules(width:)`` and each is storage.
enum ObjectClassifier {
    struct Shape: Sendable {
        var width: Double
        var depth: Double
        var height: Double
        /// Bottom of the box above the floor.
        var elevation: Double
        /// Share of the box's footprint covered by points within 5 cm of the top surface (a flat top).
        var topCover: Double
        /// Plan distance from the box's footprint to the nearest wall, metres (free-standing furniture is
        /// away from the walls; cabinets and appliances stand against them).
        var wallGap: Double = .infinity
        /// Height above the floor of the top surface (median top of the part's plan cells), metres; nil: the
        /// box top.
        var topSurface: Double? = nil
        /// Whether the longer side runs along the nearest wall (within 20 degrees; true when unknown).
        var alongWall: Bool = true

        /// ``topSurface``, or the box top when unknown.
        var surfaceHeight: Double { topSurface ?? elevation + height }
    }

    /// What the room's other objects say about one of them.
    struct Context: Sendable {
        /// A counter-height unit (a kitchen counter) stands within a hand's breadth of this one.
        var besideCounter = false
        /// The room holds a toilet or a bathtub (a bathroom).
        var bathroom = false
    }

    /// Width of one counter module (base cabinet or built-in appliance), metres.
    static let counterModule = 0.6

    /// Whether a floor-standing box is a kitchen counter: a flat top at worktop height (0.82-1.0 m), about a
    /// base cabinet deep (0.5-0.75 m), against a wall and along it.
    static func isCounter(_ s: Shape) -> Bool {
        let t = s.surfaceHeight
        return s.elevation < 0.12 && t > 0.82 && t < 1.0 && s.elevation + s.height < 1.1 && s.depth > 0.5 && s.depth < 0.75
            && s.wallGap <= 0.12 && s.alongWall && s.topCover > 0.5
    }

    /// How many modules a counter run of `width` metres holds (at least one).
    static func counterModules(width: Double) -> Int { Swift.max(1, Int((width / counterModule).rounded())) }

    static func category(of s: Shape, context c: Context = Context()) -> CapturedRoom.Object.Category {
        let w = s.width, d = s.depth, h = s.height, top = s.elevation + s.height, t = s.surfaceHeight
        if s.elevation > 0.3 {
            // Wall-hung (the extraction stands everything else on the floor or on what it rests on): a thin
            // wide panel is a television, a basin at counter height a sink, the rest wall cabinets.
            if d < 0.28, w > 0.6, h > 0.3 { return .television }
            return (top < 1.1 && w < 0.9) ? .sink : .storage
        }
        // A counter-height run (over one module wide; a lone unit is judged below: a washing machine, a
        // vanity), and in a bathroom a basin cabinet.
        if isCounter(s), w >= 1.5 * counterModule || c.bathroom { return (c.bathroom && w < 1.1) ? .sink : .storage }
        // Low flat tops: beds (mattress at 0.25-0.72 m, over 1.85 m long), bathtubs (rim at 0.4-0.7 m, 1.4-1.95 m
        // long, against a wall).
        if w > 1.85, d > 0.85, t > 0.25, t < 0.72 { return .bed }
        if w > 1.4, w < 1.95, d > 0.6, d < 0.9, t > 0.4, t < 0.7, s.wallGap < 0.15 { return .bathtub }
        // Tables: a flat top at dining or desk height (free-standing, or a desk's depth against a wall: deeper
        // than a sideboard, shallower than a sofa), or
        // a free-standing low flat top (coffee table; nightstands and benches stand by a wall).
        let flat = s.topCover > 0.5
        if flat, t > 0.62, t < 0.84, w > 0.6, d > 0.3, s.wallGap > 0.15 || (d > 0.58 && d < 0.87) { return .table }
        if flat, s.wallGap > 0.2, t > 0.3, t < 0.55, w > 0.55, d > 0.45 { return .table }
        // Sofas: long, seat-deep, back height.
        if w > 1.3, d > 0.65, d < 1.2, h > 0.6, h < 1.1 { return .sofa }
        // Tall units: a refrigerator stands at the end of a kitchen counter; otherwise a wardrobe or shelf.
        if h > 1.5, w > 0.5, w < 1.0, d > 0.5, c.besideCounter { return .refrigerator }
        // A toilet sticks out from the wall it stands against: long side across the wall, bowl height.
        if w > 0.55, w < 0.85, d > 0.3, d < 0.55, w > 1.3 * d, h > 0.6, h < 0.95, s.wallGap < 0.15, !s.alongWall { return .toilet }
        // A washing machine: a 60 cm cube at counter height against a wall, alone (in a run it is a module).
        if w > 0.5, w < 0.76, d > 0.5, top > 0.78, top < 0.97, s.wallGap < 0.12, !c.besideCounter { return .washerDryer }
        // A bathroom vanity: a basin cabinet at counter height.
        if c.bathroom, w > 0.4, w < 1.1, d > 0.35, d < 0.65, top > 0.75, top < 1.0, s.wallGap < 0.15 { return .sink }
        // Chairs: seat-sized, back height (a dining chair, an armchair), not a cabinet against a wall.
        if w < 1.1, d > 0.35, h > 0.7, h < 1.15, s.wallGap > 0.15 { return .chair }
        return .storage
    }

    /// RoomPlan section label implied by the objects in a room.
    static func sectionLabel(for categories: [CapturedRoom.Object.Category]) -> CapturedRoom.Section.Label {
        let set = Set(categories)
        if set.contains(.bed) { return .bedroom }
        if set.contains(.toilet) || set.contains(.bathtub) { return .bathroom }
        if set.contains(.stove) || set.contains(.oven) || set.contains(.refrigerator) || set.contains(.dishwasher) { return .kitchen }
        if set.contains(.sofa) || set.contains(.television) || set.contains(.fireplace) { return .livingRoom }
        if set.contains(.table), categories.filter({ $0 == .chair }).count >= 3 { return .diningRoom }
        return .unidentified
    }
}
