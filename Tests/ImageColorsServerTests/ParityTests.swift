import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestHTTPServer
import TestSupport
import Testing

@testable import ImageColorsServer

@Suite("Parity: the server's JSON is the CLI's, byte for byte")
struct ParityTests {
    /// Option sets as query parameters and as the same flags.
    static let optionSets: [(query: String, flags: [String])] = [
        ("", []),
        (
            "quality=low&scheme=classic&min-contrast=4.5",
            ["--quality", "low", "--scheme", "classic", "--min-contrast", "4.5"]
        ),
        (
            "palette=5&placeholder=both&title-rule=wcag&title-region=top",
            ["--palette", "5", "--placeholder", "both", "--title-rule", "wcag", "--title-region", "top"]
        ),
        (
            "appearance=dark&backdrop=%23202020&frames=all",
            ["--appearance", "dark", "--backdrop", "#202020", "--frames", "all"]
        ),
    ]

    /// `json` without its `memory` object.
    static func withoutMemory(_ json: String) -> String {
        json.replacingOccurrences(of: #""memory":\{[^}]*\},"#, with: "", options: .regularExpression)
    }

    @Test(
        "Given a sample and options, when uploaded, then the answer is the CLI's line but for source and memory",
        arguments: ["coffee.png", "rocket.jpg", "chelsea.png"])
    func upload(_ name: String) async throws {
        let bytes = try ServerSupport.sample(name)
        try await ServerSupport.withApp(ServerSupport.configuration()) { client in
            for options in Self.optionSets {
                let cli = try await runProcessInBackground(
                    ImageColorsBinary.url, ["analyze", "--format", "json", "Samples/\(name)"] + options.flags,
                    in: RepositoryPaths.root)
                #expect(cli.status == 0, "\(cli.stderr)")
                let expected = cli.stdout.trimmingCharacters(in: .newlines)
                    .replacingOccurrences(of: #""source":"Samples/\#(name)""#, with: #""source":"upload""#)
                let response = try await client.execute(
                    uri: "/v1/colors?\(options.query)", method: .post, body: ByteBuffer(bytes: bytes))
                // Bytes in memory and a file are accounted differently (memory.accountedPeak); every
                // other byte, the colours first, is the same.
                #expect(
                    Self.withoutMemory(ServerSupport.text(response)) == Self.withoutMemory(expected), "\(options.query)"
                )
            }
        }
    }

    @Test("Given a sample behind an origin, when asked by URL, then the answer is the CLI's line for that URL")
    func byURL() async throws {
        try await TestHTTPServer.with(ServerSupport.sampleRoute()) { origin in
            let url = origin.url("/horse.png").absoluteString
            let cli = try await runProcessInBackground(
                ImageColorsBinary.url, ["analyze", "--format", "json", "--allow-loopback", "--palette", "4", url],
                in: RepositoryPaths.root)
            #expect(cli.status == 0, "\(cli.stderr)")
            try await ServerSupport.withApp(ServerSupport.configuration()) { client in
                let response = try await client.execute(
                    uri: "/v1/colors?url=\(ServerSupport.query(url))&palette=4", method: .get)
                #expect(ServerSupport.text(response) == cli.stdout.trimmingCharacters(in: .newlines))
            }
        }
    }
}
