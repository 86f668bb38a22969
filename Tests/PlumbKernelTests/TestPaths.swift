import Foundation

/// Locations of test inputs: the package's own `Data/` (always present) and the optional
/// `../shared/data` beside the checkout (present on the developers' machines and CI, absent in a
/// user's clone; tests that need it skip cleanly).
enum TestPaths {
    /// The package root (three levels above this file).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The bundled `Data/` folder.
    static let data: URL = packageRoot.appendingPathComponent("Data")
    /// `../shared/data` if it exists.
    static let sharedData: URL? = {
        let u = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: u.path) ? u : nil
    }()
}
