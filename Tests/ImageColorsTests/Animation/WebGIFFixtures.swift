import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The WebP, GIF and APNG fixtures (Tests/Fixtures/WebP, GIF and APNG, made by their
/// make-fixtures.sh with the real encoders), their oracle frames, and `dwebp`/`cwebp` (Debian package webp), which
/// the tests run as they run djpeg.
enum WebGIFFixtures {
    static let webp = TestFiles.root.appendingPathComponent("Tests/Fixtures/WebP")
    static let gif = TestFiles.root.appendingPathComponent("Tests/Fixtures/GIF")
    static let apng = TestFiles.root.appendingPathComponent("Tests/Fixtures/APNG")

    /// The folder of fixture `name`: it ends in .webp, .gif or .png (an APNG).
    static func folder(_ name: String) -> URL {
        name.hasSuffix(".gif") ? gif : name.hasSuffix(".png") ? apng : webp
    }

    /// A fixture's path: `name` ends in .webp, .gif or .png (an APNG).
    static func path(_ name: String) -> String {
        folder(name).appendingPathComponent(name).path
    }

    /// Oracle frame `index` of fixture `name` (a PNG that the make-fixtures script wrote).
    static func oracle(_ name: String, frame index: Int) throws -> RGBAImage {
        let folder = folder(name)
        let stem = (name as NSString).deletingPathExtension
        return try decodeFully(folder.appendingPathComponent("oracle/\(stem)-\(index).png").path).0
    }

    /// Every .webp or .gif fixture, by name.
    static func names(_ extension: String) -> [String] {
        let folder = `extension` == "gif" ? gif : webp
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix("." + `extension`) }.sorted()
    }

    /// A tool of the webp package, or an error saying what to install.
    static func tool(_ name: String) throws -> URL {
        guard let path = JPEGTools.path(name) else {
            throw ImageDecodingError.unreadable(.webp, detail: "\(name) (Debian package webp) is needed as the oracle")
        }
        return URL(fileURLWithPath: path)
    }

    /// `dwebp` (libwebp's own decoder) of `path` as RGBA, at full size or scaled to `scale`.
    static func dwebp(_ path: String, scale: (width: Int, height: Int)? = nil) throws -> RGBAImage {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-dwebp-\(UUID()).pam")
            .path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let scaling = scale.map { ["-scale", String($0.width), String($0.height)] } ?? []
        let result = try runProcess(try tool("dwebp"), ["-quiet", "-pam"] + scaling + [path, "-o", output])
        guard result.status == 0 else {
            throw ImageDecodingError.corrupt(.webp, detail: "dwebp failed: \(result.stderr)")
        }
        return try pam(Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// A PAM file (P7, RGB_ALPHA, MAXVAL 255), as dwebp writes it.
    static func pam(_ data: Data) throws -> RGBAImage {
        let bytes = [UInt8](data)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: Array("ENDHDR\n".utf8)) }) else {
            throw ImageDecodingError.corrupt(.webp, detail: "not a PAM file")
        }
        var fields: [String: Int] = [:]
        for line in String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let width = fields["WIDTH"], let height = fields["HEIGHT"], fields["DEPTH"] == 4 else {
            throw ImageDecodingError.corrupt(.webp, detail: "unexpected PAM header \(fields)")
        }
        let pixels = Array(bytes[(end + 7)...])
        guard pixels.count == width * height * 4 else { throw ImageDecodingError.truncated(.webp, detail: "short PAM") }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Runs `cwebp` with `arguments` on `input` into a temporary file, and returns its path.
    static func cwebp(_ arguments: [String], input: String) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-cwebp-\(UUID()).webp")
            .path
        let result = try runProcess(try tool("cwebp"), ["-quiet"] + arguments + [input, "-o", output])
        guard result.status == 0 else {
            throw ImageDecodingError.corrupt(.webp, detail: "cwebp failed: \(result.stderr)")
        }
        return output
    }

    /// The pixels of two images of one size that look different: alpha differs, or both show
    /// the pixel (alpha > 0) and a colour differs. A transparent pixel's hidden colour is not a
    /// difference.
    static func visibleDifferences(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(
            a.width == b.width && a.height == b.height, "\(a.width)×\(a.height) against \(b.width)×\(b.height)")
        var count = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let alpha = a.pixels[i + 3]
            if alpha != b.pixels[i + 3] || (alpha > 0 && a.pixels[i..<i + 3] != b.pixels[i..<i + 3]) { count += 1 }
        }
        return count
    }

    /// Decodes fixture `name` with every frame counted and checks the frames against its oracle:
    /// `count` of them, each pixel for pixel, and the result's frame report.
    static func expectOracleFrames(_ name: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let (frames, info) = try Self.frames(path(name), policy: .all)
        #expect(frames.count == count, sourceLocation: sourceLocation)
        #expect(info.frames == FrameReport(count: count, counted: count), sourceLocation: sourceLocation)
        for (index, frame) in frames.enumerated() {
            #expect(
                visibleDifferences(frame, try oracle(name, frame: index)) == 0, "frame \(index)",
                sourceLocation: sourceLocation)
        }
    }

    /// Decodes `path` at full size with `frames`, keeping every frame the decoder hands over.
    static func frames(_ path: String, policy: FramePolicy, minimumLongSide: Int? = nil) throws -> (
        frames: [RGBAImage], info: DecodedImageInfo
    ) {
        var sink = FrameRecordingSink()
        var options = DecodeOptions()
        options.frames = policy
        options.minimumLongSide = minimumLongSide
        let info = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
        return (sink.frames, info)
    }
}

/// Keeps each frame an animated decode hands over, whole (the first, then one per
/// ``PixelSink/beginFrame(_:share:)``), and the shares it was given.
struct FrameRecordingSink: PixelSink {
    var frames: [RGBAImage] = []
    var shares: [FrameShare] = []
    private var width = 0
    private var height = 0

    mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        self.width = width
        self.height = height
        frames = [RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))]
    }

    mutating func beginFrame(_ index: Int, share: FrameShare) {
        if index > 0 {
            frames.append(
                RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4)))
        }
        shares.append(share)
    }

    mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        let last = frames.count - 1
        for i in 0..<count {
            frames[last][x0 + i * dx, y] = (row[i * 4], row[i * 4 + 1], row[i * 4 + 2], row[i * 4 + 3])
        }
    }
}
