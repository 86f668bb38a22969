import PlumbKernel

/// Named sensor-noise settings of the simulator.
public enum ScanPreset: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Exact depths, no outliers, no dropout, every return high confidence.
    case clean
    /// An iPhone-like LiDAR: σ = 0.5 cm + 0.5 % of range, 1 % outliers, 5 % dropout.
    case phone
    /// A poor capture: σ = 2 cm, 5 % outliers, 20 % dropout, one wall per room barely seen.
    case bad

    /// The noise model of this preset.
    public var noise: NoiseModel {
        switch self {
        case .clean:
            NoiseModel(sigmaConstant: 0, sigmaRelative: 0, outlierFraction: 0, dropoutFraction: 0, hiddenWallReturnFraction: 1, modelsConfidence: false)
        case .phone:
            NoiseModel(sigmaConstant: 0.005, sigmaRelative: 0.005, outlierFraction: 0.01, dropoutFraction: 0.05, hiddenWallReturnFraction: 1, modelsConfidence: true)
        case .bad:
            NoiseModel(sigmaConstant: 0.02, sigmaRelative: 0, outlierFraction: 0.05, dropoutFraction: 0.2, hiddenWallReturnFraction: 0.05, modelsConfidence: true)
        }
    }
}

/// Per-pixel depth noise of the simulated sensor.
///
/// A measured pixel's range (distance along the ray) gets Gaussian noise with
/// `σ = sigmaConstant + sigmaRelative × range`. With probability `outlierFraction` it is instead moved by
/// a uniform ±(10 … 60) cm; with probability `dropoutFraction` it returns nothing (depth 0, confidence 0).
/// In each room one wall (chosen by the seed) returns only `hiddenWallReturnFraction` of its rays.
public struct NoiseModel: Sendable, Equatable, Hashable, Codable {
    /// Constant part of the range standard deviation, metres.
    public var sigmaConstant: Double
    /// Range-proportional part of the standard deviation (unitless).
    public var sigmaRelative: Double
    /// Share of measured pixels that are outliers.
    public var outlierFraction: Double
    /// Share of pixels that return nothing.
    public var dropoutFraction: Double
    /// Share of rays returned by the one "barely seen" wall per room (1 = no such wall).
    public var hiddenWallReturnFraction: Double
    /// When true, confidence falls with range and grazing incidence (else every return is high).
    public var modelsConfidence: Bool

    /// A noise model.
    public init(sigmaConstant: Double, sigmaRelative: Double, outlierFraction: Double, dropoutFraction: Double,
                hiddenWallReturnFraction: Double, modelsConfidence: Bool) {
        self.sigmaConstant = sigmaConstant
        self.sigmaRelative = sigmaRelative
        self.outlierFraction = outlierFraction
        self.dropoutFraction = dropoutFraction
        self.hiddenWallReturnFraction = hiddenWallReturnFraction
        self.modelsConfidence = modelsConfidence
    }

    /// Range standard deviation at `range` metres.
    public func sigma(atRange range: Double) -> Double { sigmaConstant + sigmaRelative * range }
}

/// Sensor and capture-path settings of the simulator (independent of the noise preset).
public struct ScanOptions: Sendable, Equatable, Hashable, Codable {
    /// Depth image width, pixels.
    public var width: Int = 256
    /// Depth image height, pixels.
    public var height: Int = 192
    /// Pinhole intrinsics (default: about ARKit's LiDAR depth at 256 x 192, 62° horizontal field of view).
    public var intrinsics = CameraIntrinsics(fx: 212, fy: 212, cx: 128, cy: 96)
    /// Maximum range, metres (farther surfaces return nothing).
    public var maxRange: Double = 5
    /// Device height above the room floor, metres.
    public var deviceHeight: Double = 1.4
    /// Distance between capture stations along the walk, metres.
    public var stationSpacing: Double = 0.75
    /// Preferred distance of the walk from the walls, metres (less in small rooms).
    public var wallClearance: Double = 0.9
    /// Time between frames, seconds.
    public var frameInterval: Double = 0.1
    /// Share of rays that window glass returns (the rest pass through).
    public var glassReturnFraction: Double = 0.3
    /// Default options.
    public init() {}

    /// Checks that every setting is finite and sensible.
    /// - Throws: ``ScanSimulatorError/badOption(name:value:)`` naming the first bad setting.
    public func validate() throws(ScanSimulatorError) {
        if !(1...4096).contains(width) { throw .badOption(name: "width", value: Double(width)) }
        if !(1...4096).contains(height) { throw .badOption(name: "height", value: Double(height)) }
        for (name, v) in [("fx", intrinsics.fx), ("fy", intrinsics.fy)] where !(v.isFinite && v > 0) {
            throw .badOption(name: name, value: v)
        }
        for (name, v) in [("cx", intrinsics.cx), ("cy", intrinsics.cy), ("deviceHeight", deviceHeight)] where !v.isFinite {
            throw .badOption(name: name, value: v)
        }
        if !(maxRange.isFinite && maxRange > 0 && maxRange <= 100) { throw .badOption(name: "maxRange", value: maxRange) }
        if !(stationSpacing.isFinite && stationSpacing >= 0.05) { throw .badOption(name: "stationSpacing", value: stationSpacing) }
        if !(wallClearance.isFinite && wallClearance >= 0) { throw .badOption(name: "wallClearance", value: wallClearance) }
        if !(frameInterval.isFinite && frameInterval >= 0) { throw .badOption(name: "frameInterval", value: frameInterval) }
        if !(glassReturnFraction >= 0 && glassReturnFraction <= 1) {
            throw .badOption(name: "glassReturnFraction", value: glassReturnFraction)
        }
    }
}

/// Why a ``ScanSimulator`` cannot be built.
public enum ScanSimulatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plan failed validation.
    case invalidPlan(FloorPlanError)
    /// A ``ScanOptions`` setting is out of range.
    case badOption(name: String, value: Double)
    /// The capture path would produce more than ``ScanSimulator/maxTotalPixels`` pixels.
    case captureTooLarge(frames: Int, pixelsPerFrame: Int)

    /// A human-readable explanation naming the offending element.
    public var description: String {
        switch self {
        case let .invalidPlan(e): "invalid plan: \(e)"
        case let .badOption(n, v): "scan option \(n) = \(v) is out of range"
        case let .captureTooLarge(f, p): "capture too large: more than \(f) frames of \(p) pixels"
        }
    }
}
