import Foundation
import Testing

/// The Samples' reviewed results, kept as golden JSON beside this file. A change of colours
/// shows up here; re-record on purpose with `IMAGECOLORS_RECORD_GOLDENS=1 swift test`.
/// The `memory` report is left out: it follows buffer sizes, not colours, and has its own tests.
@Suite("Golden results")
struct GoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let recording = ProcessInfo.processInfo.environment["IMAGECOLORS_RECORD_GOLDENS"] == "1"

    @Test("each sample gives its golden JSON", arguments: CLI.samples)
    func matchesGolden(sample: String) async throws {
        // With a palette of 8, so that the palette is pinned too.
        let output = try await CLI.run(["analyze", "--format", "json", "--palette", "8", sample])
        #expect(output.status == 0)
        let line = try #require(output.lines.first)
        let golden = Self.goldens.appendingPathComponent((sample as NSString).lastPathComponent + ".json")
        var actual = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        actual.removeValue(forKey: "memory")
        if Self.recording {
            let pretty = try JSONSerialization.data(
                withJSONObject: actual, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            try (pretty + Data("\n".utf8)).write(to: golden)
            return
        }
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: golden))
        #expect((actual as NSDictionary) == (expected as? NSDictionary), "\(sample): \(line)")
    }

    @Test("every sample has a golden file and every golden file a sample")
    func goldenSet() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(Set(files) == Set(CLI.samples.map { ($0 as NSString).lastPathComponent + ".json" }))
    }
}
