/// The 48-byte file header of an E57 file (ASTM E2807 §8.4), little-endian: `ASTM-E57` 0, major 8, minor 12,
/// physical length 16, XML physical offset 24, XML logical length 32, page size 40.
struct E57FileHeader: Sendable, Equatable {
    /// The eight signature bytes `ASTM-E57`.
    static let signature: [UInt8] = Array("ASTM-E57".utf8)
    /// Bytes of the header.
    static let size = 48

    let versionMajor: Int
    let versionMinor: Int
    /// Bytes of the file the pages cover (a multiple of ``E57Pages/pageSize``).
    let physicalLength: Int
    let xmlPhysicalOffset: Int
    let xmlLogicalLength: Int

    /// Parses and checks the header against the file size.
    /// - Throws: ``PointCloudFormatError/truncatedData(element:index:at:)`` for fewer than 48 bytes,
    ///   ``PointCloudFormatError/unsupportedFeature(format:feature:at:)`` for another major version or page
    ///   size, ``PointCloudFormatError/declaredSizeExceedsData(element:declaredCount:minimumBytes:availableBytes:at:)``
    ///   for pages or an XML section beyond the file, ``PointCloudFormatError/malformedHeader(detail:at:)`` otherwise.
    /// - Complexity: O(1).
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(PointCloudFormatError) -> E57FileHeader {
        guard bytes.starts(with: signature) else {
            throw .malformedHeader(detail: "the file does not start with 'ASTM-E57'", at: .byteOffset(0))
        }
        guard bytes.count >= size, let base = bytes.baseAddress else {
            throw .truncatedData(element: "E57 file header", index: 0, at: .byteOffset(bytes.count))
        }
        func u64(_ o: Int) -> UInt64 { loadU64(base + o, false) }
        let major = Int(loadU32(base + 8, false)), minor = Int(loadU32(base + 12, false))
        guard major == 1 else {
            throw .unsupportedFeature(format: .e57, feature: "format version \(major).\(minor) (1.x is read)", at: .byteOffset(8))
        }
        guard u64(40) == UInt64(E57Pages.pageSize) else {
            throw .unsupportedFeature(format: .e57, feature: "page size \(u64(40)) (only \(E57Pages.pageSize) is read)", at: .byteOffset(40))
        }
        let physical = u64(16)
        guard physical <= UInt64(bytes.count) else {
            let pages = physical / UInt64(E57Pages.pageSize)
            throw .declaredSizeExceedsData(element: "E57 page", declaredCount: Int(clamping: pages),
                                           minimumBytes: Int(clamping: physical), availableBytes: bytes.count, at: .byteOffset(0))
        }
        guard physical >= UInt64(E57Pages.pageSize), physical % UInt64(E57Pages.pageSize) == 0 else {
            throw .malformedHeader(detail: "physical length \(physical) is not a positive multiple of the \(E57Pages.pageSize)-byte page",
                                   at: .byteOffset(16))
        }
        let physicalLength = Int(physical)
        let xmlOffset = u64(24), xmlLength = u64(32)
        guard xmlOffset < physical, let xmlLogical = E57Pages.logical(physical: Int(xmlOffset)) else {
            throw .malformedHeader(detail: "XML offset \(xmlOffset) is not a data byte of the \(physical)-byte file", at: .byteOffset(24))
        }
        let logicalLength = E57Pages.logicalLength(physicalLength: physicalLength)
        guard xmlLength > 0, xmlLength <= UInt64(logicalLength - xmlLogical) else {
            throw .declaredSizeExceedsData(element: "E57 XML section", declaredCount: 1, minimumBytes: Int(clamping: xmlLength),
                                           availableBytes: logicalLength - xmlLogical, at: .byteOffset(Int(xmlOffset)))
        }
        return E57FileHeader(versionMajor: major, versionMinor: minor, physicalLength: physicalLength,
                             xmlPhysicalOffset: Int(xmlOffset), xmlLogicalLength: Int(xmlLength))
    }
}

/// The paged view of an E57 file: physical pages of 1024 bytes, each ending with the big-endian CRC-32C of
/// its first 1020 bytes. The logical byte stream (what section offsets and lengths count) is the pages'
/// 1020 data bytes end to end; section offsets written in the file are physical.
struct E57Pages {
    /// Bytes of a physical page.
    static let pageSize = 1024
    /// Data bytes of a page (the last 4 hold the checksum).
    static let payload = 1020

    /// The file's bytes covered by pages (`physicalLength` of them).
    let bytes: UnsafeRawBufferPointer
    /// Data bytes in the file: 1020 per page.
    var logicalLength: Int { Self.logicalLength(physicalLength: bytes.count) }

    static func logicalLength(physicalLength: Int) -> Int { physicalLength / pageSize * payload }

    /// The logical offset of physical byte `p`, or `nil` when `p` is a checksum byte.
    static func logical(physical p: Int) -> Int? {
        let r = p % pageSize
        return r < payload ? p / pageSize * payload + r : nil
    }

    /// The physical offset of logical byte `l`.
    @inline(__always)
    static func physical(logical l: Int) -> Int { l / payload * pageSize + l % payload }

    /// Checks every page's CRC-32C.
    /// - Throws: ``PointCloudFormatError/checksumMismatch(page:stored:computed:at:)`` for the first bad page.
    /// - Complexity: O(file bytes).
    func verifyChecksums() throws(PointCloudFormatError) {
        guard let base = bytes.baseAddress else { return }
        for page in 0..<(bytes.count / Self.pageSize) {
            let start = page * Self.pageSize
            let computed = CRC32C.checksum(UnsafeRawBufferPointer(start: base + start, count: Self.payload))
            let stored = loadU32(base + start + Self.payload, true)
            if stored != computed {
                throw .checksumMismatch(page: page, stored: stored, computed: computed, at: .byteOffset(start))
            }
        }
    }

    /// The physical byte ranges holding logical bytes `start ..< start + count` (split at page ends), or
    /// `nil` when they run past the last page.
    func ranges(logical start: Int, count: Int) -> [Range<Int>]? {
        guard start >= 0, count >= 0, count <= logicalLength - start else { return nil }
        var out: [Range<Int>] = []
        var l = start
        let end = start + count
        while l < end {
            let p = Self.physical(logical: l)
            let n = min(end - l, Self.payload - l % Self.payload)
            out.append(p..<(p + n))
            l += n
        }
        return out
    }

    /// A copy of logical bytes `start ..< start + count`, or `nil` when they run past the last page.
    /// Callers bound `count` by the file (it never exceeds ``logicalLength``).
    func copy(logical start: Int, count: Int) -> [UInt8]? {
        guard let rs = ranges(logical: start, count: count) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for r in rs { out.append(contentsOf: bytes[r]) }
        return out
    }
}
