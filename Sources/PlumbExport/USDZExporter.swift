import Foundation
import Plumbline

/// Writes an ``ExportModel`` as a USDZ package (see ``USDStageBuilder`` for the prim hierarchy and
/// ``USDZArchive`` for the packaging) plus, optionally, a metadata JSON mapping every element prim
/// path to the element's identifier.
///
/// Package layout: `<Root>.usda` (the root layer, first in the archive) and, for `.model`, the model
/// files under `assets/Models/`. Output is byte-identical for identical input.
public enum USDZExporter {
    /// The package contents: root layer text, metadata (prim path → identifier) and archive bytes.
    public struct Package: Sendable {
        /// The root layer's file name inside the package.
        public var rootLayerName: String
        /// The root layer's USDA text.
        public var rootLayer: String
        /// Prim path → element identifier (upper-case UUID string).
        public var metadata: [String: String]
        /// The USDZ bytes.
        public var archive: Data
    }

    /// Builds the package in memory.
    /// - Parameters:
    ///   - name: the root prim / layer name (sanitised to a USD identifier).
    /// - Throws: ``ExportError`` when a model file cannot be read or the archive would be too large.
    /// - Complexity: O(total geometry + model file sizes).
    public static func package(
        _ model: ExportModel, name: String, modelProvider: ModelProvider? = nil, options: USDExportOptions = .mesh
    ) throws(ExportError) -> Package {
        let root = USDAText.identifier(name)
        var files: [(path: String, data: Data)] = []
        var modelPaths: [URL: String] = [:]
        if options.contains(.model), let provider = modelProvider {
            var used = Set<String>()
            for url in provider.modelFileURLs {
                var base = url.lastPathComponent
                var k = 1
                while used.contains(base) {
                    base = "\(k)_\(url.lastPathComponent)"
                    k += 1
                }
                used.insert(base)
                let path = "assets/Models/\(base)"
                modelPaths[url] = path
                do {
                    files.append((path, try Data(contentsOf: url)))
                } catch {
                    throw .fileError(path: url.path, detail: "cannot read model: \(error.localizedDescription)")
                }
            }
        }
        var builder = USDStageBuilder(
            model: model, rootName: root, mode: options.isEmpty ? .mesh : options, provider: modelProvider,
            modelPaths: modelPaths)
        let text = builder.build()
        let layerName = root + ".usda"
        files.insert((layerName, Data(text.utf8)), at: 0)
        return Package(rootLayerName: layerName, rootLayer: text, metadata: builder.metadata, archive: try USDZArchive.archive(files))
    }

    /// Writes the USDZ to `url` (extension `.usdz`) and, when given, the metadata JSON to `metadataURL`
    /// (`{"<prim path>": "<identifier>", …}`, keys sorted).
    /// - Throws: ``ExportError/invalidOutputURL(url:expected:)`` for a non-file URL or another
    ///   extension; ``ExportError/fileError(path:detail:)`` when writing fails.
    public static func export(
        _ model: ExportModel, to url: URL, metadataURL: URL? = nil, modelProvider: ModelProvider? = nil,
        options: USDExportOptions = .mesh
    ) throws(ExportError) {
        guard url.isFileURL, url.pathExtension.lowercased() == "usdz" else {
            throw .invalidOutputURL(url: url.absoluteString, expected: ".usdz")
        }
        let p = try package(model, name: url.deletingPathExtension().lastPathComponent, modelProvider: modelProvider, options: options)
        try write(p.archive, to: url)
        if let metadataURL {
            let e = JSONEncoder()
            e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data: Data
            do { data = try e.encode(p.metadata) } catch { throw .fileError(path: metadataURL.path, detail: "\(error)") }
            try write(data, to: metadataURL)
        }
    }

    static func write(_ data: Data, to url: URL) throws(ExportError) {
        do { try data.write(to: url, options: .atomic) } catch {
            throw .fileError(path: url.path, detail: "cannot write: \(error.localizedDescription)")
        }
    }
}
