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
    /// `../shared/data` if it exists; else `shared/data` beside a parent folder up to two levels
    /// further up (a git worktree such as `wt/model` inside the checkout's parent); else `nil`.
    static let sharedData: URL? = {
        var dir = packageRoot
        for _ in 0..<3 {
            dir = dir.deletingLastPathComponent()
            let u = dir.appendingPathComponent("shared/data")
            if FileManager.default.fileExists(atPath: u.path) { return u }
        }
        return nil
    }()
}
