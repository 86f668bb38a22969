import Foundation
import Testing
import Plumbline
import PlumbSim

/// Issue 23: `plumb eval --model` counts the model's lists before parsing. On main 6792c92 a valid
/// 18.7 MB room of 50,004 walls was decoded whole (5.2 s, 146 MB, release build) before the evaluation
/// refused it for its 1,000-entry limit.
@Suite("Evaluation: model lists refused from their counts")
struct EvaluationInputLimitTests {
    static func entries(_ n: Int) -> String { "[" + Array(repeating: "{}", count: n).joined(separator: ",") + "]" }

    /// `{}` entries fail decoding (missing keys): the refusal names the list, so it came from the counts.
    @Test("a room's or a structure's over-long list is refused before decoding")
    func refusedBeforeDecoding() throws {
        let limit = EvaluationModel.maximumElementsPerList
        let room = #"{"walls":\#(Self.entries(2)),"windows":\#(Self.entries(limit + 1))}"#
        #expect(throws: EvaluationError.tooManyElements(path: "rooms[0].windows", count: limit + 1, limit: limit)) {
            try EvaluationModel.decode(Data(room.utf8))
        }
        let structure = #"{"walls":\#(Self.entries(limit + 7)),"rooms":[]}"#
        #expect(throws: EvaluationError.tooManyElements(path: "walls", count: limit + 7, limit: limit)) {
            try EvaluationModel.decode(Data(structure.utf8))
        }
        // Within the limit the same entries reach the decoder, which names the first bad one.
        let small = #"{"walls":\#(Self.entries(limit))}"#
        #expect {
            try EvaluationModel.decode(Data(small.utf8))
        } throws: { error in
            guard case .unreadableModel? = error as? EvaluationError else { return false }
            return true
        }
    }
}
