import Foundation
import PlumbKernel

/// Writes a `PointCloud` as PLY, PCD or XYZ (LAS and E57 are read only).
///
/// Normals, colours, intensity and frame indices are written when the cloud has them. By default
/// coordinates are `float32` relative to the cloud origin, with the origin in a header comment
/// (``PointCloudWriteOptions/Coordinates/localFloat32``); choose
/// ``PointCloudWriteOptions/Coordinates/worldFloat64`` for world coordinates in double precision.
/// Supported encodings: PLY ascii / binary little- and big-endian; PCD ascii / binary (little-endian) /
/// binary_compressed; XYZ ascii. Complexity O(n).
public enum PointCloudWriter {
    /// Writes `cloud` to `url` atomically through `SafeFile` (temporary file, fsync,
    /// rename; an existing non-regular file such as a symbolic link or device is refused). `format` defaults to the one implied by the extension;
    /// `encoding` to the format's ``PointCloudFormat/defaultEncoding``.
    public static func write(
        _ cloud: PointCloud, to url: URL, format: PointCloudFormat? = nil, encoding: PointCloudEncoding? = nil,
        options: PointCloudWriteOptions = .init()
    ) throws(PointCloudFormatError) {
        guard let f = format ?? PointCloudFormat(fileExtension: url.pathExtension) else {
            throw .unrecognisedFormat(detail: "cannot infer a format from the extension '\(url.pathExtension)'")
        }
        let bytes = try encode(cloud, format: f, encoding: encoding, options: options)
        do throws(SafeFileError) {
            try SafeFile.write(Data(bytes), to: url)
        } catch {
            throw .cannotWriteFile(path: url.path, reason: error.reason)
        }
    }

    /// The file image of `cloud` in `format` and `encoding` (default: the format's default encoding).
    /// - Throws: ``PointCloudFormatError/invalidCloud(_:)`` for an inconsistent cloud,
    ///   ``PointCloudFormatError/unsupportedEncoding(format:encoding:)`` for a combination the format lacks.
    public static func encode(
        _ cloud: PointCloud, format: PointCloudFormat, encoding: PointCloudEncoding? = nil,
        options: PointCloudWriteOptions = .init()
    ) throws(PointCloudFormatError) -> [UInt8] {
        do {
            try cloud.validate()
        } catch {
            throw .invalidCloud(error)
        }
        let e = encoding ?? format.defaultEncoding
        switch (format, e) {
        case (.ply, .ascii), (.ply, .binaryLittleEndian), (.ply, .binaryBigEndian):
            return PLYWriter.encode(cloud, encoding: e, options: options)
        case (.pcd, .binaryCompressed):
            // The block header stores sizes as UInt32.
            let record = OutputField.fields(for: cloud, world64: options.coordinates == .worldFloat64, packedColor: true)
                .reduce(0) { $0 + $1.type.size }
            let (size, overflow) = cloud.count.multipliedReportingOverflow(by: record)
            guard !overflow, size <= Int(UInt32.max) / 2 else {
                throw .unsupportedEncoding(format: .pcd, encoding: "binaryCompressed above 2 GiB of point data")
            }
            return PCDWriter.encode(cloud, encoding: e, options: options)
        case (.pcd, .ascii), (.pcd, .binaryLittleEndian):
            return PCDWriter.encode(cloud, encoding: e, options: options)
        case (.xyz, .ascii):
            return XYZWriter.encode(cloud)
        case (.las, _), (.e57, _):
            throw .unsupportedEncoding(format: format, encoding: "\(e.rawValue) (LAS and E57 are read, not written)")
        default:
            throw .unsupportedEncoding(format: format, encoding: e.rawValue)
        }
    }
}
