import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// WebP's header limits, memory reservations and damaged input: refused from the header, with
/// the numbers, before libwebp allocates.
@Suite("WebP limits and memory")
struct WebPLimitTests {
    /// A fixture with bytes replaced, in a temporary file.
    static func patched(_ name: String, _ patches: [(offset: Int, bytes: [UInt8])]) throws -> String {
        try MemoryLimitTests.patched(WebGIFFixtures.path(name), patches)
    }

    /// 24-bit little-endian "size minus one", as VP8X stores the canvas.
    static func minusOne24(_ value: Int) -> [UInt8] {
        [UInt8((value - 1) & 0xFF), UInt8((value - 1) >> 8 & 0xFF), UInt8((value - 1) >> 16)]
    }

    @Test("a VP8X canvas of 65500×65500 is refused from the first bytes")
    func bomb() async throws {
        // Given lossy-alpha.webp (VP8X) claiming a 65500×65500 canvas
        let path = try Self.patched("lossy-alpha.webp", [(24, Self.minusOne24(65_500) + Self.minusOne24(65_500))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(fileAt: path)
        }
        #expect(error?.code == "image-too-large")
        #expect(error?.description == "WebP image is 65500×65500, over the 250 MP limit")
        // And the header check alone says so, before libwebp sees the bytes
        let prefix = try SourceProbe(.file(path)).prefix
        #expect(HeaderDimensions.read(.webp, from: prefix)! == (65_500, 65_500))
    }

    @Test(
        "the header dimensions of VP8, VP8L and VP8X files",
        arguments: [
            ("lossy.webp", 300, 200), ("lossless.webp", 150, 100), ("lossy-alpha.webp", 200, 164),
            ("animated.webp", 96, 64),
        ])
    func headerDimensions(name: String, width: Int, height: Int) throws {
        let prefix = try SourceProbe(.file(WebGIFFixtures.path(name))).prefix
        let size = try #require(HeaderDimensions.read(.webp, from: prefix))
        #expect(size == (width, height))
    }

    @Test("a lossless image's streamed decoder is reserved from its header: refused under 4 MB, reached under 30 MB")
    func losslessOverBudget() async throws {
        // Given lossless.webp (a plain VP8L file) whose header claims 4000×3000: 14-bit sizes
        // minus one from byte 21, the alpha and version bits above them kept
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: WebGIFFixtures.path("lossless.webp"))))
        let bits = (4000 - 1) | (3000 - 1) << 14 | (Int(original[24]) & 0xF0) << 24
        let path = try Self.patched("lossless.webp", [(21, (0..<4).map { UInt8(bits >> (8 * $0) & 0xFF) })])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When analysed with a 4 MB budget
        let small = ImageColorAnalyzer(options: .init(memoryBudget: .megabytes(4)))
        let error = await #expect(throws: MemoryBudgetError.self) { _ = try await small.analyze(fileAt: path) }
        // Then the decoder's ring of 2^20 pixels and its rows (4.3 MB) are refused before they are allocated
        guard case .overBudget(let purpose, let needed, _, _) = error else { return }
        #expect(purpose == "decoding a 4000×3000 lossless WebP")
        #expect(needed == VP8LDecoder.workingBytes(width: 4000, height: 3000) && needed < 4_500_000)
        // And at the default budget (libwebp needed 48 MB) the file is reached and found damaged
        await #expect(throws: ImageDecodingError.self) { _ = try await ImageColorAnalyzer().analyze(fileAt: path) }
    }

    @Test("the working memory estimate of libwebp 1.2.4 grows with what it keeps", arguments: [false, true])
    func workingBytes(scaled: Bool) {
        var frame = webpFrameForTests(width: 6000, height: 4000)
        let out = scaled ? (750, 500) : (6000, 4000)
        let lossy = WebPDecoder.workingBytes(frame, outWidth: out.0, outHeight: out.1)
        frame.has_alpha = 1
        let alpha = WebPDecoder.workingBytes(frame, outWidth: out.0, outHeight: out.1)
        frame.alpha_compressed = 1
        let compressedAlpha = WebPDecoder.workingBytes(frame, outWidth: out.0, outHeight: out.1)
        frame.lossless = 1
        let lossless = WebPDecoder.workingBytes(frame, outWidth: out.0, outHeight: out.1)
        // Lossy: rows of macroblocks, under 1 MB at 6000 px wide; alpha adds its plane (1 B/px)
        // and compressed alpha VP8L's (4 B/px); lossless keeps 4 B/px
        #expect(lossy < 1_000_000)
        #expect(alpha - lossy >= 24_000_000 && alpha - lossy < 25_000_000)
        #expect(compressedAlpha - alpha >= 96_000_000)
        #expect(lossless >= 96_000_000 && lossless < 120_000_000)
    }

    @Test("a file cut short is a truncated-image error", arguments: ["lossy.webp", "lossless.webp", "animated.webp"])
    func truncated(name: String) async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: WebGIFFixtures.path(name)))
        for length in [13, 40, bytes.count / 2, bytes.count - 1] {
            let error = await #expect(throws: ImageDecodingError.self) {
                _ = try await ImageColorAnalyzer().analyze(data: bytes.prefix(length))
            }
            #expect(error?.code == "truncated-image", "\(name) cut to \(length) bytes: \(String(describing: error))")
        }
    }

    @Test("counting every frame checks the frame count and pixel totals first; the first frame alone does not")
    func animationLimits() async throws {
        let path = WebGIFFixtures.path("animated.webp") // 3 frames of 96×64
        let few = ImageLimits(maxFrames: 2)
        let tooMany = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer(options: .init(limits: few, frames: .all)).analyze(fileAt: path)
        }
        #expect(tooMany?.code == "too-many-frames")
        #expect(tooMany?.description == "WebP animation has more than 2 frames, the limit for counting every frame")
        let small = ImageLimits(maxAnimationPixels: 18_000) // 3 × 6 144 pixels = 18 432
        let tooLarge = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer(options: .init(limits: small, frames: .all)).analyze(fileAt: path)
        }
        #expect(
            tooLarge?.description
                == "WebP image is 96×64, over the 18000 pixel limit for all 3 frames together (18432 pixels in all)")
        let first = try await ImageColorAnalyzer(
            options: .init(limits: ImageLimits(maxFrames: 1, maxAnimationPixels: 1))
        ).analyze(fileAt: path)
        #expect(first.frames == FrameReport(count: 3, counted: 1))
    }

    @Test("an animation's canvas that cannot fit fails with the over-budget error; the first frame still streams")
    func canvasOverBudget() async throws {
        // Given animated.webp whose VP8X canvas claims 4000×3000 (its frames stay 96×64 at 0, 0)
        let path = try Self.patched("animated.webp", [(24, Self.minusOne24(4000) + Self.minusOne24(3000))])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When every frame is counted at full size (no scaling: quality highest)
        let everyFrame = ImageColorAnalyzer(options: .init(quality: .highest, frames: .all))
        let error = await #expect(throws: MemoryBudgetError.self) { _ = try await everyFrame.analyze(fileAt: path) }
        // Then the 48 MB canvas is refused before it is allocated
        guard case .overBudget(let purpose, let needed, _, _) = error else { return }
        #expect(purpose == "the animation's canvas (4000×3000)" && needed == 48_000_000)
        // And at the default size the canvas is scaled (1/8), and the first frame alone needs none
        let scaled = try await ImageColorAnalyzer(options: .init(frames: .all)).analyze(fileAt: path)
        #expect(scaled.frames?.counted == 3)
        let first = try await ImageColorAnalyzer(options: .init(quality: .highest)).analyze(fileAt: path)
        #expect(first.width == 4000 && first.frames?.counted == 1)
    }
}

/// An `ic_webp_frame` of a size, lossy and opaque.
func webpFrameForTests(width: Int, height: Int) -> WebPDecoder.FrameHeader {
    var frame = WebPDecoder.FrameHeader()
    frame.width = UInt32(width)
    frame.height = UInt32(height)
    return frame
}
