import PlumbKernel

/// The camera-space rays of every pixel of a pinhole depth image, cached per intrinsics.
///
/// The ray through pixel `(column, row)` at unit z-depth is `(x[column], y[row], -1)` (camera frame:
/// x right, y up, looking along -z), so the `width × height` rays are stored exactly as `width + height`
/// values. The pose's rotation is applied once per frame to the column terms (``rotateColumns(by:into:)``)
/// and once per row to the row terms, so a world point costs three multiply-adds per coordinate.
struct PixelRays: Sendable {
    /// Intrinsics the rays were computed for.
    let intrinsics: CameraIntrinsics
    /// Image size, pixels.
    let width: Int, height: Int
    /// `x` of each column's ray at unit depth.
    let columnDirection: [Float]
    /// `y` of each row's ray at unit depth.
    let rowDirection: [Float]

    /// Rays of a `width × height` image with intrinsics `k`.
    init(intrinsics k: CameraIntrinsics, width: Int, height: Int) {
        intrinsics = k
        self.width = width
        self.height = height
        columnDirection = (0..<width).map { Float((Double($0) + 0.5 - k.cx) / k.fx) }
        rowDirection = (0..<height).map { Float(-(Double($0) + 0.5 - k.cy) / k.fy) }
    }

    /// An empty table (no image yet).
    init() {
        intrinsics = CameraIntrinsics(fx: 1, fy: 1, cx: 0, cy: 0)
        width = 0
        height = 0
        columnDirection = []
        rowDirection = []
    }

    /// Writes `R · (x[c], 0, 0)` for every column into the scratch's column arrays (SoA, zero-padded to
    /// a multiple of 8).
    func rotateColumns(by pose: RigidTransform, into s: inout FusionScratch) {
        let c0 = SIMD3<Float>(pose.column0)
        for c in 0..<width {
            let v = c0 * columnDirection[c]
            s.colX[c] = v.x
            s.colY[c] = v.y
            s.colZ[c] = v.z
        }
    }
}
