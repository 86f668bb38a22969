import Foundation
import PlumbKernel
import Testing
@testable import PlumbSim

/// The procedural plan generator: every draw valid, deterministic, independent of other indices, and
/// covering the whole distribution; a drawn plan simulates.
@Suite struct RandomPlanTests {
    static let seed: UInt64 = 2026
    static let singles = RandomPlanGenerator.plans(kind: .singleRoom, seed: seed, count: 300)
    static let multis = RandomPlanGenerator.plans(kind: .multiRoom, seed: seed, count: 50)

    @Test func everyDrawValidates() throws {
        for g in Self.singles + Self.multis {
            #expect(throws: Never.self, "\(g.plan.name)") { try g.plan.validate() }
            #expect(g.plan.name == "random-\(g.kind == .singleRoom ? "single" : "multi")-\(Self.seed)-\(g.index)")
            let ids = Set(g.plan.rooms.map(\.id))
            #expect(g.scannedRoomIDs.allSatisfy(ids.contains))
            if g.kind == .singleRoom {
                #expect(g.scannedRoomIDs.count == 1)
            } else {
                #expect(g.scannedRoomIDs.count == g.plan.rooms.count)
                #expect((2...8).contains(g.plan.rooms.count))
            }
        }
        for (name, plans) in [("single", Self.singles), ("multi", Self.multis)] {
            let redraws = plans.reduce(0) { $0 + $1.redraws }
            let rate = Double(redraws) / Double(redraws + plans.count)
            print("random plans \(name): \(plans.count) plans, \(redraws) redraws (\(String(format: "%.1f", 100 * rate)) % of draws)")
            #expect(rate < 0.3, "redraw rate \(rate)")
        }
    }

    @Test func deterministicAndIndexIndependent() throws {
        for (kind, index) in [(RandomPlanKind.singleRoom, 7), (.singleRoom, 123), (.multiRoom, 3), (.multiRoom, 41)] {
            let a = RandomPlanGenerator.plan(kind: kind, seed: Self.seed, index: index)
            let b = RandomPlanGenerator.plan(kind: kind, seed: Self.seed, index: index)
            #expect(a == b)
            #expect(try a.planJSON() == b.planJSON())
            // The same plan inside a longer or shorter batch.
            let batch = kind == .singleRoom ? Self.singles : Self.multis
            #expect(batch[index] == a)
            #expect(RandomPlanGenerator.plans(kind: kind, seed: Self.seed, count: index + 1).last == a)
            // JSON round trip keeps the plan.
            let decoded = try JSONDecoder().decode(FloorPlan.self, from: a.planJSON())
            #expect(decoded.rooms == a.plan.rooms && decoded.openings == a.plan.openings && decoded.furniture == a.plan.furniture)
        }
        // Different seeds and indices give different plans.
        let x = RandomPlanGenerator.plan(kind: .singleRoom, seed: 1, index: 0).plan
        let y = RandomPlanGenerator.plan(kind: .singleRoom, seed: 2, index: 0).plan
        #expect(x.rooms != y.rooms)
        #expect(Self.singles[0].plan.rooms != Self.singles[1].plan.rooms)
    }

    @Test func coversTheDistribution() {
        let s = PlanFeatures.total(Self.singles.map(\.features))
        let m = PlanFeatures.total(Self.multis.map(\.features))
        print(s.summary)
        print(m.summary)
        for shape in ["rectangle", "lShape", "tShape", "uShape", "rectilinear", "nonOrthogonal", "curved"] {
            #expect(s.shapes[shape, default: 0] >= 5, "shape \(shape)")
        }
        #expect(s.corners.keys.compactMap(Int.init).max()! >= 12)
        #expect(s.curvedWalls >= 5 && s.obliqueWalls >= 10)
        #expect(s.slopedCeilings >= 5 && s.partlySlopedCeilings >= 5 && s.steppedCeilings >= 5)
        #expect(s.openDoors >= 10 && s.doors - s.openDoors >= 10)
        #expect(s.passages >= 10 && s.patioDoors >= 5 && s.exteriorDoors >= 5)
        #expect(s.windowsNearCorner >= 5 && s.lowSillWindows >= 5)
        #expect(s.neighbourRooms >= 100 && s.closedOffRooms >= 5)
        for t in ["bathroom", "hallway", "storage", "bedroom", "kitchen", "livingRoom", "office", "openPlan"] {
            #expect(s.roomTypes[t, default: 0] >= 5, "room type \(t)")
        }
        let area = try! #require(s.scannedArea)
        #expect(area.lowerBound < 3 && area.upperBound > 45, "areas \(area)")
        let ceiling = try! #require(s.ceilingHeight)
        #expect(ceiling.lowerBound < 2.3 && ceiling.upperBound > 3.3)
        #expect(s.nearlyEmptyRooms >= 5 && s.denseRooms >= 5 && (s.floorCoverage?.upperBound ?? 0) >= 0.45)
        let all = PlanFeatures.total([s, m])
        for c in FurnitureCategory.allCases {
            #expect(all.furnitureByCategory[c.rawValue, default: 0] >= 3, "furniture \(c)")
        }
        // Multi-room: storeys, split levels, wide kitchen openings, thin interior walls.
        #expect(m.multiStorey >= 3 && m.splitLevel >= 3)
        #expect(m.widePassages >= 10 && m.interiorWalls >= 50)
        let it = try! #require(m.interiorThickness)
        #expect(it.lowerBound >= 0.08 - 1e-9 && it.upperBound <= 0.2 + 1e-9 && it.lowerBound < 0.1 && it.upperBound > 0.18)
        let et = try! #require(all.exteriorThickness)
        #expect(et.lowerBound >= 0.15 - 1e-9 && et.upperBound <= 0.4 + 1e-9)
        #expect(m.roomTypes["hallway", default: 0] >= 5 && m.roomTypes["bathroom", default: 0] >= 10)
    }

    @Test func generatedRoomsHaveTheirWallsOnTheInnerFaces() throws {
        // Every straight edge of a room polygon lies on the face of a wall bounding that room (1 mm).
        for g in Self.singles.prefix(60) + Self.multis.prefix(10) {
            for r in g.plan.rooms {
                let faces = g.plan.faces(boundingRoom: r.id).compactMap { f -> (SIMD2<Double>, SIMD2<Double>)? in
                    if case let .straight(a, b) = f.line { return (a, b) }
                    return nil
                }
                let n = r.polygon.count
                for i in 0..<n {
                    let a = r.polygon[i], b = r.polygon[(i + 1) % n]
                    guard Geo.length(b - a) > 0.05 else { continue }
                    let mid = (a + b) / 2
                    let onFace = faces.contains { Plan2D.distance(mid, segment: $0.0, $0.1) < 1e-3 }
                    let onArc = g.plan.walls.contains { $0.isCurved }
                    #expect(onFace || onArc, "\(g.plan.name) room \(r.id) edge \(i)")
                }
            }
        }
    }

    @Test func aSmallGeneratedRoomSimulates() throws {
        // The smallest single-room plan among the first draws: its scanned room gets a cloud.
        let g = try #require(Self.singles.prefix(40).min { $0.plan.rooms.reduce(0) { $0 + $1.area } < $1.plan.rooms.reduce(0) { $0 + $1.area } })
        var o = ScanOptions()
        o.width = 64
        o.height = 48
        o.intrinsics = CameraIntrinsics(fx: 212 * 64 / 256, fy: 212 * 64 / 256, cx: 32, cy: 24)
        let scan = try ScanSimulator(plan: g.plan, options: o).simulate(preset: .phone, seed: 1)
        for id in g.scannedRoomIDs {
            let cloud = try #require(scan.roomClouds.first { $0.roomID == id }?.cloud)
            #expect(cloud.count > 1000, "\(g.plan.name) room \(id): \(cloud.count) points")
        }
    }
}
