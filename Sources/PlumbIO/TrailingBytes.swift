/// What the binary readers accept after the last declared record.
enum TrailingBytes {
    /// Checks the bytes from `offset` to the end: none, one line ending (`\n`, `\r\n` or `\r`, which some
    /// writers put after a binary body) or, with `zeroPadding`, only zero bytes (PCL's `binary_compressed`
    /// writer leaves its file's unused tail zeroed: 3,902 bytes in PCL's `office1.pcd`) are accepted.
    /// Anything else is junk or the sign of a wrong header (a count too small).
    /// - Returns: how many trailing bytes there are (for ``PointCloudReadReport/trailingByteCount``).
    /// - Throws: ``PointCloudFormatError/unexpectedTrailingData(at:)`` at `offset`, or with `zeroPadding`
    ///   at the first byte that is not zero.
    /// - Complexity: O(trailing bytes).
    static func check(_ bytes: UnsafeRawBufferPointer, after offset: Int, zeroPadding: Bool = false) throws(PointCloudFormatError) -> Int {
        let trailing = bytes.count - offset
        guard trailing > 0 else { return 0 }
        let tail = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        if trailing <= 2, tail.allSatisfy({ $0 == 0x0A || $0 == 0x0D }) { return trailing }
        if zeroPadding {
            if let k = tail.firstIndex(where: { $0 != 0 }) { throw .unexpectedTrailingData(at: .byteOffset(offset + k)) }
            return trailing
        }
        throw .unexpectedTrailingData(at: .byteOffset(offset))
    }
}
