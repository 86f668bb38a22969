import Foundation

/// External renderers the drawing tests compare against (headless Chromium, librsvg's `rsvg-convert`),
/// and the pixels of the PNGs they write (decoded by `Scripts/png_to_rgb.py`, standard library only).
enum Renderers {
    /// RGB pixels, row after row from the top.
    struct Image {
        var width: Int, height: Int
        var rgb: [UInt8]
        /// Pixel (x, y) as integers 0…255.
        func at(_ x: Int, _ y: Int) -> SIMD3<Int> {
            let k = 3 * (y * width + x)
            return SIMD3(Int(rgb[k]), Int(rgb[k + 1]), Int(rgb[k + 2]))
        }
    }

    /// The first of `names` on the PATH, or `nil`.
    static func find(_ names: [String]) -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return names.first { n in dirs.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(n)") } }
    }

    /// Chromium's command name, when installed.
    static var chromium: String? { find(["chromium", "chromium-browser"]) }

    /// Runs `command args…` with output discarded; returns the exit status.
    @discardableResult
    static func run(_ command: String, _ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [command] + args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// Screenshots `page` (a file URL) with headless Chromium at `width × height` CSS pixels, scale 1.
    static func screenshot(_ browser: String, page: URL, width: Int, height: Int, to png: URL, profile: URL) throws {
        try run(browser, ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--force-device-scale-factor=1",
                          "--user-data-dir=\(profile.path)", "--screenshot=\(png.path)", "--window-size=\(width),\(height)", page.absoluteString])
    }

    /// The pixels of an 8-bit RGB or RGBA PNG (alpha dropped).
    static func pixels(_ png: URL) throws -> Image {
        let out = png.deletingPathExtension().appendingPathExtension("rgb")
        let r = try PythonTool.run([PythonTool.script("png_to_rgb.py"), png.path, out.path])
        guard r.status == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: r.output]) }
        let raw = try Data(contentsOf: out)
        guard let nl = raw.firstIndex(of: 0x0A) else { throw CocoaError(.fileReadCorruptFile) }
        let dims = String(decoding: raw[..<nl], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        let rgb = [UInt8](raw[(nl + 1)...])
        guard dims.count == 2, rgb.count == dims[0] * dims[1] * 3 else { throw CocoaError(.fileReadCorruptFile) }
        return Image(width: dims[0], height: dims[1], rgb: rgb)
    }
}
