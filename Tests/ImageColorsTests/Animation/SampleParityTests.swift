import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// The same pixels in another format give the same colours: a lossless WebP of each PNG sample
/// (made now by `cwebp -lossless -exact`, profile kept) and each GIF fixture against the PNG of
/// its own pixels (its oracle), with the palette, the title and the colour profile included.
@Suite("WebP and GIF: the colours of the same pixels")
struct SampleParityTests {
    static let options = AnalysisOptions(paletteSize: 8)

    /// What must match: everything about the colours (not the format, source or memory).
    static func expectSameColours(_ a: ColorAnalysis, _ b: ColorAnalysis, _ label: String) {
        #expect(a.roles == b.roles, "\(label): roles")
        #expect(a.title == b.title, "\(label): title")
        #expect(a.palette == b.palette, "\(label): palette")
        #expect(a.colorProfile == b.colorProfile, "\(label): profile")
        #expect(a.analyzed == b.analyzed && a.width == b.width && a.height == b.height, "\(label): sizes")
    }

    @Test(
        "a lossless WebP of every PNG sample gives the PNG's colours",
        arguments: RepositoryPaths.sampleNames.filter { $0.hasSuffix(".png") })
    func losslessWebPOfSample(name: String) async throws {
        // Given a PNG sample and its lossless WebP (every pixel, alpha and ICC profile kept)
        let png = TestFiles.samples.appendingPathComponent(name).path
        let webp = try WebGIFFixtures.cwebp(["-lossless", "-exact", "-metadata", "icc"], input: png)
        defer { try? FileManager.default.removeItem(atPath: webp) }
        // When both are analysed with the default options and a palette
        let fromPNG = try await ImageColorAnalyzer(options: Self.options).analyze(fileAt: png)
        let fromWebP = try await ImageColorAnalyzer(options: Self.options).analyze(fileAt: webp)
        // Then the colours are the same to the bit
        #expect(fromWebP.format == .webp)
        Self.expectSameColours(fromWebP, fromPNG, name)
    }

    @Test("horse.gif gives Samples/horse.png's colours (the same pixels but 12 translucent ones)")
    func horse() async throws {
        let fromPNG = try await ImageColorAnalyzer(options: Self.options).analyze(
            fileAt: TestFiles.samples.appendingPathComponent("horse.png").path)
        let fromGIF = try await ImageColorAnalyzer(options: Self.options).analyze(
            fileAt: WebGIFFixtures.path("horse.gif"))
        #expect(fromGIF.format == .gif)
        Self.expectSameColours(fromGIF, fromPNG, "horse")
    }

    @Test("every GIF fixture gives the colours of the PNG of its first frame", arguments: WebGIFFixtures.names("gif"))
    func gifAgainstItsPixels(name: String) async throws {
        let oracle = WebGIFFixtures.gif.appendingPathComponent(
            "oracle/\((name as NSString).deletingPathExtension)-0.png"
        ).path
        let fromPNG = try await ImageColorAnalyzer(options: Self.options).analyze(fileAt: oracle)
        let fromGIF = try await ImageColorAnalyzer(options: Self.options).analyze(fileAt: WebGIFFixtures.path(name))
        Self.expectSameColours(fromGIF, fromPNG, name)
    }
}
