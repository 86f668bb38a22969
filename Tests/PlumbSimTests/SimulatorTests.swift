import Foundation
import PlumbKernel
import Plumbline
import Testing
@testable import PlumbSim

/// Smaller images than ARKit's (same field of view) so the suite stays fast in debug builds.
func testOptions() -> ScanOptions {
    var o = ScanOptions()
    o.width = 64
    o.height = 48
    o.intrinsics = CameraIntrinsics(fx: 212 * 64 / 256, fy: 212 * 64 / 256, cx: 32, cy: 24)
    o.stationSpacing = 1.0
    return o
}

/// Distance from `p` to triangle `abc` (Ericson, Real-Time Collision Detection 5.1.5).
func pointTriangleDistance(_ p: SIMD3<Double>, _ a: SIMD3<Double>, _ b: SIMD3<Double>, _ c: SIMD3<Double>) -> Double {
    let ab = b - a, ac = c - a, ap = p - a
    let d1 = dot(ab, ap), d2 = dot(ac, ap)
    if d1 <= 0 && d2 <= 0 { return length(p - a) }
    let bp = p - b, d3 = dot(ab, bp), d4 = dot(ac, bp)
    if d3 >= 0 && d4 <= d3 { return length(p - b) }
    let vc = d1 * d4 - d3 * d2
    if vc <= 0 && d1 >= 0 && d3 <= 0 { return length(p - (a + ab * (d1 / (d1 - d3)))) }
    let cp = p - c, d5 = dot(ab, cp), d6 = dot(ac, cp)
    if d6 >= 0 && d5 <= d6 { return length(p - c) }
    let vb = d5 * d2 - d1 * d6
    if vb <= 0 && d2 >= 0 && d6 <= 0 { return length(p - (a + ac * (d2 / (d2 - d6)))) }
    let va = d3 * d6 - d5 * d4
    if va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0 {
        return length(p - (b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)))))
    }
    let den = 1 / (va + vb + vc)
    return length(p - (a + ab * (vb * den) + ac * (vc * den)))
}

@Suite struct SimulatorTests {
    @Test func cleanBedroomPointsLieOnTrueSurfaces() throws {
        let plan = try PlanFixtures.load("plain_bedroom")
        let sim = try ScanSimulator(plan: plan, options: testOptions())
        let scan = sim.simulate(preset: .clean, seed: 3)
        #expect(scan.frames.count >= 20)
        let cloud = try #require(scan.roomClouds.first?.cloud)
        #expect(cloud.count > 50_000)
        #expect(cloud.count == scan.buildingCloud.count)
        // Every 37th point against every true triangle (brute force, double precision).
        var worst = 0.0
        var i = 0
        while i < cloud.count {
            let p = cloud.worldPoint(i)
            var best = Double.infinity
            for t in 0..<sim.mesh.triangleCount {
                best = min(best, pointTriangleDistance(p, sim.mesh.vertices[3 * t], sim.mesh.vertices[3 * t + 1], sim.mesh.vertices[3 * t + 2]))
            }
            worst = max(worst, best)
            i += 37
        }
        #expect(worst < 0.001, "worst distance \(worst) m")
        // Analytic check against the plan: wall-face points at ±t/2 from their centre line, floor at 0,
        // ceiling at 2.6.
        var checked = 0
        for f in scan.frames {
            f.frame.forEachPoint { pix, p in
                let s = scan.surfaces[Int(f.hitSurface[pix])]
                switch s.kind {
                case .floor: #expect(abs(p.y) < 0.001)
                case .ceiling: #expect(abs(p.y - 2.6) < 0.001)
                case .wallFace:
                    let w = try! #require(plan.wall(s.ownerID))
                    guard case let .straight(a, b) = w.centerLine else { return }
                    let d = normalize(SIMD3(b.x - a.x, 0, b.y - a.y))
                    let n = SIMD2(-d.z, d.x)
                    let off = (p.x - a.x) * n.x + (p.z - a.y) * n.y
                    #expect(abs(off - (s.side == .positive ? 1 : -1) * w.thickness / 2) < 0.001)
                    checked += 1
                default: break
                }
            }
        }
        #expect(checked > 20_000)
        // Confidence is high everywhere in the clean preset; frame indices are in range.
        #expect(scan.frames.allSatisfy { f in zip(f.frame.depth, f.frame.confidence).allSatisfy { $0.0 == 0 || $0.1 == 2 } })
        #expect(cloud.frameIndex!.allSatisfy { Int($0) < scan.frames.count })
    }

    @Test func phoneNoiseMatchesPreset() throws {
        let plan = try PlanFixtures.load("plain_bedroom")
        let sim = try ScanSimulator(plan: plan, options: testOptions())
        let scan = sim.simulate(preset: .phone, seed: 11)
        let noise = ScanPreset.phone.noise
        var sumSq = 0.0, sumSigmaSq = 0.0, measured = 0, outliers = 0, dropped = 0, surfaces = 0
        var bigOutlierErrors = 0
        var perpSq = 0.0, perpSigmaSq = 0.0
        for f in scan.frames {
            let pose = f.frame.cameraToWorld
            let ro = SIMD3<Float>(pose.translation - sim.caster.origin)
            for row in 0..<f.frame.height {
                for col in 0..<f.frame.width {
                    let i = row * f.frame.width + col
                    guard f.trueDepth[i] > 0 else { continue }
                    surfaces += 1
                    let norm = length(f.frame.intrinsics.direction(column: col, row: row))
                    let trueRange = Double(f.trueDepth[i]) * norm
                    let err = (Double(f.frame.depth[i]) - Double(f.trueDepth[i])) * norm
                    switch f.status[i] {
                    case .measured:
                        measured += 1
                        sumSq += err * err
                        let s = noise.sigma(atRange: trueRange)
                        sumSigmaSq += s * s
                        // Distance of the measured point to the true surface (plane of the hit triangle).
                        let dirC = f.frame.intrinsics.direction(column: col, row: row)
                        let d = pose.applyToDirection(dirC)
                        // Recast, passing glass the simulator passed, to find the hit triangle.
                        var hit = try #require(sim.caster.closestHit(localOrigin: ro, direction: SIMD3<Float>(d), tMin: 1e-4, tMax: 100))
                        while sim.mesh.surfaceOfTriangle[Int(hit.triangle)] != f.hitSurface[i] {
                            hit = try #require(sim.caster.closestHit(localOrigin: ro, direction: SIMD3<Float>(d), tMin: hit.t + 1e-4, tMax: 100))
                        }
                        let tri = Int(hit.triangle)
                        let v = sim.mesh.vertices
                        let n = normalize(cross(v[3 * tri + 1] - v[3 * tri], v[3 * tri + 2] - v[3 * tri]))
                        let p = pose.apply(dirC * Double(f.frame.depth[i]))
                        let dist = dot(p - v[3 * tri], n)
                        perpSq += dist * dist
                        let c = abs(dot(n, d)) / length(d)
                        perpSigmaSq += s * s * c * c
                    case .outlier:
                        outliers += 1
                        if abs(err) >= 0.099 { bigOutlierErrors += 1 }
                    case .dropped: dropped += 1
                    case .noReturn: break
                    }
                }
            }
        }
        let rms = (sumSq / Double(measured)).squareRoot(), expected = (sumSigmaSq / Double(measured)).squareRoot()
        #expect(abs(rms / expected - 1) < 0.03, "range RMS \(rms) vs expected \(expected)")
        #expect(expected > 0.005 && expected < 0.025)
        let perpRMS = (perpSq / Double(measured)).squareRoot(), perpExpected = (perpSigmaSq / Double(measured)).squareRoot()
        #expect(abs(perpRMS / perpExpected - 1) < 0.03, "surface distance RMS \(perpRMS) vs expected \(perpExpected)")
        let outlierShare = Double(outliers) / Double(measured + outliers)
        #expect(abs(outlierShare - 0.01) < 0.0015, "outliers \(outlierShare)")
        #expect(bigOutlierErrors == outliers)
        let dropShare = Double(dropped) / Double(surfaces)
        #expect(abs(dropShare - 0.05) < 0.004, "dropout \(dropShare)")
        // Confidence is modelled: some medium/low returns exist, most are high.
        let conf = scan.frames.flatMap { f in zip(f.frame.depth, f.frame.confidence).filter { $0.0 > 0 }.map(\.1) }
        let high = Double(conf.filter { $0 == 2 }.count) / Double(conf.count)
        #expect(high > 0.5 && high < 0.999)
    }

    @Test func badPresetHidesOneWallPerRoom() throws {
        let plan = try PlanFixtures.load("plain_bedroom")
        let sim = try ScanSimulator(plan: plan, options: testOptions())
        let scan = sim.simulate(preset: .bad, seed: 5)
        let hidden = try #require(sim.hiddenWalls(preset: .bad, seed: 5)[0])
        var seen = 0, there = 0
        for f in scan.frames {
            for i in f.hitSurface.indices where f.hitSurface[i] >= 0 {
                let s = scan.surfaces[Int(f.hitSurface[i])]
                guard s.ownerID == hidden else { continue }
                there += 1
                if f.frame.depth[i] > 0 { seen += 1 }
            }
        }
        let share = Double(seen) / Double(there)
        // 5 % returned after 20 % dropout: about 4 %.
        #expect(there > 1000 && share > 0.02 && share < 0.06, "hidden wall \(hidden) returned \(share)")
    }

    @Test func openDoorLetsRaysIntoTheNextRoom() throws {
        let plan = try PlanFixtures.load("apartment_3room")
        let sim = try ScanSimulator(plan: plan, options: testOptions())
        let scan = sim.simulate(preset: .clean, seed: 1)
        var intoBedroom = 0, intoBathroom = 0
        for f in scan.frames where f.roomID == "liv" {
            for s in f.hitSurface where s >= 0 {
                let surf = scan.surfaces[Int(s)]
                // Any surface of the bedroom (floor, ceiling, furniture, wall faces looking into it).
                if surf.roomID == "bed" { intoBedroom += 1 }
                if surf.roomID == "bath" { intoBathroom += 1 }
            }
        }
        #expect(intoBedroom > 1000, "bedroom seen through the open door: \(intoBedroom) pixels")
        #expect(intoBathroom == 0, "bathroom door is closed")
        // The open leaf is hit, swung into the living room.
        let leafHits = scan.frames.reduce(0) { $0 + $1.hitSurface.filter { $0 >= 0 && scan.surfaces[Int($0)].kind == .doorLeaf }.count }
        #expect(leafHits > 0)
    }

    @Test func windowGlassReturnsOnlyAFraction() throws {
        let plan = try PlanFixtures.load("plain_bedroom")
        let opts = testOptions()
        let sim = try ScanSimulator(plan: plan, options: opts)
        let scan = sim.simulate(preset: .clean, seed: 2)
        var firstGlass = 0, returned = 0
        for f in scan.frames {
            let pose = f.frame.cameraToWorld
            let ro = SIMD3<Float>(pose.translation - sim.caster.origin)
            for row in 0..<f.frame.height {
                for col in 0..<f.frame.width {
                    let d = pose.applyToDirection(opts.intrinsics.direction(column: col, row: row))
                    guard let h = sim.caster.closestHit(localOrigin: ro, direction: SIMD3<Float>(d), tMin: 1e-4, tMax: Float(5 / length(d))),
                          scan.surfaces[Int(sim.mesh.surfaceOfTriangle[Int(h.triangle)])].kind == .glass else { continue }
                    firstGlass += 1
                    let s = f.hitSurface[row * f.frame.width + col]
                    if s >= 0 && scan.surfaces[Int(s)].kind == .glass { returned += 1 }
                }
            }
        }
        let share = Double(returned) / Double(firstGlass)
        #expect(firstGlass > 2000 && abs(share - opts.glassReturnFraction) < 0.03, "glass returned \(share) of \(firstGlass)")
    }

    @Test func curvedWallPointsLieOnTheArc() throws {
        let plan = try PlanFixtures.load("curved_wall_room")
        let sim = try ScanSimulator(plan: plan, options: testOptions())
        let scan = sim.simulate(preset: .clean, seed: 4)
        let wall = try #require(plan.wall("arc"))
        guard case let .arc(c, r, _, _) = wall.centerLine else { Issue.record("not an arc"); return }
        var n = 0, worst = 0.0
        for f in scan.frames {
            f.frame.forEachPoint { pix, p in
                let s = scan.surfaces[Int(f.hitSurface[pix])]
                guard s.kind == .wallFace, s.ownerID == "arc" else { return }
                let rad = ((p.x - c.x) * (p.x - c.x) + (p.z - c.y) * (p.z - c.y)).squareRoot()
                let expected = s.side == .positive ? r - wall.thickness / 2 : r + wall.thickness / 2
                worst = max(worst, abs(rad - expected))
                n += 1
            }
        }
        #expect(n > 5000)
        #expect(worst < 0.001, "worst radial error \(worst)")
    }

    @Test func sameSeedSameBytesDifferentSeedDifferentBytes() throws {
        let plan = try PlanFixtures.load("small_bathroom")
        let sim = try ScanSimulator(plan: plan, options: testOptions())
        let a = sim.simulate(preset: .phone, seed: 42), b = sim.simulate(preset: .phone, seed: 42)
        let c = sim.simulate(preset: .phone, seed: 43)
        #expect(a == b)
        #expect(a.buildingCloud != c.buildingCloud)
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("plumbsim-det-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        try a.archive.write(to: tmp.appendingPathComponent("a"))
        try b.archive.write(to: tmp.appendingPathComponent("b"))
        for file in ["capture.json", "frames.bin"] {
            let da = try Data(contentsOf: tmp.appendingPathComponent("a/\(file)")), db = try Data(contentsOf: tmp.appendingPathComponent("b/\(file)"))
            #expect(da == db, "\(file) differs")
        }
        // Replay: the archive reads back to the same frames.
        let back = try CaptureArchive.read(from: tmp.appendingPathComponent("a"))
        #expect(back.frames == a.frames.map(\.frame))
        #expect(back.roomIDs == a.frames.map(\.roomID))
        // A truncated frames.bin is reported with the frame and byte offset.
        let bin = tmp.appendingPathComponent("a/frames.bin")
        let full = try Data(contentsOf: bin)
        try full.prefix(full.count - 10).write(to: bin)
        let lastOffset = 12 + (a.frames.count - 1) * 64 * 48 * 5
        #expect(throws: CaptureArchiveError.truncated(frame: a.frames.count - 1, byteOffset: lastOffset)) {
            try CaptureArchive.read(from: tmp.appendingPathComponent("a"))
        }
    }

    @Test func badOptionsAndHugeCapturesAreRejected() throws {
        let plan = try PlanFixtures.load("plain_bedroom")
        var o = ScanOptions()
        o.width = 0
        #expect(throws: ScanSimulatorError.badOption(name: "width", value: 0)) { try ScanSimulator(plan: plan, options: o) }
        o = ScanOptions()
        o.maxRange = .nan
        #expect(throws: ScanSimulatorError.self) { try ScanSimulator(plan: plan, options: o) }
        o = ScanOptions()
        o.width = 4096
        o.height = 4096
        o.stationSpacing = 0.05
        #expect(throws: ScanSimulatorError.self) { try ScanSimulator(plan: plan, options: o) }
        var bad = plan
        bad.walls[0].thickness = -1
        #expect(throws: ScanSimulatorError.invalidPlan(.badDimension(kind: "wall", id: bad.walls[0].id, field: "thickness", value: -1))) {
            try ScanSimulator(plan: bad, options: ScanOptions())
        }
        bad = plan
        bad.rooms[0].polygon[0].x = 1e9
        #expect(throws: FloorPlanError.self) { try bad.validate() }
    }

    @Test func everyBundledPlanSimulates() throws {
        var o = testOptions()
        o.width = 32
        o.height = 24
        o.intrinsics = CameraIntrinsics(fx: 212 * 32 / 256, fy: 212 * 32 / 256, cx: 16, cy: 12)
        for (file, plan) in try PlanFixtures.all() {
            let sim = try ScanSimulator(plan: plan, options: o)
            let scan = sim.simulate(preset: .phone, seed: 1)
            #expect(scan.roomClouds.count == plan.rooms.count, "\(file): rooms without frames")
            for rc in scan.roomClouds {
                #expect(rc.cloud.count > 500, "\(file) room \(rc.roomID): \(rc.cloud.count) points")
                // Points of a room's frames mostly lie within its storey's height band.
                let room = try #require(plan.room(rc.roomID))
                let floor = plan.floorElevation(of: room)
                let inBand = (0..<rc.cloud.count).filter { let y = rc.cloud.worldPoint($0).y; return y > floor - 0.2 && y < floor + 3.5 }.count
                #expect(Double(inBand) / Double(rc.cloud.count) > 0.95, "\(file) room \(rc.roomID)")
            }
        }
    }
}
