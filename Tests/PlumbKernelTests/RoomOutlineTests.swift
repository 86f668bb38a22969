import Foundation
import Testing
@testable import PlumbKernel

@Suite("Room outline from footprint and fitted walls")
struct RoomOutlineTests {
    /// Points on a jittered grid inside `polygon` (even-odd rule), with `dropout` of them removed.
    func footprint(_ polygon: [SIMD2<Double>], spacing: Double = 0.03, dropout: Double = 0.2, seed: UInt64 = 1,
                   inside: ((SIMD2<Double>) -> Bool)? = nil) -> [SIMD2<Double>] {
        var rng = SeededGenerator(seed: seed)
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        var out: [SIMD2<Double>] = []
        var y = ys.min()! - 1
        while y < ys.max()! + 1 {
            var x = xs.min()! - 1
            while x < xs.max()! + 1 {
                let p = SIMD2(x + (rng.nextUnitDouble() - 0.5) * spacing, y + (rng.nextUnitDouble() - 0.5) * spacing)
                if (inside ?? { pointInPolygon($0, polygon) })(p) && rng.nextUnitDouble() >= dropout { out.append(p) }
                x += spacing
            }
            y += spacing
        }
        return out
    }

    func pointInPolygon(_ p: SIMD2<Double>, _ poly: [SIMD2<Double>]) -> Bool {
        var inside = false
        var j = poly.count - 1
        for i in 0..<poly.count {
            let a = poly[i], b = poly[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    func lineWalls(_ poly: [SIMD2<Double>]) -> [PlanWall] {
        (0..<poly.count).map { k in
            let a = poly[k], b = poly[(k + 1) % poly.count]
            return .line(point: a, direction: (b - a) / planLength(b - a))
        }
    }

    func maxCornerError(_ found: [SIMD2<Double>], _ truth: [SIMD2<Double>]) -> Double {
        truth.map { t in found.map { planLength($0 - t) }.min() ?? .infinity }.max() ?? .infinity
    }

    @Test("L-shaped room: six exact corners, including the re-entrant one")
    func lShape() throws {
        let truth: [SIMD2<Double>] = [[0, 0], [5, 0], [5, 2.5], [2.2, 2.5], [2.2, 4.1], [0, 4.1]]
        // Walls listed in shuffled order, plus an unrelated furniture plane that must not be used.
        var walls = lineWalls(truth)
        walls.swapAt(0, 3)
        walls.append(.line(point: [1, 1], direction: [1, 0]))
        let outline = try RoomOutlineBuilder.build(footprint: footprint(truth), walls: walls)
        #expect(outline.corners.count == 6)
        #expect(maxCornerError(outline.corners, truth) < 1e-9)
        #expect(abs(outline.area - abs(Plan2D.signedArea(truth))) < 1e-9)
        #expect(outline.edges.allSatisfy { $0.wallIndex != nil && $0.wallIndex != 6 })
    }

    @Test("non-right angles are kept, not squared")
    func skewed() throws {
        let truth: [SIMD2<Double>] = [[0, 0], [4.3, 0.4], [3.6, 3.9], [0.3, 3.2]]
        let outline = try RoomOutlineBuilder.build(footprint: footprint(truth), walls: lineWalls(truth))
        #expect(outline.corners.count == 4)
        #expect(maxCornerError(outline.corners, truth) < 1e-9)
    }

    @Test("a curved wall becomes one arc side with exact tangent-line corners")
    func curved() throws {
        // A 4 x 3 room whose top side is replaced by an arc bulging outwards (centre below the top side).
        let c = SIMD2<Double>(2, 1.0), r = 2.5
        let yTop = c.y + (r * r - 4).squareRoot()  // where the arc meets x = 0 and x = 4
        let inside: (SIMD2<Double>) -> Bool = { p in
            p.x > 0 && p.x < 4 && p.y > 0 && (p.y < c.y || planLength(p - c) < r)
        }
        let walls: [PlanWall] = [
            .line(point: [0, 0], direction: [1, 0]), .line(point: [4, 0], direction: [0, 1]),
            .arc(center: c, radius: r), .line(point: [0, 0], direction: [0, 1]),
        ]
        let fp = footprint([[0, 0], [4, 0], [4, 4], [0, 4]], inside: inside)
        let outline = try RoomOutlineBuilder.build(footprint: fp, walls: walls)
        #expect(outline.corners.count == 4)
        #expect(maxCornerError(outline.corners, [[0, 0], [4, 0], [4, yTop], [0, yTop]]) < 1e-9)
        let arcSides = outline.edges.filter { if case .arc = $0.wall { true } else { false } }
        #expect(arcSides.count == 1)
        let exactArea = 4 * c.y + r * r * (2 * asin(2 / r)) / 2 + 2 * (yTop - c.y) * 2 / 2
        #expect(abs(outline.area - exactArea) < 1e-6)
    }

    @Test("noisy walls give corners within the wall error")
    func noisyWalls() throws {
        let truth: [SIMD2<Double>] = [[0, 0], [3.7, 0], [3.7, 2.9], [0, 2.9]]
        var rng = SeededGenerator(seed: 3)
        let walls: [PlanWall] = lineWalls(truth).map {
            guard case let .line(p, d) = $0 else { return $0 }
            let shift = (rng.nextUnitDouble() - 0.5) * 0.004  // ±2 mm
            return .line(point: p + SIMD2(-d.y, d.x) * shift, direction: d)
        }
        let outline = try RoomOutlineBuilder.build(footprint: footprint(truth, dropout: 0.5), walls: walls)
        #expect(outline.corners.count == 4)
        #expect(maxCornerError(outline.corners, truth) < 0.003)
    }

    @Test("a missing wall is inferred from the footprint, flagged with no wall index")
    func missingWall() throws {
        let truth: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 3], [0, 3]]
        var walls = lineWalls(truth)
        walls.remove(at: 2)
        let outline = try RoomOutlineBuilder.build(footprint: footprint(truth), walls: walls)
        #expect(outline.corners.count == 4)
        #expect(outline.edges.filter { $0.wallIndex == nil }.count == 1)
        #expect(maxCornerError(outline.corners, truth) < 0.06)
    }

    @Test("empty, non-finite and absurd footprints throw")
    func badInput() {
        #expect(throws: PointCloudError.self) { try RoomOutlineBuilder.build(footprint: [], walls: []) }
        #expect(throws: PointCloudError.self) {
            try RoomOutlineBuilder.build(footprint: [[0, 0], [.nan, 1]], walls: [])
        }
        #expect(throws: PointCloudError.self) {
            try RoomOutlineBuilder.build(footprint: [[0, 0], [1e6, 1e6]], walls: [])
        }
    }
}

/// Short sides are removed and their neighbours meet at their true intersection, wherever the sliver sits
/// in the corner list (including the wrap-around from the last corner to the first).
@Test(arguments: 0..<5) func shortEdgeRemovalMeetsNeighbours(rotation: Int) {
    func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> RoomOutline.Edge {
        .init(wall: .line(point: a, direction: (b - a) / planLength(b - a)), wallIndex: nil)
    }
    var corners: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 2.98], [3.98, 3], [0, 3]]
    corners = Array(corners[rotation...] + corners[..<rotation])
    let edges = corners.indices.map { line(corners[$0], corners[($0 + 1) % corners.count]) }
    var outline = RoomOutline(corners: corners, edges: edges)
    outline.removeShortEdges(shorterThan: 0.05)
    #expect(outline.corners.count == 4)
    #expect(outline.edges.count == 4)
    #expect(abs(outline.area - 12) < 1e-9)
    #expect(outline.corners.contains { planLength($0 - SIMD2(4, 3)) < 1e-9 })
    // Every edge still runs from its corner to the next one.
    for k in outline.corners.indices {
        let a = outline.corners[k], b = outline.corners[(k + 1) % outline.corners.count]
        #expect(outline.edges[k].wall.distance(to: a) < 1e-9 && outline.edges[k].wall.distance(to: b) < 1e-9)
    }
}

/// A 4 x 3 room whose top side is two fitted pieces of one wall face (1 cm apart, split at x = 1):
/// they become one side on the longer piece's wall, the corners stay where the walls meet, and the
/// merge names both walls — whichever place the split side has in the corner list.
@Test(arguments: 0..<5) func collinearPiecesMergeIntoOneSide(rotation: Int) {
    func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ wall: Int) -> RoomOutline.Edge {
        .init(wall: .line(point: a, direction: (b - a) / planLength(b - a)), wallIndex: wall)
    }
    let corners: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 3], [1, 3], [0, 3]]
    var edges = [line([0, 0], [4, 0], 0), line([4, 0], [4, 3], 1), line([4, 3], [1, 3], 2),
                 line([1, 3.01], [0, 3.01], 3), line([0, 3], [0, 0], 4)]
    edges[3].wall = .line(point: [1, 3.01], direction: [1, 0])  // fitted walls need not run with the outline
    var c = Array(corners[rotation...] + corners[..<rotation])
    c[(3 + 5 - rotation) % 5] = [1, 3.005]
    let e = Array(edges[rotation...] + edges[..<rotation])
    var outline = RoomOutline(corners: c, edges: e)
    let merges = outline.mergeCollinearEdges()
    #expect(merges == [RoomOutline.CollinearMerge(kept: 2, absorbed: 3)])
    #expect(outline.corners.count == 4 && outline.edges.count == 4)
    #expect(abs(outline.area - 12) < 1e-9)
    #expect(outline.corners.contains { planLength($0 - SIMD2(0, 3)) < 1e-9 })
    #expect(outline.corners.contains { planLength($0 - SIMD2(4, 3)) < 1e-9 })
    for k in outline.corners.indices {
        let a = outline.corners[k], b = outline.corners[(k + 1) % outline.corners.count]
        #expect(outline.edges[k].wall.distance(to: a) < 1e-9 && outline.edges[k].wall.distance(to: b) < 1e-9)
    }
    // Perpendicular neighbours are never merged.
    #expect(outline.mergeCollinearEdges().isEmpty)
}

/// A 4 x 3 room whose top side has a spike: the outline runs down 0.8 m along a thin wall end reaching
/// into the room (x = 2) and back up 0.5 m, 1.5 cm aside and 2° off (3.2 cm off at its end). That is one
/// fold, the 0.8 m side the longer, wherever the spike sits in the side list. A 6 cm thick stub with its
/// own end cap, a return wider than the limit and a return turned 30° are no folds.
@Test(arguments: 0..<7) func foldRunningBackAlongASideIsFound(rotation: Int) {
    func outline(_ c: [SIMD2<Double>]) -> RoomOutline {
        let r: Int = rotation % c.count
        let corners: [SIMD2<Double>] = Array(c[r...]) + Array(c[..<r])
        let edges = corners.indices.map { k -> RoomOutline.Edge in
            let a = corners[k], b = corners[(k + 1) % corners.count]
            return .init(wall: .line(point: a, direction: (b - a) / planLength(b - a)), wallIndex: k)
        }
        return RoomOutline(corners: corners, edges: edges)
    }
    let tip = SIMD2<Double>(2.0, 2.2)
    let lean = 2 * Double.pi / 180
    let back: SIMD2<Double> = tip + SIMD2<Double>(-sin(lean), cos(lean)) * 0.5 + SIMD2<Double>(-0.015, 0)
    let spike: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 3], [2.0, 3], tip, back, [0, 3]]
    let folds = outline(spike).folds(maximumWidth: 0.04)
    #expect(folds.count == 1)
    if let f = folds.first {
        // Corner of the longer side's start is (2, 3): index 3 before rotation.
        let n = spike.count, r = rotation % n
        #expect(f.longer == (3 - r + n) % n && f.shorter == (4 - r + n) % n, "\(f)")
    }
    #expect(outline(spike).folds(maximumWidth: 0.01).isEmpty)
    // A stub 6 cm thick with its end cap: its faces are two sides a cap apart, not a fold.
    let stub: [SIMD2<Double>] = [[0, 0], [4, 0], [4, 3], [2.03, 3], [2.03, 2.2], [1.97, 2.2], [1.97, 3], [0, 3]]
    #expect(outline(stub).folds(maximumWidth: 0.04).isEmpty)
    // A return turned 30° is a corner, not a fold.
    let turn = 30 * Double.pi / 180
    let turned: SIMD2<Double> = tip + SIMD2<Double>(-sin(turn), cos(turn)) * 0.06  // 3 cm off at its end
    #expect(outline([[0, 0], [4, 0], [4, 3], [2.0, 3], tip, turned, [0, 3]]).folds(maximumWidth: 0.04).isEmpty)
}
