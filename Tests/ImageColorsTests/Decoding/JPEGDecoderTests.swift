import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// libjpeg-turbo's own test images, with `djpeg` as the oracle for scaled decodes.
@Suite("JPEG decoding")
struct JPEGDecoderTests {
    static let djpeg = JPEGTools.path("djpeg")

    /// Parses a binary PPM (P6, maxval 255) into width, height and RGB bytes (with the DC
    /// reader's tests' PNM parser).
    static func parsePPM(_ data: Data) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let pnm = try ProgressiveFixtures.parsePNM(data)
        guard pnm.channels == 3 else { throw ImageDecodingError.corrupt(.jpeg, detail: "djpeg did not write a P6 PPM") }
        return (pnm.width, pnm.height, pnm.samples)
    }

    @Test("testorig.jpg through libjpeg at 1/N equals djpeg -dct int -nosmooth -scale 1/N", arguments: [1, 2, 4, 8])
    func matchesDjpeg(denominator: Int) throws {
        let djpeg = try #require(Self.djpeg, "djpeg (Debian package libjpeg-turbo-progs) is needed as the oracle")
        let path = TestFiles.corpus("jpeg/testorig.jpg")
        // Given djpeg's decode of the same file at the same scale
        let result = try runProcess(
            URL(fileURLWithPath: djpeg), ["-dct", "int", "-nosmooth", "-scale", "1/\(denominator)", "-ppm", path])
        #expect(result.status == 0)
        let reference = try Self.parsePPM(result.stdoutData)
        // When libjpeg decodes it with a minimum long side that selects that scale (227 px wide;
        // at 1/8 the DC reader would take this 4:2:0 file, and its chroma differs by design:
        // DCReader/ProgressiveDCOracleTests covers it)
        var sink = FullImageSink()
        var options = DecodeOptions()
        options.minimumLongSide = (227 + denominator - 1) / denominator
        let info = try JPEGDecoder.decodeWithLibjpeg(.file(path), options: options, into: &sink)
        let image = sink.image
        // Then sizes and every RGB value agree
        #expect(info.decodedWidth == reference.width && info.decodedHeight == reference.height)
        var differing = 0
        for i in 0..<(reference.width * reference.height) {
            for c in 0..<3 where image.pixels[i * 4 + c] != reference.rgb[i * 3 + c] { differing += 1 }
            if image.pixels[i * 4 + 3] != 255 { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test("the DCT scale keeps the long side at least the minimum")
    func scaleChoice() {
        #expect(JPEGDecoder.scaleDenominator(longSide: 6000, minimumLongSide: 500) == 8)
        #expect(JPEGDecoder.scaleDenominator(longSide: 3000, minimumLongSide: 500) == 4)
        #expect(JPEGDecoder.scaleDenominator(longSide: 1000, minimumLongSide: 500) == 2)
        #expect(JPEGDecoder.scaleDenominator(longSide: 998, minimumLongSide: 500) == 1)
        #expect(JPEGDecoder.scaleDenominator(longSide: 6000, minimumLongSide: nil) == 1)
    }

    @Test(
        "testimgint.jpg and the arithmetic-coded testimgari.jpg decode",
        arguments: ["testimgint.jpg", "testimgari.jpg"])
    func otherCodings(name: String) throws {
        let (image, info) = try decodeFully(TestFiles.corpus("jpeg/\(name)"))
        #expect(info.format == .jpeg)
        #expect(image.width == 227 && image.height == 149)
    }

    @Test("a progressive JPEG decodes to the same pixels as its baseline original")
    func progressive() throws {
        // jpegtran's conversion is lossless: same coefficients, so the same pixels.
        let original = TestFiles.corpus("jpeg/testorig.jpg")
        let progressive = try makeProgressiveJPEG(from: original)
        defer { try? FileManager.default.removeItem(atPath: progressive) }
        #expect(try decodeFully(progressive).0 == decodeFully(original).0)
    }

    @Test("a 12-bit JPEG gives the unsupported error")
    func twelveBit() throws {
        let error = #expect(throws: ImageDecodingError.self) {
            _ = try decodeFully(TestFiles.corpus("jpeg/testorig12.jpg"))
        }
        #expect(error?.code == "unsupported-feature")
        #expect(error?.description == "unsupported JPEG: 12-bit samples (only 8-bit JPEG is supported)")
    }

    @Test("a truncated JPEG fails by default and decodes when lenient")
    func truncated() throws {
        let path = TestFiles.corpus("malformed/pillow-truncated_jpeg.jpg")
        let error = #expect(throws: ImageDecodingError.self) { _ = try decodeFully(path) }
        #expect(error?.code == "truncated-image")
        let (image, _) = try decodeFully(path, strict: false)
        #expect(image.width > 0)
    }

    @Test("an Adobe CMYK/YCCK JPEG converts like djpeg, with Pillow's known corners")
    func cmyk() throws {
        let djpeg = try #require(Self.djpeg, "djpeg (Debian package libjpeg-turbo-progs) is needed as the oracle")
        let path = TestFiles.corpus("color/pil_sample_cmyk.jpg")
        // Given djpeg's conversion (which follows Adobe's inverted convention)
        let result = try runProcess(URL(fileURLWithPath: djpeg), ["-dct", "int", "-nosmooth", "-ppm", path])
        let reference = try Self.parsePPM(result.stdoutData)
        // When we decode the same file
        let (image, _) = try decodeFully(path)
        // Then every pixel agrees
        #expect(image.width == reference.width && image.height == reference.height)
        var differing = 0
        for i in 0..<(reference.width * reference.height) {
            for c in 0..<3 where image.pixels[i * 4 + c] != reference.rgb[i * 3 + c] { differing += 1 }
        }
        #expect(differing == 0)
        // And, as Pillow's own test says, the top-left is red (no cyan, no black) and the
        // bottom-right black (not the white a wrong inversion gives)
        #expect(image[0, 0].red > 200 && image[0, 0].green < 60 && image[0, 0].blue < 60)
        let corner = image[image.width - 1, image.height - 1]
        #expect(corner.red < 30 && corner.green < 30 && corner.blue < 30)
    }
}
