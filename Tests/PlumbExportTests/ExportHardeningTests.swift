import Foundation
import PlumbKernel
import XCTest
@testable import PlumbExport
import Plumbline
#if canImport(Glibc)
import Glibc
#endif

/// Catalog links, names in USD/SVG/STEP text, zip entry names, the storey cap and safe output of the
/// exporters.
final class ExportHardeningTests: XCTestCase {
    static let cube = "#usda 1.0\n(\n    defaultPrim = \"Model\"\n)\n\ndef Cube \"Model\"\n{\n    double size = 0.5\n}\n"

    func testCatalogLinkOutOfTheFolderIsRefused() throws {
        let dir = try ExportFixtures.temporaryDirectory("catalog-link-out")
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("catalog"), secret = dir.appendingPathComponent("secret.usda")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data("root:x:0:0".utf8).write(to: secret)
        XCTAssertEqual(symlink(secret.path, catalog.appendingPathComponent("chair.usda").path), 0)
        XCTAssertThrowsError(try ModelProvider(catalog: catalog)) { error in
            guard case let ExportError.unsafeCatalogEntry(path, detail)? = error as? ExportError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(path, catalog.appendingPathComponent("chair.usda").path)
            XCTAssertTrue(detail.contains("outside the catalog"), detail)
        }
        // /etc/passwd, the issue's example, likewise.
        try FileManager.default.removeItem(at: catalog.appendingPathComponent("chair.usda"))
        XCTAssertEqual(symlink("/etc/passwd", catalog.appendingPathComponent("table.usda").path), 0)
        XCTAssertThrowsError(try ModelProvider(catalog: catalog))
    }

    func testCatalogLinkInsideTheFolderIsFollowedAndPipesAreRefused() throws {
        let dir = try ExportFixtures.temporaryDirectory("catalog-link-in")
        defer { try? FileManager.default.removeItem(at: dir) }
        let models = dir.appendingPathComponent("models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try Self.cube.write(to: models.appendingPathComponent("real-table.usda"), atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("models/real-table.usda", dir.appendingPathComponent("table.usda").path), 0)
        let provider = try ModelProvider(catalog: dir)
        XCTAssertEqual(provider.modelFileURLs.map(\.lastPathComponent), ["real-table.usda"])
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("bed.usda").path, 0o644), 0)
        XCTAssertThrowsError(try ModelProvider(catalog: dir)) { error in
            XCTAssertEqual(error as? ExportError, .unsafeCatalogEntry(path: dir.appendingPathComponent("bed.usda").path, detail: "not a regular file"))
        }
    }

    /// A model file name with `@`, a newline and a `#` cannot inject USD text or zip paths.
    func testModelFileNamesAreEscapedInUSDAndZip() throws {
        let dir = try ExportFixtures.temporaryDirectory("catalog-names")
        defer { try? FileManager.default.removeItem(at: dir) }
        let evil = dir.appendingPathComponent("ch@ir\n#usda injected@ ..\\x.usda")
        try Self.cube.write(to: evil, atomically: false, encoding: .utf8)
        var provider = ModelProvider()
        try provider.setModelFileURL(evil, for: .chair)
        let (_, structure) = try XCTUnwrap(try ExportFixtures.truthStructures().first { $0.0 == "two_storey_house" })
        let model = try ExportModel(structure: structure)
        let chairs = model.objects.filter { $0.category == .chair }.count
        XCTAssertGreaterThan(chairs, 0)
        let p = try USDZExporter.package(model, name: "house", modelProvider: provider, options: .model)
        let safe = "assets/Models/ch_ir__usda_injected__.._x.usda"
        XCTAssertEqual(try ZipReader(p.archive).entries.map(\.name).dropFirst(), [safe])
        let lines = p.rootLayer.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertFalse(lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#usda injected") })
        XCTAssertEqual(lines.filter { $0.contains("prepend references") }.count, chairs)
        XCTAssertEqual(lines.filter { $0.contains("prepend references = @./\(safe)@") }.count, chairs)
        XCTAssertEqual(p.rootLayer.components(separatedBy: "@").count - 1, 2 * chairs)
    }

    func testZipEntryNamesMustBeSafeRelativePaths() throws {
        for bad in ["../evil.usda", "a/../../b", "..\\evil.usda", "/etc/x", "a//b", "./a", "c:x", "a\nb", ""] {
            XCTAssertFalse(USDZArchive.isSafeEntryName(bad), bad)
            XCTAssertThrowsError(try USDZArchive.archive([("root.usda", Data("x".utf8)), (bad, Data("y".utf8))]), bad)
        }
        for good in ["root.usda", "assets/Models/chair+ChairType=dining.usda", "a/b/c..d.usda"] {
            XCTAssertTrue(USDZArchive.isSafeEntryName(good), good)
        }
        XCTAssertThrowsError(try USDZArchive.archive([("../x", Data())])) { error in
            XCTAssertEqual(error as? ExportError, .unsafeArchivePath(path: "../x"))
        }
    }

    func testTextEscapingInSVGAndSTEP() {
        XCTAssertEqual(Drawing.escape("Bed\u{1B}[2Jroom <1> & \"x\"\u{7}\tok"), "Bed[2Jroom &lt;1&gt; &amp; &quot;x&quot;\tok")
        XCTAssertEqual(STEPWriter.string("a'b\\c\nd\u{7F}"), "'a''b\\\\cd\\X2\\007F\\X0\\'")
        XCTAssertEqual(USDAText.string("a\"b\n@c"), "\"a\\\"b\\n@c\"")
    }

    /// 201 storey numbers would be 201 SVG files: refused before writing any.
    func testStoreyCount() throws {
        let dir = try ExportFixtures.temporaryDirectory("storeys")
        defer { try? FileManager.default.removeItem(at: dir) }
        var room = try XCTUnwrap(try ExportFixtures.bundledRoomPlan().first).1
        let wall = try XCTUnwrap(room.walls.first)
        room.walls = (0...FloorPlanSVG.maximumStoreys).map { k in
            var w = wall
            w.story = k
            w.identifier = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", k))!
            return w
        }
        // The walls were replaced: doors, windows and openings would name hosts that are gone (refused by
        // `CapturedRoom.validate()`).
        room.doors = []
        room.windows = []
        room.openings = []
        let model = try ExportModel(room: room)
        XCTAssertEqual(model.stories.count, 201)
        XCTAssertThrowsError(try FloorPlanSVG.write(model, to: dir.appendingPathComponent("plan.svg"))) { error in
            XCTAssertEqual(error as? ExportError, .tooManyStoreys(count: 201, limit: 200))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        room.walls.removeLast()
        XCTAssertEqual(try FloorPlanSVG.write(ExportModel(room: room), to: dir.appendingPathComponent("plan.svg")).count, 200)
    }

    /// Every exporter writes through SafeFile: a symbolic link or a device is refused, never replaced.
    func testExportersRefuseNonRegularTargets() throws {
        let dir = try ExportFixtures.temporaryDirectory("targets")
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try ExportModel(room: try XCTUnwrap(try ExportFixtures.bundledRoomPlan().first).1)
        let victim = dir.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        for name in ["m.ifc", "m.usdz", "m.svg", "m.csv"] {
            let link = dir.appendingPathComponent(name)
            XCTAssertEqual(symlink(victim.path, link.path), 0)
            let attempt: () throws -> Void = {
                switch name {
                case "m.ifc": try IFCExporter.write(model, to: link)
                case "m.usdz": try USDZExporter.export(model, to: link)
                case "m.svg": try FloorPlanSVG.write(model, to: link)
                default: try Measurements(model: model).write(to: link)
                }
            }
            XCTAssertThrowsError(try attempt(), name) { error in
                XCTAssertEqual(error as? ExportError, .fileError(
                    path: link.path, detail: "cannot write: " + SafeFileError.notARegularFile(path: link.path, kind: "a symbolic link").reason))
            }
        }
        XCTAssertEqual(FileManager.default.contents(atPath: victim.path), Data("keep".utf8))
        XCTAssertThrowsError(try IFCExporter.write(model, to: URL(fileURLWithPath: "/dev/full")))
    }
}
