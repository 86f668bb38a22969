import Foundation
import Testing
import PlumbKernel

/// Robustness sweep over many synthetic rooms (opt-in: runs only when `PLUMB_SWEEP` is set; asserts nothing
/// about time). Prints, per room, how many true planes were recovered and the worst inlier-count ratio.
/// Reproduce with `PLUMB_SWEEP=20 swift test -c release --filter SegmentationSweep`.
@Suite("Segmentation robustness sweep (opt-in)")
struct SegmentationSweep {
    static let rooms = Int(ProcessInfo.processInfo.environment["PLUMB_SWEEP"] ?? "")

    @Test(.enabled(if: SegmentationSweep.rooms != nil))
    func sweep() throws {
        var totalFound = 0, totalPlanes = 0, countFailures = 0, extra = 0
        for seed in 1...UInt64(Self.rooms!) {
            let room = SyntheticRoom(points: 100_000, seed: 1000 + seed)
            let result = try PlaneSegmenter.segment(
                room.cloud, options: .init(minPoints: 100, minArea: 0.25, seed: seed))
            let rec = PlaneRecovery(room: room, result: result)
            var worst = 0.0
            for (t, m) in rec.match.enumerated() {
                guard let m else { continue }
                let ratio = Double(result.planes[m].inliers.count) / Double(room.planes[t].count)
                worst = max(worst, abs(ratio - 1))
                if abs(ratio - 1) >= 0.05 { countFailures += 1 }
            }
            totalFound += rec.recovered
            totalPlanes += room.planes.count
            extra += result.planes.count - rec.recovered
            let missed = room.planes.indices.filter { rec.match[$0] == nil }.map { room.planes[$0].name }
            print("room \(seed): recovered \(rec.recovered)/\(room.planes.count) planes=\(result.planes.count) "
                + "worst count error \(String(format: "%.3f", worst)) missed \(missed)")
        }
        print("sweep: recovered \(totalFound)/\(totalPlanes), spurious planes \(extra), count errors >= 5%: \(countFailures)")
    }
}
