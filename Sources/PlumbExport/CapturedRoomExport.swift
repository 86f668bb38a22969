import Foundation
import Plumbline

extension CapturedRoom {
    /// Writes the room as USDZ (RoomPlan's `export(to:metadataURL:modelProvider:exportOptions:)`), and
    /// the metadata JSON (prim path → identifier) when `metadataURL` is given. See ``USDZExporter``.
    /// - Throws: ``ExportError``.
    public func export(
        to url: URL, metadataURL: URL? = nil, modelProvider: ModelProvider? = nil, options: USDExportOptions = .mesh
    ) throws(ExportError) {
        try USDZExporter.export(
            ExportModel(room: self), to: url, metadataURL: metadataURL, modelProvider: modelProvider, options: options)
    }
}

extension CapturedStructure {
    /// Writes the structure (its merged walls, doors, windows, openings, floors, objects and sections)
    /// as USDZ, and the metadata JSON when `metadataURL` is given. See ``USDZExporter``.
    /// - Throws: ``ExportError``.
    public func export(
        to url: URL, metadataURL: URL? = nil, modelProvider: ModelProvider? = nil, options: USDExportOptions = .mesh
    ) throws(ExportError) {
        try USDZExporter.export(
            ExportModel(structure: self), to: url, metadataURL: metadataURL, modelProvider: modelProvider, options: options)
    }
}
