import Foundation
import TestSupport
import Testing

@testable import ImageColors

/// Every AV1 picture, a grid's tiles and an alpha plane too, is decoded by the shim's libaom
/// plugin (ic_heif_av1.c), which libheif 1.15 picks over its own by priority.
@Suite("HEIF: the shim's AV1 plugin")
struct HEIFAV1PluginTests {
    @Test("an empty or damaged tile or alpha plane fails typed", arguments: AV1Damage.allCases)
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

    @Test("an empty tile is named: the AV1 item has no data")
    func emptyTileMessage() async throws {
        // Given grid.avif with an empty tile
        let data = try AV1Damage.emptyTile.bytes()
        // When analysed
        let error = await #expect(throws: ImageDecodingError.self) {
            _ = try await ImageColorAnalyzer().analyze(data: data)
        }
        // Then the message is the plugin's, not dav1d's or libheif's generic one
        #expect(error?.description.contains("the AV1 item has no data") == true, "\(error.map { "\($0)" } ?? "")")
    }
}
