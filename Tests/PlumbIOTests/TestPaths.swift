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
    /// `../shared/data` if it exists, else the folder named by the `PLUMB_SHARED_DATA` environment
    /// variable (for git worktrees that live one level deeper than the main checkout).
    static let sharedData: URL? = {
        let u = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        if FileManager.default.fileExists(atPath: u.path) { return u }
        if let env = ProcessInfo.processInfo.environment["PLUMB_SHARED_DATA"], FileManager.default.fileExists(atPath: env) {
            return URL(fileURLWithPath: env)
        }
        return nil
    }()
}
