import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Still WebPs through libwebp's incremental decoder, with `dwebp` (libwebp's own command-line
/// decoder) as the oracle, at full size and scaled.
@Suite("WebP decoding")
struct WebPDecoderTests {
    static let stills = [
        "lossy.webp", "lossless.webp", "lossy-alpha.webp", "lossless-alpha.webp", "icc-p3.webp", "exif-6.webp",
    ]

    @Test("every still fixture decodes at full size to dwebp's pixels", arguments: stills)
    func fullSize(name: String) throws {
        // Given dwebp's decode of the file
        let path = WebGIFFixtures.path(name)
        let oracle = try WebGIFFixtures.dwebp(path)
        // When decoded at full size (no colour management, no orientation: the stored pixels)
        let (image, info) = try decodeFully(path)
        // Then every pixel is dwebp's
        #expect(info.format == .webp && info.frames == nil)
        #expect(image.width == oracle.width && image.height == oracle.height)
        #expect(image.pixels == oracle.pixels)
    }

    @Test(
        "scaling while decoding gives dwebp -scale's pixels",
        arguments: ["lossy.webp", "lossy-alpha.webp"])
    func scaled(name: String) throws {
        // Given a file and the smallest long side that still allows 1/2 (the JPEG rule)
        let path = WebGIFFixtures.path(name)
        let (full, _) = try decodeFully(path)
        let half = (width: (full.width + 1) / 2, height: (full.height + 1) / 2)
        // When decoded with that minimum
        let (image, info) = try decodeFully(path, minimumLongSide: max(half.width, half.height))
        // Then libwebp scaled it to half while decoding, exactly as dwebp -scale does
        #expect(info.decodedWidth == half.width && info.decodedHeight == half.height)
        #expect(info.width == full.width && info.height == full.height)
        let oracle = try WebGIFFixtures.dwebp(path, scale: half)
        #expect(image.width == oracle.width && image.height == oracle.height)
        #expect(image.pixels == oracle.pixels)
    }

    @Test(
        "the scale follows JPEG's rule: the largest of 1/2, 1/4, 1/8 that keeps the long side",
        arguments: [(nil, 1), (300, 1), (151, 1), (150, 2), (76, 2), (75, 4), (39, 4), (38, 8), (1, 8)] as [(Int?, Int)]
    )
    func scaleRule(minimum: Int?, denominator: Int) throws {
        // lossy.webp is 300×200: 1/2 gives 150×100, 1/4 gives 75×50, 1/8 gives 38×25 (rounded up)
        let (_, info) = try decodeFully(WebGIFFixtures.path("lossy.webp"), minimumLongSide: minimum)
        #expect(info.decodedWidth == (300 + denominator - 1) / denominator)
        #expect(info.decodedHeight == (200 + denominator - 1) / denominator)
    }

    @Test("rows reach the sink as libwebp finishes them, in order, over several updates")
    func incremental() throws {
        // Given a lossless file of several update steps (a Sample, encoded now by cwebp)
        let path = try WebGIFFixtures.cwebp(
            ["-lossless", "-exact"], input: TestFiles.samples.appendingPathComponent("coffee.png").path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 3 * WebPDecoder.updateBytes)
        // When its frame is decoded through the incremental decoder
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var deliveries: [Range<Int>] = []
        try bytes.withUnsafeBytes { raw in
            let container = try WebPContainer(raw)
            let decoding = WebPDecoder.FrameDecoding(container: container, options: DecodeOptions())
            try decoding.decode(frame: 0, try container.frame(0), into: CanvasRect(x: 0, y: 0, width: 600, height: 400))
            { _, rows in
                deliveries.append(rows)
            }
        }
        // Then the rows came in several batches that tile the image top to bottom
        #expect(deliveries.count >= 3)
        #expect(deliveries.first?.lowerBound == 0 && deliveries.last?.upperBound == 400)
        #expect(zip(deliveries, deliveries.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }

    @Test("a file and the same bytes in memory decode alike")
    func fileAndData() async throws {
        let path = WebGIFFixtures.path("lossy-alpha.webp")
        let fromFile = try await ImageColorAnalyzer().analyze(fileAt: path)
        let fromData = try await ImageColorAnalyzer().analyze(data: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(fromFile.roles == fromData.roles && fromFile.format == .webp)
    }

    @Test("the EXIF chunk's orientation is applied: 300×200 stored, 200×300 shown")
    func exifOrientation() async throws {
        // Given lossy.webp with an EXIF chunk saying orientation 6 (a quarter turn clockwise)
        let turned = try await ImageColorAnalyzer().analyze(fileAt: WebGIFFixtures.path("exif-6.webp"))
        let plain = try await ImageColorAnalyzer().analyze(fileAt: WebGIFFixtures.path("lossy.webp"))
        // Then it is reported upright and its colours are the untagged file's
        #expect(turned.orientation == .right && plain.orientation == .up)
        #expect(turned.width == 200 && turned.height == 300)
        #expect(turned.analyzed.width == plain.analyzed.height && turned.analyzed.height == plain.analyzed.width)
        #expect(turned.roles == plain.roles)
        // And the analysed image is the plain one turned: its top-left pixel is the bottom-left one
        let (upright, _) = try ImageColorAnalyzer().downscaledImage(.file(WebGIFFixtures.path("exif-6.webp")))
        let (stored, _) = try ImageColorAnalyzer().downscaledImage(.file(WebGIFFixtures.path("lossy.webp")))
        #expect(upright[0, 0] == stored[0, stored.height - 1])
    }

    @Test("the ICCP profile is applied: Display P3 pixels come out as the sRGB original's")
    func iccProfile() throws {
        // Given the P3 fixture's lossless WebP, with the profile in an ICCP chunk
        let original = try ColorFixtures.decode("synthetic.png").image
        // When decoded with and without colour management
        let (managed, outcome) = try ColorFixtures.decode(.file(WebGIFFixtures.path("icc-p3.webp")))
        let (unmanaged, _) = try ColorFixtures.decode(.file(WebGIFFixtures.path("icc-p3.webp")), colorManagement: false)
        // Then the profile was applied, as for the PNG of the same pixels
        #expect(outcome == ColorManagementOutcome(profile: "Display P3", note: nil))
        #expect(ColorFixtures.maxChannelDifference(managed, original) <= 2)
        #expect(ColorFixtures.maxChannelDifference(unmanaged, original) >= 20)
    }
}
