import Foundation
import Testing
import Plumbline

@Suite("Object attributes")
struct AttributeTests {
    /// Every attribute in the real exports maps to a typed case whose parent category is the object's.
    @Test(.enabled(if: TestPaths.sharedData != nil))
    func realAttributesAreTyped() throws {
        var typed = 0
        for name in RealExports.rooms {
            let (_, room) = try #require(try RealExports.load(name))
            for o in room.objects {
                for (key, value) in o.attributes {
                    let type = try #require(CapturedRoom.Attribute.allTypes.first { $0.typeName == key }, "\(name): \(key)")
                    #expect(type.parentCategory == o.category, "\(name): \(key) on \(o.category)")
                    #expect(type.allRawValues.contains(value), "\(name): \(key)=\(value)")
                    typed += 1
                }
            }
        }
        // 21 chairs × 4 + 27 storage + 6 sofas + 7 tables × 2 (counted with Python over the 11 files).
        #expect(typed == 21 * 4 + 27 + 6 + 7 * 2)
    }

    @Test func typedAccessRoundTrips() throws {
        var chair = CapturedRoom.Object(category: .chair, dimensions: SIMD3(0.5, 0.9, 0.5), transform: .identity)
        chair.setAttribute(CapturedRoom.Attribute.ChairType.swivel)
        chair.setAttribute(CapturedRoom.Attribute.ChairLegType.star)
        #expect(chair.attributes == ["ChairType": "swivel", "ChairLegType": "star"])
        #expect(chair.attribute(of: CapturedRoom.Attribute.ChairType.self) == .swivel)
        #expect(chair.attribute(of: CapturedRoom.Attribute.ChairArmType.self) == nil)
        chair.setAttribute(nil, of: CapturedRoom.Attribute.ChairLegType.self)
        #expect(chair.attributes == ["ChairType": "swivel"])
        let text = String(decoding: try RoomPlanJSON.encode(chair), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"attributes\" : {\n    \"ChairType\" : \"swivel\"\n  },"))
        #expect(CapturedRoom.Attribute.allTypes.count == 8)
    }
}
