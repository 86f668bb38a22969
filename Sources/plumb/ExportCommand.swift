import ArgumentParser
import Foundation
import PlumbExport
import PlumbKernel
import Plumbline

/// `plumb export`: a RoomPlan JSON model (room or structure) out as USDZ, SVG floor plans, IFC4 and
/// measurements.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a CapturedRoom / CapturedStructure JSON as USDZ, SVG floor plan, IFC4 and measurements.",
        discussion: """
            MODEL.json is RoomPlan JSON (a CapturedStructure when it has "rooms", else a CapturedRoom). \
            --usdz writes RoomPlan's USD hierarchy (options parametric, mesh or model; --catalog DIR maps \
            objects to USD models: <category>.usda or <category>+Key=value.usda) and --metadata the prim \
            path -> identifier JSON. --svg writes one floor plan per storey (plan.svg, or plan-story<N>.svg \
            when there are several), turned so that the dominant wall direction is horizontal (the turn is \
            recorded in the SVG's data-rotation and the measurements' plan rows; the N arrow is the model's -z). --ifc writes IFC4 STEP. --measurements writes CSV, or JSON when the \
            name ends in .json. Walls without thickness (RoomPlan files) get \
            \(WallSolid.defaultThickness) m.
            """)

    /// USD export option names.
    enum Option: String, ExpressibleByArgument, CaseIterable { case mesh, parametric, model }

    @Argument(help: "RoomPlan JSON model (CapturedRoom or CapturedStructure).") var model: String
    @ArgumentParser.Option(help: "Write a USDZ package here.") var usdz: String?
    @ArgumentParser.Option(help: "USDZ content: mesh, parametric or model.") var options: Option = .mesh
    @ArgumentParser.Option(help: "Folder of USD models for --options model.") var catalog: String?
    @ArgumentParser.Option(help: "Write the USDZ metadata JSON (prim path -> identifier) here.") var metadata: String?
    @ArgumentParser.Option(help: "Write the floor plan SVG here (one file per storey).") var svg: String?
    @ArgumentParser.Option(help: "Write IFC4 (STEP) here (- for standard output).") var ifc: String?
    @ArgumentParser.Option(help: "Write measurements here (.csv or .json; - for CSV on standard output).") var measurements: String?

    /// Checks which outputs may be standard output (no file is read).
    func validate() throws {
        let dash = SafeFile.standardOutputPath
        if [usdz, metadata, svg].contains(dash) {
            throw ValidationError("--usdz, --metadata and --svg write files; '-' (standard output) is accepted by --ifc and --measurements")
        }
        if ifc == dash && measurements == dash { throw ValidationError("only one of --ifc and --measurements can be '-'") }
    }

    func run() throws {
        let dash = SafeFile.standardOutputPath
        let console = Console(output: ifc == dash ? dash : measurements)
        let m = try ExportModel.load(contentsOf: URL(fileURLWithPath: model))
        // Every target is checked before anything is written: a refused one leaves no partial export.
        for target in [usdz, metadata, svg, ifc, measurements].compactMap({ $0 }) { try SafeFile.checkTarget(target) }
        // Every file is staged (written to a synced temporary beside its target) before any target is
        // replaced: a full disk at the last file leaves the previous export whole.
        let batch = SafeFileBatch()
        if let usdz {
            var provider: ModelProvider? = nil
            if let catalog { provider = try ModelProvider(catalog: URL(fileURLWithPath: catalog)) }
            let opt: USDExportOptions = switch options {
            case .mesh: .mesh
            case .parametric: .parametric
            case .model: .model
            }
            try USDZExporter.export(
                m, to: URL(fileURLWithPath: usdz), metadataURL: metadata.map { URL(fileURLWithPath: $0) },
                modelProvider: provider, options: opt, batch: batch)
        }
        var written = [usdz, metadata].compactMap { $0 }
        if let svg {
            written += try FloorPlanSVG.write(m, to: URL(fileURLWithPath: svg), batch: batch).map(\.path)
        }
        if let ifc {
            if ifc == dash {
                try batch.add(Data(IFCExporter.render(m, name: "model").utf8), toOutput: dash)
            } else {
                try IFCExporter.write(m, to: URL(fileURLWithPath: ifc), batch: batch)
            }
            written.append(ifc)
        }
        if let measurements {
            if measurements == dash {
                try batch.add(Data(Measurements(model: m).csv.utf8), toOutput: dash)
            } else {
                try Measurements(model: m).write(to: URL(fileURLWithPath: measurements), batch: batch)
            }
            written.append(measurements)
        }
        try batch.commit()
        for w in written { console.wrote(w) }
    }
}
