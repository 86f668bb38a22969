/// PlumbIO module: point-cloud file readers and writers.
///
/// - ``PointCloudReader``: PLY (ascii / binary little- and big-endian), PCD (ascii / binary /
///   binary_compressed, organised or not) and XYZ text, detected by magic bytes or extension, returning a
///   ``PointCloudReadResult`` (the cloud plus a ``PointCloudReadReport``).
/// - ``PointCloudWriter``: the same formats (PCD big-endian excepted).
/// - ``PointCloudFormatError``: every failure, with its line number or byte offset.
public enum PlumbIOInfo {
    /// Semantic version of this module's API.
    public static let version = "0.1.0"
}
