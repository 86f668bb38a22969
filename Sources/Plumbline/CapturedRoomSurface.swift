import Foundation

extension CapturedRoom {
    /// A planar element of a room: a wall, door, window, opening or floor (RoomPlan
    /// `CapturedRoom.Surface`).
    ///
    /// Geometry: a rectangle of `dimensions.x` (width, along local x) by `dimensions.y` (height, along
    /// local y) centred on the local origin in the local x-y plane; `transform` maps local to world
    /// (see ``Transform4x4``). Local z is the surface normal. For floors local z is world +Y and
    /// `polygonCorners` holds the outline in local x-y. A non-empty `polygonCorners` (sloped walls,
    /// non-rectangular floors) replaces the rectangle as the exact outline.
    ///
    /// JSON: an object with the keys `category, completedEdges, confidence, curve, dimensions,
    /// identifier, parentIdentifier, polygonCorners, story, transform` (all always written, `null` for
    /// absent optionals), plus any ``unknownFields``.
    public struct Surface: Sendable, Codable, Equatable, Identifiable {
        /// What kind of surface this is. JSON: `{"wall":{}}`, `{"door":{"isOpen":false}}`, … (Swift's
        /// synthesized coding for enums with associated values, as RoomPlan writes it).
        public enum Category: Sendable, Codable, Hashable {
            /// A wall.
            case wall
            /// A wall opening without a door or window (a passage).
            case opening
            /// A window.
            case window
            /// A door, open or closed at capture time.
            case door(isOpen: Bool)
            /// A floor (RoomPlan iOS 17).
            case floor
        }

        /// An edge of a surface's rectangle that was fully observed. JSON: `{"top":{}}` etc.
        public enum Edge: Sendable, Codable, Hashable, CaseIterable {
            /// The upper edge (local +y).
            case top
            /// The right edge (local +x).
            case right
            /// The lower edge (local -y).
            case bottom
            /// The left edge (local -x).
            case left
        }

        /// The arc of a curved surface (RoomPlan `Surface.Curve`). RoomPlan never wrote one in the
        /// exports we have, so Plumbline defines the encoding:
        /// `{"center":[cx, cz],"endAngle":e,"radius":r,"startAngle":s}`, angles in **radians** as plain
        /// numbers, measured in the surface's local x-z plane from local +x toward local +z. Decoding also
        /// accepts Foundation's `Measurement<UnitAngle>` object form
        /// (`{"value":90,"unit":{"symbol":"°",…}}`, symbols `rad`, `°`, `deg`, `rev`).
        public struct Curve: Sendable, Codable, Equatable {
            /// Centre of the arc in the surface's local frame, (x, z), metres.
            public var center: SIMD2<Float>
            /// Radius of the arc, metres.
            public var radius: Float
            /// Angle where the arc starts, radians.
            public var startAngle: Float
            /// Angle where the arc ends, radians.
            public var endAngle: Float

            /// A curve from its parts (angles in radians).
            public init(center: SIMD2<Float>, radius: Float, startAngle: Float, endAngle: Float) {
                self.center = center
                self.radius = radius
                self.startAngle = startAngle
                self.endAngle = endAngle
            }

            /// Arc length `radius * |endAngle - startAngle|`, metres.
            public var arcLength: Float { radius * abs(endAngle - startAngle) }

            /// Decodes the Plumbline encoding (or a `Measurement<UnitAngle>` angle object).
            public init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: AnyCodingKey.self)
                var cc = try c.nestedUnkeyedContainer(forKey: AnyCodingKey("center"))
                let xz = try cc.decodeFloats(count: 2)
                center = SIMD2(xz[0], xz[1])
                radius = try c.requiredFiniteFloat("radius")
                startAngle = try Self.angle(c, "startAngle")
                endAngle = try Self.angle(c, "endAngle")
            }

            private static func angle(_ c: KeyedDecodingContainer<AnyCodingKey>, _ key: String) throws -> Float {
                if (try? c.decode(Double.self, forKey: AnyCodingKey(key))) != nil { return try c.requiredFiniteFloat(key) }
                let m = try c.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(key))
                let value = try m.required(Double.self, "value")
                let unit = try m.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("unit"))
                let symbol = try unit.required(String.self, "symbol")
                switch symbol {
                case "rad": return Float(value)
                case "°", "deg": return Float(value * .pi / 180)
                case "rev": return Float(value * 2 * .pi)
                default:
                    throw DecodingError.dataCorruptedError(
                        forKey: AnyCodingKey("unit"), in: m,
                        debugDescription: "unknown angle unit symbol \"\(symbol)\" (expected rad, °, deg or rev)")
                }
            }

            /// Encodes `{"center":[cx,cz],"endAngle":e,"radius":r,"startAngle":s}` (radians).
            public func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: AnyCodingKey.self)
                try c.checkFinite([center.x, center.y], "center")
                try c.checkFinite([radius], "radius")
                try c.checkFinite([startAngle], "startAngle")
                try c.checkFinite([endAngle], "endAngle")
                var cc = c.nestedUnkeyedContainer(forKey: AnyCodingKey("center"))
                try cc.encode(center.x)
                try cc.encode(center.y)
                try c.put(endAngle, "endAngle")
                try c.put(radius, "radius")
                try c.put(startAngle, "startAngle")
            }
        }

        /// The kind of surface.
        public var category: Category
        /// Certainty of ``category``.
        public var confidence: Confidence
        /// The edges that were fully observed. JSON order is canonical (top, right, bottom, left):
        /// RoomPlan writes a `Set`, whose order carries no meaning.
        public var completedEdges: Set<Edge>
        /// `[width, height, depth]`, metres. Width along local x, height along local y. RoomPlan always
        /// writes depth 0; Plumbline writes a wall's measured thickness there (0 when unknown). A curved
        /// wall's width is the chord between its ends (local x = ±width/2); its arc length is
        /// ``Curve/arcLength``.
        /// Floors: `[extentX, extentY, 0]` in the floor's local plane.
        public var dimensions: SIMD3<Float>
        /// Local-to-world pose; translation = centre of the rectangle (see ``Transform4x4``).
        public var transform: Transform4x4
        /// Stable identity of the surface (upper-case UUID string in JSON).
        public var identifier: UUID
        /// The storey the surface is on; 0 for single-storey captures.
        public var story: Int
        /// The arc of a curved surface, `nil` for flat ones (JSON `null`).
        public var curve: Curve?
        /// For doors, windows and openings: the host wall's identifier; `nil` otherwise (JSON `null`).
        public var parentIdentifier: UUID?
        /// The exact outline in the local frame (`[x, y, 0]`, metres) when it is not the
        /// `dimensions` rectangle: floors and walls with non-uniform height. Empty otherwise.
        public var polygonCorners: [SIMD3<Float>]
        /// Keys of the surface's JSON object that Plumbline does not model, kept verbatim.
        public var unknownFields: [String: JSONValue]

        /// `identifier` (for `Identifiable`).
        public var id: UUID { identifier }

        /// A surface from its parts.
        public init(
            category: Category, confidence: Confidence = .high, dimensions: SIMD3<Float>,
            transform: Transform4x4, identifier: UUID = UUID(), story: Int = 0,
            completedEdges: Set<Edge> = [], curve: Curve? = nil, parentIdentifier: UUID? = nil,
            polygonCorners: [SIMD3<Float>] = [], unknownFields: [String: JSONValue] = [:]
        ) {
            self.category = category
            self.confidence = confidence
            self.completedEdges = completedEdges
            self.dimensions = dimensions
            self.transform = transform
            self.identifier = identifier
            self.story = story
            self.curve = curve
            self.parentIdentifier = parentIdentifier
            self.polygonCorners = polygonCorners
            self.unknownFields = unknownFields
        }

        static let knownKeys: Set<String> = [
            "category", "completedEdges", "confidence", "curve", "dimensions", "identifier",
            "parentIdentifier", "polygonCorners", "story", "transform",
        ]

        /// Decodes RoomPlan's surface object. `category`, `confidence`, `dimensions`, `identifier` and
        /// `transform` are required; the iOS 17 additions default to empty / `nil` / 0 when absent.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyCodingKey.self)
            category = try c.required(Category.self, "category")
            confidence = try c.required(Confidence.self, "confidence")
            completedEdges = Set(try c.optional([Edge].self, "completedEdges") ?? [])
            dimensions = try c.vector3("dimensions")
            transform = try c.required(Transform4x4.self, "transform")
            identifier = try c.required(UUID.self, "identifier")
            story = try c.optional(Int.self, "story") ?? 0
            curve = try c.optional(Curve.self, "curve")
            parentIdentifier = try c.optional(UUID.self, "parentIdentifier")
            polygonCorners = try c.vector3Array("polygonCorners")
            unknownFields = try c.unknownFields(excluding: Self.knownKeys)
        }

        /// Encodes RoomPlan's surface object (every key written, `null` for absent optionals).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            try c.put(category, "category")
            try c.put(Edge.allCases.filter { completedEdges.contains($0) }, "completedEdges")
            try c.put(confidence, "confidence")
            try c.put(curve, "curve")
            try c.putVector3(dimensions, "dimensions")
            try c.put(identifier, "identifier")
            try c.put(parentIdentifier, "parentIdentifier")
            try c.putVector3Array(polygonCorners, "polygonCorners")
            try c.put(story, "story")
            try c.put(transform, "transform")
            try c.putUnknown(unknownFields)
        }
    }
}

extension CapturedRoom.Surface.Category {
    /// The case name as RoomPlan spells it in JSON, without payload (`"wall"`, `"door"`, …).
    public var name: String {
        switch self {
        case .wall: return "wall"
        case .opening: return "opening"
        case .window: return "window"
        case .door: return "door"
        case .floor: return "floor"
        }
    }

    /// Whether surfaces of this category sit inside a host wall (doors, windows, openings).
    public var isWallEmbedded: Bool {
        switch self {
        case .door, .window, .opening: return true
        case .wall, .floor: return false
        }
    }
}
