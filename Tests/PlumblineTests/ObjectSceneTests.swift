import Foundation
@testable import PlumbKernel
import Testing
@testable import Plumbline

/// Furniture extraction on generated scenes with ground truth: a 5 x 4 m room (floor at 0, ceiling at 2.6 m)
/// holding sampled furniture surfaces, run through ``ObjectExtraction`` alone (no structural planes). Each test
/// checks the category and the box against the truth with a tolerance.
@Suite("Objects from generated scenes")
struct ObjectSceneTests {
    /// Room 5 x 4 m, counter-clockwise; walls z = 0 (along x), x = 5, z = 4, x = 0.
    static let corners: [SIMD2<Double>] = [[0, 0], [5, 0], [5, 4], [0, 4]]

    static var outline: RoomOutline {
        let edges = (0..<4).map { k -> RoomOutline.Edge in
            let a = corners[k], b = corners[(k + 1) % 4]
            return RoomOutline.Edge(wall: .line(point: a, direction: (b - a) / planLength(b - a)), wallIndex: k)
        }
        return RoomOutline(corners: corners, edges: edges)
    }

    static let structure = RoomStructure(
        floorY: 0, ceilings: [RoomStructure.CeilingPlane(normal: SIMD3(0, 1, 0), offset: -2.6)],
        floorPlanes: [], ceilingPlanes: [], wallCandidates: [])

    /// Which faces of an axis-aligned box a scan saw.
    struct Faces: OptionSet {
        let rawValue: Int
        static let top = Faces(rawValue: 1), minX = Faces(rawValue: 2), maxX = Faces(rawValue: 4)
        static let minZ = Faces(rawValue: 8), maxZ = Faces(rawValue: 16)
        static let all: Faces = [.top, .minX, .maxX, .minZ, .maxZ]
    }

    /// Samples the chosen faces of the axis-aligned box `lo`...`hi` every `step` metres with seeded jitter
    /// (sum of two uniforms, about `sigma` metres standard deviation).
    static func box(_ lo: SIMD3<Double>, _ hi: SIMD3<Double>, faces: Faces = .all, step: Double = 0.015, sigma: Double = 0.004,
                    rng: inout SeededGenerator, into pts: inout [SIMD3<Float>]) {
        func j() -> Double { (Double.random(in: -1...1, using: &rng) + Double.random(in: -1...1, using: &rng)) * sigma * 1.22 }
        func add(_ x: Double, _ y: Double, _ z: Double) { pts.append(SIMD3(Float(x + j()), Float(y + j()), Float(z + j()))) }
        for x in stride(from: lo.x, through: hi.x, by: step) {
            if faces.contains(.top) { for z in stride(from: lo.z, through: hi.z, by: step) { add(x, hi.y, z) } }
            for y in stride(from: lo.y, through: hi.y, by: step) {
                if faces.contains(.minZ) { add(x, y, lo.z) }
                if faces.contains(.maxZ) { add(x, y, hi.z) }
            }
        }
        for z in stride(from: lo.z, through: hi.z, by: step) {
            for y in stride(from: lo.y, through: hi.y, by: step) {
                if faces.contains(.minX) { add(lo.x, y, z) }
                if faces.contains(.maxX) { add(hi.x, y, z) }
            }
        }
    }

    /// The objects ``ObjectExtraction`` finds in a cloud of furniture points, largest footprint first.
    static func objects(_ pts: [SIMD3<Float>]) throws -> [CapturedRoom.Object] {
        let cloud = try PointCloud(x: pts.map(\.x), y: pts.map(\.y), z: pts.map(\.z))
        let found = ObjectExtraction(options: RoomBuilder.Options()).objects(
            cloud: cloud, planes: [], structural: [], outline: outline, structure: structure)
        return found.sorted { $0.dimensions.x * $0.dimensions.z > $1.dimensions.x * $1.dimensions.z }
    }

    /// Largest difference, metres, between an object's box and the truth box `lo`...`hi` (axis-aligned) in plan
    /// size (either orientation), centre and bottom and top heights.
    static func boxError(_ o: CapturedRoom.Object, _ lo: SIMD3<Double>, _ hi: SIMD3<Double>) -> Double {
        let d = SIMD3<Double>(o.dimensions)
        let size = hi - lo, mid = (lo + hi) / 2
        let plan = [Swift.max(d.x, d.z) - Swift.max(size.x, size.z), Swift.min(d.x, d.z) - Swift.min(size.x, size.z)]
        let c = o.transform.translation
        let centre = [Double(c.x) - mid.x, Double(c.z) - mid.z]
        let bottom = Double(o.bottomElevation) - lo.y, top = Double(o.topElevation) - hi.y
        return (plan + centre + [bottom, top]).map(abs).max() ?? .infinity
    }

    /// A dining table (1.6 x 0.9 m top at 0.75 m, 4 cm slab, four 5 cm legs) free in the room is a table, its box
    /// within 4 cm of the truth. (The old rules called a 1.6 m flat top at 0.75 m a sofa.)
    @Test func tableWithLegsIsATable() throws {
        var rng = SeededGenerator(seed: 11)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(1.7, 0.71, 1.5), SIMD3(3.3, 0.75, 2.4), rng: &rng, into: &pts)
        for (x, z) in [(1.75, 1.55), (3.2, 1.55), (1.75, 2.3), (3.2, 2.3)] {
            Self.box(SIMD3(x, 0.0, z), SIMD3(x + 0.05, 0.71, z + 0.05), faces: [.minX, .maxX, .minZ, .maxZ], step: 0.01, rng: &rng, into: &pts)
        }
        let found = try Self.objects(pts)
        #expect(found.count == 1, "\(found.map(\.category))")
        guard let t = found.first else { return }
        #expect(t.category == .table)
        let err = Self.boxError(t, SIMD3(1.7, 0, 1.5), SIMD3(3.3, 0.75, 2.4))
        #expect(err < 0.04, "box off by \(err) m")
    }

    /// A sofa (2.2 x 0.9 x 0.85 m) against a wall is a sofa and a bed (2.0 x 1.4 m, mattress at 0.55 m) is a bed,
    /// both boxes within 4 cm. (The old rules called every long box under 0.9 m a bed.)
    @Test func sofaAndBedByTheirTops() throws {
        var rng = SeededGenerator(seed: 12)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(0.5, 0.0, 0.01), SIMD3(2.7, 0.85, 0.91), faces: [.top, .minX, .maxX, .maxZ], rng: &rng, into: &pts)
        Self.box(SIMD3(3.4, 0.0, 1.8), SIMD3(4.8, 0.55, 3.8), faces: [.top, .minX, .minZ], rng: &rng, into: &pts)
        let found = try Self.objects(pts)
        #expect(found.count == 2, "\(found.map(\.category))")
        guard found.count == 2 else { return }
        let bed = found[0], sofa = found[1]
        #expect(bed.category == .bed)
        #expect(sofa.category == .sofa)
        #expect(Self.boxError(bed, SIMD3(3.4, 0, 1.8), SIMD3(4.8, 0.55, 3.8)) < 0.04)
        #expect(Self.boxError(sofa, SIMD3(0.5, 0, 0.01), SIMD3(2.7, 0.85, 0.91)) < 0.04)
    }

    /// A nightstand (0.45 x 0.4 m, top at 0.5 m) whose sides are hidden below 0.42 m, and a basin cabinet seen
    /// only from 0.6 m up, stand on the floor: nothing floats. (The old rules left both hanging in the air.)
    @Test func partsSeenFromAboveStandOnTheFloor() throws {
        var rng = SeededGenerator(seed: 13)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(2.0, 0.42, 1.6), SIMD3(2.45, 0.5, 2.0), rng: &rng, into: &pts)
        Self.box(SIMD3(3.8, 0.6, 0.01), SIMD3(4.5, 0.85, 0.5), faces: [.top, .minX, .maxX, .maxZ], rng: &rng, into: &pts)
        let found = try Self.objects(pts)
        #expect(found.count == 2, "\(found.map(\.category))")
        for o in found { #expect(abs(o.bottomElevation) < 0.01, "\(o.category) floats at \(o.bottomElevation) m") }
    }

    /// A television (1.2 x 0.7 m, 4 cm deep) hung 1.0 m up on a wall and another standing on a low cabinet
    /// are televisions, neither stands on the floor: the first hangs within 3 cm of 1.0 m, the second rests on
    /// the cabinet's top (0.5 m).
    @Test func televisionsHangOrStandOnSomething() throws {
        var rng = SeededGenerator(seed: 14)
        var pts: [SIMD3<Float>] = []
        // Wall-hung: only its front face and edges are seen (10-14 cm out from the wall z = 0).
        Self.box(SIMD3(1.0, 1.0, 0.1), SIMD3(2.2, 1.7, 0.14), faces: [.top, .minX, .maxX, .maxZ], step: 0.01, rng: &rng, into: &pts)
        // Cabinet 1.4 x 0.45 x 0.5 by the wall x = 5, the set on it 0.4 m from the wall.
        Self.box(SIMD3(4.4, 0.0, 1.2), SIMD3(4.85, 0.5, 2.6), faces: [.top, .minX, .minZ, .maxZ], rng: &rng, into: &pts)
        Self.box(SIMD3(4.55, 0.5, 1.4), SIMD3(4.62, 1.2, 2.4), faces: [.top, .minX, .minZ, .maxZ], step: 0.01, rng: &rng, into: &pts)
        let found = try Self.objects(pts)
        let tvs = found.filter { $0.category == .television }
        #expect(tvs.count == 2, "\(found.map { "\($0.category) \($0.bottomElevation)" })")
        let hung = tvs.first { $0.transform.translation.z < 1 }, standing = tvs.first { $0.transform.translation.z > 1 }
        if let hung { #expect(abs(hung.bottomElevation - 1.0) < 0.03, "hung at \(hung.bottomElevation)") }
        if let standing { #expect(abs(standing.bottomElevation - 0.5) < 0.03, "stands at \(standing.bottomElevation)") }
    }

    /// A floor patch (a rug or an uneven stretch of floor: a 1.5 x 1 m sheet 2-6 cm up) is floor, not an object.
    @Test func floorPatchIsNoObject() throws {
        var rng = SeededGenerator(seed: 15)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(1.5, 0.02, 1.5), SIMD3(3.0, 0.06, 2.5), rng: &rng, into: &pts)
        #expect(try Self.objects(pts).isEmpty)
    }

    /// An open door leaf (0.85 x 2.05 m, 4 cm thick) standing across the wall x = 0 from its hinge, with stray
    /// returns off its edge widening its box past the panel limit, is no object. (The old rules took it for a
    /// 2 m storage unit.)
    @Test func doorLeafIsNoObject() throws {
        var rng = SeededGenerator(seed: 16)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(0.09, 0.01, 1.0), SIMD3(0.94, 2.06, 1.04), faces: [.minZ, .maxZ, .maxX, .top], step: 0.012, rng: &rng, into: &pts)
        // A flange of returns off its free edge (a handle, mixed pixels) reaching 16 cm off the leaf's plane.
        Self.box(SIMD3(0.93, 0.2, 1.04), SIMD3(0.95, 2.0, 1.2), faces: [.maxX], step: 0.012, rng: &rng, into: &pts)
        let found = try Self.objects(pts)
        #expect(found.isEmpty, "\(found.map { "\($0.category) \($0.dimensions)" })")
    }

    /// A kitchen counter run (3.0 x 0.6 m, worktop at 0.9 m) against the wall is five 60 cm modules, side by
    /// side along it. (The old rules called the run one 3 m sofa, matching none of its units.)
    @Test func counterRunIsCutIntoModules() throws {
        var rng = SeededGenerator(seed: 17)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(1.0, 0.0, 0.01), SIMD3(4.0, 0.9, 0.61), faces: [.top, .minX, .maxX, .maxZ], rng: &rng, into: &pts)
        let found = try Self.objects(pts).sorted { $0.transform.translation.x < $1.transform.translation.x }
        #expect(found.count == 5, "\(found.map(\.category))")
        guard found.count == 5 else { return }
        for (k, o) in found.enumerated() {
            #expect(o.category == .storage)
            let lo = SIMD3(1.0 + 0.6 * Double(k), 0, 0.01), hi = SIMD3(1.6 + 0.6 * Double(k), 0.9, 0.61)
            #expect(Self.boxError(o, lo, hi) < 0.05, "module \(k) off by \(Self.boxError(o, lo, hi))")
        }
    }

    /// A washing machine (0.6 x 0.6 x 0.85 m) alone against a wall is a washer-dryer, not one module of a counter.
    @Test func loneCounterHeightCubeIsAWasher() throws {
        var rng = SeededGenerator(seed: 19)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(2.0, 0.0, 0.01), SIMD3(2.6, 0.85, 0.61), faces: [.top, .minX, .maxX, .maxZ], rng: &rng, into: &pts)
        let found = try Self.objects(pts)
        #expect(found.map(\.category) == [.washerDryer])
        if let o = found.first { #expect(Self.boxError(o, SIMD3(2.0, 0, 0.01), SIMD3(2.6, 0.85, 0.61)) < 0.04) }
    }

    /// A toilet (0.4 x 0.7 x 0.78 m) sticking out from the wall is a toilet; a cabinet of about its size along
    /// the wall is not. (The old rules wanted a toilet under 0.5 m on both sides: storage.)
    @Test func toiletSticksOutFromTheWall() throws {
        var rng = SeededGenerator(seed: 18)
        var pts: [SIMD3<Float>] = []
        Self.box(SIMD3(1.0, 0.0, 0.01), SIMD3(1.4, 0.78, 0.71), faces: [.top, .minX, .maxX, .maxZ], rng: &rng, into: &pts)
        Self.box(SIMD3(3.0, 0.0, 0.01), SIMD3(3.7, 0.78, 0.41), faces: [.top, .minX, .maxX, .maxZ], rng: &rng, into: &pts)
        let found = try Self.objects(pts).sorted { $0.transform.translation.x < $1.transform.translation.x }
        #expect(found.count == 2, "\(found.map(\.category))")
        guard found.count == 2 else { return }
        #expect(found[0].category == .toilet)
        #expect(found[1].category != .toilet)
        #expect(Self.boxError(found[0], SIMD3(1.0, 0, 0.01), SIMD3(1.4, 0.78, 0.71)) < 0.04)
    }
}
