import ArgumentParser
import Foundation
import PlumbIO
import PlumbKernel
import PlumbSim

extension EvalCommand {
    /// `plumb eval --truth-real TRUTH --model MODEL [--scan SCAN]`: scores a build of a real scan against its
    /// measured truth and prints the score (text or JSON; `--json` also writes the JSON).
    func runRealTruth(_ truthPath: String) throws {
        guard let model else { throw ValidationError("--truth-real needs --model") }
        let truth = try RealScanTruth.load(contentsOf: URL(fileURLWithPath: truthPath))
        let m = try EvaluationFiles.loadModel(URL(fileURLWithPath: model))
        var cloud: PointCloud? = nil
        if let scan {
            let read = try PointCloudReader.read(contentsOf: URL(fileURLWithPath: scan))
            var err = StandardError()
            for d in read.report.drops { print("note: dropped \(d.count) points (\(d.reason.rawValue))", to: &err) }
            cloud = read.cloud
        }
        let score = try RealScanEvaluation.score(model: m, truth: truth, cloud: cloud)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(score)
        if let json { try SafeFile.write(data, toOutput: json) }
        switch format {
        case .json: print(String(decoding: data, as: UTF8.self))
        case .table: print(score.text)
        }
    }
}
