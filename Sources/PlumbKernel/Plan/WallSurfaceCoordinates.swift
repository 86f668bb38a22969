/// A wall surface unrolled into 2D coordinates for the opening detectors: `u` along the surface
/// (0…``length``), `v` up from the floor (0…``height``) and `s` the signed distance from the surface,
/// positive into the room; all metres. ``WallPatch`` (straight walls) and ``ArcWallPatch`` (curved walls).
package protocol WallSurfaceCoordinates: Sendable {
    /// Length along the surface, metres.
    var length: Double { get }
    /// Height, metres.
    var height: Double { get }
    /// Calls `body(u, v, s)` for the points of `cloud` whose wall coordinates lie in the open box
    /// `u` × `v` × `s` (callers pass a box around what they keep), in index order.
    func forEachWallCoordinate(of cloud: PointCloud, u: (Float, Float), v: (Float, Float), s: (Float, Float),
                               _ body: (_ u: Float, _ v: Float, _ s: Float) -> Void)
}

extension WallPatch: WallSurfaceCoordinates {}
