import Foundation
import TestSupport

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Paths of the shared corpus and the samples.
enum TestFiles {
    static let root = RepositoryPaths.root
    static let corpus = RepositoryPaths.corpus
    static let samples = RepositoryPaths.samples

    /// Every file in a corpus folder with one of the extensions, sorted by name.
    static func files(in folder: String, extensions: Set<String> = ["png", "jpg"]) -> [String] {
        RepositoryPaths.corpusFiles(in: folder, extensions: extensions)
    }

    /// Full path of a corpus file.
    static func corpus(_ relative: String) -> String {
        corpus.appendingPathComponent(relative).path
    }
}

/// A sink that keeps every pixel at full size, for comparing decodes with references.
struct FullImageSink: PixelSink {
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    var rowsSeen = 0

    mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        image = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        rowsSeen += 1
        for i in 0..<count {
            image[x0 + i * dx, y] = (row[i * 4], row[i * 4 + 1], row[i * 4 + 2], row[i * 4 + 3])
        }
    }
}

/// Decodes a file at full size (or with JPEG DCT scaling down to `minimumLongSide`).
func decodeFully(_ path: String, minimumLongSide: Int? = nil, strict: Bool = true) throws -> (
    RGBAImage, DecodedImageInfo
) {
    var sink = FullImageSink()
    var options = DecodeOptions()
    options.minimumLongSide = minimumLongSide
    options.warningsAreErrors = strict
    let info = try ImageDecoding.decode(try SourceProbe(.file(path)), options: options, into: &sink)
    return (sink.image, info)
}

/// An image of one colour with opaque rectangles `(x0, y0, x1, y1, colour)` painted over it
/// (`x0..<x1`, `y0..<y1`).
func paintedImage(
    _ width: Int, _ height: Int, _ fill: RGBColor, alpha: UInt8 = 255,
    _ rects: [(Int, Int, Int, Int, RGBColor)] = []
) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, filledWith: fill, alpha: alpha)
    for (x0, y0, x1, y1, color) in rects {
        for y in y0..<y1 {
            for x in x0..<x1 { image[x, y] = (color.red, color.green, color.blue, 255) }
        }
    }
    return image
}

/// libjpeg-turbo's command-line tools (Debian package libjpeg-turbo-progs), the tests' oracles.
enum JPEGTools {
    static func path(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A progressive copy of a JPEG made by `jpegtran -progressive` (lossless), in a temporary folder.
func makeProgressiveJPEG(from path: String, extraArguments: [String] = []) throws -> String {
    guard let jpegtran = JPEGTools.path("jpegtran") else {
        throw ImageDecodingError.unreadable(.jpeg, detail: "jpegtran (Debian package libjpeg-turbo-progs) is needed")
    }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-progressive-\(UUID()).jpg")
        .path
    let result = try runProcess(
        URL(fileURLWithPath: jpegtran), ["-progressive"] + extraArguments + ["-outfile", output, path])
    guard result.status == 0 else {
        throw ImageDecodingError.unreadable(.jpeg, detail: "jpegtran failed: \(result.stderr)")
    }
    return output
}
