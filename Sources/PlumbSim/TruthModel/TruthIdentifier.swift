import Foundation
import PlumbKernel

/// Deterministic UUIDs for ground-truth elements, derived by hashing plan identifiers, so the truth
/// model of a plan is byte-identical from run to run.
///
/// The UUID is RFC 9562 version 8 ("custom"): two FNV-1a 64-bit hashes (different offset bases) of the
/// UTF-8 components separated by 0x1F, each finalised by SplitMix64.
public enum TruthIdentifier {
    /// The UUID for an element named by `components` (e.g. `["face", planName, wallID, "positive"]`).
    /// - Complexity: O(total length of the components).
    public static func make(_ components: [String]) -> UUID {
        var h = IdentifierHasher(second: 0x8422_2325_cbf2_9ce4)
        for (k, c) in components.enumerated() {
            if k > 0 { h.separate(first: 0x1f, second: 0x3c) }
            h.combine(c.utf8, secondKey: 0xa5)
        }
        return h.uuid()
    }

    /// Identifier of the room-side surface of wall `wallID` on `side` (in the room model).
    public static func face(plan: String, wallID: String, side: SwingSide) -> UUID {
        make(["face", plan, wallID, side.rawValue])
    }

    /// Identifier of the centred wall `wallID` (in the structure model).
    public static func wall(plan: String, wallID: String) -> UUID { make(["wall", plan, wallID]) }

    /// Identifier of opening `openingID` as seen from room `roomID` (`nil`: in the structure).
    public static func opening(plan: String, openingID: String, roomID: String?) -> UUID {
        make(["opening", plan, openingID, roomID ?? "<structure>"])
    }

    /// Identifier of a room's floor.
    public static func floor(plan: String, roomID: String) -> UUID { make(["floor", plan, roomID]) }
    /// Identifier of a room.
    public static func room(plan: String, roomID: String) -> UUID { make(["room", plan, roomID]) }
    /// Identifier of a furniture object.
    public static func object(plan: String, furnitureID: String) -> UUID { make(["object", plan, furnitureID]) }
    /// Identifier of the whole-plan structure.
    public static func structure(plan: String) -> UUID { make(["structure", plan]) }
}
