/// A fixed 1 cm histogram of depths from 0 to 10.24 m (farther depths go to the last bin), for a median
/// without sorting or allocating. The fusion kernel counts into ``bins`` directly (``bin(_:)``) and sets
/// ``total``.
struct DepthHistogram: Sendable {
    /// Depths counted per 1 cm bin.
    var bins = [UInt32](repeating: 0, count: 1024)
    /// Depths counted in all.
    var total = 0

    /// Bin of depth `d` (metres, non-negative and finite).
    @inline(__always)
    static func bin(_ d: Float) -> Int { min(Int(d * 100), 1023) }

    /// Empties the histogram (keeps its storage).
    mutating func reset() {
        for i in bins.indices { bins[i] = 0 }
        total = 0
    }

    /// Centre of the bin holding the median, metres (0 when empty).
    func median() -> Double {
        guard total > 0 else { return 0 }
        let half = (total + 1) / 2
        var acc = 0
        for (i, c) in bins.enumerated() {
            acc += Int(c)
            if acc >= half { return (Double(i) + 0.5) / 100 }
        }
        return 10.235
    }
}
