import Foundation
import Plumbline

// RoomPlan's export names on top of `CapturedRoom.export(to:metadataURL:modelProvider:options:)`.
// The nested type aliases need a module selector (`PlumbExport::`, Swift 6.3): inside an extension of
// `CapturedRoom` the bare name would be the alias itself, and `PlumbExport.` names the namespace enum.

#if compiler(>=6.3)
extension CapturedRoom {
    /// RoomPlan's `CapturedRoom.USDExportOptions`: the same type as ``USDExportOptions``.
    public typealias USDExportOptions = PlumbExport::USDExportOptions
    /// RoomPlan's `CapturedRoom.ModelProvider`: the same type as ``ModelProvider``.
    public typealias ModelProvider = PlumbExport::ModelProvider
}

extension CapturedStructure {
    /// RoomPlan's `CapturedStructure.USDExportOptions`: the same type as ``USDExportOptions``.
    public typealias USDExportOptions = PlumbExport::USDExportOptions
    /// RoomPlan's `CapturedStructure.ModelProvider`: the same type as ``ModelProvider``.
    public typealias ModelProvider = PlumbExport::ModelProvider
}
#endif

extension CapturedRoom {
    /// RoomPlan's `export(to:exportOptions:)` and `export(to:metadataURL:modelProvider:exportOptions:)`:
    /// the same file as
    /// ``Plumbline/CapturedRoom/export(to:metadataURL:modelProvider:options:)`` with `options` set to
    /// `exportOptions`, byte for byte. World frame, metres, +Y up (`upAxis = "Y"`, `metersPerUnit = 1`).
    ///
    /// `exportOptions` has no default here (RoomPlan's is `.mesh`): `export(to: url)` already means the
    /// `.mesh` export.
    /// - Throws: ``ExportError``.
    public func export(
        to url: URL, metadataURL: URL? = nil, modelProvider: ModelProvider? = nil, exportOptions: USDExportOptions
    ) throws(ExportError) {
        try export(to: url, metadataURL: metadataURL, modelProvider: modelProvider, options: exportOptions)
    }
}

extension CapturedStructure {
    /// RoomPlan's `CapturedStructure.export(to:metadataURL:modelProvider:exportOptions:)`: the same file as
    /// ``Plumbline/CapturedStructure/export(to:metadataURL:modelProvider:options:)`` with `options` set to
    /// `exportOptions`, byte for byte (world frame, metres, +Y up).
    ///
    /// `exportOptions` has no default here (RoomPlan's is `.mesh`): `export(to: url)` already means the
    /// `.mesh` export.
    /// - Throws: ``ExportError``.
    public func export(
        to url: URL, metadataURL: URL? = nil, modelProvider: ModelProvider? = nil, exportOptions: USDExportOptions
    ) throws(ExportError) {
        try export(to: url, metadataURL: metadataURL, modelProvider: modelProvider, options: exportOptions)
    }
}

extension ModelProvider {
    /// RoomPlan's `modelFileURL(for:)` for a category: the model set for the category itself (with
    /// ``setModelFileURL(_:for:)`` or a `<category>.usda` catalog file), or `nil`. Attribute-specific
    /// models are not considered; ``modelFileURL(for:)-(CapturedRoom.Object)`` picks among both for an object.
    public func modelFileURL(for category: CapturedRoom.Object.Category) -> URL? {
        categoryModels[category]
    }

    /// RoomPlan's `modelFileURL(for:)` for a list of typed attributes: the model set for exactly this
    /// combination (``setModelFileURL(_:for:category:)`` with the attributes' type names and raw values and
    /// their parent category, or a `<category>+Key=value….usda` catalog file), or `nil`.
    ///
    /// Also `nil` for an empty list, attributes of different categories, or two values of one attribute
    /// type (RoomPlan throws `attributeCombinationNotSupported` there). No fallback to a less specific
    /// entry or to the category's model.
    public func modelFileURL(for attributes: [any CapturedRoomAttribute]) -> URL? {
        guard let (category, pairs) = CapturedRoom.Attribute.storage(of: attributes) else { return nil }
        return attributeModels.first { $0.category == category && $0.attributes == pairs }?.url
    }
}
