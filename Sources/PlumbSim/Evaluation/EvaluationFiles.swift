import Foundation
import Plumbline
import PlumbKernel

/// Reading evaluation inputs from disk with typed errors.
public enum EvaluationFiles {
    /// Plan files larger than this (64 MiB) are refused before reading.
    public static let maximumPlanBytes = 64 << 20

    /// Reads and decodes a ground-truth plan (see `Docs/floor-plan-format.md`); it is validated by the
    /// evaluation itself.
    /// The file (or stream) is read through ``PlumbKernel/SafeFile/read(contentsOf:limit:)``: never
    /// more than ``maximumPlanBytes``.
    public static func loadPlan(_ url: URL) throws(EvaluationError) -> FloorPlan {
        let data: Data
        do throws(SafeFileError) { data = try SafeFile.read(contentsOf: url.path, limit: maximumPlanBytes) } catch {
            throw .unreadablePlan(detail: error.description)
        }
        do { return try JSONDecoder().decode(FloorPlan.self, from: data) } catch {
            throw .unreadablePlan(detail: "\(url.path): \(error)")
        }
    }

    /// Reads a RoomPlan `CapturedRoom` or `CapturedStructure` JSON file.
    /// Read within ``Plumbline/RoomPlanJSON/maximumInputBytes`` (``Plumbline/RoomPlanJSON/readInput(_:)``).
    public static func loadModel(_ url: URL) throws(EvaluationError) -> EvaluationModel {
        let data: Data
        do { data = try RoomPlanJSON.readInput(url) } catch { throw .unreadableModel(error) }
        return try EvaluationModel.decode(data)
    }
}
