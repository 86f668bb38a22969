/// The LZF compression format used by PCD `DATA binary_compressed` (Marc Lehmann's liblzf),
/// implemented here with strict bounds checks.
///
/// Stream grammar: a control byte `c`; if `c < 32` a literal run of `c + 1` bytes follows; otherwise a
/// back reference of length `(c >> 5) + 2` (when `c >> 5 == 7` one more length byte is added) to
/// distance `((c & 31) << 8) + next byte + 1` behind the output cursor. One control + 2 bytes can
/// produce at most 264 output bytes, so output never exceeds 88 × input.
enum LZF {
    /// Largest possible ratio of decompressed to compressed size.
    static let maximumExpansion = 88

    /// Why a stream could not be decoded, and at which input offset.
    struct DecodeError: Error, Equatable {
        let inputOffset: Int
        let detail: String
    }

    /// The number of bytes `input` decodes to, found without writing any output (every literal run
    /// and back reference is checked as in ``decompress(_:into:)``), or the first error. Lets a reader
    /// compare a header's declared size with the stream's real one before allocating anything.
    /// - Complexity: O(input.count) time, O(1) memory.
    static func decodedLength(_ input: UnsafeRawBufferPointer) -> Result<Int, DecodeError> {
        decode(input, into: nil)
    }

    /// Decompresses all of `input` into `output`, which must end up exactly full.
    /// - Complexity: O(output.count).
    static func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Result<Void, DecodeError> {
        if input.count == 0 {
            return output.count == 0 ? .success(()) : .failure(DecodeError(inputOffset: 0, detail: "empty stream"))
        }
        guard output.baseAddress != nil else { return .failure(DecodeError(inputOffset: 0, detail: "output buffer is empty")) }
        switch decode(input, into: output) {
        case let .failure(e): return .failure(e)
        case let .success(op) where op != output.count:
            return .failure(DecodeError(inputOffset: input.count, detail: "stream produced \(op) bytes, expected \(output.count)"))
        case .success: return .success(())
        }
    }

    /// The one decoder: walks every token of `input`, checking it, and writes the output when `output`
    /// is given (then a token that would overflow it is an error). Returns the output length.
    private static func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer?) -> Result<Int, DecodeError> {
        let inCount = input.count
        guard inCount > 0, let src = input.baseAddress else { return .success(0) }
        let dst = output?.baseAddress
        let outCount = output?.count ?? Int.max
        var ip = 0
        var op = 0
        while ip < inCount {
            let ctrl = Int(src.load(fromByteOffset: ip, as: UInt8.self))
            ip += 1
            if ctrl < 32 {
                let run = ctrl + 1
                guard ip + run <= inCount else {
                    return .failure(DecodeError(inputOffset: ip - 1, detail: "literal run of \(run) bytes passes the end of the input"))
                }
                guard op <= outCount - run else {
                    return .failure(DecodeError(inputOffset: ip - 1, detail: "literal run overflows the declared size"))
                }
                if let dst { (dst + op).copyMemory(from: src + ip, byteCount: run) }
                ip += run
                op += run
            } else {
                var len = ctrl >> 5
                let at = ip - 1
                guard ip < inCount else { return .failure(DecodeError(inputOffset: at, detail: "back reference cut short")) }
                if len == 7 {
                    len += Int(src.load(fromByteOffset: ip, as: UInt8.self))
                    ip += 1
                    guard ip < inCount else { return .failure(DecodeError(inputOffset: at, detail: "back reference cut short")) }
                }
                let distance = ((ctrl & 31) << 8) + Int(src.load(fromByteOffset: ip, as: UInt8.self)) + 1
                ip += 1
                len += 2
                guard distance <= op else {
                    return .failure(DecodeError(inputOffset: at, detail: "back reference before the start of the output"))
                }
                guard op <= outCount - len else {
                    return .failure(DecodeError(inputOffset: at, detail: "back reference overflows the declared size"))
                }
                if let dst {
                    var from = op - distance
                    for _ in 0..<len {  // byte by byte: source and destination may overlap
                        dst.storeBytes(of: dst.load(fromByteOffset: from, as: UInt8.self), toByteOffset: op, as: UInt8.self)
                        from += 1
                        op += 1
                    }
                } else {
                    op += len
                }
            }
        }
        return .success(op)
    }

    /// Compresses `input` with a greedy hash-chain-free matcher (liblzf's scheme: one hash table of the
    /// most recent position of each 3-byte prefix). The output always decodes back to `input`.
    /// - Complexity: O(input.count).
    static func compress(_ input: [UInt8]) -> [UInt8] {
        let n = input.count
        var out: [UInt8] = []
        out.reserveCapacity(n + n / 32 + 16)
        if n == 0 { return out }
        let hashBits = 16
        var table = [Int](repeating: -1, count: 1 << hashBits)
        var literalStart = 0
        func flushLiterals(upTo end: Int) {
            var s = literalStart
            while s < end {
                let run = min(32, end - s)
                out.append(UInt8(run - 1))
                out.append(contentsOf: input[s..<(s + run)])
                s += run
            }
        }
        var i = 0
        while i + 2 < n {
            let key = Int(input[i]) << 16 | Int(input[i + 1]) << 8 | Int(input[i + 2])
            let h = ((key &* 2654435761) >> 12) & ((1 << hashBits) - 1)
            let candidate = table[h]
            table[h] = i
            if candidate >= 0, i - candidate <= 8192, input[candidate] == input[i],
               input[candidate + 1] == input[i + 1], input[candidate + 2] == input[i + 2] {
                var len = 3
                let maxLen = min(264, n - i)
                while len < maxLen, input[candidate + len] == input[i + len] { len += 1 }
                flushLiterals(upTo: i)
                let distance = i - candidate - 1
                let l = len - 2
                if l < 7 {
                    out.append(UInt8(l << 5 | distance >> 8))
                } else {
                    out.append(UInt8(7 << 5 | distance >> 8))
                    out.append(UInt8(l - 7))
                }
                out.append(UInt8(distance & 255))
                i += len
                literalStart = i
            } else {
                i += 1
            }
        }
        flushLiterals(upTo: n)
        return out
    }
}
