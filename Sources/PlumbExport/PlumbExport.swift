/// PlumbExport: files other tools open, made from a ``Plumbline/CapturedRoom`` or
/// ``Plumbline/CapturedStructure``.
///
/// - USDZ (``USDZExporter``): RoomPlan's prim hierarchy (`Section_grp`, `Mesh_grp/Arch_grp/Wall_0_grp`,
///   `Floor_grp`, `Object_grp`) in one deterministic USDA layer, packaged as an uncompressed zip whose
///   files start on 64-byte boundaries (an internal zip writer); `.parametric`, `.mesh` and `.model` options.
/// - Floor plan SVG per storey (``FloorPlanSVG``) and measurements (``Measurements``) as JSON or CSV.
/// - IFC4 STEP text (``IFCExporter``).
///
/// Frames: input geometry is RoomPlan's world frame (metres, +Y up). USD keeps it (`upAxis = "Y"`,
/// `metersPerUnit = 1`); the SVG draws plan (x, z) seen from above; IFC uses +Z up with
/// IFC (X, Y, Z) = RoomPlan (x, −z, y).
///
/// Walls: `dimensions.z` > 0 is a measured thickness centred on the surface (Plumbline's convention);
/// RoomPlan's own walls have 0 there and are given ``WallSolid/defaultThickness`` behind the surface
/// (toward local −z, as RoomPlan's own USDZ export extrudes them).
public enum PlumbExport {}
