import Foundation
import PlumbKernel
import Plumbline

/// Synthetic ARKit-like depth frames of an empty box room, ray-cast analytically (test fixture).
enum CaptureFixtures {
    /// The room: x in 0...width, y (up) in 0...height, z in 0...depth, metres.
    struct BoxRoom {
        var width = 4.0, height = 2.6, depth = 3.0

        /// z-depth of the first wall hit by the ray through pixel `(col, row)` of a camera at `pose`.
        func depth(pose: RigidTransform, intrinsics k: CameraIntrinsics, col: Int, row: Int) -> Double {
            let dc = k.direction(column: col, row: row)  // (x, y, -1): t along it is the z-depth
            let d = pose.applyToDirection(dc), o = pose.translation
            var best = Double.infinity
            for (lo, hi, oc, dcmp) in [(0.0, width, o.x, d.x), (0.0, height, o.y, d.y), (0.0, depth, o.z, d.z)] where dcmp != 0 {
                let t = ((dcmp > 0 ? hi : lo) - oc) / dcmp
                if t > 0 { best = min(best, t) }
            }
            return best
        }
    }

    static let intrinsics = CameraIntrinsics(fx: 212, fy: 212, cx: 128, cy: 96)

    /// Camera pose at `position` looking along heading `yaw` (radians, 0 = −z) tilted by `pitch`.
    static func pose(_ position: SIMD3<Double>, yaw: Double, pitch: Double = 0) -> RigidTransform {
        let f = SIMD3(-sin(yaw) * cos(pitch), sin(pitch), -cos(yaw) * cos(pitch))
        let right = normalize(SIMD3(-f.z, 0, f.x))
        let back = -f
        return RigidTransform(column0: right, column1: cross(back, right), column2: back, translation: position)
    }

    /// A 256 x 192 frame of `room` from `pose`, with Gaussian range noise `sigma`, depths beyond
    /// `maxRange` dropped, a share `dropout` of pixels returning nothing, and the given light and time.
    static func frame(room: BoxRoom = BoxRoom(), pose: RigidTransform, timestamp: Double, lux: Double? = 250,
                      sigma: Double = 0.003, dropout: Double = 0.02, maxRange: Double = 5, seed: UInt64 = 1) -> DepthFrame {
        let w = 256, h = 192
        var g = SeededGenerator(seed: seed &+ UInt64(bitPattern: Int64(timestamp * 1000)))
        var depth = [Float](repeating: 0, count: w * h)
        var conf = [UInt8](repeating: 0, count: w * h)
        for row in 0..<h {
            for col in 0..<w {
                let z = room.depth(pose: pose, intrinsics: intrinsics, col: col, row: row)
                guard z.isFinite, z < maxRange, g.nextUnitDouble() >= dropout else { continue }
                depth[row * w + col] = Float(max(0.01, z + sigma * g.nextGaussian()))
                conf[row * w + col] = 2
            }
        }
        return try! DepthFrame(width: w, height: h, depth: depth, confidence: conf, intrinsics: intrinsics,
                               cameraToWorld: pose, timestamp: timestamp, ambientLightLux: lux)
    }

    /// A slow walk around the room centre: frames `first ..< first + count`, 0.1 s apart, turning 4° and
    /// moving about 1 cm per frame (0.1 m/s, under 50°/s with the tilt), tilting between −43° and +9° so
    /// floor and ceiling are seen.
    static func slowWalk(room: BoxRoom = BoxRoom(), count: Int, first: Int = 0, lux: Double? = 250) -> [DepthFrame] {
        (first..<(first + count)).map { i in
            let a = Double(i) * 4 * .pi / 180
            let p = SIMD3(room.width / 2 + 0.5 * cos(a * 0.5), 1.4, room.depth / 2 + 0.3 * sin(a * 0.5))
            return frame(room: room, pose: pose(p, yaw: a, pitch: -0.3 + 0.45 * sin(a * 1.3)), timestamp: Double(i) * 0.1, lux: lux)
        }
    }
}
