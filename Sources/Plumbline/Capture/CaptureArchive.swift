import Foundation
import PlumbKernel

/// Problems reading or writing a ``CaptureArchive``.
public enum CaptureArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// `capture.json` is not valid (decoder message).
    case badManifest(reason: String)
    /// `frames.bin` does not start with the magic bytes `PLDF` and version 1.
    case badHeader
    /// Frame `frame`'s data at `byteOffset` runs past the end of `frames.bin`.
    case truncated(frame: Int, byteOffset: Int)
    /// Frame `frame` decodes to an invalid depth frame.
    case invalidFrame(frame: Int, error: DepthFrameError)
    /// The manifest's sizes are absurd (more than 100 000 frames or 16384 pixels per side).
    case tooLarge

    /// A human-readable explanation naming the offending element.
    public var description: String {
        switch self {
        case let .io(p, r): "cannot access \(p): \(r)"
        case let .badManifest(r): "capture.json: \(r)"
        case .badHeader: "frames.bin: missing 'PLDF' magic or unsupported version"
        case let .truncated(f, o): "frames.bin: frame \(f) at byte \(o) runs past the end of the file"
        case let .invalidFrame(f, e): "frame \(f): \(e)"
        case .tooLarge: "capture.json: absurd frame count or image size"
        }
    }
}

/// A recorded depth capture on disk, replayable by a later capture session.
///
/// A directory with two files (layout in `Docs/floor-plan-format.md`, "Capture archive"):
/// * `capture.json` — ``Manifest``: image size and, per frame, room, timestamp, intrinsics, pose,
///   light estimate and the byte offset of its pixels;
/// * `frames.bin` — `"PLDF"`, UInt32 LE version 1, UInt32 LE frame count, then per frame the depth map
///   (`width × height` Float32 LE, row-major, metres) immediately followed by the confidence map
///   (`width × height` UInt8).
public struct CaptureArchive: Sendable, Equatable {
    /// Per-frame metadata in `capture.json`.
    public struct FrameRecord: Sendable, Equatable, Codable {
        /// Frame index (position in the archive).
        public var index: Int
        /// Room the device was in (empty when unknown).
        public var room: String
        /// Capture time, seconds.
        public var timestamp: Double
        /// Pinhole intrinsics, pixels.
        public var intrinsics: CameraIntrinsics
        /// Camera-to-world pose.
        public var cameraToWorld: RigidTransform
        /// Ambient light estimate, lux.
        public var ambientLightLux: Double?
        /// Byte offset of the frame's depth map in `frames.bin`.
        public var byteOffset: Int
    }

    /// Contents of `capture.json`.
    public struct Manifest: Sendable, Equatable, Codable {
        /// Always `"plumbline-depth-frames"`.
        public var format: String
        /// Format version (1).
        public var version: Int
        /// Free-form source description (plan name, preset, seed).
        public var source: String
        /// Image width, pixels.
        public var width: Int
        /// Image height, pixels.
        public var height: Int
        /// One record per frame, in order.
        public var frames: [FrameRecord]
    }

    /// The frames, in capture order.
    public var frames: [DepthFrame]
    /// Room of each frame (same order; empty string when unknown).
    public var roomIDs: [String]
    /// Source description.
    public var source: String

    /// An archive of `frames` (all the same size) with their rooms.
    public init(frames: [DepthFrame], roomIDs: [String], source: String) {
        self.frames = frames
        self.roomIDs = roomIDs
        self.source = source
    }

    static let magic: [UInt8] = Array("PLDF".utf8)

    /// Writes `capture.json` and `frames.bin` into `directory` (created if needed). Deterministic:
    /// the same archive gives the same bytes.
    /// - Throws: ``CaptureArchiveError/io(path:reason:)``.
    public func write(to directory: URL) throws(CaptureArchiveError) {
        let w = frames.first?.width ?? 0, h = frames.first?.height ?? 0
        let n = w * h
        var bin = Data()
        bin.reserveCapacity(12 + frames.count * n * 5)
        bin.append(contentsOf: Self.magic)
        Self.appendLE(&bin, UInt32(1))
        Self.appendLE(&bin, UInt32(frames.count))
        var records: [FrameRecord] = []
        for (i, f) in frames.enumerated() {
            records.append(FrameRecord(
                index: i, room: i < roomIDs.count ? roomIDs[i] : "", timestamp: f.timestamp, intrinsics: f.intrinsics,
                cameraToWorld: f.cameraToWorld, ambientLightLux: f.ambientLightLux, byteOffset: bin.count))
            let words = f.depth.map { $0.bitPattern.littleEndian }
            words.withUnsafeBytes { bin.append(contentsOf: $0) }
            bin.append(contentsOf: f.confidence)
        }
        let manifest = Manifest(format: "plumbline-depth-frames", version: 1, source: source, width: w, height: h, frames: records)
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(path: directory.path, reason: "cannot create the directory: \(SystemErrorText.reason(error))")
        }
        let manifestData: Data
        do { manifestData = try enc.encode(manifest) } catch { throw .io(path: directory.path, reason: "\(error)") }
        // frames.bin first: capture.json, written last, names only frames that are complete on disk.
        for (name, data) in [("frames.bin", bin), ("capture.json", manifestData)] {
            do throws(SafeFileError) { try SafeFile.write(data, to: directory.appendingPathComponent(name)) } catch {
                throw .io(path: directory.appendingPathComponent(name).path, reason: error.description)
            }
        }
    }

    /// Manifests (`capture.json`) larger than this (64 MiB) are refused before parsing.
    public static let maximumManifestBytes = 64 << 20

    /// Reads an archive written by ``write(to:)``, checking every frame.
    /// - Throws: ``CaptureArchiveError`` naming the file, frame and byte offset of the first problem.
    public static func read(from directory: URL) throws(CaptureArchiveError) -> CaptureArchive {
        let mURL = directory.appendingPathComponent("capture.json"), bURL = directory.appendingPathComponent("frames.bin")
        let mData: Data
        do throws(SafeFileError) { mData = try SafeFile.read(contentsOf: mURL.path, limit: maximumManifestBytes) } catch {
            throw .io(path: mURL.path, reason: error.description)
        }
        let manifest: Manifest
        do { manifest = try JSONDecoder().decode(Manifest.self, from: mData) } catch { throw .badManifest(reason: "\(error)") }
        guard manifest.format == "plumbline-depth-frames", manifest.version == 1 else {
            throw .badManifest(reason: "unsupported format '\(manifest.format)' version \(manifest.version)")
        }
        guard manifest.frames.count <= 100_000, manifest.width > 0, manifest.height > 0,
              manifest.width <= 16384, manifest.height <= 16384 else { throw .tooLarge }
        // frames.bin holds the 12-byte header and 5 bytes per pixel per frame: read no more than that.
        let bin: Data
        do throws(SafeFileError) {
            bin = try SafeFile.read(contentsOf: bURL.path, limit: 12 + manifest.frames.count * 5 * manifest.width * manifest.height)
        } catch {
            throw .io(path: bURL.path, reason: error.description)
        }
        let bytes = [UInt8](bin)
        guard bytes.count >= 12, Array(bytes[0..<4]) == magic, readLE32(bytes, 4) == 1 else { throw .badHeader }
        let n = manifest.width * manifest.height
        var frames: [DepthFrame] = []
        var rooms: [String] = []
        for (i, r) in manifest.frames.enumerated() {
            let o = r.byteOffset
            guard o >= 12, o <= bytes.count - 5 * n else { throw .truncated(frame: i, byteOffset: o) }
            let depth = [Float](unsafeUninitializedCapacity: n) { buf, count in
                bytes.withUnsafeBytes { raw in
                    for k in 0..<n {
                        buf[k] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: o + 4 * k, as: UInt32.self)))
                    }
                }
                count = n
            }
            let conf = Array(bytes[(o + 4 * n)..<(o + 5 * n)])
            do {
                frames.append(try DepthFrame(
                    width: manifest.width, height: manifest.height, depth: depth, confidence: conf, intrinsics: r.intrinsics,
                    cameraToWorld: r.cameraToWorld, timestamp: r.timestamp, ambientLightLux: r.ambientLightLux))
            } catch {
                throw .invalidFrame(frame: i, error: error)
            }
            rooms.append(r.room)
        }
        return CaptureArchive(frames: frames, roomIDs: rooms, source: manifest.source)
    }

    static func appendLE(_ d: inout Data, _ v: UInt32) {
        d.append(UInt8(v & 0xFF)); d.append(UInt8((v >> 8) & 0xFF)); d.append(UInt8((v >> 16) & 0xFF)); d.append(UInt8(v >> 24))
    }

    static func readLE32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
    }
}
