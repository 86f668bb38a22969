import Foundation

extension CapturedRoom {
    /// A piece of furniture or fixture, as an oriented box (RoomPlan `CapturedRoom.Object`).
    ///
    /// Geometry: a box of `dimensions` `[width (local x), height (local y), depth (local z)]` metres,
    /// centred on the local origin; `transform` maps local to world (local y is up).
    ///
    /// JSON: an object with the keys `attributes, category, confidence, dimensions, identifier,
    /// parentIdentifier, story, transform` (no `completedEdges`, `curve` or `polygonCorners`), plus any
    /// ``unknownFields``.
    public struct Object: Sendable, Codable, Equatable, Identifiable {
        /// RoomPlan's 16 object categories, in RoomPlan's declared order. JSON: `{"storage":{}}` etc.
        public enum Category: Sendable, Codable, Hashable, CaseIterable {
            /// Cabinets, shelves and other storage furniture.
            case storage
            /// A refrigerator.
            case refrigerator
            /// A stove / cooktop.
            case stove
            /// A bed.
            case bed
            /// A sink.
            case sink
            /// A washing machine or dryer.
            case washerDryer
            /// A toilet.
            case toilet
            /// A bathtub.
            case bathtub
            /// An oven.
            case oven
            /// A dishwasher.
            case dishwasher
            /// A table.
            case table
            /// A sofa.
            case sofa
            /// A chair.
            case chair
            /// A fireplace.
            case fireplace
            /// A television.
            case television
            /// Stairs.
            case stairs

            /// The case name as RoomPlan spells it in JSON (`"washerDryer"`).
            public var name: String { String(describing: self) }
        }

        /// The kind of object.
        public var category: Category
        /// Certainty of ``category``.
        public var confidence: Confidence
        /// `[width, height, depth]` of the box, metres (local x, y, z).
        public var dimensions: SIMD3<Float>
        /// Local-to-world pose; translation = box centre (see ``Transform4x4``).
        public var transform: Transform4x4
        /// Stable identity of the object (upper-case UUID string in JSON).
        public var identifier: UUID
        /// The storey the object is on; 0 for single-storey captures.
        public var story: Int
        /// The object (or surface) this one belongs to, e.g. chair → table, sink → storage; `nil` if none.
        public var parentIdentifier: UUID?
        /// RoomPlan's iOS 17 attributes as attribute-type name → raw value, e.g.
        /// `["ChairType": "dining", "ChairLegType": "four"]`, `["StorageType": "shelf"]`; empty when none.
        public var attributes: [String: String]
        /// Keys of the object's JSON object that Plumbline does not model, kept verbatim.
        public var unknownFields: [String: JSONValue]

        /// `identifier` (for `Identifiable`).
        public var id: UUID { identifier }

        /// An object from its parts.
        public init(
            category: Category, confidence: Confidence = .high, dimensions: SIMD3<Float>,
            transform: Transform4x4, identifier: UUID = UUID(), story: Int = 0,
            parentIdentifier: UUID? = nil, attributes: [String: String] = [:],
            unknownFields: [String: JSONValue] = [:]
        ) {
            self.category = category
            self.confidence = confidence
            self.dimensions = dimensions
            self.transform = transform
            self.identifier = identifier
            self.story = story
            self.parentIdentifier = parentIdentifier
            self.attributes = attributes
            self.unknownFields = unknownFields
        }

        static let knownKeys: Set<String> = [
            "attributes", "category", "confidence", "dimensions", "identifier", "parentIdentifier", "story",
            "transform",
        ]

        /// Decodes RoomPlan's object. `category`, `confidence`, `dimensions`, `identifier` and `transform`
        /// are required; `attributes` defaults to empty, `story` to 0, `parentIdentifier` to `nil`.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyCodingKey.self)
            category = try c.required(Category.self, "category")
            confidence = try c.required(Confidence.self, "confidence")
            dimensions = try c.vector3("dimensions")
            transform = try c.required(Transform4x4.self, "transform")
            identifier = try c.required(UUID.self, "identifier")
            story = try c.optional(Int.self, "story") ?? 0
            parentIdentifier = try c.optional(UUID.self, "parentIdentifier")
            attributes = try c.optional([String: String].self, "attributes") ?? [:]
            unknownFields = try c.unknownFields(excluding: Self.knownKeys)
        }

        /// Encodes RoomPlan's object (every key written, `null` for an absent parent).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.put(attributes, "attributes")
            try c.put(category, "category")
            try c.put(confidence, "confidence")
            try c.putVector3(dimensions, "dimensions")
            try c.put(identifier, "identifier")
            try c.put(parentIdentifier, "parentIdentifier")
            try c.put(story, "story")
            try c.put(transform, "transform")
            try c.putUnknown(unknownFields)
        }
    }
}
