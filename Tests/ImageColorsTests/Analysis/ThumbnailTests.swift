import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Thumbnails made in the same decoding pass as the analysis.
@Suite("Thumbnails")
struct ThumbnailTests {
    static let rocket = TestFiles.samples.appendingPathComponent("rocket.jpg").path

    /// Decodes encoded thumbnail bytes with our own decoder.
    static func decode(_ data: Data) throws -> RGBAImage {
        var sink = FullImageSink()
        _ = try ImageDecoding.decode(try SourceProbe(.data(data)), options: DecodeOptions(), into: &sink)
        return sink.image
    }

    @Test("a JPEG thumbnail has the requested long side and leaves the analysis unchanged")
    func jpegThumbnail() async throws {
        let analyzer = ImageColorAnalyzer()
        let response = try await analyzer.analyze(.file(Self.rocket), thumbnail: ThumbnailRequest(longSide: 200))
        let (analysis, thumbnail) = (response.analysis, try #require(response.thumbnail))
        #expect(thumbnail.format == .jpeg && thumbnail.width == 200 && thumbnail.height == 133)
        #expect(ImageFormat.sniff(thumbnail.data) == .jpeg)
        let pixels = try Self.decode(thumbnail.data)
        #expect(pixels.width == 200 && pixels.height == 133)
        // The colours do not depend on whether a thumbnail was made (the memory report does).
        var plain = try await analyzer.analyze(fileAt: Self.rocket)
        var withThumbnail = analysis
        plain.memory = nil
        withThumbnail.memory = nil
        #expect(withThumbnail == plain)
    }

    @Test("a thumbnail is Codable: JSON keeps its size and format, and its bytes as Base64")
    func codable() async throws {
        // Given a PNG thumbnail
        let thumbnail = try #require(
            try await ImageColorAnalyzer().analyze(
                .file(Self.rocket), thumbnail: ThumbnailRequest(longSide: 48, format: .png)
            ).thumbnail)
        // When it is encoded as JSON and decoded again
        let json = try JSONEncoder().encode(thumbnail)
        let decoded = try JSONDecoder().decode(Thumbnail.self, from: json)
        // Then it comes back equal, and the JSON says what it is
        #expect(decoded == thumbnail)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["width"] as? Int == 48 && object["height"] as? Int == 32)
        #expect(object["format"] as? String == "png")
        #expect(object["data"] as? String == thumbnail.data.base64EncodedString())
    }

    @Test("the thumbnail is upright: EXIF orientation applies to it too")
    func upright() async throws {
        let path = TestFiles.corpus("orientation/hopper_orientation_6.jpg")
        let turned = try await ImageColorAnalyzer().analyze(
            .file(path), thumbnail: ThumbnailRequest(longSide: 64, format: .png))
        let upright = try await ImageColorAnalyzer().analyze(
            .file(TestFiles.corpus("orientation/hopper_orientation_1.jpg")),
            thumbnail: ThumbnailRequest(longSide: 64, format: .png))
        #expect(turned.analysis.orientation == .right)
        let a = try Self.decode(try #require(turned.thumbnail).data)
        let b = try Self.decode(try #require(upright.thumbnail).data)
        #expect(a.width == b.width && a.height == b.height)
        // Same picture within JPEG noise: compare the mean absolute difference per channel.
        let difference = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(difference) / Double(a.pixels.count) < 12)
    }

    @Test("PNG thumbnails keep transparency; JPEG ones show the card's background through it")
    func transparency() async throws {
        // Given a 100×100 transparent PNG with an opaque red square in the middle
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-logo-\(UUID()).png").path
        try PNGWriter.write(to: path, width: 100, height: 100, layout: .rgba) { y, row in
            for x in 0..<100 {
                let inside = (30..<70).contains(x) && (30..<70).contains(y)
                row[x * 4] = inside ? 220 : 0
                row[x * 4 + 1] = inside ? 30 : 0
                row[x * 4 + 2] = inside ? 30 : 0
                row[x * 4 + 3] = inside ? 255 : 0
            }
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let analyzer = ImageColorAnalyzer()
        let png = try await analyzer.analyze(.file(path), thumbnail: ThumbnailRequest(longSide: 50, format: .png))
        let corner = try Self.decode(try #require(png.thumbnail).data)[0, 0]
        #expect(corner.alpha == 0)
        let jpeg = try await analyzer.analyze(.file(path), thumbnail: ThumbnailRequest(longSide: 50, format: .jpeg))
        let background = jpeg.analysis.background
        let shown = try Self.decode(try #require(jpeg.thumbnail).data)[0, 0]
        #expect(abs(Int(shown.red) - Int(background.red)) <= 3 && abs(Int(shown.green) - Int(background.green)) <= 3)
    }

    @Test("the thumbnail's buffers count against the memory budget")
    func budget() async throws {
        let analyzer = ImageColorAnalyzer()
        let plain = try await analyzer.analyze(fileAt: Self.rocket)
        let analysis = try await analyzer.analyze(.file(Self.rocket), thumbnail: ThumbnailRequest(longSide: 600))
            .analysis
        let (plainPeak, thumbnailPeak) = (
            try #require(plain.memory).accountedPeak, try #require(analysis.memory).accountedPeak
        )
        #expect(thumbnailPeak > plainPeak)
        let tight = ImageColorAnalyzer(options: .init(memoryBudget: MemoryBudget(bytes: plainPeak + 1000)))
        await #expect(throws: MemoryBudgetError.self) {
            _ = try await tight.analyze(.file(Self.rocket), thumbnail: ThumbnailRequest(longSide: 600))
        }
    }

    @Test("the response carries the analysis and the thumbnail asked for")
    func response() async throws {
        // Given an analyzer and a 64 px PNG thumbnail request
        let analyzer = ImageColorAnalyzer()
        // When one image is analysed with and without it
        let with = try await analyzer.analyze(
            .file(Self.rocket), thumbnail: ThumbnailRequest(longSide: 64, format: .png))
        let without = try await analyzer.analyze(.file(Self.rocket), thumbnail: nil)
        // Then the first has the thumbnail asked for, the second none, and both the same colours
        let thumbnail = try #require(with.thumbnail)
        #expect(thumbnail.format == .png && max(thumbnail.width, thumbnail.height) == 64)
        #expect(without.thumbnail == nil)
        #expect(with.analysis.background == without.analysis.background)
        #expect(with.analysis.source == Self.rocket && without.analysis.source == Self.rocket)
    }

    @Test("a response round-trips through JSON: the analysis as the CLI writes it, the thumbnail as Base64")
    func responseCodable() async throws {
        // Given a response with a thumbnail
        let response = try await ImageColorAnalyzer().analyze(
            .file(Self.rocket), thumbnail: ThumbnailRequest(longSide: 32, format: .png))
        // When it is encoded and decoded
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(response)
        let decoded = try JSONDecoder().decode(AnalysisResponse.self, from: json)
        // Then it encodes the same again (the JSON rounds some numbers, so compare encodings),
        // the thumbnail comes back equal, and the keys are analysis and thumbnail
        #expect(try encoder.encode(decoded) == json)
        #expect(decoded.thumbnail == response.thumbnail)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["analysis", "thumbnail"])
    }
}
