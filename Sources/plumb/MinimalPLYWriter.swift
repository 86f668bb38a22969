import Foundation
import PlumbKernel

/// Stop-gap binary PLY writer for `plumb simulate` (to be replaced by PlumbIO's writer at merge time).
///
/// Writes `binary_little_endian` PLY with `float x, y, z` (world metres = origin + local, rounded to
/// Float) and, when present, `uint frame` from `frameIndex`.
enum MinimalPLYWriter {
    static func data(_ cloud: PointCloud) -> Data {
        let hasFrames = cloud.frameIndex != nil
        var header = "ply\nformat binary_little_endian 1.0\nelement vertex \(cloud.count)\n"
        header += "property float x\nproperty float y\nproperty float z\n"
        if hasFrames { header += "property uint frame\n" }
        header += "end_header\n"
        let stride = hasFrames ? 4 : 3
        var words = [UInt32](repeating: 0, count: cloud.count * stride)
        for i in 0..<cloud.count {
            let p = cloud.worldPoint(i)
            words[stride * i] = Float(p.x).bitPattern.littleEndian
            words[stride * i + 1] = Float(p.y).bitPattern.littleEndian
            words[stride * i + 2] = Float(p.z).bitPattern.littleEndian
            if let f = cloud.frameIndex { words[stride * i + 3] = f[i].littleEndian }
        }
        var d = Data(header.utf8)
        words.withUnsafeBytes { d.append(contentsOf: $0) }
        return d
    }
}
