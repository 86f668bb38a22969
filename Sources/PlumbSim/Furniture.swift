import Foundation

/// RoomPlan's object categories.
public enum FurnitureCategory: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// RoomPlan object categories (`CapturedRoom.Object.Category`); `stairs` is a stair flight's bounding box.
    case bed, table, sofa, chair, storage, refrigerator, stove, oven, sink, toilet, bathtub, washerDryer
    /// More RoomPlan object categories.
    case dishwasher, fireplace, television, stairs
}

/// A piece of furniture as an oriented box standing in a room.
///
/// `center` is the box centre in world (x, y, z) metres; `size` is (width along local x, height along y,
/// depth along local z); `yaw` rotates the box about +y by that many radians (right-hand rule: local x
/// maps to world `(cos yaw, 0, -sin yaw)`).
public struct Furniture: Sendable, Equatable, Codable {
    /// Unique identifier.
    public var id: String
    /// RoomPlan category.
    public var category: FurnitureCategory
    /// Room the object stands in.
    public var roomID: String
    /// Box centre, world metres.
    public var center: SIMD3<Double>
    /// Box size (width, height, depth), metres.
    public var size: SIMD3<Double>
    /// Rotation about +y, radians.
    public var yaw: Double

    /// A furniture box.
    public init(id: String, category: FurnitureCategory, roomID: String, center: SIMD3<Double>, size: SIMD3<Double>, yaw: Double = 0) {
        self.id = id
        self.category = category
        self.roomID = roomID
        self.center = center
        self.size = size
        self.yaw = yaw
    }

    private enum CodingKeys: String, CodingKey { case id, category, roomID = "room", center, size, yaw }

    /// Decodes a box; `yaw` defaults to 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        category = try c.decode(FurnitureCategory.self, forKey: .category)
        roomID = try c.decode(String.self, forKey: .roomID)
        center = try c.decode(SIMD3<Double>.self, forKey: .center)
        size = try c.decode(SIMD3<Double>.self, forKey: .size)
        yaw = try c.decodeIfPresent(Double.self, forKey: .yaw) ?? 0
    }

    /// Local x axis in world coordinates (unit, horizontal).
    public var axisX: SIMD3<Double> { SIMD3(_cos(yaw), 0, -_sin(yaw)) }
    /// Local z axis in world coordinates (unit, horizontal).
    public var axisZ: SIMD3<Double> { SIMD3(_sin(yaw), 0, _cos(yaw)) }

    /// The four footprint corners in plan (x, z) metres, counter-clockwise in local axes.
    public var footprint: [SIMD2<Double>] {
        let c = SIMD2(center.x, center.z)
        let ax = SIMD2(axisX.x, axisX.z) * (size.x / 2), az = SIMD2(axisZ.x, axisZ.z) * (size.z / 2)
        return [c - ax - az, c + ax - az, c + ax + az, c - ax + az]
    }

    /// World y of the box bottom and top, metres.
    public var verticalRange: ClosedRange<Double> { (center.y - size.y / 2)...(center.y + size.y / 2) }
}

@inline(__always) func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { sin(x) }
