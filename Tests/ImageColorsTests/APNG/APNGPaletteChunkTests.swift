import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// The `PLTE` and `tRNS` chunks each APNG frame is decoded with: those libpng keeps when it
/// reads the default image, read once, and nothing of a chunk it ignores.
@Suite("APNG palette chunks")
struct APNGPaletteChunkTests {
    @Test("a tRNS libpng ignores is neither copied into the frames nor reserved for them")
    func ignoredTransparency() async throws {
        // Given disposal.png (RGBA, 5 frames) with a 1 MB tRNS, which an image with an alpha
        // channel cannot have (libpng ignores it with a warning), in a file read in place
        let plain = APNGFixtures.path("disposal.png")
        let hostile = try APNGFixtures.inserting(
            "tRNS", [UInt8](repeating: 0, count: 1 << 20), after: "IHDR", in: plain)
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(paletteSize: 8, frames: .all))
        // When both are analysed with every frame counted
        let expected = try await analyzer.analyze(fileAt: plain)
        let analysis = try await APNGFixtures.withFile(hostile) { try await analyzer.analyze(fileAt: $0) }
        // Then the colours are the plain file's, and none of the megabyte was reserved for the
        // frames' streams (each frame used to copy it, twice more than was reserved)
        #expect(analysis.background == expected.background && analysis.palette == expected.palette)
        let peak = try #require(analysis.memory).accountedPeak
        let plainPeak = try #require(expected.memory).accountedPeak
        #expect(peak <= plainPeak + 1024, "\(peak) bytes reserved, \(plainPeak) for the plain file")
    }

    @Test("every frame has the first tRNS libpng accepts, as the default image has")
    func firstAcceptedTransparency() async throws {
        // Given palette.png (4 entries, entry 0 transparent) with a 5-byte tRNS, longer than the
        // palette, before its own: libpng ignores the first and keeps the second
        let data = try APNGFixtures.inserting(
            "tRNS", [255, 255, 255, 255, 255], after: "PLTE", in: APNGFixtures.path("palette.png"))
        // When every frame is decoded
        let frames = try await APNGFixtures.withFile(data) { try WebGIFFixtures.frames($0, policy: .all).frames }
        // Then each is the oracle's, transparent where entry 0 is
        #expect(frames.count == 3)
        for (index, frame) in frames.enumerated() {
            let oracle = try WebGIFFixtures.oracle("palette.png", frame: index)
            #expect(WebGIFFixtures.visibleDifferences(frame, oracle) == 0, "frame \(index)")
        }
    }
}
