import Foundation

/// Wall-clock measurements of a ``CaptureSession`` (for `plumb capture --timing` and benchmarks).
public struct CaptureMetrics: Sendable, Equatable, Codable {
    /// Frames ingested over the session.
    public var frames = 0
    /// Seconds spent fusing frames (validation, fusion and guidance; excludes live builds).
    public var fusionSeconds = 0.0
    /// Longest fusion of one frame, seconds.
    public var maximumFusionSeconds = 0.0
    /// CPU seconds of the fusing thread spent fusing frames (unaffected by other processes on a busy
    /// machine, unlike the wall-clock ``fusionSeconds``).
    public var fusionCPUSeconds = 0.0
    /// Live room builds attempted and how many produced a room.
    public var liveBuilds = 0, liveRooms = 0
    /// Seconds spent in live builds.
    public var liveBuildSeconds = 0.0
    /// Longest live build, seconds.
    public var maximumLiveBuildSeconds = 0.0
    /// Relocalization attempts and the seconds they took.
    public var relocalizationAttempts = 0
    /// Seconds spent relocalizing.
    public var relocalizationSeconds = 0.0

    /// Mean fusion time per frame, seconds.
    public var meanFusionSeconds: Double { frames > 0 ? fusionSeconds / Double(frames) : 0 }
    /// Histogram of per-frame fusion CPU times in 10 µs bins (the last bin holds 100 ms and more).
    public var fusionCPUHistogram = [UInt32](repeating: 0, count: 10_001)

    /// Records one frame's fusion CPU time.
    mutating func recordFusionCPU(_ seconds: Double) {
        fusionCPUSeconds += seconds
        fusionCPUHistogram[min(10_000, max(0, Int(seconds * 100_000)))] += 1
    }

    /// Median per-frame fusion CPU time, seconds (10 µs resolution; table growth makes a few frames slow,
    /// the median shows the steady state).
    public var medianFusionCPUSeconds: Double {
        let total = fusionCPUHistogram.reduce(0) { $0 + Int($1) }
        guard total > 0 else { return 0 }
        var acc = 0
        for (i, c) in fusionCPUHistogram.enumerated() {
            acc += Int(c)
            if 2 * acc >= total { return (Double(i) + 0.5) / 100_000 }
        }
        return 0.1
    }

    /// Mean fusion CPU time per frame, seconds.
    public var meanFusionCPUSeconds: Double { frames > 0 ? fusionCPUSeconds / Double(frames) : 0 }
    /// CPU seconds of the building thread spent in live builds.
    public var liveBuildCPUSeconds = 0.0
    /// Mean live build CPU time, seconds.
    public var meanLiveBuildCPUSeconds: Double { liveBuilds > 0 ? liveBuildCPUSeconds / Double(liveBuilds) : 0 }
    /// Mean live build time, seconds.
    public var meanLiveBuildSeconds: Double { liveBuilds > 0 ? liveBuildSeconds / Double(liveBuilds) : 0 }

    /// Zeroed metrics.
    public init() {}
}

/// CPU time of the calling thread, seconds.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}
