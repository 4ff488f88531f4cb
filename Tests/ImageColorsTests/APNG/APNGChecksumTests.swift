import Foundation
import TestSupport
import Testing

@testable import ImageColors
@testable import ImageColorsCore

/// Every chunk an APNG's decoding reads has its CRC checked, as libpng checks a still image's,
/// whichever frames are counted.
@Suite("APNG CRCs")
struct APNGChecksumTests {
    /// A fixture with one chunk whose CRC is wrong, and that chunk's type.
    struct Damage: CustomTestStringConvertible, Sendable {
        var label: String
        var data: @Sendable () throws -> Data
        var type: String
        var testDescription: String { label }
    }

    static let damages: [Damage] = [
        Damage(
            label: "a tEXt between two frames",
            data: {
                try APNGFixtures.inserting(
                    "tEXt", Array("Comment\0mid".utf8), after: "fdAT", badCRC: true,
                    in: APNGFixtures.path("animated.png"))
            }, type: "tEXt"),
        Damage(
            label: "a tEXt after the last frame",
            data: {
                try APNGFixtures.inserting(
                    "tEXt", Array("Comment\0end".utf8), after: "fdAT", occurrence: 1, badCRC: true,
                    in: APNGFixtures.path("animated.png"))
            }, type: "tEXt"),
        Damage(
            label: "the IDAT of a default image outside the animation",
            data: { try APNGFixtures.rewriting("hidden-default.png", "IDAT", keepCRC: true) { $0[10] ^= 1 } },
            type: "IDAT"),
    ]

    @Test(
        "a bad CRC is refused with the first frame and with every frame",
        arguments: damages, [FramePolicy.first, .all])
    func refused(damage: Damage, frames: FramePolicy) async throws {
        // Given an APNG with a chunk whose CRC is wrong (before, between or after the frames)
        let analyzer = ImageColorAnalyzer(options: AnalysisOptions(frames: frames))
        // When it is analysed with the first frame or every frame counted
        // Then it is refused, the chunk named
        await #expect {
            _ = try await analyzer.analyze(data: try damage.data())
        } throws: { error in
            (error as? ImageDecodingError) == .corrupt(.png, detail: "\(damage.type): CRC error")
        }
    }
}
