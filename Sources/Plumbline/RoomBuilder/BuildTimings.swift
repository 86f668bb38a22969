#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the time of one ``RoomBuilder`` build went, stage by stage (for profiling and `plumb build --timings`).
///
/// Each stage records wall-clock seconds and the CPU seconds of the building thread (worker threads that
/// plane segmentation starts when `PlaneSegmentationOptions.parallel` is on are not counted). Stages that
/// run once per wall (coverage, openings) are summed over the walls.
public struct BuildTimings: Sendable, Hashable, Codable {
    /// One stage.
    public struct Stage: Sendable, Hashable, Codable {
        /// Stage name, e.g. "segmentation".
        public var name: String
        /// Wall-clock time, seconds.
        public var wallSeconds: Double
        /// CPU time of the building thread, seconds.
        public var cpuSeconds: Double

        /// A stage with its times.
        public init(name: String, wallSeconds: Double, cpuSeconds: Double) {
            self.name = name
            self.wallSeconds = wallSeconds
            self.cpuSeconds = cpuSeconds
        }
    }

    /// Stages in the order they first ran.
    public var stages: [Stage] = []

    /// Total wall-clock time of all stages, seconds.
    public var wallSeconds: Double { stages.reduce(0) { $0 + $1.wallSeconds } }
    /// Total CPU time of all stages, seconds.
    public var cpuSeconds: Double { stages.reduce(0) { $0 + $1.cpuSeconds } }

    /// No stages.
    public init() {}

    /// Adds `wall` and `cpu` seconds to the stage `name` (appended when new).
    mutating func add(_ name: String, wall: Double, cpu: Double) {
        if let k = stages.firstIndex(where: { $0.name == name }) {
            stages[k].wallSeconds += wall
            stages[k].cpuSeconds += cpu
        } else {
            stages.append(Stage(name: name, wallSeconds: wall, cpuSeconds: cpu))
        }
    }
}

/// A running stopwatch that charges the time since its last lap to a named stage of ``BuildTimings``.
struct StageClock {
    var timings = BuildTimings()
    private var wall: Double
    private var cpu: Double

    init() {
        wall = Self.now(CLOCK_MONOTONIC)
        cpu = Self.now(CLOCK_THREAD_CPUTIME_ID)
    }

    /// Charges the time since the previous lap (or the start) to `stage`.
    mutating func lap(_ stage: String) {
        let w = Self.now(CLOCK_MONOTONIC), c = Self.now(CLOCK_THREAD_CPUTIME_ID)
        timings.add(stage, wall: w - wall, cpu: c - cpu)
        wall = w
        cpu = c
    }

    private static func now(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
