/// PlumbSim: ground-truth floor plans (``FloorPlan``) and a LiDAR scan simulator (``ScanSimulator``).
///
/// World frame everywhere: ARKit-like, y up, right-handed, metres. Plan coordinates are world (x, z).
public enum PlumbSimInfo {
    /// Semantic version of this module's API.
    public static let version = "0.1.0"
}
