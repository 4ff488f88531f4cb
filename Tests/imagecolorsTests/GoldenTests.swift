import Foundation
import Testing

/// The Samples' reviewed results, kept as golden JSON beside this file. A change of colours
/// shows up here; re-record on purpose with `IMAGECOLORS_RECORD_GOLDENS=1 swift test`, review
/// the diff, then run again without it. As argument-parser's snapshots do, a recording run
/// writes the files *and fails*, so that a re-record can never pass silently (on CI or off).
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
        try Self.check(actual, against: golden, recording: Self.recording, context: "\(sample): \(line)")
    }

    /// Compares `actual` with the golden file, or, recording, writes it there and records an
    /// issue: the run fails until it is repeated without recording.
    static func check(_ actual: [String: Any], against golden: URL, recording: Bool, context: String) throws {
        if recording {
            let pretty = try JSONSerialization.data(
                withJSONObject: actual, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            try (pretty + Data("\n".utf8)).write(to: golden)
            Issue.record(
                """
                Recorded \(golden.lastPathComponent) (IMAGECOLORS_RECORD_GOLDENS=1): review the diff, then run \
                again without it to pass.
                """)
            return
        }
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: golden))
        #expect((actual as NSDictionary) == (expected as? NSDictionary), "\(context)")
    }

    @Test("Given record mode, when a golden file is recorded, then it is written and the run fails")
    func recordingFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagecolors-golden-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("x.png.json")
        // withKnownIssue fails the test unless an issue is recorded inside it.
        withKnownIssue("a recording run fails on purpose") {
            try Self.check(["background": "#102030"], against: golden, recording: true, context: "x.png")
        }
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: golden)) as? [String: String]
        #expect(written == ["background": "#102030"])
        // And a run without recording then passes against what was written
        try Self.check(["background": "#102030"], against: golden, recording: false, context: "x.png")
    }

    @Test("every sample has a golden file and every golden file a sample")
    func goldenSet() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(Set(files) == Set(CLI.samples.map { ($0 as NSString).lastPathComponent + ".json" }))
    }
}
