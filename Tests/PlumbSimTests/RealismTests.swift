import Foundation
import PlumbIO
import PlumbKernel
import Plumbline
import Testing
import PlumbSim

/// Realism presets of the simulator, each checked against the `none` capture with the same noise seed.
@Suite("Scan realism presets")
struct RealismTests {
    static func simulator(_ name: String) throws -> ScanSimulator {
        try ScanSimulator(plan: PlanFixtures.load(name), options: testOptions())
    }

    static func scan(_ sim: ScanSimulator, _ r: RealismPreset, preset: ScanPreset = .clean, seed: UInt64 = 1,
                     rooms: Set<String>? = nil) -> SimulatedScan {
        sim.simulate(preset: preset, seed: seed, realism: ScanRealism(preset: r, seed: seed), rooms: rooms)
    }

    /// FNV-1a over the building cloud's origin, coordinates and frame indices.
    static func fingerprint(_ c: PointCloud) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3 }
        for v in [c.origin.x, c.origin.y, c.origin.z] { mix(v.bitPattern) }
        for i in 0..<c.count { mix(UInt64(c.x[i].bitPattern) | UInt64(c.y[i].bitPattern) << 32); mix(UInt64(c.z[i].bitPattern)) }
        for f in c.frameIndex ?? [] { mix(UInt64(f)) }
        return h
    }

    @Test("none: the clouds are exactly the frames' points merged as before; sensors are the cameras")
    func noneUnchanged() throws {
        let sim = try Self.simulator("plain_bedroom")
        let scan = sim.simulate(preset: .phone, seed: 1)
        let explicit = Self.scan(sim, .none, preset: .phone, seed: 1)
        let sameAsExplicit = scan.buildingCloud == explicit.buildingCloud && scan.roomClouds == explicit.roomClouds
            && scan.frames == explicit.frames
        #expect(sameAsExplicit)
        #expect(scan.outputTransform == .identity && scan.upAxis == .y && scan.partialWalls.isEmpty)
        // The merge of earlier versions, written out: world points minus a zero origin, frame by frame.
        var x: [Float] = [], y: [Float] = [], z: [Float] = [], f: [UInt32] = []
        for (k, fr) in scan.frames.enumerated() {
            fr.frame.forEachPoint { _, p in
                let l = SIMD3<Float>(p - scan.buildingCloud.origin)
                x.append(l.x); y.append(l.y); z.append(l.z); f.append(UInt32(k))
            }
        }
        #expect(scan.buildingCloud.origin == .zero)
        #expect(scan.buildingCloud.x == x && scan.buildingCloud.y == y && scan.buildingCloud.z == z)
        #expect(scan.buildingCloud.frameIndex == f)
        // Pinned output of this capture (same value before the realism work; the CLI's files for
        // Data/plans/*.json were also compared byte for byte).
        #expect(Self.fingerprint(scan.buildingCloud) == 5_599_492_276_719_315_898)
        let cams = scan.frames.map(\.frame.cameraToWorld.translation)
        #expect(scan.buildingCloud.sensorOrigins == cams)
        #expect(scan.roomClouds.allSatisfy { $0.cloud.sensorOrigins == cams })
        #expect(cams == CapturePath.poses(for: sim.plan.rooms[0], in: sim.plan, options: sim.options).map(\.translation))
    }

    @Test("tilt: the floor's fitted normal is tilted by the drawn angle (±0.05°)")
    func tilt() throws {
        let sim = try Self.simulator("plain_bedroom")
        let none = Self.scan(sim, .none).buildingCloud
        for seed: UInt64 in [1, 2] {
            let scan = Self.scan(sim, .tilt, seed: seed)
            let r = scan.realism
            #expect(r.tiltDegrees > 0 && r.tiltDegrees <= 2)
            let base = seed == 1 ? none : Self.scan(sim, .none, seed: seed).buildingCloud
            let floor = (0..<base.count).filter { abs(base.worldPoint($0).y) < 0.005 }
            #expect(floor.count > 1000)
            let n = try PlaneFit.fit(scan.buildingCloud, indices: floor).model.normal
            let angle = acos(min(1, abs(n.y))) * 180 / .pi
            #expect(abs(angle - r.tiltDegrees) < 0.05, "fitted \(angle)° drawn \(r.tiltDegrees)°")
        }
    }

    @Test("strays: ~0.1 % of the points lie 60-600 m from their sensor, the rest within the room")
    func strays() throws {
        let sim = try Self.simulator("plain_bedroom")
        let scan = Self.scan(sim, .strays, preset: .phone)
        let cloud = scan.roomClouds[0].cloud
        let c = sim.plan.rooms[0].centroid
        let centre = SIMD3(c.x, 1.3, c.y)
        var far = 0
        var maxFromSensor = 0.0
        for i in 0..<cloud.count {
            let p = cloud.worldPoint(i)
            guard length(p - centre) > 50 else { continue }
            far += 1
            let d = length(p - cloud.sensorPosition(ofPoint: i)!)
            maxFromSensor = max(maxFromSensor, d)
            #expect(d >= 60 - 1e-3)
        }
        let share = Double(far) / Double(cloud.count)
        #expect(share > 0.0007 && share < 0.0013, "stray share \(share) of \(cloud.count)")
        #expect(maxFromSensor <= 600 + 1e-3 && maxFromSensor > 300)
        #expect(cloud.count == Self.scan(sim, .none, preset: .phone).roomClouds[0].cloud.count)
    }

    @Test("drift: from the drawn frame on, points and sensors move by the drawn shift and turn")
    func drift() throws {
        let sim = try Self.simulator("plain_bedroom")
        let none = Self.scan(sim, .none).buildingCloud
        let scan = Self.scan(sim, .drift)
        let r = scan.realism
        let shift = length(r.driftShift)
        #expect(shift >= 0.01 && shift <= 0.03 && r.driftShift.y == 0 && abs(r.driftYawDegrees) <= 0.3)
        let k0 = Int(r.driftStartFraction * Double(scan.frames.count))
        let drifted = scan.frameTransforms.indices.filter { scan.frameTransforms[$0] != .identity }
        #expect(drifted == Array(k0..<scan.frames.count))
        // The first drifted camera is the pivot: its sensor moved by exactly the shift.
        let sensors = try #require(scan.buildingCloud.sensorOrigins)
        #expect(length(sensors[k0] - scan.frames[k0].frame.cameraToWorld.translation - r.driftShift) < 1e-12)
        #expect(sensors[k0 - 1] == scan.frames[k0 - 1].frame.cameraToWorld.translation)
        let out = scan.buildingCloud
        #expect(out.count == none.count && out.frameIndex == none.frameIndex)
        var worst = 0.0
        var meanOffset = SIMD3<Double>.zero
        var nDrifted = 0, movedEarly = 0
        for i in 0..<out.count {
            let k = Int(out.frameIndex![i])
            let expected = scan.frameTransforms[k].apply(none.worldPoint(i))
            worst = max(worst, length(out.worldPoint(i) - expected))
            if k >= k0 {
                meanOffset += out.worldPoint(i) - none.worldPoint(i)
                nDrifted += 1
            } else if out.worldPoint(i) != none.worldPoint(i) {
                movedEarly += 1
            }
        }
        #expect(worst < 2e-6 && movedEarly == 0 && nDrifted > 1000)
        // Points within ~5 m of the pivot: the turn adds at most 5 m × 0.3° = 2.6 cm to the shift.
        let mean = meanOffset / Double(nDrifted)
        #expect(length(mean - r.driftShift) < 5 * abs(r.driftYawDegrees) * .pi / 180 + 1e-3)
    }

    @Test("partial: the chosen walls have no returns below the threshold, and do above it")
    func partial() throws {
        let sim = try Self.simulator("plain_bedroom")
        let none = Self.scan(sim, .none).roomClouds[0].cloud
        let scan = Self.scan(sim, .partial)
        let cloud = scan.roomClouds[0].cloud
        #expect(!scan.partialWalls.isEmpty && scan.partialWalls.count <= 2)
        for pw in scan.partialWalls {
            let wall = try #require(sim.plan.walls.first { $0.id == pw.wallID })
            #expect(pw.minimumElevation >= 1.1 && pw.minimumElevation <= 1.3)
            let a = wall.centerLine.startPoint, b = wall.centerLine.endPoint
            let t = (b - a) / ((b - a) * (b - a)).sum().squareRoot()
            func onFace(_ p: SIMD3<Double>, below: Bool) -> Bool {
                let q = SIMD2(p.x, p.z) - a
                let u = (q * t).sum(), d = abs(q.x * t.y - q.y * t.x)
                guard u > 0.15 * wall.length, u < 0.85 * wall.length, abs(d - wall.thickness / 2) < 0.01 else { return false }
                return below ? (p.y > 0.1 && p.y < pw.minimumElevation - 0.01) : (p.y > pw.minimumElevation + 0.01 && p.y < 2.2)
            }
            let lowBefore = (0..<none.count).filter { onFace(none.worldPoint($0), below: true) }.count
            let lowAfter = (0..<cloud.count).filter { onFace(cloud.worldPoint($0), below: true) }.count
            let highAfter = (0..<cloud.count).filter { onFace(cloud.worldPoint($0), below: false) }.count
            #expect(lowBefore > 200, "wall \(pw.wallID) had \(lowBefore) low returns")
            #expect(lowAfter == 0, "wall \(pw.wallID) keeps \(lowAfter) returns below \(pw.minimumElevation) m")
            #expect(highAfter > 100)
        }
        #expect(cloud.count < none.count)
    }

    @Test("frame and georef: the inverse output transform gives back the none cloud; sensors move alike")
    func rigidFrames() throws {
        let sim = try Self.simulator("plain_bedroom")
        let none = Self.scan(sim, .none).buildingCloud
        for preset in [RealismPreset.frame, .georef] {
            let scan = Self.scan(sim, preset)
            let out = scan.buildingCloud
            let inv = scan.outputTransform.inverse
            #expect(out.count == none.count)
            var worst = 0.0
            for i in 0..<out.count { worst = max(worst, length(inv.apply(out.worldPoint(i)) - none.worldPoint(i))) }
            #expect(worst < 2e-5, "\(preset): worst \(worst) m")
            let sensors = try #require(out.sensorOrigins)
            for (k, f) in scan.frames.enumerated() {
                #expect(length(inv.apply(sensors[k]) - f.frame.cameraToWorld.translation) < 1e-9)
            }
            for rc in scan.roomClouds {
                let b = try #require(rc.cloud.localBounds)
                #expect(max(-b.min.min(), b.max.max()) < 100)
            }
            if preset == .georef {
                #expect(scan.upAxis == .z)
                #expect(out.origin.x > 4e5 && out.origin.y > 4e5)
                // Up is +z: the plan's +y maps to +z.
                #expect(abs(scan.outputTransform.applyToDirection(SIMD3(0, 1, 0)).z - 1) < 1e-12)
            } else {
                #expect(scan.upAxis == .y)
                #expect(length(scan.realism.frameShift) <= 50 && scan.realism.frameShift != .zero)
                #expect(abs(scan.outputTransform.applyToDirection(SIMD3(0, 1, 0)).y - 1) < 1e-12)
            }
        }
    }

    @Test("rooms: one room alone gives the same points as in the full capture; rays still see neighbours")
    func roomSubset() throws {
        let sim = try Self.simulator("apartment_3room")
        let full = Self.scan(sim, .none)
        let id = sim.plan.rooms[1].id
        let one = Self.scan(sim, .none, rooms: [id])
        #expect(one.roomClouds.map(\.roomID) == [id])
        let a = try #require(full.roomClouds.first { $0.roomID == id }).cloud
        let b = one.roomClouds[0].cloud
        #expect(a.x == b.x && a.y == b.y && a.z == b.z)
        #expect(one.frames.count < full.frames.count && one.frames.allSatisfy { $0.roomID == id })
        #expect((0..<b.count).allSatisfy { a.sensorPosition(ofPoint: $0) == b.sensorPosition(ofPoint: $0) })
        let room = sim.plan.rooms[1]
        let outside = (0..<b.count).filter { i in
            let p = b.worldPoint(i)
            return !Plan2D.contains(room.polygon, SIMD2(p.x, p.z)) && Plan2D.boundaryDistance(room.polygon, SIMD2(p.x, p.z)) > 0.5
        }.count
        #expect(outside > 100, "points seen through openings: \(outside)")
    }

    @Test("all and dense: combined presets are deterministic; dense frames have 4x the pixels")
    func allAndDense() throws {
        let sim = try Self.simulator("plain_bedroom")
        let all = Self.scan(sim, .all, preset: .phone, seed: 3)
        let again = Self.scan(sim, .all, preset: .phone, seed: 3)
        let deterministic = all == again
        #expect(deterministic)
        let r = all.realism
        #expect(r.tiltDegrees > 0 && r.strayFraction > 0 && r.hasDrift && r.partialWallsPerRoom > 0 && r.frameShift != .zero)
        #expect(!r.georeferenced && r.resolutionScale == 1)
        let none = Self.scan(sim, .none)
        let dense = Self.scan(sim, .dense)
        #expect(dense.frames[0].frame.width == 2 * none.frames[0].frame.width)
        #expect(dense.frames.count > none.frames.count)
        #expect(dense.buildingCloud.count > 4 * none.buildingCloud.count)
        #expect(dense.buildingCloud.sensorOrigins?.count == dense.frames.count)
    }

    @Test("PLY round trip keeps the simulated sensor origins exactly")
    func plyRoundTrip() throws {
        let sim = try Self.simulator("plain_bedroom")
        for preset in [RealismPreset.none, .georef] {
            let cloud = Self.scan(sim, preset).roomClouds[0].cloud
            for enc in [PointCloudEncoding.ascii, .binaryLittleEndian] {
                let bytes = try PointCloudWriter.encode(cloud, format: .ply, encoding: enc)
                let back = try PointCloudReader.read(bytes: bytes).cloud
                #expect(back.sensorOrigins == cloud.sensorOrigins)
                #expect(back.frameIndex == cloud.frameIndex && back.x == cloud.x && back.origin == cloud.origin)
            }
        }
    }
}
