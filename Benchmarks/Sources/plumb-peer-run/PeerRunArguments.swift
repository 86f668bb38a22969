/// Command line of `plumb-peer-run`: `plumb-peer-run SCAN.ply [--repeat N] [--threads 1|all]`.
struct PeerRunArguments {
    /// The point cloud to process.
    var path: String
    /// Timed runs per operation (the median is reported).
    var repeats = 3
    /// `false` keeps every operation on one thread; `true` lets segmentation and normals use all cores.
    var parallel = false

    /// Parses `arguments` (without the program name).
    /// - Throws: ``PeerRunError/usage(_:)`` naming the bad argument.
    init(_ arguments: [String]) throws(PeerRunError) {
        var path: String?
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            func value() throws(PeerRunError) -> String {
                guard i + 1 < arguments.count else { throw .usage("\(a) needs a value") }
                i += 1
                return arguments[i]
            }
            switch a {
            case "--repeat":
                let v = try value()
                guard let n = Int(v), (1...100).contains(n) else { throw .usage("--repeat \(v) is not in 1...100") }
                repeats = n
            case "--threads":
                let v = try value()
                switch v {
                case "1": parallel = false
                case "all": parallel = true
                default: throw .usage("--threads \(v): use 1 or all")
                }
            case "-h", "--help":
                throw .usage("")
            default:
                guard path == nil, !a.hasPrefix("-") else { throw .usage("unexpected argument \(a)") }
                path = a
            }
            i += 1
        }
        guard let path else { throw .usage("missing the point-cloud path") }
        self.path = path
    }
}

/// Failures of `plumb-peer-run`.
enum PeerRunError: Error, CustomStringConvertible {
    /// Bad command line; the message names the problem.
    case usage(String)
    /// An operation failed on the input.
    case failed(String)

    var description: String {
        switch self {
        case let .usage(s):
            (s.isEmpty ? "" : "\(s)\n") + "usage: plumb-peer-run SCAN.ply [--repeat N] [--threads 1|all]"
        case let .failed(s): s
        }
    }
}
