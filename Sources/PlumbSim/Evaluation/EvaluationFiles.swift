import Foundation
import Plumbline

/// Reading evaluation inputs from disk with typed errors.
public enum EvaluationFiles {
    /// Plan files larger than this (64 MiB) are refused before reading.
    public static let maximumPlanBytes = 64 << 20

    /// Reads and decodes a ground-truth plan (see `Docs/floor-plan-format.md`); it is validated by the
    /// evaluation itself.
    public static func loadPlan(_ url: URL) throws(EvaluationError) -> FloorPlan {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumPlanBytes else { throw .unreadablePlan(detail: "\(url.path): \(size) bytes exceeds \(maximumPlanBytes)") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadablePlan(detail: "\(url.path): \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(FloorPlan.self, from: data) } catch {
            throw .unreadablePlan(detail: "\(url.path): \(error)")
        }
    }

    /// Reads a RoomPlan `CapturedRoom` or `CapturedStructure` JSON file.
    public static func loadModel(_ url: URL) throws(EvaluationError) -> EvaluationModel {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= RoomPlanJSON.maximumInputBytes else {
            throw .unreadableModel(.inputTooLarge(bytes: size, limit: RoomPlanJSON.maximumInputBytes))
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadableModel(.malformedJSON(detail: "cannot read \(url.path): \(error.localizedDescription)"))
        }
        return try EvaluationModel.decode(data)
    }
}
