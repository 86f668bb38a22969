import Foundation
import PlumbKernel
import Plumbline

/// Writes an ``ExportModel`` as a USDZ package (see `USDStageBuilder` for the prim hierarchy; an internal
/// zip writer packages it) plus, optionally, a metadata JSON mapping every element prim path to the
/// element's identifier.
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
    ///   - model: the model to export.
    ///   - name: the root prim / layer name (sanitised to a USD identifier).
    ///   - modelProvider: the USD models that replace objects with ``USDExportOptions/model``.
    ///   - options: what the package holds (parametric boxes, meshes, models).
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
                // The in-package name goes into USD text (`@./assets/Models/<name>@`) and the zip
                // directory: only safe characters, so a file name cannot inject text or paths.
                let safe = packageFileName(url.lastPathComponent)
                var base = safe
                var k = 1
                while used.contains(base) {
                    base = "\(k)_\(safe)"
                    k += 1
                }
                used.insert(base)
                let path = "assets/Models/\(base)"
                modelPaths[url] = path
                do throws(SafeFileError) {
                    files.append((path, try SafeFile.read(contentsOf: url.path, limit: ModelProvider.maximumModelBytes)))
                } catch {
                    throw .fileError(path: url.path, detail: "cannot read model: \(error.reason)")
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
    /// (`{"<prim path>": "<identifier>", …}`, keys sorted): both or neither (both are
    /// staged before either is replaced).
    /// - Parameters:
    ///   - model: the model to export.
    ///   - url: the `.usdz` file.
    ///   - metadataURL: where to write the metadata JSON (`nil`: none).
    ///   - modelProvider: the USD models that replace objects with ``USDExportOptions/model``.
    ///   - options: what the package holds (parametric boxes, meshes, models).
    ///   - batch: when given, the files are staged in it and written when the caller commits it
    ///     (with the command's other outputs); else written here.
    /// - Throws: ``ExportError/invalidOutputURL(url:expected:)`` for a non-file URL or another
    ///   extension; ``ExportError/fileError(path:detail:)`` when writing fails.
    public static func export(
        _ model: ExportModel, to url: URL, metadataURL: URL? = nil, modelProvider: ModelProvider? = nil,
        options: USDExportOptions = .mesh, batch: SafeFileBatch? = nil
    ) throws(ExportError) {
        guard url.isFileURL, url.pathExtension.lowercased() == "usdz" else {
            throw .invalidOutputURL(url: url.absoluteString, expected: ".usdz")
        }
        let p = try package(model, name: url.deletingPathExtension().lastPathComponent, modelProvider: modelProvider, options: options)
        var metadata: Data?
        if let metadataURL {
            let e = JSONEncoder()
            e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            do { metadata = try e.encode(p.metadata) } catch { throw .fileError(path: metadataURL.path, detail: "\(error)") }
        }
        try writeAll(batch) { b throws(ExportError) in
            try write(p.archive, to: url, batch: b)
            if let metadataURL, let metadata { try write(metadata, to: metadataURL, batch: b) }
        }
    }

    /// A file name safe inside a package and inside USD asset paths: ASCII letters, digits, `.`, `_`,
    /// `-`, `+` and `=` kept, anything else (`@`, `/`, `\\`, spaces, newlines, non-ASCII) becomes `_`;
    /// a leading `.` becomes `_` (no hidden files, no `..`); the extension is kept.
    static func packageFileName(_ name: String) -> String {
        var out = String(String.UnicodeScalarView(name.unicodeScalars.map { c -> Unicode.Scalar in
            let ok = c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "._-+=".unicodeScalars.contains(c))
            return ok ? c : "_"
        }))
        if out.hasPrefix(".") { out = "_" + out.dropFirst() }
        return out.isEmpty ? "_" : out
    }

    /// Every exporter's file output: atomic through ``PlumbKernel/SafeFile`` (temporary file, fsync,
    /// rename; symbolic links, devices, pipes and directories at `url` are refused); with `batch`, staged
    /// in it (the target is replaced when the batch is committed).
    static func write(_ data: Data, to url: URL, batch: SafeFileBatch? = nil) throws(ExportError) {
        do throws(SafeFileError) {
            if let batch { try batch.add(data, to: url) } else { try SafeFile.write(data, to: url) }
        } catch {
            throw .fileError(path: url.path, detail: "cannot write: \(error.reason)")
        }
    }

    /// Runs `body`, which writes an exporter's files into a batch: `batch` when given (the caller commits
    /// it), else a new one committed here, so the files are replaced all together or not at all.
    static func writeAll(_ batch: SafeFileBatch?, _ body: (SafeFileBatch) throws(ExportError) -> Void) throws(ExportError) {
        let b = batch ?? SafeFileBatch()
        try body(b)
        guard batch == nil else { return }
        do throws(SafeFileError) { try b.commit() } catch {
            throw .fileError(path: error.path, detail: "cannot write: \(error.reason)")
        }
    }
}
