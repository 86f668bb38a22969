/// PlumbIO module: point-cloud file readers and writers.
///
/// - ``PointCloudReader``: PLY (ascii / binary little- and big-endian), PCD (ascii / binary /
///   binary_compressed, organised or not), XYZ text, LAS 1.0-1.4 (point formats 0-10; LAZ refused with a
///   "decompress first" error) and E57 (every posed scan, bitpack codec), detected by magic bytes or extension,
///   returning a ``PointCloudReadResult`` (the cloud plus a ``PointCloudReadReport``).
/// - ``PointCloudWriter``: PLY, PCD (big-endian excepted) and XYZ.
/// - ``PointCloudFormatError``: every failure, with its line number or byte offset.
public enum PlumbIOInfo {
    /// Semantic version of this module's API.
    public static let version = "0.1.0"
}
