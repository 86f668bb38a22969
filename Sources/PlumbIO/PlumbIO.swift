/// PlumbIO module. See the README for what it contains.
public enum PlumbIOInfo {
    /// Semantic version of this module's API.
    public static let version = "0.1.0"
}
