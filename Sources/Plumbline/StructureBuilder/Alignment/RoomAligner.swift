import Foundation
import PlumbKernel

/// Places rooms captured in different gravity-aligned (y-up) coordinate frames into one frame by
/// matching the walls, doors, windows and openings they share.
///
/// Room 0 fixes the frame. The other rooms are placed one at a time: every unplaced room gets coarse
/// candidate poses (yaw + plan translation + height) against the rooms placed so far on its declared
/// storey (`PlacementHypotheses`: back-to-back walls, coplanar continuing walls, wall ends, doors
/// and openings seen from both sides), each scored by `PlacementScorer` (shared wall length at a
/// plausible thickness, matched openings, continuing walls, minus penalties for openings against
/// solid wall and for floors or faces overlapping). The room whose best placement scores highest
/// (with support: at least ``minimumSupport``) is placed next, there and — as alternative branches —
/// at its other *different* placements (more than 0.5 m or 5° away) within ``branchWindow``; a beam
/// of ``beamWidth`` partial arrangements, ranked by summed score, is kept. The best complete arrangement
/// wins unless another one that places some room differently scores within ``ambiguityMargin``; then,
/// or when some room shares nothing with the rooms placed, the alignment fails with
/// ``StructureBuildError/cannotAlign(room:reason:)`` naming the room.
///
/// All poses are then refined jointly (`PlacementRefinement`): point-to-plane distances of the
/// back-to-back faces with one free thickness per wall (never collapsing a wall to zero thickness),
/// coplanar continuing faces, matched opening centres; heights from matched openings.
///
/// Observability: the offset of two rooms across a wall they alone share is that wall's thickness,
/// which room models do not contain (RoomPlan writes `dimensions.z` = 0). It is taken from the walls'
/// stored thickness when there is one, else it is ``assumedThickness``, unless other shared or
/// continuing walls pin it. Deterministic: same input, same poses.
///
/// - Complexity: O(R² × headings × (F·P + 64 × 512)) for R rooms, F faces per room, P placed faces.
public struct RoomAligner: Sendable {
    /// One room's placement.
    public struct Placement: Sendable, Equatable, Codable {
        /// Moves the room from its own frame into room 0's frame.
        public var pose: PlanarPose
        /// Score of the coarse placement (metres of shared wall; a matched door counts up to 4).
        public var score: Double
        /// Score of the best different placement, if any.
        public var runnerUp: Double?
        /// Step at which the room was placed (room 0: 0).
        public var order: Int
    }

    /// Accepted thickness of a wall between two rooms, metres.
    public var wallGap: ClosedRange<Double> = 0.04...0.5
    /// Thickness assumed for a wall whose faces store none, metres.
    public var assumedThickness: Double = 0.12
    /// Smallest lead of the best placement over any different one.
    public var ambiguityMargin: Double = 1.0
    /// Smallest score of an accepted placement.
    public var minimumSupport: Double = 1.0
    /// Candidates scored in full per room and step (besides those fixed by a matched opening).
    public var fullyScored = 24

    /// An aligner with default parameters.
    public init() {}

    /// A partial solution of the search: rooms placed so far and their summed scores.
    struct State {
        var placements: [Placement?]
        var world: [AlignmentRoom?]
        var total: Double
    }

    /// Most partial solutions kept per step, and most alternative placements followed per branching.
    public var beamWidth = 6
    /// Placements scoring within this much of a room's best are followed as alternatives, and (in the
    /// wider search) rooms whose best placement scores within this much of the best room's are placed
    /// next as alternatives.
    public var branchWindow = 3.0
    /// Most rooms tried as the next one per partial solution in the wider search that checks the
    /// greedy one (best placement first); 1 runs the greedy search only.
    public var branchingRooms = 3

    /// The placement of every room (input order; room 0 gets the identity).
    /// - Throws: ``StructureBuildError/cannotAlign(room:reason:)`` naming a room that cannot be placed.
    public func align(_ rooms: [CapturedRoom]) throws(StructureBuildError) -> [Placement] {
        guard !rooms.isEmpty else { throw .noRooms }
        let features = rooms.enumerated().map { AlignmentRoom($1, index: $0) }
        let greedy = try search(features, branchingRooms: 1)
        try checkLead(greedy, features)
        var best = greedy[0]
        if rooms.count > 2, branchingRooms > 1, let wide = try? search(features, branchingRooms: branchingRooms) {
            // The greedy order can prune the true arrangement (a room that fits one neighbour best until a
            // third room is placed); the wider search over orders checks it. Every complete arrangement
            // of both searches competes, with the same ambiguity rule.
            let pool = ranked(greedy + wide, features)
            try checkLead(pool, features)
            best = pool[0]
        }
        var refinement = PlacementRefinement(scorer: PlacementScorer(placed: [], gap: wallGap, assumedThickness: assumedThickness))
        let refined = refinement.refine(features, poses: best.placements.map { $0!.pose }, anchor: 0)
        return best.placements.indices.map { k in
            var p = best.placements[k]!
            p.pose = refined[k]
            return p
        }
    }

    /// `states` best first (ties: input order), without those that place every room as a better one does
    /// (see ``same(_:_:_:)``), at most `limit` of them.
    func ranked(_ states: [State], _ features: [AlignmentRoom], limit: Int = .max) -> [State] {
        let ordered = states.enumerated().sorted { $0.element.total != $1.element.total ? $0.element.total > $1.element.total : $0.offset < $1.offset }.map(\.element)
        var out: [State] = []
        for s in ordered where !out.contains(where: { same($0, s, features) }) {
            out.append(s)
            if out.count >= limit { break }
        }
        return out
    }

    /// Throws ``StructureBuildError/cannotAlign(room:reason:)`` (ambiguous) when the second of the
    /// complete arrangements `ranked` (best first, pairwise different) scores within ``ambiguityMargin``
    /// of the first, naming the first room they place differently.
    func checkLead(_ ranked: [State], _ features: [AlignmentRoom]) throws(StructureBuildError) {
        guard let best = ranked.first, let other = ranked.dropFirst().first, best.total - other.total < ambiguityMargin,
              let k = features.indices.first(where: { distinct(best.placements[$0]!.pose, other.placements[$0]!.pose, centre: features[$0].centre) })
        else { return }
        throw .cannotAlign(room: k, reason: String(format: "ambiguous: two arrangements place it %.2f m / %.1f° apart and score %.2f and %.2f",
                                                    length(best.placements[k]!.pose, other.placements[k]!.pose, features[k].centre),
                                                    abs(PlanarPose.wrap(best.placements[k]!.pose.yaw - other.placements[k]!.pose.yaw)) * 180 / .pi,
                                                    best.total, other.total))
    }

    /// The beam search: the final beam of complete arrangements, best first, pairwise different.
    /// `branchingRooms`: most rooms tried as the next one per partial solution (1: the best-placed only).
    func search(_ features: [AlignmentRoom], branchingRooms: Int) throws(StructureBuildError) -> [State] {
        var start = State(placements: [Placement?](repeating: nil, count: features.count), world: [AlignmentRoom?](repeating: nil, count: features.count), total: 0)
        start.placements[0] = Placement(pose: .identity, score: 0, runnerUp: nil, order: 0)
        start.world[0] = features[0]
        var frontier = [start]
        var deadEnd: (room: Int, reason: String)?
        for step in features.indices.dropFirst() {
            var next: [State] = []
            for s in frontier {
                switch expand(s, features, step: step, branchingRooms: branchingRooms) {
                case let .children(c): next += c
                case let .stuck(room, reason): if deadEnd == nil { deadEnd = (room, reason) }
                }
            }
            guard !next.isEmpty else { throw .cannotAlign(room: deadEnd?.room ?? 0, reason: deadEnd?.reason ?? "no placement") }
            frontier = ranked(next, features, limit: beamWidth)
        }
        return frontier
    }

    enum Expansion {
        case children([State])
        case stuck(room: Int, reason: String)
    }

    /// The successors of `s`: each of the (at most `branchingRooms`) unplaced rooms whose best
    /// placement scores within ``branchWindow`` of the best room's, placed there and at each of its other
    /// distinct placements within ``branchWindow`` of its own best (at most 3 per room).
    func expand(_ s: State, _ features: [AlignmentRoom], step: Int, branchingRooms: Int) -> Expansion {
        var options: [(room: Int, modes: [(PlanarPose, PlacementScore)])] = []
        var firstStuck: Int?
        for j in features.indices where s.placements[j] == nil {
            let placed = s.world.compactMap { $0 }.filter { $0.story == features[j].story }
            let scorer = PlacementScorer(placed: placed, gap: wallGap, assumedThickness: assumedThickness)
            let m = modes(features[j], scorer: scorer)
            if let b = m.first, b.1.total >= minimumSupport, b.1.sharedWall > 0 || b.1.matchedOpenings > 0 {
                options.append((j, m))
            } else if firstStuck == nil { firstStuck = j }
        }
        func child(_ room: Int, _ mode: (PlanarPose, PlacementScore), runner: Double?) -> State {
            var c = s
            c.placements[room] = Placement(pose: mode.0, score: mode.1.total, runnerUp: runner, order: step)
            c.world[room] = features[room].moved(by: mode.0)
            c.total += mode.1.total
            return c
        }
        guard !options.isEmpty else {
            let placed = features.indices.filter { s.placements[$0] != nil }.map(String.init).joined(separator: ", ")
            return .stuck(room: firstStuck ?? 0, reason: "no wall, door or opening shared with the rooms placed so far (rooms \(placed))")
        }
        // The rooms whose best placements come within the window of the best room's, each at its
        // placements within the window of its own best.
        let ranked = options.sorted { $0.modes[0].1.total != $1.modes[0].1.total ? $0.modes[0].1.total > $1.modes[0].1.total : $0.room < $1.room }
        let lead = ranked[0].modes[0].1.total
        var children: [State] = []
        for o in ranked.prefix(branchingRooms) where o.modes[0].1.total >= lead - branchWindow {
            let top = o.modes[0].1.total
            let runner = o.modes.count > 1 ? o.modes[1].1.total : nil
            children += o.modes.prefix(3).filter { $0.1.total >= top - branchWindow }.map { child(o.room, $0, runner: runner) }
        }
        return .children(children)
    }

    /// The room's distinct placements (see ``distinct(_:_:centre:)``), best first, at most 4.
    func modes(_ room: AlignmentRoom, scorer: PlacementScorer) -> [(PlanarPose, PlacementScore)] {
        guard !scorer.placed.isEmpty else { return [] }
        var out: [(PlanarPose, PlacementScore)] = []
        for c in rank(room, scorer: scorer) where out.allSatisfy({ distinct($0.0, c.0, centre: room.centre) }) {
            out.append(c)
            if out.count >= 4 { break }
        }
        return out
    }

    /// Whether two states place the same rooms at the same places.
    func same(_ a: State, _ b: State, _ features: [AlignmentRoom]) -> Bool {
        features.indices.allSatisfy { k in
            switch (a.placements[k], b.placements[k]) {
            case (nil, nil): true
            case let (x?, y?): !distinct(x.pose, y.pose, centre: features[k].centre)
            default: false
            }
        }
    }

    func length(_ a: PlanarPose, _ b: PlanarPose, _ c: SIMD2<Double>) -> Double {
        let d = a.apply(plan: c) - b.apply(plan: c)
        return (d * d).sum().squareRoot()
    }

    /// Candidates for `room` ranked by full score, best first (ties: generation order).
    func rank(_ room: AlignmentRoom, scorer: PlacementScorer) -> [(PlanarPose, PlacementScore)] {
        let candidates = PlacementHypotheses.candidates(for: room, placed: scorer.placed, scorer: scorer)
        let quick = candidates.enumerated().map { k, c -> (Int, Double) in
            let s = scorer.wallScore(room.faces.map { $0.moved(by: c.pose) }, thickness: room.storedThickness)
            return (k, s.sharedWall + s.continuation - s.duplicatedFace)
        }
        var chosen = Set(quick.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(fullyScored).map(\.0))
        for (k, c) in candidates.enumerated() where c.viaOpening { chosen.insert(k) }
        return chosen.sorted().map { k in (candidates[k].pose, scorer.score(room.moved(by: candidates[k].pose))) }
            .enumerated().sorted { $0.element.1.total != $1.element.1.total ? $0.element.1.total > $1.element.1.total : $0.offset < $1.offset }
            .map(\.element)
    }

    /// Whether two poses of a room put it in clearly different places (centre more than 0.5 m apart or
    /// headings more than 5° apart) rather than differing by a wall thickness or noise.
    func distinct(_ a: PlanarPose, _ b: PlanarPose, centre: SIMD2<Double>) -> Bool {
        let d = a.apply(plan: centre) - b.apply(plan: centre)
        return (d * d).sum() > 0.25 || abs(PlanarPose.wrap(a.yaw - b.yaw)) > 5 * Double.pi / 180
    }
}
