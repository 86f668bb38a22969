import Foundation
import PlumbExport
import PlumbSim
import Testing
@testable import Plumbline

/// The three families of deterministic identifiers (a built room's elements, the simulator's truth
/// elements, the IFC exporter's derived entities) share one recipe, PlumbKernel's `IdentifierHasher`.
/// Every identifier a model or an export carries must stay what it was before they shared it: these
/// values were computed by the separate copies of e08a48f (compiled from that commit's sources).
@Suite("Deterministic identifiers")
struct IdentifierRecipeTests {
    static let base = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    @Test("truth, built-room and IFC identifiers keep the values of their separate recipes")
    func valuesKept() {
        #expect(TruthIdentifier.make(["room", "plain_bedroom", "r1"]).uuidString == "35FFBD8E-4EFE-84C9-A3A0-0BCB109FB221")
        #expect(TruthIdentifier.make([]).uuidString == "C3817C01-6BA4-8F30-B966-29CA11A0B2C9")
        #expect(IFCGlobalId.derived(Self.base, "opening 3").uuidString == "FF9C7C19-3E58-82A7-AA2E-A6312D0E1280")
        let ids = [Self.base, UUID(uuidString: "00000000-0000-0000-0000-000000000001")!]
        #expect(DerivedIdentifier.make(from: ids, salt: 42).uuidString == "EA1CA974-C913-8402-AC57-43F18EC0EB0C")
    }

    @Test("the recipe separates what it is fed: components, salts and bases give distinct version-8 identifiers")
    func distinct() {
        var seen = Set<UUID>()
        for n in 0..<2000 {
            let ids = [TruthIdentifier.make(["object", "p", "f\(n)"]), TruthIdentifier.make(["object", "p\(n)", "f"]),
                       IFCGlobalId.derived(Self.base, "\(n)"), DerivedIdentifier.make(from: [Self.base], salt: UInt64(n))]
            for id in ids {
                #expect(seen.insert(id).inserted)
                // Version 8, RFC 9562 variant.
                #expect(id.uuid.6 >> 4 == 8 && id.uuid.8 >> 6 == 2)
            }
        }
        // Components are separated: ["ab", "c"] is not ["a", "bc"].
        #expect(TruthIdentifier.make(["ab", "c"]) != TruthIdentifier.make(["a", "bc"]))
    }
}
