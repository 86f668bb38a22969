import Foundation

/// Wall-clock and whole-process CPU time of a piece of work, for reports that must show both (CPU time
/// counts every thread, so CPU / wall ≈ threads kept busy).
public struct Stopwatch: Sendable {
    /// Wall time, seconds.
    public var wall: Double
    /// Process CPU time over all threads, seconds.
    public var cpu: Double

    /// Runs `body` once and returns its result with the time it took.
    public static func measure<R>(_ body: () throws -> R) rethrows -> (R, Stopwatch) {
        let c0 = processCPUSeconds()
        let t0 = DispatchTime.now().uptimeNanoseconds
        let r = try body()
        let t1 = DispatchTime.now().uptimeNanoseconds
        let c1 = processCPUSeconds()
        return (r, Stopwatch(wall: Double(t1 - t0) * 1e-9, cpu: c1 - c0))
    }

    /// CPU time consumed so far by the whole process (all threads), seconds.
    public static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// The median of `values` (mean of the middle two for an even count); NaN when empty.
public func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let s = values.sorted()
    let m = s.count / 2
    return s.count % 2 == 1 ? s[m] : 0.5 * (s[m - 1] + s[m])
}
