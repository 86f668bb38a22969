extension RoomBuilder {
    /// RoomPlan's `RoomBuilder.ConfigurationOptions`: the option set RoomPlan code passes as
    /// `RoomBuilder(options: [.beautifyObjects])`. It has one option, as RoomPlan's has; every other
    /// setting keeps its ``Options`` default.
    public struct ConfigurationOptions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// An option set from its raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Sets ``Options/beautifyObjects``: each object's box is turned parallel to the nearest wall when
        /// within 15 degrees of it. (RoomPlan's option also realigns chairs around a table and unifies
        /// their attributes; this builder does neither.)
        public static let beautifyObjects = ConfigurationOptions(rawValue: 1 << 0)
    }

    /// A builder as RoomPlan creates one: default ``Options`` with ``Options/beautifyObjects`` set to
    /// whether `options` contains ``ConfigurationOptions/beautifyObjects``. `RoomBuilder(options: [])`
    /// therefore builds without beautification, unlike ``init(options:)-(RoomBuilder.Options)`` with the defaults.
    public init(options: ConfigurationOptions) {
        var o = Options()
        o.beautifyObjects = options.contains(.beautifyObjects)
        self.init(options: o)
    }
}

extension StructureBuilder {
    /// RoomPlan's `StructureBuilder.ConfigurationOptions`, the same option set as RoomBuilder's.
    public typealias ConfigurationOptions = RoomBuilder.ConfigurationOptions

    /// A builder as RoomPlan creates one, with default ``Options``.
    ///
    /// `options` changes nothing here: this builder never moves objects, so a structure keeps every
    /// object where its room's ``RoomBuilder`` put it (beautified there when that builder's
    /// ``RoomBuilder/Options/beautifyObjects`` was on). The parameter exists so that RoomPlan's
    /// `StructureBuilder(options: [.beautifyObjects])` compiles.
    public init(options: ConfigurationOptions) {
        self.init(options: Options())
    }
}
