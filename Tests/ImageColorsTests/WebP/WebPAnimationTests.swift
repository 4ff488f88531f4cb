import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Animated WebPs (ANIM/ANMF, through libwebp's demuxer): the first frame by default, every frame
/// with ``FramePolicy/all``, composited as libwebp's own `WebPAnimDecoder` does — the oracle
/// frames come from Pillow, which decodes through it.
@Suite("WebP animation")
struct WebPAnimationTests {
    static let animations: [(String, Int)] = [
        ("animated.webp", 3), ("animated-mixed.webp", 3), ("from-gif.webp", 3), ("offset.webp", 2), ("weights.webp", 2),
    ]

    @Test("the first frame is decoded alone, on its transparent canvas", arguments: animations)
    func firstFrame(name: String, count: Int) throws {
        // When an animation is decoded with the default policy
        let (frames, info) = try WebGIFFixtures.frames(WebGIFFixtures.path(name), policy: .first)
        // Then one frame arrives: the oracle's first, margins transparent (offset.webp's)
        #expect(frames.count == 1)
        #expect(info.frames == FrameReport(count: count, counted: 1))
        #expect(WebGIFFixtures.visibleDifferences(frames[0], try WebGIFFixtures.oracle(name, frame: 0)) == 0)
    }

    @Test("every frame is composited as libwebp's animation decoder composites it", arguments: animations)
    func everyFrame(name: String, count: Int) throws {
        // Blending, disposal to background, key frames, lossy and lossless frames alike: each
        // canvas pixel for pixel the oracle's
        try WebGIFFixtures.expectOracleFrames(name, count: count)
    }

    @Test("scaled frames are composited on a scaled canvas, close to the full-size frames averaged")
    func scaledFrames() throws {
        // Given from-gif.webp (96×64: sub-rectangles, blending), decoded with 1/2 allowed
        let (frames, _) = try WebGIFFixtures.frames(
            WebGIFFixtures.path("from-gif.webp"), policy: .all, minimumLongSide: 48)
        // Then each frame is 48×32 and within a few levels of its oracle box-filtered to that size
        #expect(frames.count == 3)
        for (index, frame) in frames.enumerated() {
            #expect(frame.width == 48 && frame.height == 32)
            var downscaler = Downscaler(targetLongSide: 48)
            let oracle = try WebGIFFixtures.oracle("from-gif.webp", frame: index)
            try downscaler.begin(width: oracle.width, height: oracle.height, rowsInOrder: true)
            oracle.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<oracle.height {
                    downscaler.consume(
                        row: pixels.baseAddress! + y * oracle.width * 4, y: y, x0: 0, dx: 1, count: oracle.width)
                }
            }
            let expected = downscaler.finish()
            let mean =
                zip(frame.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +) / frame.pixels.count
            #expect(mean <= 3, "frame \(index): mean difference \(mean)")
        }
    }

    @Test("a thumbnail of an animation counted over every frame is its first frame")
    func thumbnailIsFirstFrame() throws {
        // Given weights.webp: red for 0.1 s, then blue for 0.3 s
        let analyzer = ImageColorAnalyzer(options: .init(frames: .all))
        let response = try analyzer.analyzeNow(
            .file(WebGIFFixtures.path("weights.webp")),
            thumbnail: ThumbnailRequest(format: .png))
        // Then the colours come from both frames and the thumbnail is the red first frame
        #expect(response.analysis.frames == FrameReport(count: 2, counted: 2))
        let image = try decodeFully(fromData: try #require(response.thumbnail).data)
        #expect(
            image.pixels.enumerated().allSatisfy {
                $0.offset % 4 == 0 ? $0.element == 255 : $0.offset % 4 != 2 || $0.element == 0
            })
    }
}

/// Decodes PNG or JPEG bytes at full size.
func decodeFully(fromData data: Data) throws -> RGBAImage {
    var sink = FullImageSink()
    _ = try ImageDecoding.decode(try SourceProbe(.data(data)), options: DecodeOptions(), into: &sink)
    return sink.image
}

/// The scaler that brings an animation's streamed lossless WebP frame to its rectangle on the
/// scaled canvas: the pipeline's box rule, so a frame shrunk here is the frame the Downscaler
/// would make.
@Suite("WebP animation: lossless frames streamed")
struct WebPLosslessFrameTests {
    @Test("rows shrunk as they arrive equal the Downscaler's output, bit for bit", arguments: [7, 10, 23])
    func rowBoxScalerMatchesDownscaler(longSide: Int) throws {
        // Given a 37×23 image of varied colours and alphas (some pixels fully transparent)
        let width = 37
        let height = 23
        let pixels = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: ($0 * 7919) >> 3 ^ $0) }
        var downscaler = Downscaler(targetLongSide: longSide)
        try downscaler.begin(width: width, height: height, rowsInOrder: true)
        pixels.withUnsafeBufferPointer { buffer in
            for y in 0..<height {
                downscaler.consume(row: buffer.baseAddress! + y * width * 4, y: y, x0: 0, dx: 1, count: width)
            }
        }
        let expected = downscaler.finish()
        // When the same rows go through a RowBoxScaler to the Downscaler's output size
        var scaler = RowBoxScaler(
            inputWidth: width, inputHeight: height, outputWidth: expected.width, outputHeight: expected.height)
        var rows: [Int] = []
        var output = [UInt8](repeating: 0, count: expected.width * expected.height * 4)
        pixels.withUnsafeBufferPointer { buffer in
            for y in 0..<height {
                scaler.consume(buffer.baseAddress! + y * width * 4, y: y) { row, r in
                    rows.append(r)
                    for i in 0..<(expected.width * 4) { output[r * expected.width * 4 + i] = row[i] }
                }
            }
        }
        // Then every output row arrives once, in order, and the pixels are the Downscaler's
        #expect(rows == Array(0..<expected.height))
        #expect(output == expected.pixels)
    }

    @Test("an animation of lossless frames counted over every frame fits a budget libwebp's frames did not")
    func losslessFramesWithinSmallBudget() throws {
        // Given from-gif.webp (gif2webp: lossless frames) and a budget below what libwebp
        // reserves to decode one of its frames whole (its Huffman allowance alone is 2 MB)
        let budget = 1_500_000
        #expect(
            WebPDecoder.huffmanAllowance > budget,
            "the budget must sit below libwebp's per-frame reservation for this test to mean anything")
        let analyzer = ImageColorAnalyzer(options: .init(memoryBudget: MemoryBudget(bytes: budget), frames: .all))
        // When it is analysed over every frame
        let analysis = try analyzer.analyzeNow(.file(WebGIFFixtures.path("from-gif.webp")))
        // Then it succeeds, every frame counted, within the budget
        #expect(analysis.frames == FrameReport(count: 3, counted: 3))
        #expect(try #require(analysis.memory).accountedPeak <= budget)
    }
}
