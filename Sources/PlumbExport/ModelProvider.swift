import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Plumbline
import PlumbKernel

/// Maps objects to model files for ``USDExportOptions/model`` exports (RoomPlan
/// `CapturedRoom.ModelProvider`): by category, or by category plus a set of attributes
/// (`["ChairType": "dining"]`). The most specific match wins: the attribute entry of the object's
/// category whose pairs all appear in the object's attributes and that has the most pairs (ties: the
/// file name sorting first), else the category entry.
///
/// Models must be USD layers (`.usda`, `.usdc`, `.usd`) authored in metres, +Y up, with their origin
/// at the centre of the object's bounding box: the export copies each file into the package and
/// places it with the object's transform (no scaling).
public struct ModelProvider: Sendable, Equatable {
    /// One attribute-specific entry.
    public struct AttributeEntry: Sendable, Equatable {
        /// The object category it applies to.
        public var category: CapturedRoom.Object.Category
        /// Attribute type name → raw value pairs that must all be present.
        public var attributes: [String: String]
        /// The model file.
        public var url: URL
    }

    /// Category → model file.
    public private(set) var categoryModels: [CapturedRoom.Object.Category: URL] = [:]
    /// Attribute-specific entries.
    public private(set) var attributeModels: [AttributeEntry] = []

    /// An empty provider (every object falls back to its box).
    public init() {}

    /// A provider from a catalog folder: `<category>.usda|usdc|usd` maps a category
    /// (`chair.usdc`); `<category>+Key=value+Key=value.usda` maps a category with attributes
    /// (`chair+ChairType=dining.usda`). Other files are ignored.
    ///
    /// Every entry is resolved inside the catalog: a symbolic link is followed only when its final
    /// target lies within the catalog folder (the provider then records the target), and the target must
    /// be a regular file, so a catalog cannot pack `/etc/passwd` or read a device.
    /// - Throws: ``ExportError/fileError(path:detail:)`` when the folder cannot be listed;
    ///   ``ExportError/unsafeCatalogEntry(path:detail:)`` for a model entry leading out of the folder or
    ///   to something other than a regular file.
    public init(catalog directory: URL) throws(ExportError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw .fileError(path: directory.path, detail: "cannot list catalog: \(SystemErrorText.reason(error))")
        }
        guard let root = Self.realPath(directory.path) else {
            throw .fileError(path: directory.path, detail: "cannot resolve the catalog folder")
        }
        for name in names {
            let entry = directory.appendingPathComponent(name)
            guard Self.usdExtensions.contains(entry.pathExtension.lowercased()) else { continue }
            // The entry's own name says what it maps; its resolved target is what gets read.
            let parts = entry.deletingPathExtension().lastPathComponent.split(separator: "+").map(String.init)
            guard let first = parts.first,
                  let cat = CapturedRoom.Object.Category.allCases.first(where: { $0.name.lowercased() == first.lowercased() })
            else { continue }
            let url = try Self.resolveInside(entry, root: root)
            if parts.count == 1 {
                try setModelFileURL(url, for: cat)
            } else {
                var attrs: [String: String] = [:]
                for p in parts.dropFirst() {
                    let kv = p.split(separator: "=", maxSplits: 1).map(String.init)
                    if kv.count == 2 { attrs[kv[0]] = kv[1] }
                }
                try setModelFileURL(url, for: attrs, category: cat)
            }
        }
    }

    /// Largest model file copied into a package (256 MiB); a larger file is refused when packaging.
    public static let maximumModelBytes = 256 << 20

    /// The real path of a catalog entry, refusing links out of `root` (a real path) and non-regular files.
    static func resolveInside(_ entry: URL, root: String) throws(ExportError) -> URL {
        guard let real = realPath(entry.path) else {
            throw .unsafeCatalogEntry(path: entry.path, detail: "cannot be resolved (a dangling link?)")
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard real.hasPrefix(prefix) else {
            throw .unsafeCatalogEntry(path: entry.path, detail: "a symbolic link to \(real), outside the catalog folder")
        }
        var st = stat()
        guard stat(real, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw .unsafeCatalogEntry(path: entry.path, detail: "not a regular file")
        }
        return URL(fileURLWithPath: real)
    }

    /// `realpath(3)`: the absolute path with every symbolic link, `.` and `..` resolved, or `nil`.
    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Extensions accepted for model files.
    public static let usdExtensions: Set<String> = ["usda", "usdc", "usd"]

    /// Sets (or with `nil` removes) the model of a category.
    /// - Throws: ``ExportError/nonExistingModelFile(url:)``, ``ExportError/unsupportedModelFormat(url:)``.
    public mutating func setModelFileURL(_ url: URL?, for category: CapturedRoom.Object.Category) throws(ExportError) {
        guard let url else { categoryModels[category] = nil; return }
        try Self.check(url)
        categoryModels[category] = url
    }

    /// Sets (or with `nil` removes) the model of a category with a set of attributes.
    /// - Throws: ``ExportError/nonExistingModelFile(url:)``, ``ExportError/unsupportedModelFormat(url:)``.
    public mutating func setModelFileURL(
        _ url: URL?, for attributes: [String: String], category: CapturedRoom.Object.Category
    ) throws(ExportError) {
        attributeModels.removeAll { $0.category == category && $0.attributes == attributes }
        guard let url else { return }
        try Self.check(url)
        attributeModels.append(AttributeEntry(category: category, attributes: attributes, url: url))
    }

    /// The model for an object (see the type's matching rule), or `nil`.
    public func modelFileURL(for object: CapturedRoom.Object) -> URL? {
        let matches = attributeModels.filter { e in
            e.category == object.category && e.attributes.allSatisfy { object.attributes[$0.key] == $0.value }
        }
        if let best = matches.sorted(by: {
            $0.attributes.count != $1.attributes.count ? $0.attributes.count > $1.attributes.count
                : $0.url.lastPathComponent < $1.url.lastPathComponent
        }).first { return best.url }
        return categoryModels[object.category]
    }

    /// Every model file referenced, sorted by path, without duplicates.
    public var modelFileURLs: [URL] {
        Array(Set(categoryModels.values.map(\.standardizedFileURL) + attributeModels.map(\.url.standardizedFileURL)))
            .sorted { $0.path < $1.path }
    }

    static func check(_ url: URL) throws(ExportError) {
        guard usdExtensions.contains(url.pathExtension.lowercased()) else { throw .unsupportedModelFormat(url: url.path) }
        guard FileManager.default.fileExists(atPath: url.path) else { throw .nonExistingModelFile(url: url.path) }
    }
}
