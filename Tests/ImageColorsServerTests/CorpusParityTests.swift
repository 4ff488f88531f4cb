import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import ImageColorsServer

/// The shared corpus through the server and through the CLI: every file uploaded gives the CLI's
/// line for it (a failure, its code), under the default options and under a second set.
@Suite("Parity over the corpus: uploads answer as the CLI does")
struct CorpusParityTests {
    static let folders = ["color", "jpeg", "orientation", "malformed", "pngsuite/valid", "pngsuite/invalid"]

    /// The options as query parameters and as the same flags.
    static let optionSets: [(query: String, flags: [String])] = [
        ("", []),
        (
            "quality=low&scheme=classic&min-contrast=4.5",
            ["--quality", "low", "--scheme", "classic", "--min-contrast", "4.5"]
        ),
    ]

    @Test("Given a corpus folder, when each file is uploaded, then each answer is the CLI's", arguments: folders)
    func folder(_ folder: String) async throws {
        // Given the folder's files and the CLI's lines for them, one run per option set
        let names = RepositoryPaths.corpusFiles(in: folder, extensions: ["png", "jpg", "jpeg"])
        try #require(!names.isEmpty, "no files in \(folder)")
        let paths = names.map { RepositoryPaths.corpus.appendingPathComponent(folder).appendingPathComponent($0).path }
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            for options in Self.optionSets {
                let cli = try await runProcessInBackground(
                    ImageColorsBinary.url, ["analyze", "--format", "json"] + options.flags + ["--"] + paths)
                let lines = cli.lines
                try #require(lines.count == paths.count, "\(cli.stderr)")
                for (path, line) in zip(paths, lines) {
                    // When the file's bytes are posted with the same options
                    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                    let response = try await client.execute(
                        uri: "/v1/colors?\(options.query)", method: .post, body: ByteBuffer(bytes: bytes))
                    let answer = ServerSupport.text(response)
                    let expected = try #require(
                        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    // Then a result is the CLI's line but for source and memory, and a failure has its code
                    if let error = expected["error"] as? [String: Any] {
                        #expect(
                            try ServerSupport.errorCode(response) == error["code"] as? String,
                            "\(path) \(options.query): \(answer)")
                        #expect(response.status.code >= 400, "\(path)")
                    } else {
                        let cliLine = ParityTests.withoutMemory(line)
                            .replacingOccurrences(
                                of: #""source":"\#(path.replacingOccurrences(of: "/", with: "\\/"))""#,
                                with: #""source":"upload""#
                            )
                            .replacingOccurrences(of: #""source":"\#(path)""#, with: #""source":"upload""#)
                        #expect(ParityTests.withoutMemory(answer) == cliLine, "\(path) \(options.query)")
                    }
                }
            }
        }
    }
}
