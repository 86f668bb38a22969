import Foundation

/// A one-line progress display for long work (`plumb eval --random`, multi-scan builds): the line is
/// rewritten in place (`\r`, then erase to the end of the line) on standard error, and only when standard
/// error is a terminal, so logs, pipes and captured output stay free of it.
///
/// Safe to call from several threads (updates are serialised by a lock); redraws at most every
/// ``minimumInterval`` except for the last step.
package final class ProgressLine: @unchecked Sendable {
    /// Shortest time between two redraws.
    package static let minimumInterval: Duration = .milliseconds(200)

    /// What is counted (e.g. "plans").
    package let unit: String
    /// Number of steps in all.
    package let total: Int
    /// Whether anything is drawn (standard error is a terminal, unless given otherwise).
    package let enabled: Bool
    private let lock = NSLock()
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false

    /// A progress line over `total` steps of `unit`; `enabled` defaults to whether standard error is a
    /// terminal (``standardErrorIsTerminal``).
    package init(unit: String, total: Int, enabled: Bool = ProgressLine.standardErrorIsTerminal) {
        self.unit = unit
        self.total = total
        self.enabled = enabled
        start = clock.now
    }

    /// Whether standard error is a terminal (`isatty(2)`).
    package static var standardErrorIsTerminal: Bool { isatty(2) != 0 }

    /// The text of the line after `done` of `total` steps in `elapsed`: `"37/300 plans  12 %  1:05 elapsed,
    /// about 7:42 left"` (the remaining time from the mean pace so far; none before the first step or
    /// after the last). Times are `m:ss`, or `h:mm:ss` from an hour.
    package static func text(done: Int, total: Int, unit: String, elapsed: Duration) -> String {
        let shown = max(0, min(done, total))
        let percent = total > 0 ? shown * 100 / total : 100
        var s = "\(shown)/\(total) \(unit)  \(percent) %  \(clockText(elapsed)) elapsed"
        if shown > 0 && shown < total {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let left = seconds / Double(shown) * Double(total - shown)
            if left.isFinite && left < 1e9 { s += ", about \(clockText(.seconds(Int(left.rounded())))) left" }
        }
        return s
    }

    /// `m:ss`, or `h:mm:ss` from an hour (whole seconds, rounded down).
    package static func clockText(_ d: Duration) -> String {
        let total = max(0, d.components.seconds)
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
        return "\(m):\(ss)"
    }

    /// Redraws the line for `done` steps (throttled; the last step always drawn, then a newline).
    package func update(done: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = clock.now
        if done < total, let last = lastDraw, now - last < Self.minimumInterval { return }
        lastDraw = now
        let line = "\r" + Self.text(done: done, total: total, unit: unit, elapsed: now - start) + "\u{1B}[K" + (done >= total ? "\n" : "")
        drawn = done < total
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Erases the line if one is showing (for work that ends before its last step, e.g. on an error).
    package func clear() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }
}
