import Foundation
import Testing

/// The scans the tests share, made once for the whole target by the `plumb` binary itself (started by the
/// first test that asks, awaited by every test that needs them) in a folder under the build products
/// folder, replaced on every test run:
/// - a simulated capture of `Data/fixtures/tiny_closet.json` (an empty 1.55 x 1.35 m closet: 16 depth
///   frames, about 9 s of CPU in a debug build), the happy path of `simulate` and the input of `capture`;
/// - the room `plumb build` makes of `Data/fixtures/small_bathroom_sparse.ply` (every 40th point of the
///   simulated `small_bathroom` scan, 21,865 points with their sensor positions, see
///   `Scripts/thin_ply.py`: about 2 s), the happy path of `build` and the input of `export`, `report`
///   and `eval`.
enum Fixtures {
    /// The plan of the simulated capture.
    static let closetPlan = "Data/fixtures/tiny_closet.json"
    /// The scan that is built.
    static let bathroomScan = "Data/fixtures/small_bathroom_sparse.ply"
    /// The plan that scan was simulated from (the truth for `eval`).
    static let bathroomPlan = "Data/plans/small_bathroom.json"

    /// The fixtures' folder.
    static let folder: URL = {
        let dir = PlumbTool.binary.deletingLastPathComponent().appendingPathComponent("PlumbCLITests-fixtures")
        try? FileManager.default.removeItem(at: dir)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// `plumb simulate Data/fixtures/tiny_closet.json -o DIR --preset clean --seed 1`: the folder and the run.
    static let closet = Task<(folder: URL, run: PlumbTool.Run), any Error> {
        let capture = folder.appendingPathComponent("closet")
        let run = try await PlumbTool.run(["simulate", closetPlan, "-o", capture.path, "--preset", "clean", "--seed", "1"])
        guard run.status == 0 else { throw FixtureError(run: run) }
        return (capture, run)
    }

    /// `plumb build Data/fixtures/small_bathroom_sparse.ply -o MODEL --seed 1`: the model and the run.
    static let bathroom = Task<(model: URL, run: PlumbTool.Run), any Error> {
        let model = folder.appendingPathComponent("bathroom.json")
        let run = try await PlumbTool.run(["build", bathroomScan, "-o", model.path, "--seed", "1"])
        guard run.status == 0 else { throw FixtureError(run: run) }
        return (model, run)
    }

    /// A fixture run that failed.
    struct FixtureError: Error, CustomStringConvertible {
        var run: PlumbTool.Run
        var description: String { "fixture run failed: \(run)" }
    }
}

@Suite("plumb (the command-line tool)")
struct PlumbCommandTests {
    @Test func helpListsEverySubcommand() async throws {
        let r = try await PlumbTool.run(["--help"])
        r.expectSuccess()
        for sub in ["simulate", "build", "merge", "capture", "eval", "export", "report"] {
            #expect(r.stdout.contains(sub), "help does not list \(sub): \(r)")
        }
    }

    @Test func unknownSubcommandIsAUsageError() async throws {
        try await PlumbTool.run(["frobnicate"]).expectFailure(64, naming: ["frobnicate"])
    }
}

@Suite("plumb simulate")
struct SimulateCLITests {
    @Test func writesFramesCloudsAndRealism() async throws {
        let (dir, run) = try await Fixtures.closet.value
        let fm = FileManager.default
        for file in ["capture.json", "frames.bin", "building.ply", "realism.json", "clouds/closet.ply"] {
            #expect(fm.fileExists(atPath: dir.appendingPathComponent(file).path), "simulate wrote no \(file): \(run)")
        }
        _ = try PlumbTool.jsonObject(at: dir.appendingPathComponent("capture.json"))
        _ = try PlumbTool.jsonObject(at: dir.appendingPathComponent("realism.json"))
        for cloud in ["clouds/closet.ply", "building.ply"] {
            let head = try FileHandle(forReadingFrom: dir.appendingPathComponent(cloud)).read(upToCount: 4) ?? Data()
            #expect(head == Data("ply\n".utf8), "\(cloud) is not a PLY file")
        }
        #expect(run.stdout.contains("plan tiny_closet: 1 rooms"), "\(run)")
        #expect(run.stdout.contains("preset clean, realism none, seed 1"), "\(run)")
    }

    @Test func randomPlansOnly() async throws {
        let dir = try PlumbTool.scratch("random")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await PlumbTool.run(["simulate", "--random", "2", "--seed", "3", "--plans-only", "-o", dir.path])
        r.expectSuccess()
        let plans = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("plans").path)
            .filter { $0.hasSuffix(".json") }
        #expect(plans.count == 2, "\(plans)")
        for p in plans { _ = try PlumbTool.jsonObject(at: dir.appendingPathComponent("plans/\(p)")) }
        #expect(r.stdout.contains("generated 2"), "\(r)")
    }

    @Test func unknownPresetNamesTheValidOnes() async throws {
        try await PlumbTool.run(["simulate", Fixtures.closetPlan, "-o", "/tmp/unused", "--preset", "bogus"])
            .expectFailure(64, naming: ["bogus", "clean", "phone", "bad"])
    }

    @Test func unknownRealismNamesTheValidOnes() async throws {
        try await PlumbTool.run(["simulate", Fixtures.closetPlan, "-o", "/tmp/unused", "--realism", "sepia"])
            .expectFailure(64, naming: ["sepia", "tilt", "georef"])
    }

    @Test func needsExactlyOneOfPlanOrRandom() async throws {
        try await PlumbTool.run(["simulate", "-o", "/tmp/unused"]).expectFailure(64, naming: ["PLAN", "--random"])
        try await PlumbTool.run(["simulate", Fixtures.closetPlan, "--random", "2", "-o", "/tmp/unused"])
            .expectFailure(64, naming: ["PLAN", "--random"])
    }

    @Test func randomCountOutOfRange() async throws {
        try await PlumbTool.run(["simulate", "--random", "0", "-o", "/tmp/unused"]).expectFailure(64, naming: ["--random", "0"])
    }

    @Test func unknownRoomIsNamed() async throws {
        let dir = try PlumbTool.scratch("room")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await PlumbTool.run(["simulate", Fixtures.closetPlan, "-o", dir.path, "--room", "attic"])
        #expect(r.status != 0, "\(r)")
        #expect(r.stderr.contains("attic"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("building.ply").path))
    }

    @Test func missingPlanFileIsNamed() async throws {
        let r = try await PlumbTool.run(["simulate", "Data/plans/no_such_plan.json", "-o", "/tmp/unused"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("no_such_plan.json"), "\(r)")
    }
}

@Suite("plumb build")
struct BuildCLITests {
    @Test func buildsARoom() async throws {
        let (model, run) = try await Fixtures.bathroom.value
        let json = try PlumbTool.jsonObject(at: model)
        let walls = try #require(json["walls"] as? [Any], "no walls array in \(model.path)")
        #expect(walls.count == 4, "small_bathroom has 4 walls, the build found \(walls.count)")
        #expect((json["doors"] as? [Any])?.count == 1, "small_bathroom has 1 door")
        #expect((json["windows"] as? [Any])?.count == 1, "small_bathroom has 1 window")
        // The summary: what was found, then where it went.
        #expect(run.stdout.contains("room from 21865 points"), "\(run)")
        #expect(run.stdout.contains("walls: 4"), "\(run)")
        #expect(run.stdout.contains("wrote \(model.path)"), "\(run)")
    }

    @Test func roomToStandardOutput() async throws {
        let (model, _) = try await Fixtures.bathroom.value
        let r = try await PlumbTool.run(["build", Fixtures.bathroomScan, "-o", "-", "--seed", "1"])
        r.expectSuccess()
        // The data is the same bytes as the file (same scan, same seed); the summary went to standard error.
        #expect(Data(r.stdout.utf8) == (try Data(contentsOf: model)))
        #expect(!r.stderr.isEmpty)
    }

    @Test func missingFileIsNamed() async throws {
        let r = try await PlumbTool.run(["build", "Data/no_such_scan.ply", "-o", "/tmp/unused.json"])
        r.expectFailure(1, naming: ["Data/no_such_scan.ply"])
    }

    @Test func fileThatIsNoCloud() async throws {
        let dir = try PlumbTool.scratch("notcloud")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.ply")
        try Data("these are not points\n".utf8).write(to: file)
        let out = dir.appendingPathComponent("room.json")
        try await PlumbTool.run(["build", file.path, "-o", out.path]).expectFailure(1, naming: ["header"])
        #expect(!FileManager.default.fileExists(atPath: out.path), "a failed build wrote its output")
    }

    @Test func unknownExtensionListsTheFormats() async throws {
        let dir = try PlumbTool.scratch("unknownext")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scan.dwg")
        try Data("AC1032 not a point cloud".utf8).write(to: file)
        try await PlumbTool.run(["build", file.path]).expectFailure(1, naming: ["unrecognised point-cloud format", "ply", "pcd", "xyz"])
    }

    @Test func tooFewPoints() async throws {
        // A valid cloud (the 8-vertex cube of the PLY fixtures) that is not a room.
        try await PlumbTool.run(["build", "Data/fixtures/cube_faces_crlf.ply"]).expectFailure(1, naming: ["1000", "8"])
    }

    /// Four walls of a 3 x 3 m room, 2.5 m high, and no floor or ceiling, read y-up: the refusal names the file
    /// and what to try, and nothing is written.
    @Test func noFloorNamesTheFileAndWhatToTry() async throws {
        let dir = try PlumbTool.scratch("nofloor")
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = ""
        for k in 0..<8_000 {
            let u = 3.0 * Double((k * 7_919) % 1_000) / 1_000, h = 2.5 * Double((k * 104_729) % 997) / 997
            switch k % 4 {
            case 0: text += "\(u) \(h) 0\n"
            case 1: text += "\(u) \(h) 3\n"
            case 2: text += "0 \(h) \(u)\n"
            default: text += "3 \(h) \(u)\n"
            }
        }
        let file = dir.appendingPathComponent("walls.xyz")
        try Data(text.utf8).write(to: file)
        let out = dir.appendingPathComponent("room.json")
        try await PlumbTool.run(["build", file.path, "--up", "y", "-o", out.path])
            .expectFailure(1, naming: [file.path, "no floor or ceiling", "given as y", "--up z"])
        #expect(!FileManager.default.fileExists(atPath: out.path), "a refused build wrote its output")
    }

    /// A `--structure` build with scans that cannot be built names every one of them (not only the first),
    /// and writes nothing; with `--skip-refused` it writes the rooms that built and records the others.
    @Test func refusedScansOfAStructureAreNamed() async throws {
        let dir = try PlumbTool.scratch("structrefused")
        defer { try? FileManager.default.removeItem(at: dir) }
        let few = dir.appendingPathComponent("few.xyz")
        try Data("0 0 0\n1 0 0\n0 1 0\n".utf8).write(to: few)
        let missing = dir.appendingPathComponent("missing.ply").path
        let out = dir.appendingPathComponent("structure.json")
        let scans = [Fixtures.bathroomScan, few.path, missing]
        try await PlumbTool.run(["build", "--structure"] + scans + ["-o", out.path])
            .expectFailure(1, naming: ["2 of 3 scans refused", few.path, "at least 1000 points", missing, "--skip-refused"])
        #expect(!FileManager.default.fileExists(atPath: out.path), "a refused structure build wrote its output")

        let r = try await PlumbTool.run(["build", "--structure", "--skip-refused"] + scans + ["-o", out.path])
        r.expectSuccess()
        #expect(r.stderr.contains(few.path) && r.stderr.contains(missing), "\(r)")
        let json = try PlumbTool.jsonObject(at: out)
        #expect((json["rooms"] as? [Any])?.count == 1, "\(json.keys)")
        let left = json["plumblineRefusedScans"] as? [[String: Any]] ?? []
        #expect(left.compactMap { $0["scan"] as? String } == ["few.xyz", "missing.ply"], "\(left)")

        // Nothing built: refused with or without the flag.
        try await PlumbTool.run(["build", "--structure", "--skip-refused", few.path, missing, "-o", out.path])
            .expectFailure(1, naming: ["2 of 2 scans refused"])
    }

    @Test func severalScansNeedStructure() async throws {
        try await PlumbTool.run(["build", "a.ply", "b.ply"]).expectFailure(64, naming: ["--structure", "--fuse", "--register"])
    }

    /// Fusing setups needs two of them, and is not a structure build.
    @Test func fusingNeedsTwoSetupsAndNoStructure() async throws {
        try await PlumbTool.run(["build", "a.ply", "--fuse"]).expectFailure(64, naming: ["at least two setups"])
        try await PlumbTool.run(["build", "a.ply", "--register"]).expectFailure(64, naming: ["at least two setups"])
        try await PlumbTool.run(["build", "a.ply", "b.ply", "--register", "--structure"]).expectFailure(64, naming: ["pick one"])
    }

    @Test func noScanIsAUsageError() async throws {
        try await PlumbTool.run(["build"]).expectFailure(64, naming: ["scan"])
    }

    @Test func reportGoesToAFile() async throws {
        try await PlumbTool.run(["build", "a.ply", "--report", "-"]).expectFailure(64, naming: ["--report", "standard output"])
        try await PlumbTool.run(["build", "a.ply", "b.ply", "--structure", "--report", "r.html"])
            .expectFailure(64, naming: ["--report", "plumb report"])
    }

    @Test func unknownUpAxis() async throws {
        try await PlumbTool.run(["build", "a.ply", "--up", "x"]).expectFailure(64, naming: ["--up", "'x'", "automatic"])
    }
}

@Suite("plumb export")
struct ExportCLITests {
    @Test func writesEveryFormat() async throws {
        let (model, _) = try await Fixtures.bathroom.value
        let dir = try PlumbTool.scratch("export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let f = { (name: String) in dir.appendingPathComponent(name) }
        let r = try await PlumbTool.run([
            "export", model.path, "--usdz", f("room.usdz").path, "--options", "parametric",
            "--metadata", f("prims.json").path, "--svg", f("plan.svg").path, "--ifc", f("room.ifc").path,
            "--measurements", f("m.csv").path,
        ])
        r.expectSuccess()
        let usdz = try Data(contentsOf: f("room.usdz"))
        #expect(usdz.prefix(2) == Data("PK".utf8), "the USDZ is no zip archive")
        _ = try PlumbTool.jsonObject(at: f("prims.json"))
        let svg = try String(contentsOf: f("plan.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        let ifc = try String(contentsOf: f("room.ifc"), encoding: .utf8)
        #expect(ifc.hasPrefix("ISO-10303-21;"), "\(ifc.prefix(80))")
        #expect(ifc.contains("IFCWALL"))
        let csv = try String(contentsOf: f("m.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count > 1)
        for name in ["room.usdz", "prims.json", "plan.svg", "room.ifc", "m.csv"] {
            #expect(r.stdout.contains("wrote \(f(name).path)"), "\(r)")
        }
    }

    @Test func measurementsAsJSONToStandardOutput() async throws {
        let (model, _) = try await Fixtures.bathroom.value
        let dir = try PlumbTool.scratch("exportjson")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("m.json")
        try await PlumbTool.run(["export", model.path, "--measurements", json.path]).expectSuccess()
        _ = try PlumbTool.jsonObject(at: json)
        let r = try await PlumbTool.run(["export", model.path, "--ifc", "-"])
        r.expectSuccess()
        #expect(r.stdout.hasPrefix("ISO-10303-21;"))
    }

    @Test func unknownUSDOptionNamesTheValidOnes() async throws {
        try await PlumbTool.run(["export", "m.json", "--usdz", "a.usdz", "--options", "nurbs"])
            .expectFailure(64, naming: ["nurbs", "mesh", "parametric", "model"])
    }

    @Test func fileFormatsCannotGoToStandardOutput() async throws {
        try await PlumbTool.run(["export", "m.json", "--svg", "-"]).expectFailure(64, naming: ["--svg", "--ifc"])
        try await PlumbTool.run(["export", "m.json", "--ifc", "-", "--measurements", "-"])
            .expectFailure(64, naming: ["--ifc", "--measurements"])
    }

    @Test func missingModelIsNamed() async throws {
        try await PlumbTool.run(["export", "Data/no_such_model.json", "--ifc", "/tmp/unused.ifc"])
            .expectFailure(1, naming: ["no_such_model.json"])
    }

    @Test func planIsNoModel() async throws {
        // A floor plan is JSON, but not RoomPlan JSON: the error says what is missing, and nothing is written.
        let dir = try PlumbTool.scratch("exportplan")
        defer { try? FileManager.default.removeItem(at: dir) }
        let ifc = dir.appendingPathComponent("a.ifc")
        let r = try await PlumbTool.run(["export", Fixtures.closetPlan, "--ifc", ifc.path])
        #expect(r.status == 1, "\(r)")
        #expect(!r.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: ifc.path))
    }
}

@Suite("plumb merge")
struct MergeCLITests {
    /// The two real RoomPlan rooms shipped in `Data/roomplan` (one capture session, one frame).
    static let rooms = ["Data/roomplan/Hallway2.capturedRoom.json", "Data/roomplan/Livingroom.capturedRoom.json"]

    @Test func mergesTwoRealRooms() async throws {
        let dir = try PlumbTool.scratch("merge")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("structure.json")
        let r = try await PlumbTool.run(["merge"] + Self.rooms + ["-o", out.path])
        r.expectSuccess()
        let json = try PlumbTool.jsonObject(at: out)
        #expect((json["rooms"] as? [Any])?.count == 2, "\(json.keys)")
        #expect(r.stdout.contains("Hallway2"), "\(r)")
    }

    @Test func sameRoomTwiceIsRefused() async throws {
        let dir = try PlumbTool.scratch("mergetwice")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("structure.json")
        let r = try await PlumbTool.run(["merge", Self.rooms[0], Self.rooms[0], "-o", out.path])
        r.expectFailure(1, naming: ["identifier"])
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func inputThatIsNoRoomIsNamed() async throws {
        try await PlumbTool.run(["merge", Self.rooms[0], Fixtures.closetPlan]).expectFailure(1, naming: [Fixtures.closetPlan])
    }

    @Test func noRoomIsAUsageError() async throws {
        try await PlumbTool.run(["merge"]).expectFailure(64, naming: ["room"])
    }
}

@Suite("plumb eval")
struct EvalCLITests {
    @Test func scoresABuildAgainstItsPlan() async throws {
        let (model, _) = try await Fixtures.bathroom.value
        let r = try await PlumbTool.run(["eval", "--truth", Fixtures.bathroomPlan, "--model", model.path, "--format", "json"])
        r.expectSuccess()
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r)")
        #expect(!report.isEmpty)
    }

    @Test func randomWithTinyN() async throws {
        let dir = try PlumbTool.scratch("evalrandom")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("random.json")
        let r = try await PlumbTool.run(["eval", "--random", "1", "--seed", "17", "--preset", "clean", "--json", json.path])
        r.expectSuccess()
        #expect(r.stdout.contains("Random single-room plans: 1 (generator seed 17), preset clean"), "\(r)")
        #expect(r.stdout.contains("floor IoU"), "\(r)")
        _ = try PlumbTool.jsonObject(at: json)
    }

    @Test func randomCountOutOfRange() async throws {
        try await PlumbTool.run(["eval", "--random", "0"]).expectFailure(64, naming: ["--random", "0"])
    }

    @Test func onlyIndexOutOfRange() async throws {
        try await PlumbTool.run(["eval", "--random", "2", "--only", "7"]).expectFailure(64, naming: ["--only", "7"])
    }

    @Test func unknownPreset() async throws {
        try await PlumbTool.run(["eval", "--random", "1", "--preset", "foggy"]).expectFailure(64, naming: ["foggy", "phone"])
    }

    @Test func needsTruthAndModel() async throws {
        try await PlumbTool.run(["eval"]).expectFailure(64, naming: ["--truth"])
        try await PlumbTool.run(["eval", "--truth", Fixtures.bathroomPlan]).expectFailure(64, naming: ["--model"])
        try await PlumbTool.run(["eval", "--truth-real", "x.truth.json"]).expectFailure(64, naming: ["--model"])
    }

    @Test func saveModelsWithRandomNeedsOnly() async throws {
        try await PlumbTool.run(["eval", "--random", "1", "--save-models", "/tmp/unused"]).expectFailure(64, naming: ["--only"])
    }
}

@Suite("plumb report")
struct ReportCLITests {
    @Test func writesASelfContainedPage() async throws {
        let (model, _) = try await Fixtures.bathroom.value
        let dir = try PlumbTool.scratch("report")
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("report.html")
        let r = try await PlumbTool.run(["report", Fixtures.bathroomScan, model.path, "-o", html.path, "--max-points", "2000"])
        r.expectSuccess()
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.lowercased().hasPrefix("<!doctype html"), "\(page.prefix(80))")
        #expect(page.contains("<svg"))
        #expect(r.stdout.contains("wrote \(html.path)"), "\(r)")
    }

    /// The real-scan case (skipped without `../shared/data`): `plumb build` then `plumb report` on PCL's
    /// laser scan `room_scan1.pcd` give a page under 10 MB with the plan, the scan's density image and one
    /// overlay footprint per wall; its three real walls are backed by the points (support 0.85-0.98 measured
    /// on 3be6584; the fourth, the invented wall of the known issue, 0.23).
    @Test func reportsARealLaserScan() async throws {
        let scan = PlumbTool.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/pcl-room/room_scan1.pcd")
        guard FileManager.default.fileExists(atPath: scan.path) else {
            print("note: ../shared/data/pcl-room absent: the real-scan report test is skipped")
            return
        }
        let dir = try PlumbTool.scratch("report-real")
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("room.json"), html = dir.appendingPathComponent("report.html")
        try await PlumbTool.run(["build", scan.path, "-o", model.path]).expectSuccess()
        try await PlumbTool.run(["report", scan.path, model.path, "-o", html.path]).expectSuccess()
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.utf8.count < 10_000_000)
        #expect(page.contains("<svg") && page.contains("data:image/png;base64,"))
        let walls = page.components(separatedBy: "class=\"r-wall\"").dropFirst()
        let support = walls.compactMap { w -> Double? in
            guard let r = w.range(of: "data-support=\"") else { return nil }
            return Double(w[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(walls.count >= 4 && support.count == walls.count, "\(support)")
        #expect(support.filter { $0 >= 0.8 }.count >= 3, "\(support)")
    }

    @Test func negativeMaxPoints() async throws {
        try await PlumbTool.run(["report", "a.ply", "m.json", "-o", "r.html", "--max-points", "-1"])
            .expectFailure(64, naming: ["--max-points"])
    }

    @Test func missingScanIsNamed() async throws {
        let (model, _) = try await Fixtures.bathroom.value
        try await PlumbTool.run(["report", "Data/no_such_scan.ply", model.path, "-o", "/tmp/unused.html"])
            .expectFailure(1, naming: ["no_such_scan.ply"])
    }
}

@Suite("plumb capture")
struct CaptureCLITests {
    @Test func replaysTheSimulatedFrames() async throws {
        let (capture, _) = try await Fixtures.closet.value
        let dir = try PlumbTool.scratch("capture")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("room.json")
        let r = try await PlumbTool.run(["capture", capture.path, "-o", out.path, "--no-live", "--quiet"])
        r.expectSuccess()
        let json = try PlumbTool.jsonObject(at: out)
        #expect(((json["walls"] as? [Any])?.count ?? 0) >= 3, "\(r)")
        #expect(r.stdout.contains("room closet: 4 walls"), "\(r)")
    }

    @Test func folderWithoutFramesIsNamed() async throws {
        let dir = try PlumbTool.scratch("captureempty")
        defer { try? FileManager.default.removeItem(at: dir) }
        try await PlumbTool.run(["capture", dir.path, "-o", dir.appendingPathComponent("room.json").path])
            .expectFailure(1, naming: ["capture.json"])
    }

    @Test func settingsOutOfRange() async throws {
        // Refused before the frames are read: the flag, the setting and its value are named.
        try await PlumbTool.run(["capture", "no/such/folder", "-o", "/tmp/unused.json", "--voxel", "0"])
            .expectFailure(64, naming: ["--voxel", "voxelSize", "0.0", "out of range"])
        try await PlumbTool.run(["capture", "no/such/folder", "-o", "/tmp/unused.json", "--live-interval=-1"])
            .expectFailure(64, naming: ["--live-interval", "-1.0"])
    }
}
