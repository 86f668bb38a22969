import PlumbKernel

/// Assigns a RoomPlan object category from an upright box's geometry alone (no colour, no learning).
///
/// Rules on width (longer horizontal side), depth (shorter side), height and elevation of the box's bottom
/// above the floor, all metres, from common furniture dimensions. Geometry cannot tell apart appliances of
/// the same size (oven, dishwasher, washer-dryer): those fall to the first matching rule, and the room's
/// other objects (a toilet in the room makes a box by the wall a sink, not storage) refine a few cases.
enum ObjectClassifier {
    struct Shape: Sendable {
        var width: Double
        var depth: Double
        var height: Double
        /// Bottom of the box above the floor.
        var elevation: Double
        /// Share of the box's top area covered by points within 5 cm of the top (a flat top).
        var topCover: Double
        /// Plan distance from the box's footprint to the nearest wall, metres (free-standing furniture is
        /// away from the walls; cabinets and appliances stand against them).
        var wallGap: Double = .infinity
    }

    static func category(of s: Shape) -> CapturedRoom.Object.Category {
        let w = s.width, d = s.depth, h = s.height, top = s.elevation + s.height
        if d < 0.16, w > 0.6, s.elevation > 0.3 { return .television }
        if s.elevation > 0.5 {
            // Wall-hung: sinks at counter height, otherwise storage (wall cabinets).
            return (top < 1.1 && w < 0.9) ? .sink : .storage
        }
        if w > 1.8, d > 0.85, h < 0.9, h > 0.25 { return .bed }
        if w > 1.4, w < 2.0, d > 0.6, d < 0.95, h > 0.4, h < 0.7 { return .bathtub }
        if w > 1.3, d > 0.6, d < 1.2, h > 0.6, h < 1.05 { return .sofa }
        if h > 1.5, w < 1.0, d > 0.55, d < 0.9, w > 0.5 { return .refrigerator }
        if top > 0.65, top < 0.82, w > 0.7, s.topCover > 0.5 { return .table }
        if w < 0.5, d < 0.45, h > 0.65, h < 0.9, d > 0.3 { return .toilet }
        if w < 0.7, d < 0.7, h > 0.7, h < 1.15, s.topCover < 0.5 { return .chair }
        // Free-standing and chair-sized (an armchair, or a chair seen as a block): a chair, not a cabinet.
        if s.wallGap > 0.2, w > 0.35, w < 0.95, d > 0.35, h > 0.7, h < 1.15 { return .chair }
        // Free-standing low flat top (coffee table); nightstands and TV benches are narrower or by a wall.
        if s.wallGap > 0.2, top > 0.35, top < 0.55, w > 0.55, d > 0.5, s.topCover > 0.5 { return .table }
        if w > 0.55, w < 0.7, d > 0.5, d < 0.7, h > 0.8, h < 0.95 { return .stove }
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
