import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Animated PNGs (acTL, fcTL, fdAT): the first frame by default, every frame with
/// ``FramePolicy/all``, composited as APNG 1.0 says. The fixtures and their oracle frames come
/// from Tests/Fixtures/APNG/make-fixtures.sh (Pillow's APNG writer and reader, or the script's
/// own composite).
@Suite("APNG animation")
struct APNGAnimationTests {
    static let animations: [(String, Int)] = [
        ("animated.png", 3), ("hidden-default.png", 2), ("disposal.png", 5), ("palette.png", 3),
        ("interlaced.png", 2), ("blending.png", 5),
    ]

    @Test(
        "the first frame is decoded alone, the default image only when it is part of the animation",
        arguments: animations)
    func firstFrame(name: String, count: Int) throws {
        // When an APNG is decoded with the default policy
        let (frames, info) = try WebGIFFixtures.frames(WebGIFFixtures.path(name), policy: .first)
        // Then one frame arrives, the oracle's first (hidden-default.png's coffee, not its magenta
        // default image), and the report says one frame of an animation was counted (the rest is
        // not read, so acTL's count is not reported)
        #expect(frames.count == 1)
        #expect(info.frames == FrameReport(count: nil, counted: 1))
        #expect(WebGIFFixtures.visibleDifferences(frames[0], try WebGIFFixtures.oracle(name, frame: 0)) == 0)
    }

    @Test("every frame is composited with its blending and disposal", arguments: animations)
    func everyFrame(name: String, count: Int) throws {
        // Sub-rectangles, SOURCE and OVER, disposal to background and to previous, a palette with
        // transparency, Adam7 frames, semi-transparent pixels blended over opaque, semi-transparent
        // and transparent ones, frames both blended OVER and restored to previous: each canvas
        // pixel for pixel the oracle's
        try WebGIFFixtures.expectOracleFrames(name, count: count)
    }

    @Test("frames count in proportion to how long each is shown")
    func shares() throws {
        // Given animated.png: 0.1, 0.3 and 0.6 s (fcTL delays 1/10, 3/10 and 3/5)
        var sink = FrameRecordingSink()
        var options = DecodeOptions()
        options.frames = .all
        _ = try ImageDecoding.decode(
            try SourceProbe(.file(APNGFixtures.path("animated.png"))), options: options, into: &sink)
        // Then the shares are those of 100, 300 and 600 ms
        #expect(sink.shares == FrameShare.shares(displayTimes: [100, 300, 600]))
    }

    @Test("a default image outside the animation gives the colours of the first frame")
    func hiddenDefaultImage() async throws {
        // Given hidden-default.png (a magenta default image, then coffee and rocket) and
        // animated.png (coffee, chelsea, rocket; its default image is coffee)
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(paletteSize: 8))
        let hidden = try await analyzer.analyze(fileAt: APNGFixtures.path("hidden-default.png"))
        let shown = try await analyzer.analyze(fileAt: APNGFixtures.path("animated.png"))
        // Then both are coffee's colours; magenta is nowhere
        #expect(hidden.background == shown.background && hidden.primary == shown.primary)
        #expect(hidden.palette == shown.palette)
        #expect(try #require(hidden.palette).allSatisfy { $0.color.hex != "#ff00ff" })
    }

    @Test("the frame limit is checked before any frame is decoded")
    func frameLimit() async throws {
        // Given animated.png (3 frames) and a limit of 2
        var options = AnalysisOptions(frames: .all)
        options.limits.maxFrames = 2
        // Then counting every frame is refused; the first frame alone is analysed
        await #expect(throws: ImageDecodingError.tooManyFrames(.png, limit: 2)) {
            _ = try await ImageColorAnalyzer(options: options).analyze(fileAt: APNGFixtures.path("animated.png"))
        }
        options.frames = .first
        let first = try await ImageColorAnalyzer(options: options).analyze(fileAt: APNGFixtures.path("animated.png"))
        #expect(first.frames == FrameReport(count: nil, counted: 1))
    }

    @Test("an acTL without frames leaves a still image")
    func strayAnimationControl() async throws {
        // Given Samples/coffee.png with an acTL chunk (2 frames stated) but no fcTL
        let data = try APNGFixtures.inserting(
            "acTL", [0, 0, 0, 2, 0, 0, 0, 0], after: "IHDR",
            in: TestFiles.root.appendingPathComponent("Samples/coffee.png").path)
        // Then strict decoding analyses it as the still image it is, as browsers show it
        let analysis = try await ImageColorAnalyzer(options: AnalysisOptions(frames: .all)).analyze(data: data)
        let still = try await ImageColorAnalyzer().analyze(
            fileAt: TestFiles.root.appendingPathComponent("Samples/coffee.png").path)
        #expect(analysis.frames == nil && analysis.background == still.background)
    }

    @Test("a still PNG reports no frames and reads no animation")
    func stillPNG() throws {
        // Given a still PNG decoded with every frame counted
        let (frames, info) = try WebGIFFixtures.frames(
            TestFiles.root.appendingPathComponent("Samples/coffee.png").path, policy: .all)
        // Then it is one frame, with no report
        #expect(frames.count == 1)
        #expect(info.frames == nil)
    }
}
