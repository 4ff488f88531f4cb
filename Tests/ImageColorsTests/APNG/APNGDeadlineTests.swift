import Foundation
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// What reading a PNG's chunks costs, and the one deadline that bounds it: the chunk reader
/// checks the decode's deadline as it reads, whoever reads, and the census reads no more than
/// libpng leaves to it.
@Suite("PNG chunk reading and the deadline")
struct APNGDeadlineTests {
    /// A deadline that has passed.
    static func passed() -> DecodeDeadline { DecodeDeadline(timeout: .zero) }

    @Test("the deadline is checked across chunks, each under 16 MB and fewer than 1 024")
    func deadlineAcrossChunks() throws {
        // Given animated.png with twenty 1 MB tEXt chunks before its IEND (the census checks their
        // CRCs: no decoder reads them), read with a deadline that has passed
        let animated = [UInt8](try Data(contentsOf: URL(fileURLWithPath: APNGFixtures.path("animated.png"))))
        let text = APNGFixtures.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 65, count: 1 << 20))
        let data = Data(animated.dropLast(12) + (0..<20).flatMap { _ in text } + animated.suffix(12))
        let reader = try PNGChunkReader(.data(data), deadline: Self.passed())
        // When every frame's header is read
        // Then the walk stops at the deadline, though no chunk reaches 16 MB nor the walk 1 024
        // chunks
        #expect(throws: ImageDecodingError.timedOut(.png, after: .zero)) {
            _ = try APNGCensus(reader, wholeFile: true, limits: .default)
        }
    }

    @Test("a still PNG's census reads chunk headers only")
    func stillImageCost() throws {
        // Given a still PNG whose one IDAT holds 1 MB
        let reader = try PNGChunkReader(
            .data(APNGBuilder.still(width: 512, height: 512, dataBytes: 1 << 20)),
            deadline: DecodeDeadline(timeout: .seconds(10)))
        // When its census is read
        let census = try APNGCensus(reader, wholeFile: true, limits: .default)
        // Then it is no animation, and the IDAT was not read: libpng reads and checks it
        #expect(census == nil)
        #expect(reader.bytesRead < 1_000, "\(reader.bytesRead) bytes read")
    }

    @Test("a timeout before acTL is thrown, not taken for a still image")
    func timeoutBeforeAnimationControl() throws {
        // Given an APNG with 1 100 empty tEXt chunks before its acTL, read with a deadline that
        // has passed
        let animation = [UInt8](
            APNGBuilder.apng(width: 4, height: 4, frames: [.filled(width: 4, height: 4, [9, 9, 9, 255])]))
        let text = (0..<1_100).flatMap { _ in APNGFixtures.chunk("tEXt", Array("a\0".utf8)) }
        let data = Data(animation[..<33] + text + animation[33...])
        let reader = try PNGChunkReader(.data(data), deadline: Self.passed())
        // When its census is read
        // Then the walk times out at the 1 024th chunk header instead of ending as a still image
        #expect(throws: ImageDecodingError.timedOut(.png, after: .zero)) {
            _ = try APNGCensus(reader, wholeFile: false, limits: .default)
        }
    }

    @Test("libpng's decode stops at the deadline it is given")
    func libpngTakesTheDecodesDeadline() throws {
        // Given Samples/coffee.png (600×400) and a deadline that has passed, the decode's one deadline
        var sink = Downscaler(targetLongSide: 50)
        // When its pixels are decoded
        // Then libpng's rows stop at that deadline, not at one of their own
        #expect(throws: ImageDecodingError.timedOut(.png, after: .zero)) {
            _ = try PNGDecoder.decodeStill(
                .file(TestFiles.samples.appendingPathComponent("coffee.png").path), options: DecodeOptions(),
                deadline: Self.passed(), into: &sink)
        }
    }
}
