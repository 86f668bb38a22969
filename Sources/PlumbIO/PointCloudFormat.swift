/// A point-cloud file format understood by ``PointCloudReader`` and ``PointCloudWriter``.
public enum PointCloudFormat: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Stanford polygon format (`.ply`): ascii, binary little-endian or binary big-endian.
    case ply
    /// Point Cloud Library format (`.pcd`): ascii, binary or binary_compressed (LZF).
    case pcd
    /// Plain text, one point per line (`.xyz`, `.txt`, `.pts`, `.csv`, `.asc`).
    case xyz
    /// ASPRS LAS 1.0-1.4 (`.las`), point data record formats 0-10; read only. LAZ (`.laz`, compressed LAS)
    /// is refused with ``PointCloudFormatError/compressedLAZ(at:)``.
    case las
    /// ASTM E2807 E57 (`.e57`): every `data3D` scan, posed into one world frame; read only.
    case e57

    /// The format conventionally associated with a file extension (case-insensitive, without the dot),
    /// or `nil` when the extension is not recognised.
    public init?(fileExtension ext: String) {
        switch ext.lowercased() {
        case "ply": self = .ply
        case "pcd": self = .pcd
        case "xyz", "txt", "pts", "csv", "asc", "xyzn", "xyzrgb": self = .xyz
        case "las": self = .las
        case "e57": self = .e57
        default: return nil
        }
    }

    /// The encoding written when the caller does not choose one: binary for PLY and PCD, ascii for XYZ
    /// (LAS and E57, which are only read, report ``PointCloudEncoding/binaryLittleEndian``).
    public var defaultEncoding: PointCloudEncoding {
        switch self {
        case .ply, .pcd, .las, .e57: .binaryLittleEndian
        case .xyz: .ascii
        }
    }

    /// The extensions ``PointCloudReader`` recognises, for messages: "ply, pcd, xyz (…), las, e57".
    static let supportedExtensionsDescription =
        "ply, pcd, xyz (also txt, pts, csv, asc, xyzn, xyzrgb), las, e57 (laz: decompress to las first)"

    /// Whether `ext` (without the dot, any case) names compressed LAS.
    static func isLAZ(_ ext: String?) -> Bool { ext?.lowercased() == "laz" }
}

/// How the point records of a file are stored.
///
/// PCD's `DATA binary` is reported as ``binaryLittleEndian`` (PCD binary data is little-endian in
/// practice); PCD's `DATA binary_compressed` is ``binaryCompressed``.
public enum PointCloudEncoding: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Human-readable text.
    case ascii
    /// Raw little-endian records (also LAS, and E57's bit-packed compressed vectors).
    case binaryLittleEndian
    /// Raw big-endian records (PLY only).
    case binaryBigEndian
    /// LZF-compressed structure-of-arrays records (PCD only).
    case binaryCompressed
}
