// RoomPlan declares its eight attribute enums at the top level of the module (`ChairType`, not
// `CapturedRoom.ChairType`); these names let RoomPlan code such as `object.attribute(of: ChairType.self)`
// compile. Each is the same type as the one in ``CapturedRoom/Attribute``.

/// RoomPlan's `ChairType`: the same type as ``CapturedRoom/Attribute/ChairType`` (JSON key `"ChairType"`).
public typealias ChairType = CapturedRoom.Attribute.ChairType
/// RoomPlan's `ChairLegType`: the same type as ``CapturedRoom/Attribute/ChairLegType`` (JSON key
/// `"ChairLegType"`).
public typealias ChairLegType = CapturedRoom.Attribute.ChairLegType
/// RoomPlan's `ChairArmType`: the same type as ``CapturedRoom/Attribute/ChairArmType`` (JSON key
/// `"ChairArmType"`).
public typealias ChairArmType = CapturedRoom.Attribute.ChairArmType
/// RoomPlan's `ChairBackType`: the same type as ``CapturedRoom/Attribute/ChairBackType`` (JSON key
/// `"ChairBackType"`).
public typealias ChairBackType = CapturedRoom.Attribute.ChairBackType
/// RoomPlan's `SofaType`: the same type as ``CapturedRoom/Attribute/SofaType`` (JSON key `"SofaType"`).
public typealias SofaType = CapturedRoom.Attribute.SofaType
/// RoomPlan's `TableType`: the same type as ``CapturedRoom/Attribute/TableType`` (JSON key `"TableType"`).
public typealias TableType = CapturedRoom.Attribute.TableType
/// RoomPlan's `TableShapeType`: the same type as ``CapturedRoom/Attribute/TableShapeType`` (JSON key
/// `"TableShapeType"`).
public typealias TableShapeType = CapturedRoom.Attribute.TableShapeType
/// RoomPlan's `StorageType`: the same type as ``CapturedRoom/Attribute/StorageType`` (JSON key
/// `"StorageType"`).
public typealias StorageType = CapturedRoom.Attribute.StorageType

extension CapturedRoom.Object.Category {
    /// The attribute types objects of this category carry (RoomPlan's
    /// `Category.supportedAttributeTypes`): those of ``CapturedRoom/Attribute/allTypes`` whose
    /// ``CapturedRoomAttribute/parentCategory`` is this category, in RoomPlan's declared order. Chairs
    /// have four, tables two, sofas and storage one; every other category none.
    ///
    /// RoomPlan's `supportedCombinations` (which combinations of these values a model catalog may map) is
    /// not offered: Apple does not publish its contents.
    public var supportedAttributeTypes: [any CapturedRoomAttribute.Type] {
        CapturedRoom.Attribute.allTypes.filter { $0.parentCategory == self }
    }
}

extension CapturedRoom.Object {
    /// The object's ``attributes`` as typed values, like RoomPlan's `attributes: [any CapturedRoomAttribute]`:
    /// one value per entry whose key is the ``CapturedRoomAttribute/typeName`` of one of the eight types
    /// and whose value is one of that type's raw values, in the order of
    /// ``CapturedRoom/Attribute/allTypes``. Entries of other keys or unknown values are left out (they stay
    /// in ``attributes``). Change attributes with ``setAttribute(_:of:)``.
    public var typedAttributes: [any CapturedRoomAttribute] {
        CapturedRoom.Attribute.allTypes.compactMap { type in attributes[type.typeName].flatMap(type.value(rawValue:)) }
    }
}

extension CapturedRoomAttribute {
    /// The case with this raw value, as an existential (for look-ups over `any CapturedRoomAttribute.Type`).
    fileprivate static func value(rawValue: String) -> (any CapturedRoomAttribute)? { Self(rawValue: rawValue) }
}

extension CapturedRoom.Attribute {
    /// The storage form of a list of typed attributes: the category they belong to and the
    /// ``CapturedRoomAttribute/typeName`` → raw value pairs ``CapturedRoom/Object/attributes`` holds.
    /// `nil` for an empty list, attributes of different parent categories, or two values of one type.
    package static func storage(of attributes: [any CapturedRoomAttribute]) -> (category: CapturedRoom.Object.Category, pairs: [String: String])? {
        guard let category = attributes.first.map({ type(of: $0).parentCategory }) else { return nil }
        var pairs: [String: String] = [:]
        for a in attributes {
            let t = type(of: a)
            guard t.parentCategory == category, pairs[t.typeName] == nil else { return nil }
            pairs[t.typeName] = a.rawValue
        }
        return (category, pairs)
    }
}
