/// What a USDZ export contains (RoomPlan `CapturedRoom.USDExportOptions`).
///
/// - ``parametric``: one unit cube per wall, door, window, opening and object, scaled to its size
///   (walls to their thickness; a wall with `polygonCorners` to its bounding rectangle); curved walls
///   and floors as meshes (a cube cannot bend, floors are polygons).
/// - ``mesh``: walls as closed meshes with their thickness and holes cut for doors, windows and
///   openings; door leaves and window panes in the holes; floors as polygons; objects as boxes.
/// - ``model``: as ``mesh``, with objects replaced by the models a ``ModelProvider`` maps them to.
///
/// When several are set, ``model`` wins over ``mesh``, which wins over ``parametric``.
public struct USDExportOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int32
    /// An option set from its raw bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// Unit cubes scaled per element.
    public static let parametric = USDExportOptions(rawValue: 1 << 0)
    /// Meshes with real thickness and cut-outs.
    public static let mesh = USDExportOptions(rawValue: 1 << 1)
    /// Meshes, objects replaced by provider models.
    public static let model = USDExportOptions(rawValue: 1 << 2)
}
