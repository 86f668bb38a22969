/// Per-frame numbers gathered while fusing (also the inputs of the guidance).
package struct FrameFusionStatistics: Sendable, Equatable, Codable {
    /// Pixels in the frame.
    public var pixels: Int
    /// Pixels with positive depth and enough confidence.
    public var validPixels: Int = 0
    /// Valid pixels fused into the map.
    public var fusedPoints: Int = 0
    /// Valid pixels too far from the map origin to be indexed.
    public var outOfRange: Int = 0
    /// Voxels created by this frame.
    public var newVoxels: Int = 0
    /// Median depth of the valid pixels, metres (1 cm resolution; 0 when none).
    public var medianDepth: Double = 0

    /// Share of valid pixels.
    public var validFraction: Double { pixels > 0 ? Double(validPixels) / Double(pixels) : 0 }

    /// Statistics of an empty frame with `pixels` pixels.
    public init(pixels: Int) { self.pixels = pixels }
}
