import Foundation
import TestSupport
import Testing

@testable import ImageColors

/// AV1 pictures libheif decodes go to the shim's libaom plugin (ic_heif_av1.c), which libheif
/// 1.15 picks over its own by priority; an av01 item and its alpha plane go to the shim's own
/// dav1d path (ic_heif_avif.c). Either way a damaged picture fails typed or is decoded, silently.
@Suite("HEIF: the shim's AV1 decoders")
struct HEIFAV1PluginTests {
    @Test(
        "an empty or damaged tile or an empty alpha plane fails typed",
        arguments: [AV1Damage.emptyTile, .damagedTile, .emptyAlpha])
    func damagedPicture(damage: AV1Damage) async throws {
        // Given an AVIF whose grid tile or alpha plane is empty or damaged (libheif's dav1d
        // plugin printed to stderr on each and leaked on the empty ones; Fuzz/run.sh replays the
        // empty ones under LeakSanitizer, QuietCLISweepTests checks stderr)
        let data = try damage.bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then it is a damaged AVIF (an empty item too: its iloc says it has no bytes)
        #expect(error?.code == "corrupt-image", "\(error.map { "\($0)" } ?? "no error")")
        #expect(error?.description.contains("AVIF") == true)
    }

    @Test("an alpha plane damaged inside its tile data is decoded as dav1d reads it, as a browser shows it")
    func damagedAlphaData() async throws {
        // Given horse-alpha.avif with 32 bytes of the alpha plane's coded tile data overwritten:
        // libaom refused it (its check of the symbol decoder's padding), dav1d has no such check
        // and decodes the bytes as they are
        let data = try AV1Damage.damagedAlpha.bytes()
        // When analysed strictly (the default)
        let analysis = try await ImageColorAnalyzer().analyze(data: data)
        // Then it is analysed (QuietCLISweepTests holds the decoders to silence on such files)
        #expect(analysis.format == .avif && analysis.width == 200 && analysis.height == 164)
    }

    @Test("an empty alpha plane is named: the AV1 item has no data")
    func emptyAlphaMessage() async throws {
        // Given horse-alpha.avif with an empty alpha plane (an empty grid tile is refused before
        // decoding, by the grid check: HEIFGridTests)
        let data = try AV1Damage.emptyAlpha.bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then the message is the plugin's, not dav1d's or libheif's generic one
        #expect(error?.description.contains("the AV1 item has no data") == true, "\(error.map { "\($0)" } ?? "")")
    }

    @Test(
        "a stream with several colour codes libheif does not know fails strict decoding with its last warning",
        arguments: [
            // coffee.avif with its sequence header's primaries, transfer and matrix all 3
            "heif-crash-7d8860f386cba77b37d9da4f3c6a82f6fa5c2c89",
            // horse-alpha.avif with its alpha plane's codes patched so (the warnings reach the image)
            "heif-crash-75b6cfd3e16af941b98022acf484c2cad7ee5f47",
        ])
    func unknownColourCodes(name: String) async throws {
        // Given an AVIF whose picture carries three decoding warnings (libheif 1.15 wrote all of
        // them into the shim's one-entry buffer, 48 bytes past it, and the message it kept was
        // freed: the CLI printed heap bytes as the error, and ASan reports the overflow)
        let data = try Data(contentsOf: TestFiles.root.appendingPathComponent("Fuzz/crashes/\(name)"))
        // When analysed strictly (the default)
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then the error is libheif's last warning, whole
        #expect(error?.code == "corrupt-image")
        #expect(
            error?.description.hasSuffix(
                "invalid input: Unknown NCLX matrix coefficients (a decoding warning, an error in strict mode)")
                == true,
            "\(error.map { "\($0)" } ?? "")")
        // And leniently, the picture is analysed
        let lenient = try await ImageColorAnalyzer(options: AnalysisOptions(strictDecoding: false)).analyze(data: data)
        #expect(lenient.format == .avif)
    }
}
