import ArgumentParser
import Foundation
import PlumbIO
import PlumbKernel
import Plumbline

extension BuildCommand {
    /// Whether the scans are setups of one room to fuse (`--fuse` or `--register`).
    var fusing: Bool { fuse || register }

    /// Reads every scan as a setup and fuses them (``SetupFusion``): as given with `--fuse`, registered onto
    /// the first with `--register`. Prints one line per setup (its pose or its overlap with the first) and
    /// returns the fused cloud as a read result (the first file's report, every file's drops) and the up axis.
    /// - Throws: a reader error naming the file, or ``SetupFusionError`` naming the setups that do not register.
    func fuseSetups(console: Console) throws -> (read: PointCloudReadResult, upAxis: UpAxis) {
        let clock = ContinuousClock()
        let t0 = clock.now
        var setups: [SetupFusion.Setup] = []
        var report: PointCloudReadReport?
        var drops: [PointDrop] = []
        for scan in scans {
            let read = try PointCloudReader.read(contentsOf: URL(fileURLWithPath: scan))
            for d in read.report.drops { progress("note: \(scan): dropped \(d.count) points (\(d.reason.rawValue))") }
            drops += read.report.drops
            if report == nil { report = read.report }
            setups.append(.init(name: scan, cloud: read.cloud))
        }
        var o = SetupFusion.Options()
        o.register = register
        o.upAxis = up
        o.seed = seed
        let fused = try SetupFusion.fuse(setups, options: o)
        for k in 1..<scans.count {
            let pct = Int((fused.overlaps[k] * 100).rounded())
            if let r = fused.registrations[k] {
                let t = fused.transforms[k]
                let (turn, _) = SetupRegistration.difference(t, .identity, at: .zero)
                let runnerUp = r.runnerUpInlierFraction.map { ", next different pose \(Int(($0 * 100).rounded())) %" } ?? ""
                let pose = String(format: "turned %.2f°, moved (%.3f, %.3f, %.3f) m", turn, t.translation.x, t.translation.y, t.translation.z)
                console.say("setup \(k) (\(scans[k])) registered onto \(scans[0]): \(pose); "
                            + "overlap \(Int((r.setupOnReference * 100).rounded())) % of it on the first's surfaces, "
                            + "\(Int((r.referenceOnSetup * 100).rounded())) % of the first on its; "
                            + "\(Int((r.inlierFraction * 100).rounded())) % within 4 cm\(runnerUp), "
                            + String(format: "rms %.1f mm", r.rms * 1000))
            } else {
                console.say("setup \(k) (\(scans[k])): \(pct) % of its points on \(scans[0])'s surfaces as given")
                if fused.overlaps[k] < 0.2 {
                    progress("warning: \(scans[k]) barely overlaps \(scans[0]) in the given frames (\(pct) %); if each setup is in its own frame, use --register")
                }
            }
        }
        if !fused.keepsSensors, setups.contains(where: { $0.cloud.sensorOrigins != nil }) {
            progress("note: sensor positions left out of the fused cloud (not every setup has them)")
        }
        console.say("fused \(scans.count) setups (\(register ? "registered onto the first" : "as given, one frame")): "
                    + "\(fused.cloud.count) points in \(Self.format(clock.now - t0))")
        var merged = report!
        merged.drops = drops
        merged.pointCount = fused.cloud.count
        return (PointCloudReadResult(cloud: fused.cloud, report: merged), fused.upAxis)
    }
}
