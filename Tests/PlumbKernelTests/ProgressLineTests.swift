import Foundation
import Testing
import PlumbKernel

/// The progress line's text (issue 26): count, share, elapsed and remaining time at the mean pace.
@Suite("Progress line")
struct ProgressLineTests {
    @Test("37 of 300 plans after 1:05: 12 %, about 7:42 left (65 s / 37 × 263 = 462 s)")
    func midway() {
        #expect(ProgressLine.text(done: 37, total: 300, unit: "plans", elapsed: .seconds(65))
                == "37/300 plans  12 %  1:05 elapsed, about 7:42 left")
    }

    @Test("no remaining time before the first step or after the last; counts clamped to 0…total")
    func ends() {
        #expect(ProgressLine.text(done: 0, total: 20, unit: "rooms built", elapsed: .milliseconds(900)) == "0/20 rooms built  0 %  0:00 elapsed")
        #expect(ProgressLine.text(done: 20, total: 20, unit: "plans", elapsed: .seconds(3725)) == "20/20 plans  100 %  1:02:05 elapsed")
        #expect(ProgressLine.text(done: 25, total: 20, unit: "plans", elapsed: .seconds(1)) == "20/20 plans  100 %  0:01 elapsed")
        #expect(ProgressLine.text(done: 0, total: 0, unit: "plans", elapsed: .zero) == "0/0 plans  100 %  0:00 elapsed")
    }

    @Test("clock text: m:ss below an hour, h:mm:ss from one; negative durations as 0:00")
    func clock() {
        #expect(ProgressLine.clockText(.seconds(59)) == "0:59")
        #expect(ProgressLine.clockText(.seconds(600)) == "10:00")
        #expect(ProgressLine.clockText(.seconds(36_000 + 61)) == "10:01:01")
        #expect(ProgressLine.clockText(.seconds(-5)) == "0:00")
    }

    @Test("a disabled line (standard error not a terminal) accepts updates from several threads and draws nothing")
    func disabled() async {
        let line = ProgressLine(unit: "plans", total: 100, enabled: false)
        await withTaskGroup(of: Void.self) { g in
            for k in 1...100 { g.addTask { line.update(done: k) } }
        }
        line.clear()
        #expect(!line.enabled)
    }
}
