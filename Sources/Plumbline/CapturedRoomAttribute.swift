/// A typed object attribute (RoomPlan's iOS 17 `CapturedRoomAttribute`): an enum whose raw value is the
/// string RoomPlan writes in `attributes`, keyed by ``typeName`` (e.g. `"ChairType": "dining"`).
public protocol CapturedRoomAttribute: CaseIterable, RawRepresentable, Sendable, Hashable where RawValue == String {
    /// The key under which the attribute appears in an object's `attributes` JSON map (RoomPlan's
    /// Swift type name, `"ChairType"`).
    static var typeName: String { get }
    /// The object category that carries this attribute.
    static var parentCategory: CapturedRoom.Object.Category { get }
    /// The raw values of all cases, in declared order (usable on `any CapturedRoomAttribute.Type`).
    static var allRawValues: [String] { get }
}

extension CapturedRoomAttribute {
    /// The raw values of all cases, in declared order.
    public static var allRawValues: [String] { allCases.map(\.rawValue) }
}

extension CapturedRoom {
    /// Namespace of RoomPlan's 8 attribute enums (cases in RoomPlan's declared order).
    public enum Attribute {
        /// Kind of chair.
        public enum ChairType: String, CapturedRoomAttribute {
            /// Dining chair.
            case dining
            /// Stool.
            case stool
            /// Swivel (office) chair.
            case swivel
            /// Not recognised.
            case unidentified
            /// `"ChairType"`.
            public static let typeName = "ChairType"
            /// `.chair`.
            public static let parentCategory = Object.Category.chair
        }

        /// Chair legs.
        public enum ChairLegType: String, CapturedRoomAttribute {
            /// Four legs.
            case four
            /// A central column on a star base (office chair).
            case star
            /// Not recognised.
            case unidentified
            /// `"ChairLegType"`.
            public static let typeName = "ChairLegType"
            /// `.chair`.
            public static let parentCategory = Object.Category.chair
        }

        /// Chair arms.
        public enum ChairArmType: String, CapturedRoomAttribute {
            /// Has arm rests.
            case existing
            /// No arm rests.
            case missing
            /// `"ChairArmType"`.
            public static let typeName = "ChairArmType"
            /// `.chair`.
            public static let parentCategory = Object.Category.chair
        }

        /// Chair back.
        public enum ChairBackType: String, CapturedRoomAttribute {
            /// Has a back rest.
            case existing
            /// No back rest.
            case missing
            /// `"ChairBackType"`.
            public static let typeName = "ChairBackType"
            /// `.chair`.
            public static let parentCategory = Object.Category.chair
        }

        /// Sofa shape.
        public enum SofaType: String, CapturedRoomAttribute {
            /// Straight sofa.
            case rectangular
            /// L-shaped sofa.
            case lShaped
            /// The short side of an L-shaped sofa.
            case lShapedExtension
            /// Single seat (loveseat / armchair).
            case singleSeat
            /// Not recognised.
            case unidentified
            /// `"SofaType"`.
            public static let typeName = "SofaType"
            /// `.sofa`.
            public static let parentCategory = Object.Category.sofa
        }

        /// Table use.
        public enum TableType: String, CapturedRoomAttribute {
            /// Coffee table.
            case coffee
            /// Dining table.
            case dining
            /// Not recognised.
            case unidentified
            /// `"TableType"`.
            public static let typeName = "TableType"
            /// `.table`.
            public static let parentCategory = Object.Category.table
        }

        /// Table top shape.
        public enum TableShapeType: String, CapturedRoomAttribute {
            /// Rectangular top.
            case rectangular
            /// Circular or elliptic top.
            case circularElliptic
            /// L-shaped top.
            case lShaped
            /// Not recognised.
            case unidentified
            /// `"TableShapeType"`.
            public static let typeName = "TableShapeType"
            /// `.table`.
            public static let parentCategory = Object.Category.table
        }

        /// Storage kind.
        public enum StorageType: String, CapturedRoomAttribute {
            /// Enclosed cabinet.
            case cabinet
            /// Open, wall-located shelf.
            case shelf
            /// `"StorageType"`.
            public static let typeName = "StorageType"
            /// `.storage`.
            public static let parentCategory = Object.Category.storage
        }

        /// All 8 attribute types, in RoomPlan's declared order.
        public static let allTypes: [any CapturedRoomAttribute.Type] = [
            ChairType.self, ChairLegType.self, ChairArmType.self, ChairBackType.self, SofaType.self, TableType.self,
            TableShapeType.self, StorageType.self,
        ]
    }
}

extension CapturedRoom.Object {
    /// The typed value of one attribute (RoomPlan `attribute(of:)`), or `nil` when the object has no such
    /// key or its value is not one of the known cases.
    public func attribute<T: CapturedRoomAttribute>(of type: T.Type) -> T? {
        attributes[T.typeName].flatMap(T.init(rawValue:))
    }

    /// Sets (or, with `nil`, removes) one typed attribute in ``attributes``.
    public mutating func setAttribute<T: CapturedRoomAttribute>(_ value: T?, of type: T.Type = T.self) {
        attributes[T.typeName] = value?.rawValue
    }
}
