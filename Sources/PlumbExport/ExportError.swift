import Foundation

/// Why an export failed. Every case names the element or file concerned.
public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An element has a non-finite or degenerate transform or dimension (`element` is e.g. `walls[3]`).
    case invalidGeometry(element: String, detail: String)
    /// A model file for `.model` export has an extension USD cannot reference (usda, usdc, usd only).
    case unsupportedModelFormat(url: String)
    /// A model file for `.model` export does not exist.
    case nonExistingModelFile(url: String)
    /// An output URL is not a file URL or has the wrong extension (`expected` lists the accepted ones).
    case invalidOutputURL(url: String, expected: String)
    /// A file could not be read or written.
    case fileError(path: String, detail: String)
    /// The model has more elements than the exporter accepts (``ExportModel/maximumElements``).
    case tooManyElements(count: Int, limit: Int)
    /// The model has more storey numbers than ``FloorPlanSVG/maximumStoreys`` (one SVG file each);
    /// nothing was written.
    case tooManyStoreys(count: Int, limit: Int)
    /// A `--catalog` entry was refused: a symbolic link leading out of the catalog folder, or not a
    /// regular file (`detail` says which).
    case unsafeCatalogEntry(path: String, detail: String)
    /// A file name inside a USDZ package is not a safe relative path (empty, absolute, `..`, `\`,
    /// control characters).
    case unsafeArchivePath(path: String)

    /// A one-line description.
    public var description: String {
        switch self {
        case .invalidGeometry(let e, let d): return "export: invalid geometry at \(e): \(d)"
        case .unsupportedModelFormat(let u): return "export: model file \(u) is not USD (usda, usdc or usd)"
        case .nonExistingModelFile(let u): return "export: model file \(u) does not exist"
        case .invalidOutputURL(let u, let e): return "export: output \(u) must be a file URL ending in \(e)"
        case .fileError(let p, let d): return "export: file \(p): \(d)"
        case .tooManyElements(let c, let l): return "export: \(c) elements exceed the limit of \(l)"
        case .tooManyStoreys(let c, let l): return "export: \(c) storeys exceed the limit of \(l) SVG files; nothing written"
        case .unsafeCatalogEntry(let p, let d): return "export: catalog entry \(p) refused: \(d)"
        case .unsafeArchivePath(let p): return "export: unsafe path inside the USDZ package: \(p.debugDescription)"
        }
    }
}
