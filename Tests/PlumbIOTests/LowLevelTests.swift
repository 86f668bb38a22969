import Foundation
import PlumbKernel
import Testing
@testable import PlumbIO

@Suite("LZF and number parsing")
struct LowLevelTests {
    func decompress(_ packed: [UInt8], size: Int) -> Result<[UInt8], LZF.DecodeError> {
        var out = [UInt8](repeating: 0, count: size)
        let r = packed.withUnsafeBytes { input in out.withUnsafeMutableBytes { LZF.decompress(input, into: $0) } }
        return r.map { out }
    }

    @Test("compress then decompress reproduces random, repetitive and empty inputs")
    func lzfRoundTrip() throws {
        var rng = SeededGenerator(seed: 8)
        let inputs: [[UInt8]] = [
            [],
            [7],
            (0..<5000).map { _ in UInt8(rng.nextIndex(below: 256)) },
            (0..<20000).map { UInt8(($0 / 7) % 5) },
            [UInt8](repeating: 42, count: 10000),
        ]
        for input in inputs {
            let packed = LZF.compress(input)
            #expect(try decompress(packed, size: input.count).get() == input)
        }
        // Repetitive data actually compresses.
        #expect(LZF.compress([UInt8](repeating: 42, count: 10000)).count < 200)
    }

    @Test("hand-built stream: literal run and overlapping back reference")
    func lzfHandBuilt() throws {
        // literal "ab", then back reference distance 2 length 6 -> "abababab".
        let stream: [UInt8] = [1, 0x61, 0x62, (4 << 5) | 0, 1]
        #expect(try decompress(stream, size: 8).get() == Array("abababab".utf8))
        // Wrong declared size, distance before the start, cut-short streams: all errors, never a crash.
        #expect(throws: LZF.DecodeError.self) { try decompress(stream, size: 9).get() }
        #expect(throws: LZF.DecodeError.self) { try decompress([0x20, 5], size: 3).get() }
        #expect(throws: LZF.DecodeError.self) { try decompress([5, 1, 2], size: 6).get() }
        #expect(throws: LZF.DecodeError.self) { try decompress([1, 0x61, 0x62, 0xE0], size: 20).get() }
    }

    func parse(_ s: String) -> Double? {
        let b = Array(s.utf8)
        return b.withUnsafeBytes { NumberParser.parseDouble($0, 0..<b.count) }
    }

    @Test("number parser agrees with the standard library and rejects junk")
    func numbers() {
        var rng = SeededGenerator(seed: 2)
        for _ in 0..<20000 {
            let v = (rng.nextUnitDouble() - 0.5) * pow(10, Double(rng.nextIndex(below: 40)) - 20)
            for text in [v.description, Float(v).description, String(format: "%.9e", v), String(format: "%.3f", v)] {
                #expect(parse(text) == Double(text), "\(text)")
            }
        }
        for text in ["0", "-0", "+1", "1.", ".5", "1e5", "1E-5", "123456789012345678901234567890", "0.000000000000000000000001234",
                     "1.7976931348623157e308", "4.9e-324", "nan", "NaN", "-inf", "Infinity"] {
            let expected = Double(text)
            let got = parse(text)
            #expect(got == expected || (got?.isNaN == true && expected?.isNaN == true), "\(text)")
        }
        for junk in ["", "-", ".", "e5", "1e", "1.2.3", "1x", "0x10", "--1", "in", "nanx", "1,5", " 1"] {
            #expect(parse(junk) == nil, "\(junk)")
        }
    }
}
