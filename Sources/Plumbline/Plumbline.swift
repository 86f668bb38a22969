/// Plumbline module. See the README for what it contains.
public enum PlumblineInfo {
    /// Semantic version of this module's API.
    public static let version = "0.1.0"
}
