import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The HEIC and AVIF fixtures (Tests/Fixtures/HEIF, made by its make-fixtures.sh with heif-enc
/// and avifenc), and their oracles: `heif-convert` (Debian libheif-examples) and `avifdec`
/// (libavif-bin, an independent AV1 decoder and YUV conversion), run as the tests run djpeg.
enum HEIFFixtures {
    static let folder = TestFiles.root.appendingPathComponent("Tests/Fixtures/HEIF")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A tool, or an error saying what to install.
    static func tool(_ name: String) throws -> URL {
        guard let path = JPEGTools.path(name) else {
            let package = name.hasPrefix("avif") ? "libavif-bin" : "libheif-examples"
            throw ImageDecodingError.unreadable(.heic, detail: "\(name) (Debian package \(package)) is needed")
        }
        return URL(fileURLWithPath: path)
    }

    /// `heif-convert`'s decode of `path` (a PNG, 16-bit for deeper images), read back as RGBA8
    /// by our PNG decoder (libpng scales 16-bit samples to 8 with rounding).
    static func heifConvert(_ path: String) throws -> RGBAImage {
        try oracle("heif-convert", ["-q", "100"], path)
    }

    /// `avifdec -d 8`'s decode of `path`: libavif's own conversion, which ignores irot/imir.
    static func avifdec(_ path: String) throws -> RGBAImage {
        try oracle("avifdec", ["-d", "8"], path)
    }

    private static func oracle(_ name: String, _ arguments: [String], _ path: String) throws -> RGBAImage {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(name)-\(UUID()).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try runProcess(try tool(name), arguments + [path, output])
        guard result.status == 0 else {
            throw ImageDecodingError.corrupt(.heic, detail: "\(name) failed: \(result.stderr)")
        }
        return try decodeFully(output).0
    }

    /// Runs `avifenc` with `arguments` on `input` into a temporary file and returns its path.
    static func avifenc(_ arguments: [String], input: String) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-\(UUID()).avif").path
        let result = try runProcess(try tool("avifenc"), ["--jobs", "1"] + arguments + [input, output])
        guard result.status == 0 else {
            throw ImageDecodingError.corrupt(.avif, detail: "avifenc failed: \(result.stderr)")
        }
        return output
    }

    /// The largest difference of one channel between two images of one size, over the pixels
    /// either shows (alpha > 0 in either); alpha always counts.
    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.width == b.width && a.height == b.height, "\(a.width)×\(a.height) vs \(b.width)×\(b.height)")
        var largest = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let shown = a.pixels[i + 3] > 0 || b.pixels[i + 3] > 0
            for c in (shown ? 0 : 3)..<4 {
                largest = max(largest, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])))
            }
        }
        return largest
    }

    /// `image` turned a quarter anti-clockwise.
    static func rotatedAntiClockwise(_ image: RGBAImage) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                // (x, y) goes to (y, width - 1 - x) in a height × width image.
                let target = ((image.width - 1 - x) * image.height + y) * 4
                let source = (y * image.width + x) * 4
                pixels[target..<target + 4] = image.pixels[source..<source + 4]
            }
        }
        return RGBAImage(width: image.height, height: image.width, pixels: pixels)
    }

    /// `image` mirrored left to right.
    static func mirrored(_ image: RGBAImage) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let target = (y * image.width + image.width - 1 - x) * 4
                let source = (y * image.width + x) * 4
                pixels[target..<target + 4] = image.pixels[source..<source + 4]
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }
}
