import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Frames libpng cannot decode: strict decoding refuses them naming the frame and the file's
/// chunk; lenient decoding gives way to the first frame (a later frame damaged) or to the default
/// image (a first frame that is not the default image damaged), after the checks that need no
/// decoding.
@Suite("APNG frame damage")
struct APNGFrameDamageTests {
    static let red: [UInt8] = [200, 30, 30, 255]
    static let blue: [UInt8] = [30, 30, 200, 255]
    static let magenta: [UInt8] = [255, 0, 255, 255]
    /// Cuts a frame's zlib stream in half: libpng runs out of image data.
    static func cutShort(_ stream: inout [UInt8]) { stream.removeLast(stream.count / 2) }

    static let strict = ImageColorAnalyzer(options: AnalysisOptions(paletteSize: 8, frames: .all))
    static let lenient = ImageColorAnalyzer(
        options: AnalysisOptions(strictDecoding: false, paletteSize: 8, frames: .all))
    static let lenientFirst = ImageColorAnalyzer(options: AnalysisOptions(strictDecoding: false, paletteSize: 8))

    @Test("lenient, every frame: the canvas is refused over budget before any frame is decoded")
    func canvasBeforeDecoding() async throws {
        // Given a 4000×3000 APNG (its canvas 48 MB, over the default 30 MB budget) of two 10×10
        // frames, its default image outside the animation and never decoded (its data one byte),
        // and a decode timeout of zero
        var hidden = APNGBuilder.Frame.filled(width: 1, height: 1, Self.magenta)
        hidden.damage = { $0 = [0] }
        let data = APNGBuilder.apng(
            width: 4000, height: 3000,
            frames: [.filled(width: 10, height: 10, Self.red), .filled(width: 10, height: 10, Self.blue)],
            hidden: hidden)
        var options = AnalysisOptions(strictDecoding: false, frames: .all)
        options.limits.decodeTimeout = .zero
        // When every frame is counted leniently
        let error = await #expect(throws: MemoryBudgetError.self) {
            _ = try await ImageColorAnalyzer(options: options).analyze(data: data)
        }
        // Then the canvas is what does not fit, not a timeout after decoding the frames for damage
        guard case .overBudget(let purpose, _, _, _) = try #require(error) else { return }
        #expect(purpose == "the APNG animation's canvas (4000×3000)")
    }

    @Test(
        "lenient, every frame: a damaged later frame gives the first frame alone",
        arguments: [("an opaque first frame", false), ("a first frame with transparent pixels", true)])
    func laterFrameDamaged(label: String, transparent: Bool) async throws {
        // Given a 32×24 APNG: a red first frame (opaque, or red on its left half and transparent
        // on its right), two blue frames over all of it, and a fourth frame cut short
        let first: APNGBuilder.Frame =
            transparent ? .left(columns: 16, width: 32, height: 24, Self.red) : .filled(width: 32, height: 24, Self.red)
        let blue = APNGBuilder.Frame.filled(width: 32, height: 24, Self.blue)
        var fourth = blue
        fourth.damage = Self.cutShort
        let data = APNGBuilder.apng(width: 32, height: 24, frames: [first, blue, blue, fourth])
        // When every frame is counted leniently
        let analysis = try await Self.lenient.analyze(data: data)
        // Then the colours are the first frame's alone, as --frames first gives them: no blue
        // from the frames counted before the damage was found
        let alone = try await Self.lenientFirst.analyze(data: data)
        #expect(analysis.frames == FrameReport(count: nil, counted: 1))
        #expect(analysis.background == alone.background && analysis.palette == alone.palette)
        #expect(analysis.palette?.contains { $0.color.hex == "#1e1ec8" } == false, "\(analysis.palette ?? [])")
    }

    @Test(
        "lenient, every frame: a later frame's bad CRC is refused when the default image is the first frame",
        arguments: [false, true])
    func laterFrameBadCRC(transparent: Bool) async throws {
        // Given a 32×24 APNG whose default image is its first frame (red, opaque or with
        // transparent pixels), followed by two blue frames, the last fdAT's CRC wrong
        let first: APNGBuilder.Frame =
            transparent ? .left(columns: 16, width: 32, height: 24, Self.red) : .filled(width: 32, height: 24, Self.red)
        let blue = APNGBuilder.Frame.filled(width: 32, height: 24, Self.blue)
        var data = APNGBuilder.apng(width: 32, height: 24, frames: [first, blue, blue])
        data[data.count - 13] ^= 1
        // When every frame is counted leniently
        // Then it is refused as --frames first refuses it (libpng reads the default image's file
        // through IEND), not analysed as its first frame
        await #expect(throws: ImageDecodingError.corrupt(.png, detail: "fdAT: CRC error")) {
            _ = try await Self.lenient.analyze(data: data)
        }
        await #expect(throws: ImageDecodingError.corrupt(.png, detail: "fdAT: CRC error")) {
            _ = try await Self.lenientFirst.analyze(data: data)
        }
    }

    @Test(
        "strict: libpng's words name the chunk the file has",
        arguments: [(0, "APNG: frame 1: IDAT: "), (1, "APNG: frame 2: fdAT: ")])
    func chunkNamed(damaged: Int, prefix: String) async throws {
        // Given a 32×24 APNG whose default image is its first frame, and frame 1 (an IDAT) or
        // frame 2 (an fdAT) whose first stored block's lengths disagree
        var frames = [
            APNGBuilder.Frame.filled(width: 32, height: 24, Self.red), .filled(width: 32, height: 24, Self.blue),
        ]
        frames[damaged].damage = { $0[5] ^= 0xFF }
        let data = APNGBuilder.apng(width: 32, height: 24, frames: frames)
        // When every frame is counted strictly
        // Then zlib's complaint is reported for the frame and the chunk it is in
        await #expect {
            _ = try await Self.strict.analyze(data: data)
        } throws: { error in
            guard case .corrupt(_, let detail) = error as? ImageDecodingError else { return false }
            return detail.hasPrefix(prefix) && detail.hasSuffix("invalid stored block lengths")
        }
    }

    @Test("strict: a frame's bad CRC is reported for the frame")
    func badCRCNamed() async throws {
        // Given a 32×24 APNG of a red frame and two blue ones, the last fdAT's CRC wrong
        let blue = APNGBuilder.Frame.filled(width: 32, height: 24, Self.blue)
        var data = APNGBuilder.apng(
            width: 32, height: 24, frames: [.filled(width: 32, height: 24, Self.red), blue, blue])
        data[data.count - 13] ^= 1
        // When every frame is counted strictly
        // Then the CRC error names the frame whose data it is in
        await #expect(throws: ImageDecodingError.corrupt(.png, detail: "APNG: frame 3: fdAT: CRC error")) {
            _ = try await Self.strict.analyze(data: data)
        }
    }

    @Test(
        "lenient: a damaged first frame that is not the default image gives the default image",
        arguments: [FramePolicy.first, .all])
    func hiddenDefaultImage(frames: FramePolicy) async throws {
        // Given an APNG with a magenta default image outside the animation, its first frame (red)
        // cut short and a blue second frame
        var first = APNGBuilder.Frame.filled(width: 32, height: 24, Self.red)
        first.damage = Self.cutShort
        let data = APNGBuilder.apng(
            width: 32, height: 24, frames: [first, .filled(width: 32, height: 24, Self.blue)],
            hidden: .filled(width: 32, height: 24, Self.magenta))
        // When it is analysed leniently, with the first frame or every frame
        let lenient = ImageColorAnalyzer(options: AnalysisOptions(strictDecoding: false, frames: frames))
        let analysis = try await lenient.analyze(data: data)
        // Then the default image is analysed, as APNG asks of a reader that cannot show the
        // animation, and reported as a still image; strict decoding refuses the frame
        #expect(analysis.background.hex == "#ff00ff" && analysis.frames == nil)
        await #expect(throws: ImageDecodingError.corrupt(.png, detail: "APNG: frame 1: not enough image data")) {
            _ = try await ImageColorAnalyzer(options: AnalysisOptions(frames: frames)).analyze(data: data)
        }
    }
}
