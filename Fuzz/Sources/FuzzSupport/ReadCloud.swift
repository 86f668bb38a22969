import Foundation
import PlumbIO

/// Reads `bytes` as `format` with `options` and, when the file holds non-finite points, again with
/// ``PointCloudReadOptions/NonFinitePolicy/drop`` (so the drop path is fuzzed too); a cloud read is written
/// back in the same format and encoding (binary PLY for LAS and E57, which have no writer) and read again
/// (the writers on fuzzed clouds of up to 4,096 points).
/// Errors are the expected outcome for most inputs and are ignored.
public func readCloud(_ bytes: UnsafeRawBufferPointer, format: PointCloudFormat, options: PointCloudReadOptions = .init()) {
    var result: PointCloudReadResult
    do {
        result = try PointCloudReader.read(bytes: bytes, format: format, options: options)
    } catch .nonFiniteCoordinate {
        var drop = options
        drop.nonFiniteCoordinates = .drop
        do { result = try PointCloudReader.read(bytes: bytes, format: format, options: drop) } catch {
            fuzzLog("read (dropping non-finite points): \(error)")
            return
        }
    } catch {
        fuzzLog("read: \(error)")
        return
    }
    fuzzLog("read: \(result.cloud.count) points, \(result.report.encoding)")
    let written: PointCloudFormat = format == .las || format == .e57 ? .ply : format
    guard result.cloud.count <= 4096,
        let image = try? PointCloudWriter.encode(result.cloud, format: written, encoding: result.report.encoding)
    else { return }
    _ = try? PointCloudReader.read(bytes: image, format: written)
}
