import Foundation
import Testing
@testable import PlumbExport
@testable import PlumbKernel
import Plumbline
#if canImport(Glibc)
import Glibc
#endif

/// Runs `mount` or `umount` quietly (``Renderers/run(_:_:)``); whether it succeeded.
private func mountTool(_ tool: String, _ args: [String]) -> Bool { (try? Renderers.run(tool, args)) == 0 }

/// A 1 MiB tmpfs mounted at a fresh folder (root in a container that allows it), or `nil`.
private func smallTmpfs(_ tag: String) throws -> String? {
    guard getuid() == 0 else { return nil }
    let dir = try ExportFixtures.temporaryDirectory("atomic-\(tag)").path
    guard mountTool("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir]) else {
        try? FileManager.default.removeItem(atPath: dir)
        return nil
    }
    return dir
}

private let canMount: Bool = {
    guard let d = try? smallTmpfs("probe") else { return false }
    _ = mountTool("umount", [d])
    try? FileManager.default.removeItem(atPath: d)
    return true
}()

/// Issue 23: a command's several output files are replaced together or not at all.
@Suite("Export: several files replaced all together or not at all")
struct ExportAtomicityTests {
    static func twoStoreys() throws -> ExportModel {
        let (_, s) = try #require(try ExportFixtures.truthStructures().first { $0.0 == "two_storey_house" })
        let m = try ExportModel(structure: s)
        #expect(m.stories.count == 2)
        return m
    }

    static func names(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    /// On main bac13bf `FloorPlanSVG.write` replaced each storey's file in turn: with room on the disk for
    /// the first storey's plan only, `plan-story0.svg` was new and `plan-story1.svg` old (a mixed set).
    @Test("a disk that fills at the second storey's plan (1 MiB tmpfs) leaves both previous plans intact",
          .enabled(if: canMount, "needs root and mount(8)"))
    func fullDiskBetweenStoreys() throws {
        let m = try Self.twoStoreys()
        let dir = try #require(try smallTmpfs("storeys"))
        defer {
            _ = mountTool("umount", [dir])
            try? FileManager.default.removeItem(atPath: dir)
        }
        let url = URL(fileURLWithPath: dir + "/plan.svg")
        let stories = m.stories
        let files = stories.map { dir + "/plan-story\($0).svg" }
        for f in files { try SafeFile.write(Data("old plan".utf8), to: URL(fileURLWithPath: f)) }
        let page = 4096
        let pages = stories.map { (FloorPlanSVG.render(m, story: $0).utf8.count + page - 1) / page }
        try #require(pages[1] >= 2)
        // Leave room for the first plan and all but two pages of the second: the old one-by-one path
        // replaced the first (freeing its old page) and then failed on the second, as this path must.
        var st = statvfs()
        #expect(statvfs(dir, &st) == 0)
        let free = Int(st.f_bavail) * Int(st.f_bsize) / page
        let keep = pages[0] + pages[1] - 2
        try Data(count: (free - keep) * page).write(to: URL(fileURLWithPath: dir + "/filler"))
        let e = #expect(throws: ExportError.self) { try FloorPlanSVG.write(m, to: url) }
        if case .fileError(let path, _)? = e { #expect(path == files[1]) } else { Issue.record("\(String(describing: e))") }
        for f in files { #expect(FileManager.default.contents(atPath: f) == Data("old plan".utf8), "\(f)") }
        #expect(Self.names(dir) == ["filler", "plan-story0.svg", "plan-story1.svg"])
    }

    @Test("a failure at the last file of an export (injected) replaces none of the usdz, metadata, plans and IFC")
    func injectedFailureAtTheLastFile() throws {
        let m = try Self.twoStoreys()
        let dir = try ExportFixtures.temporaryDirectory("atomic-inject").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let targets = ["model.usdz", "meta.json", "plan-story0.svg", "plan-story1.svg", "model.ifc"].map { dir + "/" + $0 }
        for t in targets { try SafeFile.write(Data("old".utf8), to: URL(fileURLWithPath: t)) }
        // write(2) refuses once the IFC file's temporary is being written.
        let failAtIFC: SafeFile.WriteCall = { fd, p, n in
            var path = [CChar](repeating: 0, count: 4096)
            let k = readlink("/proc/self/fd/\(fd)", &path, path.count - 1)
            if k > 0, String(decoding: path[0..<k].map { UInt8(bitPattern: $0) }, as: UTF8.self).contains("model.ifc") {
                errno = ENOSPC
                return -1
            }
            return SafeFile.systemWrite(fd, p, n)
        }
        let batch = SafeFileBatch(using: failAtIFC)
        try USDZExporter.export(m, to: URL(fileURLWithPath: targets[0]), metadataURL: URL(fileURLWithPath: targets[1]), batch: batch)
        try FloorPlanSVG.write(m, to: URL(fileURLWithPath: dir + "/plan.svg"), batch: batch)
        #expect(throws: ExportError.self) { try IFCExporter.write(m, to: URL(fileURLWithPath: targets[4]), batch: batch) }
        try batch.commit()
        for t in targets { #expect(FileManager.default.contents(atPath: t) == Data("old".utf8), "\(t)") }
        #expect(Self.names(dir) == targets.map { ($0 as NSString).lastPathComponent }.sorted())
        // Without the failure every file is replaced at commit.
        let ok = SafeFileBatch()
        try USDZExporter.export(m, to: URL(fileURLWithPath: targets[0]), metadataURL: URL(fileURLWithPath: targets[1]), batch: ok)
        try FloorPlanSVG.write(m, to: URL(fileURLWithPath: dir + "/plan.svg"), batch: ok)
        try IFCExporter.write(m, to: URL(fileURLWithPath: targets[4]), batch: ok)
        for t in targets { #expect(FileManager.default.contents(atPath: t) == Data("old".utf8)) }
        try ok.commit()
        for t in targets { #expect(FileManager.default.contents(atPath: t) != Data("old".utf8), "\(t)") }
        #expect(Self.names(dir) == targets.map { ($0 as NSString).lastPathComponent }.sorted())
    }

    /// On main bac13bf the storeys' plans were written one by one, so a later storey's file that was a
    /// symbolic link or a named pipe was refused only after the earlier plans had been replaced; likewise
    /// the USDZ was replaced before a refused metadata target.
    @Test("a later storey's plan that is a symbolic link or a named pipe, or a metadata target that is a device, replaces nothing")
    func nonRegularLaterTargetReplacesNothing() throws {
        let m = try Self.twoStoreys()
        let dir = try ExportFixtures.temporaryDirectory("atomic-nonregular").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = dir + "/plan-story\(m.stories[0]).svg", second = dir + "/plan-story\(m.stories[1]).svg"
        try SafeFile.write(Data("old plan".utf8), to: URL(fileURLWithPath: first))
        try SafeFile.write(Data("victim".utf8), to: URL(fileURLWithPath: dir + "/victim"))
        for kind in ["a symbolic link", "a named pipe"] {
            if kind == "a symbolic link" { #expect(symlink(dir + "/victim", second) == 0) } else { #expect(mkfifo(second, 0o644) == 0) }
            let e = #expect(throws: ExportError.self) { try FloorPlanSVG.write(m, to: URL(fileURLWithPath: dir + "/plan.svg")) }
            #expect(e == .fileError(path: second, detail: "cannot write: " + SafeFileError.notARegularFile(path: second, kind: kind).reason))
            #expect(FileManager.default.contents(atPath: first) == Data("old plan".utf8), "\(kind)")
            var st = stat()
            #expect(lstat(second, &st) == 0 && SafeFile.kindName(st.st_mode) == kind)
            #expect(Self.names(dir) == ["plan-story\(m.stories[0]).svg", "plan-story\(m.stories[1]).svg", "victim"])
            unlink(second)
        }
        #expect(FileManager.default.contents(atPath: dir + "/victim") == Data("victim".utf8))
        let usdz = dir + "/model.usdz"
        try SafeFile.write(Data("old usdz".utf8), to: URL(fileURLWithPath: usdz))
        #expect(throws: ExportError.self) {
            try USDZExporter.export(m, to: URL(fileURLWithPath: usdz), metadataURL: URL(fileURLWithPath: "/dev/null"))
        }
        #expect(FileManager.default.contents(atPath: usdz) == Data("old usdz".utf8))
    }
}
