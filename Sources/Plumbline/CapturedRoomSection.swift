extension CapturedRoom {
    /// A room-type label with a representative point (RoomPlan `CapturedRoom.Section`, iOS 17). A room
    /// can hold several sections (for example kitchen + diningRoom), told apart by their centres.
    ///
    /// JSON: `{"center":[x,y,z],"label":"bedroom","story":0}`.
    public struct Section: Sendable, Codable, Equatable {
        /// The room types RoomPlan recognises. JSON: the plain case name string (`"livingRoom"`).
        public enum Label: String, Sendable, Codable, Hashable, CaseIterable {
            /// Living room.
            case livingRoom
            /// Bedroom.
            case bedroom
            /// Bathroom.
            case bathroom
            /// Kitchen.
            case kitchen
            /// Dining room.
            case diningRoom
            /// A space whose type was not recognised (hallways, offices, …).
            case unidentified
        }

        /// The room type.
        public var label: Label
        /// A representative point of the section, world metres (RoomPlan writes y = 0 in some exports).
        public var center: SIMD3<Float>
        /// The storey (floor number) the section is on; 0 for single-storey captures.
        public var story: Int
        /// Keys of the section's JSON object that Plumbline does not model, kept verbatim.
        public var unknownFields: [String: JSONValue]

        /// A section from its parts.
        public init(label: Label, center: SIMD3<Float>, story: Int = 0, unknownFields: [String: JSONValue] = [:]) {
            self.label = label
            self.center = center
            self.story = story
            self.unknownFields = unknownFields
        }

        static let knownKeys: Set<String> = ["center", "label", "story"]

        /// Decodes RoomPlan's section object; `story` defaults to 0 when absent.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyCodingKey.self)
            label = try c.required(Label.self, "label")
            center = try c.vector3("center")
            story = try c.optional(Int.self, "story") ?? 0
            unknownFields = try c.unknownFields(excluding: Self.knownKeys)
        }

        /// Encodes RoomPlan's section object.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.putVector3(center, "center")
            try c.put(label, "label")
            try c.put(story, "story")
            try c.putUnknown(unknownFields)
        }
    }
}
