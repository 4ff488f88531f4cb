import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// APNGs whose animation chunks APNG 1.0 does not allow: refused with strict decoding (the
/// default); with lenient decoding, their first frame is analysed (or, when even that is
/// damaged, their default image, as APNG asks of a reader that cannot show the animation).
@Suite("APNG damage")
struct APNGDamageTests {
    /// A damaged copy of a fixture, what strict decoding says of it, and with which policy.
    struct Damage: CustomTestStringConvertible, Sendable {
        var label: String
        var name: String
        var data: @Sendable () throws -> Data
        var code: String
        var detail: String
        /// Whether libpng reads the default image: it checks every chunk's CRC through IEND,
        /// lenient or not, so a bad CRC or a cut file is refused either way.
        var stillReadable = true
        var testDescription: String { label }
    }

    static let damages: [Damage] = [
        Damage(
            label: "an fdAT out of sequence", name: "animated.png",
            data: { try APNGFixtures.rewriting("animated.png", "fdAT", occurrence: 1) { $0[3] = 9 } },
            code: "corrupt-image", detail: "sequence number 9 where 4 was due"),
        Damage(
            label: "a frame outside the canvas", name: "disposal.png",
            data: { try APNGFixtures.rewriting("disposal.png", "fcTL", occurrence: 2) { $0[15] = 40 } },
            code: "corrupt-image", detail: "frame 3 (32×24 at 40,12) is not inside the 64×48 canvas"),
        Damage(
            label: "more frames stated than there are", name: "animated.png",
            data: { try APNGFixtures.rewriting("animated.png", "acTL") { $0[3] = 4 } },
            code: "corrupt-image", detail: "acTL states 4 frames, the file has 3"),
        Damage(
            label: "an fdAT with a bad CRC", name: "palette.png",
            data: { try APNGFixtures.rewriting("palette.png", "fdAT", occurrence: 1, keepCRC: true) { $0[6] ^= 1 } },
            code: "corrupt-image", detail: "fdAT: CRC error", stillReadable: false),
        Damage(
            label: "an unknown dispose_op", name: "disposal.png",
            data: { try APNGFixtures.rewriting("disposal.png", "fcTL", occurrence: 1) { $0[24] = 3 } },
            code: "corrupt-image", detail: "frame 2 has dispose_op 3"),
        Damage(
            label: "a frame's image data cut short", name: "animated.png",
            data: { try APNGFixtures.rewriting("animated.png", "fdAT", occurrence: 0) { $0.removeLast(4000) } },
            code: "corrupt-image", detail: "APNG: frame 2: not enough image data"),
        Damage(
            label: "a frame taller than its image data", name: "disposal.png",
            data: { try APNGFixtures.rewriting("disposal.png", "fcTL", occurrence: 1) { $0[11] = 24 } },
            code: "corrupt-image", detail: "APNG: frame 2: not enough image data"),
        Damage(
            label: "the file cut inside the last frame", name: "animated.png",
            data: {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: APNGFixtures.path("animated.png")))
                return bytes.prefix(bytes.count - 100)
            },
            code: "truncated-image", detail: "the data ended early", stillReadable: false),
    ]

    @Test("strict decoding refuses damaged animation chunks, naming the damage", arguments: damages)
    func strict(damage: Damage) async throws {
        // Given a damaged APNG analysed with every frame counted
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(frames: .all))
        // Then it is refused with the damage named
        do {
            let analysis = try await analyzer.analyze(data: try damage.data())
            Issue.record("analysed: \(analysis.background.hex)")
        } catch let error as ImageDecodingError {
            #expect(error.code == damage.code)
            #expect(error.description.contains(damage.detail), "\(error.description)")
        }
    }

    @Test("lenient decoding falls back to the first frame", arguments: damages.filter(\.stillReadable))
    func lenient(damage: Damage) async throws {
        // Given the same file with lenient decoding, and the undamaged fixture's first frame alone
        let lenient = ImageColorAnalyzer(options: AnalysisOptions(strictDecoding: false, paletteSize: 8, frames: .all))
        let first = try await ImageColorAnalyzer(options: AnalysisOptions(paletteSize: 8))
            .analyze(fileAt: APNGFixtures.path(damage.name))
        // Then the analysis is the first frame's
        let analysis = try await lenient.analyze(data: try damage.data())
        #expect(analysis.frames == FrameReport(count: nil, counted: 1))
        #expect(analysis.background == first.background && analysis.palette == first.palette)
    }

    @Test("lenient decoding never analyses a hidden default image for damage after the first frame")
    func lenientHiddenDefault() async throws {
        // Given hidden-default.png (a magenta default image outside the animation) whose second
        // frame's fdAT is out of sequence
        let data = try APNGFixtures.rewriting("hidden-default.png", "fdAT", occurrence: 1) { $0[3] = 9 }
        let lenient = ImageColorAnalyzer(options: AnalysisOptions(strictDecoding: false, paletteSize: 8, frames: .all))
        let first = try await ImageColorAnalyzer(options: AnalysisOptions(paletteSize: 8))
            .analyze(fileAt: APNGFixtures.path("hidden-default.png"))
        // Then its colours are the first frame's (coffee), not the magenta image's, and the
        // report is the first frame's, as when the default image is the first frame
        let analysis = try await lenient.analyze(data: data)
        #expect(analysis.background == first.background && analysis.palette == first.palette)
        #expect(analysis.frames == FrameReport(count: nil, counted: 1))
    }

    @Test(
        "lenient decoding refuses what libpng refuses in the default image's file",
        arguments: damages.filter { !$0.stillReadable })
    func lenientRefusal(damage: Damage) async throws {
        // Given a file with a bad CRC or cut short, analysed leniently
        let lenient = ImageColorAnalyzer(options: AnalysisOptions(strictDecoding: false, frames: .all))
        // Then it is refused as a still PNG with such damage is
        await #expect {
            _ = try await lenient.analyze(data: try damage.data())
        } throws: { ($0 as? ImageDecodingError)?.code == damage.code }
    }

    @Test("an fcTL before acTL is named as such")
    func frameControlBeforeAnimationControl() async throws {
        // Given animated.png with acTL (20 bytes at 33) after its first fcTL (38 bytes), the
        // sequence numbers unchanged
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: APNGFixtures.path("animated.png"))))
        let data = Data(bytes[..<33] + bytes[53..<91] + bytes[33..<53] + bytes[91...])
        // Then strict decoding refuses it naming the misplaced chunk, not the sequence number
        // the next fcTL then has
        await #expect(throws: ImageDecodingError.corrupt(.png, detail: "APNG: an fcTL chunk before acTL")) {
            _ = try await ImageColorAnalyzer(options: AnalysisOptions(frames: .all)).analyze(data: data)
        }
    }

    @Test("with the first frame only, damage after the default image is not read")
    func firstFrameReadsNoFurther() async throws {
        // Given animated.png whose last fdAT is out of sequence (its default image is frame 1)
        let data = try APNGFixtures.rewriting("animated.png", "fdAT", occurrence: 1) { $0[3] = 9 }
        // Then the default policy analyses the first frame, as for the undamaged file
        let damaged = try await ImageColorAnalyzer().analyze(data: data)
        let whole = try await ImageColorAnalyzer().analyze(fileAt: APNGFixtures.path("animated.png"))
        #expect(damaged.background == whole.background && damaged.frames == FrameReport(count: nil, counted: 1))
    }
}
