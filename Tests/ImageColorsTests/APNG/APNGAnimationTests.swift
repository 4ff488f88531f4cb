import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Animated PNGs (acTL, fcTL, fdAT): the first frame by default, every frame with
/// ``FramePolicy/all``, composited as APNG 1.0 says. The fixtures and their oracle frames come
/// from Tests/Fixtures/APNG/make-fixtures.sh (Pillow's APNG writer and reader).
@Suite("APNG animation")
struct APNGAnimationTests {
    static let animations: [(String, Int)] = [
        ("animated.png", 3), ("hidden-default.png", 2), ("disposal.png", 5), ("palette.png", 3),
        ("interlaced.png", 2),
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
        // transparency, Adam7 frames: each canvas pixel for pixel the oracle's
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

/// Damaged copies of the APNG fixtures.
enum APNGFixtures {
    /// A fixture's path.
    static func path(_ name: String) -> String { WebGIFFixtures.path(name) }

    /// The PNG at `path` with a chunk of `type` and `body` inserted after its first chunk of type `after`.
    static func inserting(_ type: String, _ body: [UInt8], after: String, in path: String) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 12 + length
            if String(decoding: bytes[offset - 8 - length..<offset - 4 - length], as: UTF8.self) == after { break }
        }
        var chunk = (0..<4).map { UInt8(truncatingIfNeeded: body.count >> (24 - 8 * $0)) } + Array(type.utf8) + body
        let crc = PNGCRC.checksum(chunk[4...])
        chunk += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32($0))) }
        bytes.insert(contentsOf: chunk, at: offset)
        return Data(bytes)
    }

    /// `name`'s bytes with the `occurrence`-th chunk of `type` changed by `change` (its data), its
    /// CRC computed anew unless `keepCRC`.
    static func rewriting(
        _ name: String, _ type: String, occurrence: Int = 0, keepCRC: Bool = false, _ change: (inout [UInt8]) -> Void
    ) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
        var offset = 8
        var seen = 0
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let kind = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if kind == type {
                if seen == occurrence {
                    var body = Array(bytes[offset + 8..<offset + 8 + length])
                    let crc = Array(bytes[offset + 8 + length..<offset + 12 + length])
                    change(&body)
                    var replacement = (0..<4).map { UInt8(truncatingIfNeeded: body.count >> (24 - 8 * $0)) }
                    replacement += Array(type.utf8) + body
                    let fresh = PNGCRC.checksum(replacement[4...])
                    replacement +=
                        keepCRC ? crc : (0..<4).map { UInt8(truncatingIfNeeded: fresh >> (24 - 8 * UInt32($0))) }
                    bytes.replaceSubrange(offset..<offset + 12 + length, with: replacement)
                    return Data(bytes)
                }
                seen += 1
            }
            offset += 12 + length
        }
        throw ImageDecodingError.corrupt(.png, detail: "\(name) has no \(type) number \(occurrence + 1)")
    }
}
