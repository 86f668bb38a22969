/// A point-cloud file format understood by ``PointCloudReader`` and ``PointCloudWriter``.
public enum PointCloudFormat: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Stanford polygon format (`.ply`): ascii, binary little-endian or binary big-endian.
    case ply
    /// Point Cloud Library format (`.pcd`): ascii, binary or binary_compressed (LZF).
    case pcd
    /// Plain text, one point per line (`.xyz`, `.txt`, `.pts`, `.csv`, `.asc`).
    case xyz

    /// The format conventionally associated with a file extension (case-insensitive, without the dot),
    /// or `nil` when the extension is not recognised.
    public init?(fileExtension ext: String) {
        switch ext.lowercased() {
        case "ply": self = .ply
        case "pcd": self = .pcd
        case "xyz", "txt", "pts", "csv", "asc", "xyzn", "xyzrgb": self = .xyz
        default: return nil
        }
    }

    /// The encoding written when the caller does not choose one: binary for PLY and PCD, ascii for XYZ.
    public var defaultEncoding: PointCloudEncoding {
        switch self {
        case .ply, .pcd: .binaryLittleEndian
        case .xyz: .ascii
        }
    }
}

/// How the point records of a file are stored.
///
/// PCD's `DATA binary` is reported as ``binaryLittleEndian`` (PCD binary data is little-endian in
/// practice); PCD's `DATA binary_compressed` is ``binaryCompressed``.
public enum PointCloudEncoding: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Human-readable text.
    case ascii
    /// Raw little-endian records.
    case binaryLittleEndian
    /// Raw big-endian records (PLY only).
    case binaryBigEndian
    /// LZF-compressed structure-of-arrays records (PCD only).
    case binaryCompressed
}
