import Foundation

/// Deterministic UUIDs for ground-truth elements, derived by hashing plan identifiers, so the truth
/// model of a plan is byte-identical from run to run.
///
/// The UUID is RFC 9562 version 8 ("custom"): two FNV-1a 64-bit hashes (different offset bases) of the
/// UTF-8 components separated by 0x1F, each finalised by SplitMix64.
public enum TruthIdentifier {
    /// The UUID for an element named by `components` (e.g. `["face", planName, wallID, "positive"]`).
    /// - Complexity: O(total length of the components).
    public static func make(_ components: [String]) -> UUID {
        var h1: UInt64 = 0xcbf2_9ce4_8422_2325
        var h2: UInt64 = 0x84222325_cbf29ce4
        let prime: UInt64 = 0x0000_0100_0000_01b3
        for (k, c) in components.enumerated() {
            if k > 0 {
                h1 = (h1 ^ 0x1f) &* prime
                h2 = (h2 ^ 0x3c) &* prime
            }
            for b in c.utf8 {
                h1 = (h1 ^ UInt64(b)) &* prime
                h2 = (h2 ^ UInt64(b ^ 0xa5)) &* prime
            }
        }
        let a = mix(h1), b = mix(h2 ^ a)
        var out = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            out[i] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(7 - i)))
            out[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(7 - i)))
        }
        out[6] = (out[6] & 0x0f) | 0x80
        out[8] = (out[8] & 0x3f) | 0x80
        return UUID(uuid: (
            out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7],
            out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15]))
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

    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
