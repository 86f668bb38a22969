/// Why a real-scan truth file could not be used. Each case names the field at fault by its JSON path
/// (such as `rooms[0].polygon_xy[2]`).
public enum RealScanTruthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read or is not a JSON object (`detail` names the path or the parser's message).
    case unreadable(detail: String)
    /// A required field is absent; `field` lists the accepted spellings (`floor | floor_z | floor_plane`).
    case missingField(String)
    /// A field is present but unusable: wrong type, not finite, out of range or inconsistent with another.
    case badField(String, reason: String)
    /// A list is longer than the decoder accepts.
    case tooLarge(String, count: Int, limit: Int)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case let .unreadable(d): "cannot read real-scan truth: \(d)"
        case let .missingField(f): "real-scan truth lacks the field \(f)"
        case let .badField(f, r): "real-scan truth field \(f) is unusable: \(r)"
        case let .tooLarge(f, n, l): "real-scan truth field \(f) has \(n) entries, more than the \(l) accepted"
        }
    }
}
