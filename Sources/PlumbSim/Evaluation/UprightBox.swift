import PlumbKernel
import Plumbline

/// An upright box (vertical axis = world y): a convex plan footprint swept between two heights.
/// Used to compare furniture: RoomPlan objects and ground-truth furniture are upright boxes.
public struct UprightBox: Sendable, Equatable, Codable {
    /// Footprint corners in plan (x, z) metres (convex, either orientation).
    public var footprint: [SIMD2<Double>]
    /// World y of the bottom, metres.
    public var bottom: Double
    /// World y of the top, metres.
    public var top: Double

    /// A box from its footprint and vertical extent.
    public init(footprint: [SIMD2<Double>], bottom: Double, top: Double) {
        self.footprint = footprint
        self.bottom = bottom
        self.top = top
    }

    /// The box of a RoomPlan object: its bottom-face footprint and vertical bounds.
    public init(_ object: CapturedRoom.Object) {
        footprint = object.footprint.vertices.map { SIMD2<Double>($0) }
        bottom = Double(object.bottomElevation)
        top = Double(object.topElevation)
    }

    /// Volume, cubic metres.
    public var volume: Double { abs(Plan2D.signedArea(footprint)) * max(top - bottom, 0) }

    /// Plan centre (vertex mean of the footprint), metres.
    public var planCenter: SIMD2<Double> { footprint.reduce(.zero, +) / Double(max(footprint.count, 1)) }

    /// Intersection volume with another upright box: footprint intersection area × vertical overlap, m³.
    /// - Complexity: O(n·m) in the footprints' vertex counts.
    public func intersectionVolume(_ other: UprightBox) -> Double {
        let h = min(top, other.top) - max(bottom, other.bottom)
        guard h > 0 else { return 0 }
        return PolygonOverlap.convexIntersectionArea(footprint, other.footprint) * h
    }

    /// 3D intersection over union with another upright box (0 when both are empty).
    public func iou(_ other: UprightBox) -> Double {
        let i = intersectionVolume(other)
        let u = volume + other.volume - i
        return u > 0 ? min(max(i / u, 0), 1) : 0
    }
}
