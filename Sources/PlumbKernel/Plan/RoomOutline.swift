#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// The closed outline of one room in plan view: corners where consecutive walls meet, and which wall
/// bounds each side.
///
/// Corners are in the plan frame of the input, metres, counter-clockwise. Edge `k` runs from
/// `corners[k]` to `corners[(k + 1) % corners.count]` along `edges[k].wall`. Corners are the true
/// intersections of the fitted walls, so angles are whatever the walls make (not forced to 90 degrees).
public struct RoomOutline: Sendable, Equatable {
    /// One side of the outline.
    public struct Edge: Sendable, Equatable {
        /// The curve this side lies on.
        public var wall: PlanWall
        /// Index of the input wall it was snapped to, or `nil` when no fitted wall matched and the side
        /// was inferred from the footprint alone (low confidence).
        public var wallIndex: Int?
    }

    /// Corners, counter-clockwise, metres.
    public var corners: [SIMD2<Double>]
    /// Sides; `edges[k]` joins `corners[k]` and `corners[k + 1]`.
    public var edges: [Edge]

    /// Enclosed area, m² (straight sides; arcs are measured by their chords plus circular segments).
    public var area: Double {
        var a = abs(Plan2D.signedArea(corners))
        for (k, e) in edges.enumerated() {
            guard case let .arc(c, r) = e.wall else { continue }
            let p = corners[k], q = corners[(k + 1) % corners.count]
            let chord = planLength(q - p)
            let theta = 2 * asin(Swift.min(1, chord / (2 * r)))
            let segment = r * r / 2 * (theta - sin(theta))
            // The segment bulges outwards when the centre lies on the inner (left) side of the chord.
            let inner = planCross(q - p, c - p) > 0
            a += inner ? segment : -segment
        }
        return a
    }

    /// Length of side `k` (arc length for curved sides), metres.
    public func edgeLength(_ k: Int) -> Double {
        let p = corners[k], q = corners[(k + 1) % corners.count]
        let chord = planLength(q - p)
        guard case let .arc(_, r) = edges[k].wall else { return chord }
        return 2 * r * asin(Swift.min(1, chord / (2 * r)))
    }
}

extension RoomOutline {
    /// Removes sides shorter than `minimum` metres: the two neighbours of a removed side meet at their
    /// intersection nearest to it (or, when they are parallel, at the side's midpoint projected on them —
    /// which merges them when they lie on one line). Repeats until no side is short or three sides remain.
    /// - Complexity: O(n²) in the number of sides (outlines have few).
    package mutating func removeShortEdges(shorterThan minimum: Double) {
        var changed = true
        while changed && corners.count > 3 {
            changed = false
            for k in corners.indices where edgeLength(k) < minimum {
                let n = corners.count
                let prev = (k + n - 1) % n, next = (k + 1) % n
                let mid = (corners[k] + corners[next]) / 2
                let hits = edges[prev].wall.intersections(with: edges[next].wall, parallelSine: 0.05)
                let meet: SIMD2<Double>
                if let best = hits.min(by: { planLength($0 - mid) < planLength($1 - mid) }), planLength(best - mid) < 1.0 {
                    meet = best
                } else if edges[prev].wall.distance(to: mid) < minimum, edges[next].wall.distance(to: mid) < minimum {
                    meet = edges[prev].wall.project(mid)
                } else {
                    continue
                }
                // Corner k starts the short side and corner next ends it: both become the meeting point.
                corners[k] = meet
                corners.remove(at: next)
                edges.remove(at: k)
                if next == 0 {
                    // The short side was the last one: the meeting point starts edge 0.
                    corners.insert(corners.removeLast(), at: 0)
                }
                changed = true
                break
            }
        }
    }
}

extension RoomOutline {
    /// One merge done by ``mergeCollinearEdges(maximumAngle:maximumOffset:)``: the side on wall `absorbed`
    /// became part of the side on wall `kept` (indices as in ``Edge/wallIndex``; `nil` for inferred sides).
    package struct CollinearMerge: Sendable, Equatable {
        /// Wall index of the surviving side.
        package var kept: Int?
        /// Wall index of the side that was folded into it.
        package var absorbed: Int?
    }

    /// Joins consecutive straight sides that lie on one line (directions within `maximumAngle` radians, each
    /// side's far end within `maximumOffset` metres of the other's line) into one side: two fitted pieces of
    /// the same wall face, split where furniture hid the wall, are one wall. The surviving side keeps the
    /// wall of the longer piece (a fitted wall before an inferred side). Returns the merges in order.
    /// - Complexity: O(n²) in the number of sides.
    @discardableResult
    package mutating func mergeCollinearEdges(maximumAngle: Double = 0.052, maximumOffset: Double = 0.03) -> [CollinearMerge] {
        var merges: [CollinearMerge] = []
        var changed = true
        while changed && corners.count > 3 {
            changed = false
            for k in corners.indices {
                let n = corners.count, next = (k + 1) % n
                guard case let .line(_, d1) = edges[k].wall, case let .line(_, d2) = edges[next].wall,
                      abs(planCross(d1, d2)) < sin(maximumAngle),
                      edges[next].wall.distance(to: corners[k]) < maximumOffset,
                      edges[k].wall.distance(to: corners[(next + 1) % n]) < maximumOffset else { continue }
                let firstWins: Bool
                switch (edges[k].wallIndex, edges[next].wallIndex) {
                case (.some, nil): firstWins = true
                case (nil, .some): firstWins = false
                default: firstWins = edgeLength(k) >= edgeLength(next)
                }
                let keep = firstWins ? edges[k] : edges[next]
                merges.append(CollinearMerge(kept: keep.wallIndex, absorbed: firstWins ? edges[next].wallIndex : edges[k].wallIndex))
                // The shared corner goes; the outer corners move to where the kept wall meets the neighbours.
                let prev = (k + n - 1) % n, end = (next + 1) % n
                corners[k] = Self.meeting(keep.wall, edges[prev].wall, near: corners[k])
                corners[end] = Self.meeting(keep.wall, edges[end].wall, near: corners[end])
                edges[k] = keep
                // With next == 0 the merged side is the last one and already wraps to the new corners[0].
                edges.remove(at: next)
                corners.remove(at: next)
                changed = true
                break
            }
        }
        return merges
    }

    /// The intersection of `a` and `b` nearest to `p` (within 1 m), else `p` projected on `a`.
    static func meeting(_ a: PlanWall, _ b: PlanWall, near p: SIMD2<Double>) -> SIMD2<Double> {
        let hits = a.intersections(with: b, parallelSine: 0.05)
        if let best = hits.min(by: { planLength($0 - p) < planLength($1 - p) }), planLength(best - p) < 1 { return best }
        return a.project(p)
    }
}

/// Builds a ``RoomOutline`` from the plan-view footprint of a room (e.g. its ceiling points) and the walls
/// fitted to its scan.
///
/// Method: rasterise the footprint, close small gaps, keep the largest component with holes filled, trace
/// its boundary, simplify it (Douglas–Peucker), snap each simplified side to the fitted wall that runs along
/// it, merge neighbouring sides on the same wall, and put each corner at the exact intersection of the two
/// walls that meet there (two corners and a short inferred side when they are parallel — a step).
/// The footprint fixes the topology (which walls bound the room, in which order, including re-entrant
/// corners of L-shaped rooms); the fitted walls fix the geometry.
package enum RoomOutlineBuilder {
    /// Tuning of ``build(footprint:walls:options:)``.
    package struct Options: Sendable, Hashable {
        /// Raster cell, metres.
        package var cell: Double = 0.04
        /// Closing radius in cells (bridges dropouts and small occlusions in the footprint).
        package var closeRadius: Int = 3
        /// Douglas–Peucker tolerance, metres.
        package var simplifyTolerance: Double = 0.08
        /// Largest distance between a footprint side and a wall for them to be matched, metres.
        package var snapDistance: Double = 0.35
        /// Largest angle between a footprint side and a straight wall for them to be matched, radians.
        package var snapAngle: Double = 0.35
        /// Unmatched footprint sides shorter than this are dropped (corner rounding), metres.
        package var minimumInferredSide: Double = 0.3
        /// Final sides shorter than this are removed and their neighbours meet directly, metres (slivers
        /// left where two nearly collinear walls or a tiny step meet).
        package var minimumEdge: Double = 0.05
        /// Defaults.
        package init() {}
    }

    /// Builds the outline. See the type's description for the method.
    /// - Throws: ``PointCloudError`` when the footprint is empty, non-finite or absurdly large, or when no
    ///   closed outline with at least three sides results.
    /// - Complexity: O(footprint points + raster cells + sides * walls).
    package static func build(
        footprint: [SIMD2<Double>], walls: [PlanWall], options: Options = Options()
    ) throws(PointCloudError) -> RoomOutline {
        var grid = try FootprintGrid(points: footprint, cell: options.cell)
        grid.close(radius: options.closeRadius)
        grid.keepLargestComponentFilled()
        return try build(region: grid, walls: walls, options: options)
    }

    /// Builds the outline from an already rasterised room region (for example a ``BarrierFill`` flood).
    /// The region should be one hole-free component (``FootprintGrid/keepLargestComponentFilled()``).
    /// - Throws: ``PointCloudError/degenerate(_:)`` when no closed outline with three sides results.
    package static func build(
        region grid: FootprintGrid, walls: [PlanWall], options: Options = Options()
    ) throws(PointCloudError) -> RoomOutline {
        let boundary = grid.boundaryPolygon()
        guard boundary.count >= 3 else { throw .degenerate("the footprint has no closed boundary") }
        let simple = simplifyClosedPolyline(boundary, tolerance: options.simplifyTolerance)
        guard simple.count >= 3 else { throw .degenerate("the footprint outline collapsed to \(simple.count) vertices") }

        // Snap each simplified side to a wall.
        var sides: [(a: SIMD2<Double>, b: SIMD2<Double>, wall: Int?)] = []
        for k in 0..<simple.count {
            let a = simple[k], b = simple[(k + 1) % simple.count]
            sides.append((a, b, bestWall(a, b, walls, options)))
        }
        // Drop short unmatched sides (rounded corners), then merge neighbours on the same wall.
        if sides.contains(where: { $0.wall != nil }) {
            sides.removeAll { $0.wall == nil && planLength($0.b - $0.a) < options.minimumInferredSide }
        }
        var merged: [(a: SIMD2<Double>, b: SIMD2<Double>, wall: Int?)] = []
        for s in sides {
            if let last = merged.last, last.wall != nil, last.wall == s.wall {
                merged[merged.count - 1].b = s.b
            } else {
                merged.append(s)
            }
        }
        if merged.count > 1, let f = merged.first, let l = merged.last, f.wall != nil, f.wall == l.wall {
            merged[0].a = l.a
            merged.removeLast()
        }
        guard merged.count >= 3 else { throw .degenerate("fewer than three walls bound the footprint") }

        let curves: [PlanWall] = merged.map { s in
            if let w = s.wall { return walls[w] }
            let d = s.b - s.a
            return .line(point: s.a, direction: d / planLength(d))
        }
        // Corners: where side k meets side k+1.
        var corners: [SIMD2<Double>] = []
        var edges: [RoomOutline.Edge] = []
        for k in 0..<merged.count {
            let n = (k + 1) % merged.count
            let v = (merged[k].b + merged[n].a) / 2
            edges.append(.init(wall: curves[k], wallIndex: merged[k].wall))
            let hits = curves[k].intersections(with: curves[n])
            if let best = hits.min(by: { planLength($0 - v) < planLength($1 - v) }),
               planLength(best - v) < 4 * options.snapDistance {
                corners.append(best)
            } else {
                // Parallel or far apart: a step. Two corners joined by an inferred side.
                let p = curves[k].project(v), q = curves[n].project(v)
                corners.append(p)
                let d = q - p
                let l = planLength(d)
                if l > 1e-6 {
                    edges.append(.init(wall: .line(point: p, direction: d / l), wallIndex: nil))
                    corners.append(q)
                }
            }
        }
        // corners[k] ends edges[k]; rotate so that corners[k] starts edges[k].
        corners.insert(corners.removeLast(), at: 0)
        var outline = RoomOutline(corners: corners, edges: edges)
        outline.removeShortEdges(shorterThan: options.minimumEdge)
        guard outline.corners.count >= 3 else { throw .degenerate("fewer than three sides remain after removing slivers") }
        if Plan2D.signedArea(outline.corners) < 0 {
            outline.corners.reverse()
            outline.edges.reverse()
            // After reversing, edge k must run from corners[k] to corners[k+1]: shift edges by one.
            outline.edges.append(outline.edges.removeFirst())
        }
        return outline
    }

    /// Index of the wall that runs along the side a→b, or nil.
    static func bestWall(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ walls: [PlanWall], _ o: Options) -> Int? {
        let d = b - a
        let len = planLength(d)
        guard len > 0 else { return nil }
        let dir = d / len
        var best: Int?
        var bestScore = Double.infinity
        for (w, wall) in walls.enumerated() {
            if case let .line(_, wd) = wall, abs(planCross(dir, wd)) > sin(o.snapAngle) { continue }
            var worst = 0.0, sum = 0.0
            for t in [0.15, 0.5, 0.85] {
                let dist = wall.distance(to: a + d * t)
                worst = Swift.max(worst, dist)
                sum += dist
            }
            if case .arc = wall {
                // An arc must also follow the side's direction at its middle.
                if abs(planCross(dir, wall.tangent(at: a + d * 0.5))) > sin(o.snapAngle) { continue }
            }
            if worst <= o.snapDistance && sum < bestScore {
                bestScore = sum
                best = w
            }
        }
        return best
    }
}

/// Douglas–Peucker simplification of a closed polyline: keeps the vertices needed so that every removed
/// vertex lies within `tolerance` metres of the simplified outline.
/// - Complexity: O(n log n) typical, O(n²) worst case.
package func simplifyClosedPolyline(_ p: [SIMD2<Double>], tolerance: Double) -> [SIMD2<Double>] {
    guard p.count > 3 else { return p }
    // Split at vertex 0 and the vertex farthest from it.
    var far = 0
    var farD = -1.0
    for i in 1..<p.count where planLength(p[i] - p[0]) > farD {
        farD = planLength(p[i] - p[0])
        far = i
    }
    var keep = [Bool](repeating: false, count: p.count)
    keep[0] = true
    keep[far] = true
    func dp(_ i: Int, _ j: Int) {
        // Vertices strictly between i and j (cyclically, going forward).
        let n = p.count
        let a = p[i], b = p[j % n]
        let ab = b - a
        let l = planLength(ab)
        var worst = -1.0, idx = -1
        var k = (i + 1) % n
        while k != j % n {
            let dist = l > 0 ? abs(planCross(ab, p[k] - a)) / l : planLength(p[k] - a)
            if dist > worst {
                worst = dist
                idx = k
            }
            k = (k + 1) % n
        }
        if idx >= 0 && worst > tolerance {
            keep[idx] = true
            dp(i, idx)
            dp(idx, j)
        }
    }
    dp(0, far)
    dp(far, p.count)
    return p.indices.filter { keep[$0] }.map { p[$0] }
}
