import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Lossless WebPs streamed by ``VP8LDecoder``: bit-exact against `dwebp` on files made by
/// `cwebp` at every effort, with and without `-exact`, near-lossless, palettes of every packing,
/// alpha and odd sizes; damaged and short streams refused with typed errors, as libwebp refuses
/// them; a Retina-sized file within the default budget.
@Suite("Lossless WebP streamed (VP8L)")
struct VP8LDecoderTests {
    /// A PNG written now: `color(x, y)` gives RGBA.
    static func png(
        _ width: Int, _ height: Int, _ name: String, color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imagecolors-vp8l-\(name)-\(UUID()).png"
        )
        .path
        try PNGWriter.write(to: path, width: width, height: height, layout: .rgba) { y, row in
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                row[4 * x] = r
                row[4 * x + 1] = g
                row[4 * x + 2] = b
                row[4 * x + 3] = a
            }
        }
        return path
    }

    /// `count` colours, placed in a pattern with runs and repeats (so that cwebp uses colour
    /// indexing, backward references and the colour cache).
    static func palettePNG(colors count: Int, width: Int = 97, height: Int = 53) throws -> String {
        let palette = (0..<count).map { i in
            (
                UInt8(truncatingIfNeeded: i * 97 + 13), UInt8(truncatingIfNeeded: i * 53 + 7),
                UInt8(truncatingIfNeeded: i * 29 + 101), UInt8(i % 3 == 2 ? 128 : 255)
            )
        }
        return try png(width, height, "palette\(count)") { x, y in palette[(x / 3 + y * 5 + (x * y) % 7) % count] }
    }

    /// A smooth picture with noise and alpha that falls to 0 on the right, where the hidden
    /// colours go on (what `-exact` keeps).
    static func alphaPNG(width: Int = 123, height: Int = 77) throws -> String {
        try png(width, height, "alpha") { x, y in
            let noise = UInt8(truncatingIfNeeded: (x &* 2_654_435_761 ^ y &* 40503) >> 7) & 7
            return (
                UInt8(x * 255 / width) &+ noise, UInt8(y * 255 / height), UInt8((x + y) % 256),
                UInt8(max(0, 255 - x * 300 / width))
            )
        }
    }

    /// `dwebp`'s pixels against the streamed decoder's, called straight (no container scaling).
    static func expectBitExact(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let oracle = try WebGIFFixtures.dwebp(path)
        let image = try streamed(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(image.width == oracle.width && image.height == oracle.height, sourceLocation: sourceLocation)
        #expect(image.pixels == oracle.pixels, sourceLocation: sourceLocation)
    }

    /// Default options with a 5-minute decode timeout: these tests compare pixels, and a debug
    /// build on a loaded CI machine has taken over the default 10 s for the 1100×1000 frame.
    static var patientOptions: DecodeOptions {
        var options = DecodeOptions()
        options.limits = ImageLimits(decodeTimeout: .seconds(300))
        return options
    }

    /// Frame 0 of `data` through ``VP8LDecoder`` (rows collected in order).
    static func streamed(_ data: Data) throws -> RGBAImage {
        try data.withUnsafeBytes { raw in
            let container = try WebPContainer(raw)
            let frame = try container.frame(0)
            var pixels: [UInt8] = []
            let decoding = WebPDecoder.FrameDecoding(container: container, options: Self.patientOptions)
            try decoding.decodeLossless(frame) { row, y in
                #expect(pixels.count == y * Int(frame.width) * 4)
                pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: Int(frame.width) * 4))
            }
            return RGBAImage(width: Int(frame.width), height: Int(frame.height), pixels: pixels)
        }
    }

    /// Frame 0 of `data` through libwebp's incremental decoder at full size.
    static func libwebp(_ data: Data) throws -> RGBAImage {
        try data.withUnsafeBytes { raw in
            let container = try WebPContainer(raw)
            let frame = try container.frame(0)
            let (width, height) = (Int(frame.width), Int(frame.height))
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let decoding = WebPDecoder.FrameDecoding(container: container, options: Self.patientOptions)
            try decoding.decode(frame: 0, frame, into: CanvasRect(x: 0, y: 0, width: width, height: height)) {
                buffer, rows in
                for r in rows {
                    for i in 0..<(width * 4) { pixels[r * width * 4 + i] = buffer[r * width * 4 + i] }
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    @Test("every effort level, cwebp -lossless -z 0 to 9, decodes to dwebp's pixels", arguments: 0...9)
    func effortLevels(level: Int) throws {
        for sample in ["chelsea.png", "horse.png"] {
            let input = TestFiles.samples.appendingPathComponent(sample).path
            let path = try WebGIFFixtures.cwebp(["-lossless", "-z", String(level)], input: input)
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Self.expectBitExact(path)
        }
    }

    @Test(
        "alpha, -exact, near-lossless, the cache and entropy-image options decode to dwebp's pixels",
        arguments: [
            ["-lossless"], ["-lossless", "-exact"], ["-lossless", "-exact", "-z", "9"], ["-near_lossless", "40"],
            ["-near_lossless", "0", "-exact"], ["-lossless", "-m", "0", "-q", "0"],
            ["-lossless", "-m", "6", "-q", "100"],
        ])
    func alphaAndOptions(arguments: [String]) throws {
        let input = try Self.alphaPNG()
        defer { try? FileManager.default.removeItem(atPath: input) }
        let path = try WebGIFFixtures.cwebp(arguments, input: input)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.expectBitExact(path)
        let photo = try WebGIFFixtures.cwebp(
            arguments, input: TestFiles.samples.appendingPathComponent("coffee.png").path)
        defer { try? FileManager.default.removeItem(atPath: photo) }
        try Self.expectBitExact(photo)
    }

    @Test(
        "colour indexing, 8, 4, 2 and 1 pixels a byte (2, 3-4, 5-16, 17-256 colours), decodes to dwebp's pixels",
        arguments: [2, 3, 4, 5, 16, 17, 200, 256])
    func palettes(colors: Int) throws {
        let input = try Self.palettePNG(colors: colors)
        defer { try? FileManager.default.removeItem(atPath: input) }
        for arguments in [["-lossless", "-z", "0"], ["-lossless", "-z", "9"], ["-lossless", "-exact"]] {
            let path = try WebGIFFixtures.cwebp(arguments, input: input)
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Self.expectBitExact(path)
        }
    }

    @Test(
        "odd sizes (1×1, a column, a row, part blocks, over 2^20 pixels: the ring wraps) decode to dwebp's pixels",
        arguments: [(1, 1), (3, 250), (333, 1), (1, 77), (129, 3), (65, 67), (1100, 1000)] as [(Int, Int)])
    func oddSizes(width: Int, height: Int) throws {
        let photo = try Self.png(width, height, "odd") { x, y in
            (UInt8((x * 7 + y * 3) % 256), UInt8((x * y) % 251), UInt8(x % 17 * 15), 255)
        }
        let palette = try Self.palettePNG(colors: 3, width: width, height: height)
        defer { for input in [photo, palette] { try? FileManager.default.removeItem(atPath: input) } }
        for input in [photo, palette] {
            let path = try WebGIFFixtures.cwebp(["-lossless"], input: input)
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Self.expectBitExact(path)
        }
    }

    @Test("the lossless fixtures, through the decoder's entry point, give dwebp's pixels at full size")
    func fixtures() throws {
        for name in ["lossless.webp", "lossless-alpha.webp", "icc-p3.webp"] {
            let path = WebGIFFixtures.path(name)
            // When decoded with a small minimum long side (libwebp would have scaled them)
            let (image, info) = try decodeFully(path, minimumLongSide: 10)
            // Then they were streamed at full size, pixel for pixel dwebp's
            #expect(info.decodedWidth == info.width && info.decodedHeight == info.height)
            #expect(image.pixels == (try WebGIFFixtures.dwebp(path)).pixels)
        }
    }

    @Test("damaged bitstreams: libwebp's verdict, the same pixels or a refusal, and never a trap")
    func damage() throws {
        // Given lossless files with a palette, with alpha, and a photo, made now
        let palette = try Self.palettePNG(colors: 5)
        let alpha = try Self.alphaPNG()
        defer { for input in [palette, alpha] { try? FileManager.default.removeItem(atPath: input) } }
        let photo = TestFiles.samples.appendingPathComponent("horse.png").path
        var verdicts: [String: Int] = [:]
        for (index, input) in [palette, alpha, photo].enumerated() {
            let path = try WebGIFFixtures.cwebp(["-lossless", "-z", String(3 * index + 3)], input: input)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            // When bits of the VP8L payload (after its 5-byte header, at byte 21) are flipped
            var generator = SplitMix64(seed: UInt64(index + 1))
            for _ in 0..<120 {
                var bytes = original
                for _ in 0..<(1 + Int(generator.next() % 3)) {
                    let at = 21 + Int(generator.next() % UInt64(bytes.count - 21))
                    bytes[at] ^= UInt8(1 << (generator.next() % 8))
                }
                let data = Data(bytes)
                let ours = Result { try Self.streamed(data) }
                let theirs = Result { try Self.libwebp(data) }
                // Then both give the same pixels, or both refuse, ours with a decoding error
                switch (ours, theirs) {
                case (.success(let image), .success(let oracle)):
                    #expect(image.pixels == oracle.pixels)
                    verdicts["decoded", default: 0] += 1
                case (.failure(let error), .failure):
                    #expect(error is ImageDecodingError)
                    verdicts["refused", default: 0] += 1
                default:
                    Issue.record("libwebp and VP8LDecoder disagree: \(ours), \(theirs)")
                }
            }
        }
        #expect(verdicts["decoded", default: 0] > 0 && verdicts["refused", default: 0] > 0)
    }

    @Test("every cut of a bitstream is refused as truncated or damaged")
    func truncation() throws {
        let path = try WebGIFFixtures.cwebp(
            ["-lossless"], input: TestFiles.samples.appendingPathComponent("chelsea.png").path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.withUnsafeBytes { raw in
            let container = try WebPContainer(raw)
            let frame = try container.frame(0)
            let payload = try WebPDecoder.FrameDecoding.losslessPayload(
                UnsafeRawBufferPointer(start: frame.bitstream, count: frame.bitstream_bytes))
            var truncated = 0
            for cut in stride(from: 0, to: payload.count, by: max(1, payload.count / 100)) {
                // When the decoder is given the first `cut` bytes
                let short = UnsafeRawBufferPointer(rebasing: payload[0..<cut])
                // Then it throws a decoding error
                do {
                    var decoder = try VP8LDecoder(short)
                    try decoder.decode(memory: VP8LMemory(ledger: nil)) { _, _ in }
                    Issue.record("a cut at \(cut) of \(payload.count) bytes decoded")
                } catch ImageDecodingError.truncated {
                    truncated += 1
                } catch {
                    #expect(error is ImageDecodingError)
                }
            }
            // And most say the data ended (a few land where zeros read as damage)
            #expect(truncated > 80)
        }
    }

    @Test("a 2880×1920 lossless WebP (a Retina screenshot) analyses within 30 MB, with its PNG's colours")
    func retinaSize() async throws {
        // Given a 2880×1920 picture as PNG and as lossless WebP (libwebp would need 30.0 MB)
        let (width, height) = (2880, 1920)
        let png = try Self.png(width, height, "retina") { x, y in
            let band = (x / 360 + y / 240) % 4
            let noise = UInt8(truncatingIfNeeded: (x &* 2_654_435_761 ^ y &* 40503) >> 9) & 15
            return (UInt8(40 + band * 50) &+ noise, UInt8(y * 200 / height), UInt8(x * 180 / width + 30), 255)
        }
        defer { try? FileManager.default.removeItem(atPath: png) }
        let webp = try WebGIFFixtures.cwebp(["-lossless", "-z", "0"], input: png)
        defer { try? FileManager.default.removeItem(atPath: webp) }
        // When both are analysed with the default budget (30 MB; a debug build decodes slowly,
        // so with a longer timeout)
        let analyzer = ImageColorAnalyzer(options: .init(limits: ImageLimits(decodeTimeout: .seconds(300))))
        let fromWebP = try await analyzer.analyze(fileAt: webp)
        let fromPNG = try await analyzer.analyze(fileAt: png)
        // Then the WebP fits, holding far less than its 22 MB of pixels, and its colours are the PNG's
        let memory = try #require(fromWebP.memory)
        #expect(memory.accountedPeak <= memory.budget)
        #expect(fromWebP.width == width && fromWebP.height == height)
        #expect(fromWebP.roles == fromPNG.roles)
        #expect(fromWebP.palette == fromPNG.palette)
    }
}
