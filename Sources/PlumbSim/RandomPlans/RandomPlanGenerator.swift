import Foundation
import PlumbKernel

/// What kind of plan to draw.
public enum RandomPlanKind: String, Sendable, Codable, CaseIterable {
    /// One target room (scanned and scored) with the neighbouring spaces behind its doors and passages.
    case singleRoom
    /// An apartment or small house of 2-8 rooms; every room is scanned and scored.
    case multiRoom
}

/// One generated plan with what it contains.
public struct GeneratedPlan: Sendable, Equatable, Codable {
    /// The plan (``FloorPlan/validate()`` passes).
    public var plan: FloorPlan
    /// The distribution it was drawn from.
    public var kind: RandomPlanKind
    /// The generator seed.
    public var seed: UInt64
    /// The plan's index under that seed.
    public var index: Int
    /// Rooms to scan and score (single-room: exactly one; multi-room: every real room).
    public var scannedRoomIDs: [String]
    /// What the plan contains (for coverage counts), measured on ``plan``.
    public var features: PlanFeatures
    /// How many candidate draws failed validation (or the generator's own checks) before this one.
    public var redraws: Int

    /// A generated plan.
    public init(
        plan: FloorPlan, kind: RandomPlanKind, seed: UInt64, index: Int, scannedRoomIDs: [String],
        features: PlanFeatures, redraws: Int
    ) {
        self.plan = plan
        self.kind = kind
        self.seed = seed
        self.index = index
        self.scannedRoomIDs = scannedRoomIDs
        self.features = features
        self.redraws = redraws
    }

    /// The plan as JSON in the `Data/plans` format, sorted keys and pretty-printed, so the same plan
    /// always gives the same bytes.
    public func planJSON() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(plan)
    }
}

/// Procedural floor plans drawn from a wide, fixed distribution: a measuring stick for the room
/// builder that nobody can tune to.
///
/// **Single-room plans** (`random-single-<seed>-<index>`): one target room plus the neighbouring spaces
/// (halls, corridors, other rooms) behind its doors and passages, modelled as extra rooms sharing the
/// wall. Target room type (weights): bedroom 16, living room 12, kitchen 11, bathroom 11, office 9,
/// hallway (long narrow corridor or squarish hall) 10, storage closet 6, dining room 7, open plan 8,
/// laundry 4 (inner areas about 2-60 m²). Outline: rectangle 34 %, L 14 %, T 7 %, U 7 %, rectilinear
/// with 6-12 corners 12 %, non-orthogonal (skewed side and/or cut corner) 13 %, one curved (arc) wall
/// 13 % (shapes that do not fit a small room fall back to a rectangle). Ceiling 2.2-3.5 m; 14 % fully
/// sloped (one or two planes from a 1.2-2.0 m eave), 14 % partly sloped. Walls: exterior 15-40 cm;
/// a wall shared with a neighbour over its whole length (half the neighbours where both ends are square)
/// 8-20 cm, shared over part of its length 15-20 cm; 25 % of plans are turned by a random yaw. Neighbours: none 15 %, one 45 %, two 30 %, three 10 %; each
/// joined by a door (closed 40 %, open 60 % at 0.3-1.57 rad, random hinge and swing) or a leafless
/// passage 0.7-3 m wide (full or near-full height); 40 % of passages lead to a space with a lower
/// ceiling (a ceiling step at the passage head: the format's ceiling is the lowest of flat and sloped
/// planes, a concave function, so a step inside one room cannot be expressed). Rooms without a
/// neighbour get an exterior door. Exterior walls carry 0-3 windows (0.5-2 m wide, sills 0.8-1.1 m,
/// 22 % low sills 0.3-0.5 m, 30 % placed within a few cm of a corner) and, in living rooms, kitchens,
/// bedrooms and open plans, 30 % a patio door (1.6-2.4 m wide).
///
/// **Multi-room plans** (`random-multi-<seed>-<index>`): a rectangular footprint cut by guillotine cuts
/// into 2-8 rooms; from 4 rooms a corridor strip runs across it with rooms on both sides. Interior walls
/// 8-20 cm (one thickness per cut line), exterior 15-40 cm. Living room and kitchen side by side are
/// joined by a 1.5-3 m opening; other rooms by doors along a spanning tree (corridor first); an entrance
/// door and windows on exterior walls. 22 % are two-storey (storey 1 on a 25-35 cm slab, its own
/// subdivision, stairs in a ground-floor room, sometimes a sloped attic ceiling), 22 % split-level (one
/// room 0.3-0.8 m higher, reached through an opening whose sill is the riser, with a step box).
///
/// **Furniture** of every RoomPlan category by room type, placed as people do: beds, sofas, fireplaces
/// and tall storage (1.8-2.2 m) against walls, kitchen runs (storage, sink, stove, oven, dishwasher,
/// refrigerator side by side), bathroom fixtures, tables with chairs, wall-hung televisions, washer-dryers,
/// stairs; nothing taller than a window's sill stands in front of it; 12 % of rooms nearly empty, 20 %
/// dense (furniture covers up to about half the floor). Door swing zones and passages are kept clear.
///
/// Every draw is checked with ``FloorPlan/validate()``; a failed draw is redrawn from a derived seed and
/// counted in ``GeneratedPlan/redraws``. Plan `index` depends only on `(kind, seed, index)`.
public enum RandomPlanGenerator {
    /// Most draws tried for one plan before giving up on the derived seeds (never reached in practice).
    static let maxAttempts = 200

    /// Plan `index` of the distribution `kind` under `seed`: deterministic, and independent of other
    /// indices (plan k is the same whether 10 or 300 plans are drawn).
    /// - Complexity: O(rooms² + walls·(openings + furniture)) per attempt, a few milliseconds.
    public static func plan(kind: RandomPlanKind, seed: UInt64, index: Int) -> GeneratedPlan {
        let name = "random-\(kind == .singleRoom ? "single" : "multi")-\(seed)-\(index)"
        var attempt = 0
        while true {
            var rng = SeededGenerator(seed: drawSeed(kind: kind, seed: seed, index: index, attempt: attempt))
            let draft: PlanDraft? = switch kind {
            case .singleRoom: SingleRoomDraw.draw(name: name, rng: &rng)
            case .multiRoom: MultiRoomDraw.draw(name: name, rng: &rng)
            }
            if let draft, (try? draft.plan.validate()) != nil {
                let features = PlanFeatures.measure(draft.plan, scannedRoomIDs: draft.scannedRoomIDs, shapes: draft.shapes)
                return GeneratedPlan(
                    plan: draft.plan, kind: kind, seed: seed, index: index, scannedRoomIDs: draft.scannedRoomIDs,
                    features: features, redraws: attempt)
            }
            attempt += 1
            precondition(attempt < maxAttempts, "RandomPlanGenerator: no valid draw for \(name) in \(maxAttempts) attempts")
        }
    }

    /// Plans `0..<count` of the distribution `kind` under `seed`.
    /// - Complexity: `count` times ``plan(kind:seed:index:)``.
    public static func plans(kind: RandomPlanKind, seed: UInt64, count: Int) -> [GeneratedPlan] {
        (0..<max(count, 0)).map { plan(kind: kind, seed: seed, index: $0) }
    }

    /// The seed of one draw: a hash of kind, seed, index and attempt (SplitMix64 finaliser rounds).
    static func drawSeed(kind: RandomPlanKind, seed: UInt64, index: Int, attempt: Int) -> UInt64 {
        var g = SeededGenerator(seed: seed ^ (kind == .singleRoom ? 0x51E6_1E00_0000_0001 : 0x3417_1200_0000_0002))
        var h = g.next()
        g = SeededGenerator(seed: h ^ UInt64(truncatingIfNeeded: index))
        h = g.next()
        g = SeededGenerator(seed: h ^ (UInt64(truncatingIfNeeded: attempt) &* 0x9E37_79B9_7F4A_7C15))
        return g.next()
    }
}

/// A drawn candidate plan before validation.
struct PlanDraft {
    var plan: FloorPlan
    var scannedRoomIDs: [String]
    /// Outline kind of each scanned room (same order), e.g. `rectangle`, `lShape`, `curved`.
    var shapes: [String]
}

extension SeededGenerator {
    /// A uniform `Double` in `a..<b`.
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * nextUnitDouble() }
    /// A uniform value in `a..<b` rounded to a multiple of `step`.
    mutating func uniform(_ a: Double, _ b: Double, step: Double) -> Double { ((uniform(a, b) / step).rounded() * step * 1e6).rounded() / 1e6 }
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { nextUnitDouble() < p }
    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + nextIndex(below: range.count) }
    /// A uniformly chosen element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[nextIndex(below: items.count)] }
    /// An index drawn with the given non-negative weights.
    mutating func weighted(_ weights: [Double]) -> Int {
        var r = nextUnitDouble() * weights.reduce(0, +)
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return weights.count - 1
    }
}
