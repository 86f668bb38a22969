import Foundation
import FuzzSupport
import PlumbExport
import Plumbline

// RoomPlan JSON (a CapturedStructure, else a CapturedRoom) -> validate() -> every exporter, in memory:
// USDZ (mesh and parametric), IFC, SVG per storey, measurements CSV and JSON. Decoding and validation
// errors are expected; any trap, ASan report, timeout or allocation over -rss_limit_mb is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count > 0 else { return 0 }
    let json = Data(bytes)
    let model: ExportModel
    do {
        if let structure = try? RoomPlanJSON.decode(CapturedStructure.self, from: json) {
            for room in structure.rooms { try room.validate() }
            model = try ExportModel(structure: structure)
        } else {
            let room = try RoomPlanJSON.decode(CapturedRoom.self, from: json)
            try room.validate()
            model = try ExportModel(room: room)
        }
    } catch {
        fuzzLog("model: \(error)")
        return 0
    }
    fuzzLog("model: \(model.walls.count) walls, \(model.rooms.count) rooms, storeys \(model.stories)")
    for options: USDExportOptions in [.mesh, .parametric] {
        _ = try? USDZExporter.package(model, name: "fuzz", options: options)
    }
    _ = IFCExporter.render(model, name: "fuzz")
    for story in model.stories.prefix(FloorPlanSVG.maximumStoreys) { _ = FloorPlanSVG.render(model, story: story) }
    let measurements = Measurements(model: model)
    _ = measurements.csv
    _ = try? measurements.json()
    return 0
}

runFuzzer(testOneInput)
