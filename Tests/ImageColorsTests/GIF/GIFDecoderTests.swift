import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// GIFs through giflib: static, interlaced, transparent and animated files against their oracle
/// frames (browser compositing, made by gif2webp and read by Pillow).
@Suite("GIF decoding")
struct GIFDecoderTests {
    static let animations: [(String, Int)] = [("animated.gif", 3), ("disposal.gif", 5), ("weights.gif", 2)]

    @Test("every fixture's first frame is the oracle's", arguments: WebGIFFixtures.names("gif"))
    func firstFrame(name: String) throws {
        let (frames, info) = try WebGIFFixtures.frames(WebGIFFixtures.path(name), policy: .first)
        #expect(info.format == .gif && frames.count == 1)
        #expect(WebGIFFixtures.visibleDifferences(frames[0], try WebGIFFixtures.oracle(name, frame: 0)) == 0)
    }

    @Test("every frame is composited as browsers show it", arguments: animations)
    func everyFrame(name: String, count: Int) throws {
        // Local colour tables, transparency, offsets and the three disposals (none, background:
        // transparent, previous: restored), each canvas pixel for pixel the oracle's
        try WebGIFFixtures.expectOracleFrames(name, count: count)
    }

    @Test("an animation without its trailer byte is every frame of the same animation", arguments: animations)
    func missingTrailer(name: String, count: Int) async throws {
        // Given an animated GIF whose last byte, the trailer (0x3B), is cut off (browsers and
        // giflib's DGifSlurp pass such files; counting every frame refused it as truncated)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: WebGIFFixtures.path(name)))
        #expect(bytes.last == 0x3B)
        let analyzer = ImageColorAnalyzer(options: .init(frames: .all))
        // When every frame is counted, with and without the trailer
        let whole = try await analyzer.analyze(data: bytes)
        let cut = try await analyzer.analyze(data: bytes.dropLast())
        // Then the frames and the colours are the same
        #expect(cut.frames == whole.frames && whole.frames?.counted == count)
        #expect(cut.background == whole.background && cut.primary == whole.primary)
        #expect(cut.secondary == whole.secondary && cut.detail == whole.detail)
        // And cut between records before its first frame (after the screen and its colours), it
        // is still a truncated file, not an empty one
        let packed = bytes[bytes.startIndex + 10]
        let screen = 13 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0)
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await analyzer.analyze(data: bytes.prefix(screen))
        }
        #expect(error?.code == "truncated-image", "\(String(describing: error))")
    }

    @Test("an interlaced GIF gives the plain one's pixels, its rows arriving pass by pass")
    func interlaced() throws {
        var sink = RowOrderSink()
        let probe = try SourceProbe(.file(WebGIFFixtures.path("coffee-interlaced.gif")))
        _ = try ImageDecoding.decode(probe, options: DecodeOptions(), into: &sink)
        #expect(sink.rowsInOrder == false)
        #expect(Array(sink.order.prefix(4)) == [0, 8, 16, 24])
        #expect(sink.order.sorted() == Array(0..<100))
        let (interlaced, _) = try decodeFully(WebGIFFixtures.path("coffee-interlaced.gif"))
        let (plain, _) = try decodeFully(WebGIFFixtures.path("coffee.gif"))
        #expect(interlaced.pixels == plain.pixels)
    }

    @Test("the transparency index becomes alpha 0, never black")
    func transparency() async throws {
        let (image, _) = try decodeFully(WebGIFFixtures.path("transparent.gif"))
        let transparent = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 0 }.count
        #expect(transparent > image.width * image.height / 4)
        // The horse is black on nothing: had the transparent pixels been counted as black, black
        // would be the background; it is the horse's colour instead (the faithful scheme gives
        // its cluster's mean, which may be a step off pure black).
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: WebGIFFixtures.path("transparent.gif"))
        #expect(analysis.background.hex != "#000000")
        #expect(max(analysis.primary.red, analysis.primary.green, analysis.primary.blue) <= 2)
    }

    @Test(
        "what the result says about frames",
        arguments: [
            ("coffee.gif", FramePolicy.first, nil), ("coffee.gif", .all, nil),
            ("animated.gif", .first, FrameReport(count: nil, counted: 1)),
            ("animated.gif", .all, FrameReport(count: 3, counted: 3)),
        ] as [(String, FramePolicy, FrameReport?)])
    func frameReport(name: String, policy: FramePolicy, expected: FrameReport?) async throws {
        let analysis = try await ImageColorAnalyzer(options: .init(frames: policy)).analyze(
            fileAt: WebGIFFixtures.path(name))
        #expect(analysis.frames == expected)
        #expect(analysis.format == .gif)
    }

    @Test("an empty frame's image data is skipped, and the frames after it are read")
    func emptyFrame() async throws {
        // Given weights.gif whose first frame (red) claims a height of 0, its data still there
        let descriptor = try GIFLimitTests.firstDescriptor("weights.gif")
        let path = try MemoryLimitTests.patched(WebGIFFixtures.path("weights.gif"), [(descriptor + 7, [0, 0])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Then the first frame shows nothing, the file is still seen as animated, and counting
        // every frame finds the blue one after it
        let first = try await ImageColorAnalyzer().analyze(fileAt: path)
        #expect(first.frames == FrameReport(count: nil, counted: 1))
        let all = try await ImageColorAnalyzer(options: .init(paletteSize: 2, frames: .all)).analyze(fileAt: path)
        #expect(all.frames == FrameReport(count: 2, counted: 2))
        #expect(all.palette?.map(\.color.hex) == ["#0000ff"])
    }

    @Test("a first frame smaller than the screen sits on transparency; one larger than the screen sets the canvas")
    func screenAndFirstFrame() async throws {
        // offset.gif: a 40×30 frame at (12, 9) on a 64×48 screen
        let (image, _) = try decodeFully(WebGIFFixtures.path("offset.gif"))
        #expect(image.width == 64 && image.height == 48)
        #expect(image[0, 0].3 == 0 && image[12, 9].3 == 255 && image[52, 39].3 == 0)
        // The same with the screen patched to 20×10: the canvas becomes the frame, at 0, 0
        let path = try MemoryLimitTests.patched(WebGIFFixtures.path("offset.gif"), [(6, [20, 0, 10, 0])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (grown, _) = try decodeFully(path)
        #expect(grown.width == 40 && grown.height == 30 && grown[0, 0].3 == 255)
    }
}

/// Records the order rows arrive in.
struct RowOrderSink: PixelSink {
    var order: [Int] = []
    var rowsInOrder = true

    mutating func begin(width: Int, height: Int, rowsInOrder: Bool) throws {
        self.rowsInOrder = rowsInOrder
    }

    mutating func consume(row: UnsafePointer<UInt8>, y: Int, x0: Int, dx: Int, count: Int) {
        order.append(y)
    }
}
