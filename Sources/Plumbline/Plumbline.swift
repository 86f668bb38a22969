/// Version information of the Plumbline module: RoomPlan's model (``CapturedRoom``, ``CapturedStructure``),
/// the builders that make it from point clouds and depth frames (``RoomBuilder``, ``StructureBuilder``,
/// ``CaptureSession``) and RoomPlan JSON (``RoomPlanJSON``). The module's documentation catalogue
/// (`Plumbline.docc`) has the overview and the pipeline articles.
public enum PlumblineInfo {
    /// Semantic version of this module's API.
    public static let version = "0.1.0"
}
